import CBox2D
import Foundation
import SpringyBehaviors
import SpringyCore
import SpringyFrame

// UIPushBehavior: a force (continuous) or an impulse (instantaneous, once: the push then
// turns itself off, as UIKit's `active` does) at each item's centre plus `offset`.

extension PushSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws {
        animator.registry.pushes.append(id)
        for item in items { animator.wake(item) }
    }
    func removed(from animator: Animator) {}
    func changed(in animator: Animator, slot s: Int, from old: PushSpec) throws { for item in items { animator.wake(item) } }
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }

    /// One step's force or impulse on each of its items. Magnitude is in Box2D's units
    /// directly: newtons (continuous) or N·s (instantaneous).
    func apply(in animator: Animator, held: VelocityHolds) {
        for id in items {
            guard let i = animator.bodyIndex[id], let st = animator.state(of: id) else { continue }
            if held.holds(i) { continue }
            let at = animator.metres(st.center + offset.rotated(by: st.angle))
            let handle = animator.bodies[i].handle
            if mode == .continuous {
                sb_body_apply_force(animator.world, handle, Float(vector.x), Float(vector.y), at.0, at.1)
            } else {
                sb_body_apply_impulse(animator.world, handle, Float(vector.x), Float(vector.y), at.0, at.1)
            }
        }
    }
}
