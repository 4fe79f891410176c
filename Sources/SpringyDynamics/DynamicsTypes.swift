import SpringyCore

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

/// A spring or rigid attachment as drawn: from its anchor to the point on the item.
public struct SpringSnapshot: Equatable, Sendable {
    public var item: String
    public var anchor: Vec2
    public var point: Vec2
}

public struct ContactEvent: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case began = "contact_began", ended = "contact_ended"
        case paused = "animator_paused", resumed = "animator_resumed"
    }
    public var kind: Kind
    public var item: String
    /// The other item's id, or a boundary's name (`bounds` for the reference bounds).
    public var with: String
    public var point: Vec2?
    public init(kind: Kind, item: String, with: String, point: Vec2?) {
        self.kind = kind; self.item = item; self.with = with; self.point = point
    }
}

public enum DynamicsError: Error, CustomStringConvertible, Equatable {
    case unknownItem(String, behavior: String)
    case duplicateItem(String)
    case nonFinite(item: String, behaviors: [String], step: Int)
    case invalid(String, behavior: String)

    public var description: String {
        switch self {
        case let .unknownItem(id, behavior): return "\(behavior): no item \"\(id)\" in the animator"
        case let .duplicateItem(id): return "item \"\(id)\" is added twice"
        case let .nonFinite(item, behaviors, step):
            let by = behaviors.isEmpty ? "no behavior" : behaviors.joined(separator: ", ")
            return "item \"\(item)\" reached a position or velocity that is not a finite number at step \(step) (acted on by \(by)); the scene is numerically unstable"
        case let .invalid(message, behavior): return "\(behavior): \(message)"
        }
    }
}
