import ArgumentParser
import Foundation
import SpringyKit
import Synchronization

/// The `springy` command line.
package struct Springy: ParsableCommand {
    package static let version = springyVersion
    package static let configuration = CommandConfiguration(
        commandName: "springy",
        abstract: "Render physics-driven collection views (UIKit Dynamics on Box2D) to PNG sequences, traces and golden tests.",
        discussion: """
            Exit codes: 0 ok, 1 a golden image differs, 2 bad input (a scene file, a flag, a path).
            The scene format: the README's "Scenes" section and the contract it extends, SCENE-FORMAT.md.
            """,
        version: version,
        subcommands: [
            Render.self, States.self, Still.self, Preview.self, Trace.self, Validate.self, Check.self, Review.self,
            Bench.self, PlotCommand.self, SpringCommand.self, Docs.self,
        ])

    package init() {}

    /// Runs an async command to its end, the main thread waiting (`springy preview`).
    /// The task parses `args` again itself (commands are not Sendable; their arguments are).
    static func runAsync(_ args: [String]) throws {
        final class Outcome: Sendable {
            let done = DispatchSemaphore(value: 0)
            let error = Mutex<(any Error)?>(nil)
        }
        let outcome = Outcome()
        Task.detached {
            defer { outcome.done.signal() }
            do {
                guard var command = try parseAsRoot(args) as? AsyncParsableCommand else { return }
                try await command.run()
            } catch { outcome.error.withLock { $0 = error } }
        }
        outcome.done.wait()
        if let error = outcome.error.withLock({ $0 }) { throw error }
    }

    /// Runs the command line; every error but a golden mismatch exits with 2.
    package static func runMain(_ arguments: [String]? = nil) -> Never {
        // A closed pipe is an error a write reports (EPIPE), not a signal that kills silently.
        signal(SIGPIPE, SIG_IGN)
        let args = Check.normalized(arguments ?? Array(CommandLine.arguments.dropFirst()))
        if let first = args.first, !first.hasPrefix("-") {
            let names = configuration.subcommands.map { $0._commandName } + ["help"]
            if !names.contains(first) {
                let hint = Wording.suggestion(for: first, among: names).map { "; did you mean '\($0)'?" } ?? ""
                FileHandle.standardError.write(
                    Data("springy: '\(first)' is not a command\(hint) (commands: \(names.joined(separator: ", ")))\n".utf8))
                Foundation.exit(2)
            }
        }
        do {
            var command = try parseAsRoot(args)
            if command is AsyncParsableCommand {
                try Self.runAsync(args)
            } else {
                try command.run()
            }
            Foundation.exit(0)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help, --version
                Springy.exit(withError: error)
            }
            // "springy: The value ... is invalid ...", not "springy: Error: ...".
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            FileHandle.standardError.write(Data(("springy: " + message + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
