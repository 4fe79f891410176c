import FlyingFox
import FlyingSocks
import Foundation
import SpringyCore
import SpringyScene

/// `springy preview`: a small HTTP server (FlyingFox) for one scene — the page, the state of
/// the newest version, its frames as PNG and their trace lines. Loopback only unless a host is
/// given; anything but these routes is a 404.
public enum PreviewServer {
    static func json(_ object: Any) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", .init("Cache-Control"): "no-store"], body: data)
    }

    static var notFound: HTTPResponse { HTTPResponse(statusCode: .notFound, body: Data("not found\n".utf8)) }

    /// The picture `springy check` writes for a failing frame (its default --failures folder).
    static func failurePicture(_ slug: String, _ frame: Int, _ kind: String) -> String {
        ".springy-failures/\(slug)/frame-\(String(format: "%05d", frame))-\(kind).png"
    }

    /// `/frames/V/N.png` or `/trace/V/N`: the version and frame numbers, nil when malformed.
    static func numbers(_ path: String, prefix: String, suffix: String) -> (Int, Int)? {
        guard path.hasPrefix(prefix), path.hasSuffix(suffix) else { return nil }
        let parts = path.dropFirst(prefix.count).dropLast(suffix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let v = Int(parts[0]), let n = Int(parts[1]), v >= 0, n >= 0 else { return nil }
        return (v, n)
    }

    public static func run(session: PreviewSession, host: String, port: UInt16, ready: @escaping @Sendable (String) -> Void) async throws {
        let address: any SocketAddress = host == "127.0.0.1" || host == "localhost"
            ? try sockaddr_in.inet(ip4: "127.0.0.1", port: port) : try sockaddr_in.inet(ip4: host, port: port)
        let server = HTTPServer(address: address, logger: .disabled)
        await server.appendRoute("GET /") { _ in
            HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: Data(PreviewPage.html.utf8))
        }
        await server.appendRoute("GET /api/state") { _ in
            let (latest, good) = session.versions
            var state: [String: Any] = ["version": latest?.number ?? 0, "errors": latest?.errors ?? []]
            if let good, let scene = good.scene {
                state["shown"] = good.number
                state["name"] = scene.displayName
                state["fps"] = scene.time.fps
                state["total"] = scene.time.maxFrameCount
                state["ready"] = good.ready
                state["done"] = good.done
                state["width"] = scene.viewport.size.width
                state["height"] = scene.viewport.size.height
                state["golden"] = good.goldenFrames
                // Frames a failing `springy check` left expected/actual/diff pictures for (its default folder).
                state["failures"] = good.goldenFrames.filter { FileManager.default.fileExists(atPath: failurePicture(scene.slug, $0, "diff")) }
            }
            return json(state)
        }
        await server.appendRoute("GET /frames/*") { request in
            guard let (v, n) = numbers(request.path, prefix: "/frames/", suffix: ".png"),
                  let good = session.versions.good, good.number == v,
                  let png = try? good.png(n, overlays: Overlays(list: request.query.first { $0.name == "o" }?.value ?? "")) else { return notFound }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png", .init("Cache-Control"): "max-age=3600"], body: Data(png))
        }
        await server.appendRoute("GET /trace/*") { request in
            guard let (v, n) = numbers(request.path, prefix: "/trace/", suffix: ""),
                  let good = session.versions.good, good.number == v, let line = good.trace(n) else { return notFound }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: Data(line.utf8))
        }
        await server.appendRoute("GET /failures/*") { request in
            // /failures/N/expected.png | actual.png | diff.png: only those three names, only this scene's folder.
            let parts = request.path.split(separator: "/")
            guard parts.count == 3, let n = Int(parts[1]), n >= 0, let scene = session.versions.good?.scene,
                  ["expected.png", "actual.png", "diff.png"].contains(String(parts[2])),
                  let data = FileManager.default.contents(atPath: failurePicture(scene.slug, n, String(parts[2].dropLast(4)))) else { return notFound }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png", .init("Cache-Control"): "no-store"], body: data)
        }
        await server.appendRoute("*") { _ in notFound }
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        let bound = await server.listeningAddress
        var shownPort = port
        if case .ip4(_, let p) = bound { shownPort = p }
        ready("http://\(host == "localhost" ? "127.0.0.1" : host):\(shownPort)/")
        try await task.value
    }
}
