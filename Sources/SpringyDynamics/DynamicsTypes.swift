import SpringyCore
import SpringyFrame

/// Identifies a behavior added to an `Animator`.
public struct BehaviorID: Hashable, Comparable, Sendable {
    public let raw: Int
    public static func < (a: BehaviorID, b: BehaviorID) -> Bool { a.raw < b.raw }
}

/// What an item is doing, in points, radians and per second.
public struct ItemDynamics: Equatable, Sendable {
    public var center: Vec2
    public var angle: Double
    public var velocity: Vec2
    public var angularVelocity: Double
}

public enum DynamicsError: Error, CustomStringConvertible, Equatable {
    case unknownItem(String, behavior: String)
    case duplicateItem(String)
    case nonFinite(item: String, behaviors: [String], step: Int)
    case invalid(String, behavior: String)

    public var description: String {
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
