/// Springy's one error type: a message, located where it can be (`file:line:column: key: message`)
/// — a scene file's key, a script event, an output file. Whoever knows the place locates an
/// error raised without one (the simulation locates a batch update's refusal at its event).
/// Every module's errors are this type under the name that reads best where it is thrown:
/// SceneError and SimulationError (located), OutputError, DrawingError, UpdateError,
/// PreviewError, StartError, InvalidValue (a message, often naming its file itself).
package struct SpringyError: LocatedError, Equatable, Sendable {
    package var file: String
    package var line: Int
    package var column: Int
    package var keyPath: String
    package var message: String

    package init(file: String, line: Int, column: Int, keyPath: String, message: String) {
        self.file = file; self.line = line; self.column = column; self.keyPath = keyPath; self.message = message
    }

    /// A problem met while running the scene, at the line of the behavior or event that met it.
    package init(file: String, line: Int, keyPath: String, message: String) {
        self.init(file: file, line: line, column: 1, keyPath: keyPath, message: message)
    }

    /// A problem not (yet) located in a file: its message alone.
    package init(_ message: String) { self.init(file: "", line: 0, column: 0, keyPath: "", message: message) }
    package init(description: String) { self.init(description) }

    /// Whether it names a file.
    package var isLocated: Bool { !file.isEmpty }

    /// `file:line:column: key: message`; a problem with a file as a whole (line 0) has no line;
    /// one not located is its message.
    package var description: String {
        let key = keyPath.isEmpty ? "" : "\(keyPath): "
        if file.isEmpty { return key + message }
        if line <= 0 { return "\(file): \(key)\(message)" }
        return "\(file):\(line):\(column): \(key)\(message)"
    }
}

/// Several problems in one file (validation reports all it can find).
package struct SceneErrors: LocatedError, Sendable {
    package var errors: [SpringyError]
    package init(errors: [SpringyError]) { self.errors = errors }
    package var description: String { errors.map(\.description).joined(separator: "\n") }
}
