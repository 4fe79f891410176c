import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// UICollisionBehavior (DYNAMICS.md, "collision"): boundaries as static edges, and UIKit's
// rules for who collides with whom as Box2D's contact filter.

extension Animator {
    func buildCollision(_ s: Int, _ spec: CollisionSpec) throws {
        let items = spec.items, mode = spec.mode, hasBounds = spec.bounds, insets = spec.insets, segments = spec.boundaries
        if mode.includesBoundaries {
            let body = sb_body_create(world, Int32(SB_STATIC), 0, 0, 0)
            slots[s].staticBodies.append(body)
            func edge(_ name: String, _ a: Vec2, _ b: Vec2) {
                let tag = -Int64(boundaries.count) - 1
                boundaries.append(Boundary(behavior: slots[s].id, name: name, from: a, to: b))
                let (x1, y1) = metres(a), (x2, y2) = metres(b)
                // Boundaries lend the item its own friction and have no bounce of their own.
                sb_body_add_edge(world, body, x1, y1, x2, y2, 1, 0, tag, 1)
            }
            if hasBounds {
                // The edges sit half a point outside the bounds: Box2D gives an edge a 1 pt skin
                // and lets a resting body sink 0.5 pt into it, so items at rest end flush with
                // the bounds, where UIKit draws them.
                let r = Rect(
                    x: bounds.minX + insets.left, y: bounds.minY + insets.top,
                    width: bounds.width - insets.left - insets.right, height: bounds.height - insets.top - insets.bottom
                )
                .insetBy(dx: -Self.boundsSkinOffset, dy: -Self.boundsSkinOffset)
                let tl = Vec2(r.minX, r.minY), tr = Vec2(r.maxX, r.minY), br = Vec2(r.maxX, r.maxY), bl = Vec2(r.minX, r.maxY)
                edge("bounds", tl, tr); edge("bounds", tr, br); edge("bounds", br, bl); edge("bounds", bl, tl)
            }
            for seg in segments { edge(seg.name, seg.from, seg.to) }
        }
        for item in items { if let b = bodyIndex[item] { refreshCollisionGroups(b) } }
    }

    func refreshCollisionGroups(_ i: Int) {
        let id = bodies[i].id
        var inCollision = false
        bodies[i].itemCollisionGroups = slots.filter { slot in
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
        guard let s = slotIndex[boundaries[boundary].behavior] else { return false }
        let slot = slots[s]
        guard slot.active, case .collision(let c) = slot.spec, c.mode.includesBoundaries else { return false }
        return c.items.contains(bodies[item].id)
    }
}
