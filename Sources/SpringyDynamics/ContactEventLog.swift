import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

/// The events an animator reports since they were last drained, in the order they happened:
/// UICollisionBehaviorDelegate's began/ended contacts, read from Box2D's contact listener after
/// each step, and UIDynamicAnimatorDelegate's pause and resume.
struct ContactEventLog {
    private var events: [ContactEvent] = []

    mutating func append(_ event: ContactEvent) { events.append(event) }

    /// Every event since the last call, the log emptied.
    mutating func drain() -> [ContactEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// The contacts Box2D's listener saw in the last step (then cleared there): the item first
    /// (the lower body index first between two items), named by `item` (a body index) or by
    /// `boundary` (a boundary's index), began contacts with their point.
    mutating func collect(
        from world: OpaquePointer, item: (Int) -> String?, boundary: (Int) -> String?, points: (Float, Float) -> Vec2
    ) {
        let n = sb_world_contact_event_count(world)
        guard n > 0 else { return }
        for k in 0..<n {
            let e = sb_world_contact_event(world, k)
            var (a, b) = (e.tagA, e.tagB)
            if a < 0 && b >= 0 { swap(&a, &b) }  // the item first
            if a >= 0 && b >= 0 && b < a { swap(&a, &b) }  // lower index first
            guard a >= 0, let first = item(Int(a)) else { continue }
            let other = (b >= 0 ? item(Int(b)) : boundary(Int(-b - 1))) ?? "?"
            events.append(
                ContactEvent(
                    kind: e.began != 0 ? .began : .ended, item: first, with: other,
                    point: e.began != 0 ? points(e.x, e.y) : nil))
        }
        sb_world_clear_contact_events(world)
    }
}
