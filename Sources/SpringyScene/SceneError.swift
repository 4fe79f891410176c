import Foundation
import SpringyCore

/// A problem with a scene file, located as `file:line:column: key.path: message`.
public typealias SceneError = SpringyError

/// Several problems in one file (validation reports all it can find).
public struct SceneErrors: LocatedError, Sendable {
    public var errors: [SceneError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
