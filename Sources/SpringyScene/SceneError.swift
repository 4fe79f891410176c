import Foundation
import SpringyCore

/// A problem with a scene file, located as `file:line:column: key.path: message`.
package typealias SceneError = SpringyError

/// Several problems in one file (validation reports all it can find).
package struct SceneErrors: LocatedError, Sendable {
    package var errors: [SceneError]
    package var description: String { errors.map(\.description).joined(separator: "\n") }
}
