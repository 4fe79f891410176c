import ArgumentParser
import Foundation
import SpringyPreview

extension Springy {
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve a scene live in the browser: it plays, scrubs and steps, shows each frame's trace, and reloads when the file changes.",
            discussion: "Binds to 127.0.0.1 unless --host is given. Ctrl-C stops it.")

        @Argument(help: "A scene file.")
        var scene: String

        @Option(name: .long, help: "Port (0: any free one).")
        var port: Int = 8420

        @Option(name: .long, help: "Address to listen on (default: loopback only).")
        var host: String = "127.0.0.1"

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            if !(0...65535).contains(port) { throw ValidationError("--port must be 0-65535, not \(port)") }
            if host.split(separator: ".").count != 4 && host != "localhost" { throw ValidationError("--host takes an IPv4 address, such as 127.0.0.1") }
        }

        func run() throws {
            guard FileManager.default.fileExists(atPath: scene) else {
                warn("springy: \(scene): no such scene file"); throw ExitCode(2)
            }
            Interrupt.install()
            let session = PreviewSession(path: scene, limits: limitOptions.limits)
            session.reload()
            session.watch()
            let failure = FailureBox()
            let (host, port) = (self.host, UInt16(port))
            Task {
                do {
                    try await PreviewServer.run(session: session, host: host, port: port) { url in
                        say("springy preview: \(url) (Ctrl-C to stop)")
                        fflush(stdout)
                    }
                } catch { failure.set("\(error)") }
            }
            // Ctrl-C (or SIGTERM) ends the preview cleanly; a server that cannot start is an error.
            while true {
                if (try? Interrupt.check()) == nil { say("springy preview: stopped"); fflush(stdout); return }
                if let message = failure.get() { warn("springy: preview: \(message)"); throw ExitCode(2) }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }
}

/// The server task's failure, read by the waiting command.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var message: String?
    func set(_ m: String) { lock.lock(); message = m; lock.unlock() }
    func get() -> String? { lock.lock(); defer { lock.unlock() }; return message }
}
