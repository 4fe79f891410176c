import Foundation
import SpringyCore
import SpringyOutput
import SpringyScene

/// `springy preview`: the routes of the preview's HTTP server (PreviewHTTP) for one scene — the
/// page, the state of the newest version, its frames as PNG, their trace lines and a failing
/// check's pictures. Anything else is a 404.
package enum PreviewServer {
    static func json(_ object: Any) -> PreviewHTTP.Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return .init(
            status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: Array(data))
    }

    static var notFound: PreviewHTTP.Response { .text(404, "not found") }

    /// Where `springy check` leaves a failing frame's pictures (its default --failures folder),
    /// relative to the folder the preview runs in.
    /// Checked from the preview's own folder, so the failures folder may not be a link either.
    static let failuresFolder = "."
    static func failurePicture(_ slug: String, _ frame: Int, _ kind: String) -> String {
        ".springy-failures/\(slug)/frame-\(String(format: "%05d", frame))-\(kind).png"
    }

    /// `/frames/V/N.png` or `/trace/V/N`: the version and frame numbers, nil when malformed.
    static func numbers(_ path: String, prefix: String, suffix: String) -> (Int, Int)? {
        guard path.hasPrefix(prefix), path.hasSuffix(suffix) else { return nil }
        let parts = path.dropFirst(prefix.count).dropLast(suffix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count <= 9 }), let v = Int(parts[0]), let n = Int(parts[1]), v >= 0, n >= 0
        else { return nil }
        return (v, n)
    }

    /// The state the page polls: versions, errors (a file that does not load, or a run that
    /// stopped on an error), frames ready, golden marks and failing frames.
    static func state(_ session: PreviewSession) -> PreviewHTTP.Response {
        let (latest, good) = session.versions
        var errors = latest?.errors ?? []
        var state: [String: Any] = ["version": latest?.number ?? 0]
        if let good, let scene = good.scene {
            if let e = good.runtimeError { errors.append(e) }
            state["warnings"] = good.warnings
            state["drawn"] = good.framesDrawn
            state["shown"] = good.number
            state["name"] = scene.displayName
            state["fps"] = scene.time.fps
            // An `until: rest` scene ends where it rests: once the run is done, its frames are all.
            state["total"] = good.done ? good.ready : scene.time.maxFrameCount
            state["until_rest"] = scene.time.untilRest
            state["ready"] = good.ready
            state["done"] = good.done
            state["width"] = scene.viewport.size.width
            state["height"] = scene.viewport.size.height
            state["golden"] = good.goldenFrames
            state["failures"] = good.goldenFrames.filter {
                ContainedFile.problem(failurePicture(scene.slug, $0, "diff"), in: failuresFolder, limit: 256 << 20) == nil
            }
        }
        state["errors"] = errors
        return json(state)
    }

    /// Answers one request.
    static func respond(_ request: PreviewHTTP.Request, session: PreviewSession) -> PreviewHTTP.Response {
        let path = request.path
        if path == "/" {
            return .init(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(PreviewPage.html.utf8))
        }
        if path == "/api/state" { return state(session) }
        if let (v, n) = numbers(path, prefix: "/frames/", suffix: ".png") {
            var unknown: String?
            guard let overlays = Overlays(list: request.query("o") ?? "", unknown: &unknown) else {
                let known = Overlays.names.map(\.0).joined(separator: ", ")
                return .text(400, "unknown overlay \"\(unknown ?? "")\": the overlays are \(known)")
            }
            guard let good = session.versions.good, good.number == v, let png = try? good.png(n, overlays: overlays)
            else { return notFound }
            return .init(status: 200, headers: [("Content-Type", "image/png"), ("Cache-Control", "max-age=3600")], body: png)
        }
        if let (v, n) = numbers(path, prefix: "/trace/", suffix: "") {
            guard let good = session.versions.good, good.number == v, let line = good.trace(n) else { return notFound }
            return .init(status: 200, headers: [("Content-Type", "application/json")], body: Array(line.utf8))
        }
        if path.hasPrefix("/failures/") {
            // /failures/N/expected.png | actual.png | diff.png: those three names, this scene's folder,
            // regular files reached through no symbolic link.
            let parts = path.split(separator: "/")
            guard parts.count == 3, parts[1].count <= 9, let n = Int(parts[1]), n >= 0, let scene = session.versions.good?.scene,
                ["expected.png", "actual.png", "diff.png"].contains(String(parts[2])),
                let data = try? ContainedFile.read(
                    failurePicture(scene.slug, n, String(parts[2].dropLast(4))), in: failuresFolder,
                    limit: 256 << 20)
            else { return notFound }
            return .init(status: 200, headers: [("Content-Type", "image/png"), ("Cache-Control", "no-store")], body: data)
        }
        return notFound
    }

    /// Starts serving `session` on `host:port` (port 0: any free one); throws a StartError that
    /// says what to do (a busy port, an address this machine does not have).
    package static func start(
        session: PreviewSession, host: String, port: UInt16,
        limits: PreviewHTTP.Limits = PreviewHTTP.Limits()
    ) throws -> PreviewHTTP {
        let server = try PreviewHTTP(host: host, port: port, limits: limits) { request in respond(request, session: session) }
        server.start()
        return server
    }
}
