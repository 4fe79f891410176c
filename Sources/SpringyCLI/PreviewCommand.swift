import ArgumentParser
import Foundation
import SpringyKit
import SpringyServer

extension Springy {
    struct Preview: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Serve a scene live in the browser: it plays, scrubs and steps, shows each frame's trace, and reloads when the file changes.",
            discussion: """
                Binds to 127.0.0.1 unless --host is given, and answers only requests that name this machine by an \
                address or localhost (a web page of another name pointing at it is refused). At most 64 connections \
                at once, request lines of 8 KiB and headers of 32 KiB, idle connections closed after --idle-timeout (10 s). Frames are \
                kept within --preview-memory and simulated again when a frame outside it is asked for. Ctrl-C stops it.
                """)

        @Argument(help: "A scene file.")
        var scene: String

        @Option(name: .long, help: "Port (0: any free one).")
        var port: Int = 8420

        @Option(
            name: .long,
            help: "IPv4 address to listen on (default: loopback only; 0.0.0.0 is every address, reachable from other machines).")
        var host: String = "127.0.0.1"

        @Option(name: .customLong("preview-memory"), help: "Megabytes of simulated frames kept at once (16-65536).")
        var previewMemory: Int = 512

        @OptionGroup var serve: ServeOptions

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            if !(0...65535).contains(port) { throw ValidationError("--port must be 0-65535, not \(port)") }
            var address = in_addr()
            if host != "localhost" && inet_pton(AF_INET, host, &address) != 1 {
                throw ValidationError("--host takes an IPv4 address such as 127.0.0.1 or 0.0.0.0 (or localhost), not \"\(host)\"")
            }
            if !(16...65536).contains(previewMemory) {
                throw ValidationError("--preview-memory must be 16-65536 (MB), not \(previewMemory)")
            }
        }

        /// The address to bind, and the URL a person can open.
        var endpoint: (bind: String, url: (UInt16) -> String, exposed: Bool) {
            switch host {
            case "localhost", "127.0.0.1": return ("127.0.0.1", { "http://127.0.0.1:\($0)/" }, false)
            case "0.0.0.0":
                return ("0.0.0.0", { "http://127.0.0.1:\($0)/ (and this machine's other addresses, port \($0))" }, true)
            default: return (host, { "http://\(host):\($0)/" }, !host.hasPrefix("127."))  // open set: host names
            }
        }

        /// Async: it waits for Ctrl-C on Swift's clock; the server answers on threads of its own and
        /// draws frames there through the Pipeline, never on the cooperative pool.
        func run() async throws {
            Interrupt.install()
            var options = ServerOptions()
            options.host = endpoint.bind
            options.port = port
            options.idleTimeout = serve.idleTimeout
            let server: Server
            do {
                server = try Server.preview(
                    scene: scene, options: options, memory: previewMemory << 20, limits: limitOptions.limits,
                    messages: .console)
            } catch let p as Problems {
                warn(p.problems.allSatisfy { $0.origin == .input } ? "springy: \(p)" : "springy: preview: \(p)")
                throw ExitCode(2)
            }
            if endpoint.exposed {
                warn(
                    "springy preview: listening on \(host): the scene, its frames and traces can be read from other machines on the network"
                )
            }
            say("springy preview: \(endpoint.url(UInt16(server.port))) (Ctrl-C to stop)")
            fflush(nil)  // every stream (the URL must reach a pipe at once)
            // Ctrl-C (or SIGTERM) ends the preview cleanly.
            while (try? Interrupt.check()) != nil { try? await Task.sleep(for: .milliseconds(50)) }
            server.stop()
            say("springy preview: stopped")
            fflush(nil)  // every stream (the URL must reach a pipe at once)
        }
    }
}
