import Foundation
import SpringyCore

/// A problem with a scene file, located as `file:line:column: key.path: message`.
package typealias SceneError = SpringyError
