import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline
import SpringyScene

/// A problem with a scene, a path or a tool, located where it can be.
public struct Problem: Sendable, Equatable, CustomStringConvertible {
    /// Where a problem comes from, which decides how it is shown.
    public enum Origin: Sendable, Equatable {
        /// Springy found it in what it was given (a scene, a value, a path): shown as it is.
        case input
        /// The system or a tool failed (a file could not be written, a program did not run):
        /// the command line shows it after `springy: `.
        case system
    }
    public var file: String
    /// 0 when the problem is with the file as a whole (or has no file).
    public var line: Int
    public var column: Int
    /// The key path (`behaviors[2].frequency`), or "".
    public var key: String
    public var message: String
    public var origin: Origin
    /// `file:line:column: key: message`, as the command line prints it.
    public var description: String

    /// A problem of the input that is not in a file: its message alone.
    public init(_ message: String) {
        self.init(SpringyError(message))
    }

    init(_ e: SpringyError) {
        file = e.file; line = e.line; column = e.column; key = e.keyPath; message = e.message; origin = .input
        description = e.description
    }
}

/// The problems that stopped a scene from being read, run, drawn or written.
public struct Problems: Error, Sendable, CustomStringConvertible {
    public var problems: [Problem]
    /// Set when the task stopped because its `cancelled` closure said so (a signal), not for a problem.
    public var cancelled: Cancelled?
    public var description: String { problems.map(\.description).joined(separator: "\n") }

    /// One problem of the input.
    public init(_ message: String) { problems = [Problem(message)] }
    /// These problems.
    public init(_ problems: [Problem]) { self.problems = problems }

    /// Any error as problems: a scene's located errors each a problem, others their message.
    public init(_ error: Error) {
        switch error {
        case let many as SceneErrors: self.init(many.errors.map(Problem.init))
        case let e as SpringyError: self.init([Problem(e)])
        case let p as Problems: self = p
        case let c as Cancelled:
            self.init([])
            cancelled = c
        case let stopped as RenderJob.Stopped: self.init(stopped.underlying)
        default:  // open set: any other error
            self.init([
                Problem(file: "", line: 0, column: 0, key: "", message: "\(error)", origin: .system, description: "\(error)")
            ])
        }
    }

    /// Runs `body`, every error it throws becoming ``Problems``.
    /// The library's own errors (``Cancelled``, ``StandardOutputClosed``, ``RenderStopped``)
    /// pass through as they are.
    public static func wrapping<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw Problems.converted(error) }
    }

    /// `error` as the library throws it.
    static func converted(_ error: Error) -> Error {
        switch error {
        case is Problems, is Cancelled, is StandardOutputClosed, is RenderStopped: return error
        default: return Problems(error)  // open set: any other error
        }
    }
}

extension Problem {
    fileprivate init(
        file: String, line: Int, column: Int, key: String, message: String, origin: Origin, description: String
    ) {
        self.file = file; self.line = line; self.column = column; self.key = key; self.message = message
        self.origin = origin; self.description = description
    }
}

/// A long task (a render, a check) stopped between frames because its `cancelled` closure threw.
public struct Cancelled: Error, Sendable {
    /// What the closure threw, e.g. the signal that arrived.
    public var reason: String
    /// The signal number, when a signal stopped it (the command line exits with 128 + it).
    public var signal: Int32?
    public init(reason: String, signal: Int32? = nil) { self.reason = reason; self.signal = signal }
}

/// What a long task says as it goes: lines for standard output, warnings for standard error,
/// and annotations of a file's line for CI (GitHub Actions `::error`). The default says nothing.
public struct Messages: Sendable {
    public var say: @Sendable (String) -> Void
    public var warn: @Sendable (String) -> Void
    public var annotate: @Sendable (_ file: String, _ line: Int?, _ message: String) -> Void

    public init(
        say: @escaping @Sendable (String) -> Void = { _ in }, warn: @escaping @Sendable (String) -> Void = { _ in },
        annotate: @escaping @Sendable (_ file: String, _ line: Int?, _ message: String) -> Void = { _, _, _ in }
    ) {
        self.say = say; self.warn = warn; self.annotate = annotate
    }

    /// Says nothing.
    public static let silent = Messages()
}
