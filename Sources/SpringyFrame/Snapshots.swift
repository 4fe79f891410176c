import SpringyCore

// What a frame shows of the physics: springs and contact events.

/// A spring or rigid attachment as drawn: from its anchor to the point on the item.
public struct SpringSnapshot: Equatable, Sendable {
    public var item: String
    public var anchor: Vec2
    public var point: Vec2
    public init(item: String, anchor: Vec2, point: Vec2) { self.item = item; self.anchor = anchor; self.point = point }
}

public struct ContactEvent: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case began = "contact_began"
        case ended = "contact_ended"
        case paused = "animator_paused"
        case resumed = "animator_resumed"
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
