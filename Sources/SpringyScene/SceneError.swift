import Foundation
import SpringyCore

/// A problem with a scene file, located as `file:line:column: key.path: message`.
public struct SceneError: LocatedError, Equatable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var keyPath: String
    public var message: String
    public init(file: String, line: Int, column: Int, keyPath: String, message: String) {
        self.file = file; self.line = line; self.column = column; self.keyPath = keyPath; self.message = message
    }
    /// A problem met while running the scene, at the line of the behavior or event that met it.
    public init(file: String, line: Int, keyPath: String, message: String) {
        self.init(file: file, line: line, column: 1, keyPath: keyPath, message: message)
    }
    /// `file:line:column: key: message`; a problem with the file as a whole (line 0) has no location.
    public var description: String {
        let key = keyPath.isEmpty ? "" : "\(keyPath): "
        if line <= 0 { return "\(file): \(key)\(message)" }
        return "\(file):\(line):\(column): \(key)\(message)"
    }
}

/// Several problems in one file (validation reports all it can find).
public struct SceneErrors: LocatedError, Sendable {
    public var errors: [SceneError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
