import CBox2D
import Foundation
import SpringyBehaviors
import SpringyCore
import SpringyFrame

// UIFieldBehavior: each step, every active field pushes the items it holds (FieldForce), while
// they are in its region; a velocity field sets their velocity instead, "overriding any other
// acceleration forces currently on the item" (Apple): for that step the item feels no gravity,
// push, other field or resistance — joints and contacts still hold it.

extension FieldSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws {
        for item in items { animator.wake(item) }
    }
    func removed(from animator: Animator) {}
    func changed(in animator: Animator, slot s: Int, from old: FieldSpec) throws {}
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }

    /// One step's force on each of its items at `time` s (not on items a velocity field holds).
    func apply(in animator: Animator, time: Double, held: VelocityHolds) {
        let f = self
        guard f.kind != .velocity else { return }
        for id in f.items {
            guard let i = animator.bodyIndex[id], !animator.bodies[i].removed, let s = animator.state(of: id) else { continue }
            if held.holds(i) { continue }
            let handle = animator.bodies[i].handle
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

/// The bodies velocity fields hold during one step, by body index, each with the velocity it is
/// set to (the last such field's, in the order they were added).
struct VelocityHolds {
    private var velocities: [Vec2?] = []

    init(_ animator: Animator) {
        for slot in animator.registry.slots where slot.active {
            guard case .field(let f) = slot.spec, f.kind == .velocity else { continue }
            for id in f.items {
                guard let i = animator.bodyIndex[id], !animator.bodies[i].removed, let s = animator.state(of: id),
                    let v = FieldForce.velocity(f, center: s.center)
                else { continue }
                if velocities.isEmpty { velocities = [Vec2?](repeating: nil, count: animator.bodies.count) }
                velocities[i] = v
            }
        }
    }

    /// Whether body `i` is held this step (nothing else may accelerate it).
    func holds(_ i: Int) -> Bool { !velocities.isEmpty && velocities[i] != nil }

    /// Sets each held body's velocity and takes away, for this step, what would accelerate it
    /// besides: world gravity (gravity scale 0) and resistance (linear damping 0).
    func hold(in animator: Animator) {
        for (i, v) in velocities.enumerated() {
            guard let v else { continue }
            let world = animator.world, handle = animator.bodies[i].handle
            sb_body_set_velocity(world, handle, animator.metres(v.x), animator.metres(v.y), animator.rawState(handle).w)
            sb_body_set_gravity_scale(world, handle, 0)
            sb_body_set_damping(world, handle, 0, Float(animator.bodies[i].properties.angularResistance ?? 0.1))
            sb_body_set_awake(world, handle, 1)
        }
    }

    /// Gives held bodies back their gravity and resistance after the step.
    func release(in animator: Animator) {
        for (i, v) in velocities.enumerated() where v != nil {
            let b = animator.bodies[i], p = b.properties
            sb_body_set_gravity_scale(animator.world, b.handle, b.gravityIsWorld ? 1 : 0)
            sb_body_set_damping(animator.world, b.handle, Float(p.resistance ?? 0.1), Float(p.angularResistance ?? 0.1))
        }
    }
}

extension Animator {
    func applyFields(held: VelocityHolds) {
        guard registry.slots.contains(where: { if case .field = $0.spec { return $0.active } else { return false } }) else {
            return
        }
        let time = Double(stepCount) * h
        for slot in registry.slots where slot.active {
            if case .field(let f) = slot.spec { f.apply(in: self, time: time, held: held) }
        }
    }
}
