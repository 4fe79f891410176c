import Foundation
import SpringyKit
import SpringyPreview
import SpringyScene

/// A server on a local port (`springy preview`, `springy review`), answering on threads of its
/// own until stopped.
public final class Server: Sendable {
    let http: PreviewHTTP
    let closing: @Sendable () -> Void

    init(_ http: PreviewHTTP, closing: @escaping @Sendable () -> Void = {}) {
        self.http = http
        self.closing = closing
    }

    /// The port it listens on (the one asked for, or the one chosen for port 0).
    public var port: Int { Int(http.port) }

    /// Stops answering and removes what it made.
    public func stop() {
        http.stop()
        closing()
    }
}

/// How a server listens.
public struct ServerOptions: Sendable {
    /// An IPv4 address; 127.0.0.1 (loopback only) by default.
    public var host = "127.0.0.1"
    /// 0: any free port.
    public var port = 0
    /// Seconds a connection may wait for its next request, or take to send one (1-300).
    public var idleTimeout = 10.0
    public init() {}

    func limits(methods: [String]) -> PreviewHTTP.Limits {
        var limits = PreviewHTTP.Limits()
        limits.idleTimeout = idleTimeout
        limits.methods = methods
        return limits
    }
}

extension Server {
    /// Serves the scene file at `path` live: the page plays, scrubs and steps it, shows each
    /// frame's trace, and reloads when the file changes. Frames are kept within `memory` bytes
    /// and simulated again when asked for outside them. Warnings and errors of each version of
    /// the file go to `messages`.
    public static func preview(
        scene path: String, options: ServerOptions, memory: Int = 512 << 20, limits: Limits = Limits(),
        messages: Messages = .silent
    ) throws -> Server {
        guard FileManager.default.fileExists(atPath: path) else { throw Problems("\(path): no such scene file") }
        let session = PreviewSession(
            path: path, limits: limits, memoryBudget: memory,
            report: { messages.warn("springy: warning: \($0)") }, reportError: { messages.warn("springy: \($0)") })
        let http = try Problems.wrapping {
            try PreviewServer.start(
                session: session, host: options.host, port: UInt16(options.port),
                limits: options.limits(methods: ["GET", "HEAD"])
            )
        }
        session.reload()
        session.watch()
        return Server(http)
    }

    /// Checks `scenes` against the goldens in `goldenFolder` and serves the report on
    /// loopback, with Accept and Reject for each failing golden (accepting writes it as
    /// `springy check --accept` does). Returns the server and the check's counts.
    public static func review(
        scenes paths: [String], goldenFolder: String, options: ServerOptions, limits: Limits = Limits()
    ) throws -> (server: Server, summary: CheckSummary) {
        let session = try Problems.wrapping { try ReviewSession(paths: paths, goldenRoot: goldenFolder, limits: limits) }
        do {
            let http = try PreviewHTTP(
                host: options.host, port: UInt16(options.port), limits: options.limits(methods: ["GET", "HEAD", "POST"])
            ) { session.respond($0) }
            http.start()
            let counts = session.summary
            return (
                Server(http, closing: { session.close() }),
                CheckSummary(passed: counts.passed, failed: counts.failed, missing: counts.missing, recorded: counts.recorded)
            )
        } catch {
            session.close()
            throw Problems(error)
        }
    }
}

/// `springy bench --preview`: the live preview timed (edit to first frame, scrubbing a 10 s
/// version, memory), a table per scene said through `messages`.
extension Benchmark {
    public static func preview(_ paths: [String], limits: Limits = Limits(), messages: Messages) throws {
        try Problems.wrapping {
            for path in paths { messages.say(try PreviewBenchmark.run(scene: path, limits: limits)) }
        }
    }
}
