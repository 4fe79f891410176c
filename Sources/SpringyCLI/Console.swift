import ArgumentParser
import Foundation
import SpringyKit

/// What the command line prints, in one place. Lines may carry scene text (ids, labels, names,
/// file names); under GitHub Actions a line that starts with `::` is a workflow command
/// (`::add-mask::`, `::error …::`, `::stop-commands::`), so every line printed here is passed
/// through `Wording.Workflow.neutralized` there. Only `annotate` writes real workflow commands.
enum Console {
    static let inGitHubActions = ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
    /// CI is set (to anything but empty, 0 or false): goldens are not recorded or accepted there.
    static var inCI: Bool {
        let ci = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !ci.isEmpty && ci != "0" && ci != "false"
    }

    static func line(_ text: String) -> String {
        inGitHubActions ? Wording.Workflow.neutralized(text) : text
    }
}

extension Messages {
    /// Lines to standard output, warnings to standard error, annotations for GitHub Actions.
    static let console = Messages(
        say: { SpringyCLI.say($0) }, warn: { SpringyCLI.warn($0) }, annotate: { SpringyCLI.annotate($0, line: $1, $2) })
}

/// Prints to standard error.
func warn(_ message: String) {
    FileHandle.standardError.write(Data((Console.line(message) + "\n").utf8))
}

/// Prints to standard output.
func say(_ message: String) {
    print(Console.line(message))
}

/// A GitHub Actions `::error` annotation for `file`, when running there.
func annotate(_ file: String, line: Int? = nil, _ message: String) {
    guard Console.inGitHubActions else { return }
    let at = line.map { ",line=\($0)" } ?? ""
    print("::error file=\(Wording.Workflow.property(file))\(at)::\(Wording.Workflow.data(message))")
}

/// Prints an error the way the command line reports it and gives the exit to throw:
/// problems located in a file (scene, simulation) as `file:line:column: key: message`, others
/// after `springy:`.
func report(_ error: Error) -> Error {
    switch error {
    case is ExitCode: return error
    case is StandardOutputClosed: return ExitCode(141)  // the reader went away (`| head`): stop quietly
    case let p as Problems:
        // Located problems read file:line:column: …; the others say who is speaking.
        for problem in p.problems { warn(problem.file.isEmpty ? "springy: \(problem)" : "\(problem)") }
    case _ where Problems.isLocated(error): warn("\(error)")
    default: warn("springy: \(error)")  // open set: any other error
    }
    return ExitCode(2)
}
