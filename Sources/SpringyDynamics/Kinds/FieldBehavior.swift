import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// UIFieldBehavior: each step, every active field pushes the items it holds (FieldForce), or
// for a velocity field sets their velocity, while they are in its region.

extension FieldSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws {
        for item in items { animator.wake(item) }
    }
    func removed(from animator: Animator) {}
    func changed(in animator: Animator, slot s: Int, from old: FieldSpec) throws {}
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }

    /// One step's force (or velocity) on each of its items at `time` s.
    func apply(in animator: Animator, time: Double) {
        let f = self
        for id in f.items {
            guard let i = animator.bodyIndex[id], !animator.bodies[i].removed, let s = animator.state(of: id) else { continue }
            let handle = animator.bodies[i].handle
            if let v = FieldForce.velocity(f, center: s.center) {
                sb_body_set_velocity(animator.world, handle, animator.metres(v.x), animator.metres(v.y), Float(s.angularVelocity))
                continue
            }
            if f.kind == .magnetic {
                // The Lorentz force turns the velocity without changing its speed: applied as that
                // exact rotation (ω = strength·q/m per second), so a charge circles without gaining speed.
                guard
                    let w = FieldForce.cyclotron(
                        f, center: s.center, mass: animator.bodies[i].mass, charge: animator.bodies[i].properties.charge ?? 0),
                    w != 0
                else { continue }
                let v = s.velocity.rotated(by: -w * animator.h)
                sb_body_set_velocity(animator.world, handle, animator.metres(v.x), animator.metres(v.y), Float(s.angularVelocity))
                sb_body_set_awake(animator.world, handle, 1)
                continue
            }
            guard
                let force = FieldForce.force(
                    f, center: s.center, velocity: s.velocity, mass: animator.bodies[i].mass,
                    charge: animator.bodies[i].properties.charge ?? 0, time: time),
                force != .zero
            else { continue }
            let at = animator.metres(s.center)
            sb_body_apply_force(animator.world, handle, Float(force.x), Float(force.y), at.0, at.1)
            sb_body_set_awake(animator.world, handle, 1)
        }
    }
}

extension Animator {
    func applyFields() {
        guard registry.slots.contains(where: { if case .field = $0.spec { return $0.active } else { return false } }) else {
            return
        }
        let time = Double(stepCount) * h
        for slot in registry.slots where slot.active {
            if case .field(let f) = slot.spec { f.apply(in: self, time: time) }
        }
    }
}
