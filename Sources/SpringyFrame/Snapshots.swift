import SpringyCore

// What a frame shows of the physics: springs and contact events.

/// A spring or rigid attachment as drawn: from its anchor to the point on the item.
package struct SpringSnapshot: Equatable, Sendable {
    package var item: String
    package var anchor: Vec2
    package var point: Vec2
    package init(item: String, anchor: Vec2, point: Vec2) { self.item = item; self.anchor = anchor; self.point = point }
}

package struct ContactEvent: Equatable, Sendable {
    package enum Kind: String, Sendable {
        case began = "contact_began"
        case ended = "contact_ended"
        case paused = "animator_paused"
        case resumed = "animator_resumed"
    }
    package var kind: Kind
    package var item: String
    /// The other item's id, or a boundary's name (`bounds` for the reference bounds).
    package var with: String
    package var point: Vec2?
    package init(kind: Kind, item: String, with: String, point: Vec2?) {
        self.kind = kind; self.item = item; self.with = with; self.point = point
    }
}
