import ArgumentParser
import Foundation
import SpringyKit
import SpringyServer

extension Springy {
    struct Review: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check scenes and serve the report on loopback, with Accept and Reject for each failing golden.",
            discussion: """
                Accepting writes that golden as `springy check --accept` does: only if the scene, read again, still \
                makes exactly what the page shows (the same content hash); otherwise it is refused. "Accept all in \
                this scene" takes every failing golden of a scene. Keys: j/k next and previous failure, b blinks \
                expected and actual, a accepts, r rejects (the golden stays). Served on 127.0.0.1 only, with the \
                preview's limits; the page's decisions need its own token. Ctrl-C stops it.
                """)

        @Argument(help: "Scene files (default: scenes/*.yaml).")
        var scenes: [String] = []

        @Option(name: .long, help: "Folder of golden images.")
        var golden: String = "golden"

        @Option(name: .long, help: "Port (0: any free one).")
        var port: Int = 8421

        @OptionGroup var serve: ServeOptions

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            if !(0...65535).contains(port) { throw ValidationError("--port must be 0-65535, not \(port)") }
            try refuseEmptyPaths([("--golden", golden)], scenes: scenes)
        }

        func run() async throws {
            if Console.inCI {
                warn("springy: refusing to review with CI set: accepting writes goldens, which a person does on purpose")
                throw ExitCode(2)
            }
            let paths = scenes.isEmpty ? try defaultScenes() : scenes
            Interrupt.install()
            var options = ServerOptions()
            options.port = port
            options.idleTimeout = serve.idleTimeout
            let server: Server
            let s: CheckSummary
            do {
                (server, s) = try Server.review(
                    scenes: paths, goldenFolder: golden, options: options, limits: limitOptions.limits)
            } catch let p as Problems where p.problems.contains(where: { $0.origin == .system }) {
                warn("springy: review: \(p)"); throw ExitCode(2)
            } catch { throw report(error) }
            defer { server.stop() }
            say("check: \(s.passed) passed, \(s.failed) failed, \(s.missing) missing")
            say("springy review: http://127.0.0.1:\(server.port)/ (Ctrl-C to stop)")
            fflush(nil)  // the URL must reach a pipe at once
            while (try? Interrupt.check()) != nil { try? await Task.sleep(for: .milliseconds(50)) }
            say("springy review: stopped")
            fflush(nil)
        }
    }
}
