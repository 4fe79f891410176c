import CBox2D
import Foundation
import SpringyBehaviors
import SpringyCore
import SpringyFrame

// UICollisionBehavior (DYNAMICS.md, "collision"): boundaries as static edges. UIKit's rules
// for who collides with whom are the animator's contact filter (CollisionFilter.swift).

extension CollisionSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { try build(in: animator, slot: s) }
    func removed(from animator: Animator) { animator.refreshCollisionGroups(of: items) }
    func changed(in animator: Animator, slot s: Int, from old: CollisionSpec) throws {}
    func itemsChanged(in animator: Animator, from old: [String]) { animator.refreshCollisionGroups(of: old + items) }
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }

    /// The boundaries (the bounds, inset, and the named ones) as edges of one static body.
    func build(in animator: Animator, slot s: Int) throws {
        let spec = self
        let items = spec.items, mode = spec.mode, hasBounds = spec.bounds, insets = spec.insets, segments = spec.boundaries
        if mode.includesBoundaries {
            let body = sb_body_create(animator.world, Int32(SB_STATIC), 0, 0, 0)
            animator.registry.slots[s].staticBodies.append(body)
            func edge(_ name: String, _ a: Vec2, _ b: Vec2) {
                let tag = -Int64(animator.registry.boundaries.count) - 1
                animator.registry.boundaries.append(
                    BehaviorRegistry.Boundary(behavior: animator.registry.slots[s].id, name: name, from: a, to: b))
                let (x1, y1) = animator.metres(a), (x2, y2) = animator.metres(b)
                // Boundaries lend the item its own friction and have no bounce of their own.
                sb_body_add_edge(animator.world, body, x1, y1, x2, y2, 1, 0, tag, 1)
            }
            if hasBounds {
                // The edges sit half a point outside the bounds: Box2D gives an edge a 1 pt skin
                // and lets a resting body sink 0.5 pt into it, so items at rest end flush with
                // the bounds, where UIKit draws them.
                let r = Rect(
                    x: animator.bounds.minX + insets.left, y: animator.bounds.minY + insets.top,
                    width: animator.bounds.width - insets.left - insets.right,
                    height: animator.bounds.height - insets.top - insets.bottom
                )
                .insetBy(dx: -Animator.boundsSkinOffset, dy: -Animator.boundsSkinOffset)
                let tl = Vec2(r.minX, r.minY), tr = Vec2(r.maxX, r.minY), br = Vec2(r.maxX, r.maxY), bl = Vec2(r.minX, r.maxY)
                edge("bounds", tl, tr); edge("bounds", tr, br); edge("bounds", br, bl);
                edge("bounds", bl, tl)
            }
            for seg in segments { edge(seg.name, seg.from, seg.to) }
        }
        for item in items { if let b = animator.bodyIndex[item] { animator.refreshCollisionGroups(b) } }
    }

    /// The animator's bounds changed: a collision with them makes its edges again (its named
    /// boundaries with them, in their places) and wakes its items.
    func boundsChanged(in animator: Animator, slot s: Int) throws {
        guard bounds, mode.includesBoundaries else { return }
        animator.destroyJoints(s)
        let id = animator.registry.slots[s].id
        for k in animator.registry.boundaries.indices where animator.registry.boundaries[k].behavior == id {
            animator.registry.boundaries[k].replaced = true
        }
        try build(in: animator, slot: s)
        for item in items { animator.wake(item) }
    }
}
