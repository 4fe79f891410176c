import SpringyCore
import SpringyFrame

/// Identifies a behavior added to an `Animator`.
package struct BehaviorID: Hashable, Comparable, Sendable {
    package let raw: Int
    package static func < (a: BehaviorID, b: BehaviorID) -> Bool { a.raw < b.raw }
}

/// What an item is doing, in points, radians and per second.
package struct ItemDynamics: Equatable, Sendable {
    package var center: Vec2
    package var angle: Double
    package var velocity: Vec2
    package var angularVelocity: Double
}

package enum DynamicsError: Error, CustomStringConvertible, Equatable {
    case unknownItem(String, behavior: String)
    case duplicateItem(String)
    case nonFinite(item: String, behaviors: [String], step: Int)
    case invalid(String, behavior: String)

    package var description: String {
        switch self {
        case .unknownItem(let id, let behavior): return "\(behavior): no item \"\(id)\" in the animator"
        case .duplicateItem(let id): return "item \"\(id)\" is added twice"
        case .nonFinite(let item, let behaviors, let step):
            let by = behaviors.isEmpty ? "no behavior" : behaviors.joined(separator: ", ")
            return
                "item \"\(item)\" reached a position or velocity that is not a finite number at step \(step) (acted on by \(by)); the scene is numerically unstable"
        case .invalid(let message, let behavior): return "\(behavior): \(message)"
        }
    }
}
