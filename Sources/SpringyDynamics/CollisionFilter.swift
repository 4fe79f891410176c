import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// UIKit's rules for who collides with whom (DYNAMICS.md, "collision") as Box2D's contact
// filter. The boundaries are made by the kind (Kinds/CollisionBehavior.swift).

extension Animator {

    func refreshCollisionGroups(_ i: Int) {
        let id = bodies[i].id
        var inCollision = false
        bodies[i].itemCollisionGroups = registry.slots.filter { slot in
            guard slot.active, case .collision(let c) = slot.spec, c.items.contains(id) else { return false }
            inCollision = true
            return c.mode.includesItems
        }.map(\.id)
        if inCollision { ensureFixture(i) }
        sb_body_refilter(world, bodies[i].handle)
        sb_body_set_awake(world, bodies[i].handle, 1)
    }

    /// UIKit's collision rules: two items touch when some collision behavior whose mode
    /// includes items holds both; an item touches a boundary of a behavior that holds it
    /// and whose mode includes boundaries.
    func shouldCollide(_ a: Int64, _ b: Int64) -> Bool {
        if a >= 0 && b >= 0 {
            let ga = bodies[Int(a)].itemCollisionGroups, gb = bodies[Int(b)].itemCollisionGroups
            return ga.contains { gb.contains($0) }
        }
        if a < 0 && b < 0 { return false }
        let item = Int(a >= 0 ? a : b), boundary = Int(-(a >= 0 ? b : a) - 1)
        guard let s = registry.index[registry.boundaries[boundary].behavior] else { return false }
        let slot = registry.slots[s]
        guard slot.active, case .collision(let c) = slot.spec, c.mode.includesBoundaries else { return false }
        return c.items.contains(bodies[item].id)
    }
}
