import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// UICollisionBehaviorDelegate's began/ended events, from Box2D's contact listener.

extension Animator {
    func collectContactEvents() {
        let n = sb_world_contact_event_count(world)
        guard n > 0 else { return }
        for k in 0..<n {
            let e = sb_world_contact_event(world, k)
            var (a, b) = (e.tagA, e.tagB)
            if a < 0 && b >= 0 { swap(&a, &b) }  // the item first
            if a >= 0 && b >= 0 && b < a { swap(&a, &b) }  // lower index first
            guard a >= 0, Int(a) < bodies.count else { continue }
            let other: String
            if b >= 0 {
                other = Int(b) < bodies.count ? bodies[Int(b)].id : "?"
            } else {
                let bi = Int(-b - 1)
                other = bi < registry.boundaries.count ? registry.boundaries[bi].name : "?"
            }
            pendingEvents.append(
                ContactEvent(
                    kind: e.began != 0 ? .began : .ended, item: bodies[Int(a)].id,
                    with: other, point: e.began != 0 ? points(e.x, e.y) : nil))
        }
        sb_world_clear_contact_events(world)
    }
}
