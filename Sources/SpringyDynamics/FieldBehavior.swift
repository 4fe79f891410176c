import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// UIFieldBehavior: each step, every active field pushes the items it holds (FieldForce), or
// for a velocity field sets their velocity, while they are in its region.

extension Animator {
    func applyFields() {
        guard slots.contains(where: { if case .field = $0.spec { return $0.active } else { return false } }) else { return }
        let time = Double(stepCount) * h
        for slot in slots where slot.active {
            guard case .field(let f) = slot.spec else { continue }
            for id in f.items {
                guard let i = bodyIndex[id], !bodies[i].removed, let s = state(of: id) else { continue }
                let handle = bodies[i].handle
                if let v = FieldForce.velocity(f, center: s.center) {
                    sb_body_set_velocity(world, handle, metres(v.x), metres(v.y), Float(s.angularVelocity))
                    continue
                }
                if f.kind == .magnetic {
                    // The Lorentz force turns the velocity without changing its speed: applied as that
                    // exact rotation (ω = strength·q/m per second), so a charge circles without gaining speed.
                    guard
                        let w = FieldForce.cyclotron(
                            f, center: s.center, mass: bodies[i].mass, charge: bodies[i].properties.charge ?? 0),
                        w != 0
                    else { continue }
                    let v = s.velocity.rotated(by: -w * h)
                    sb_body_set_velocity(world, handle, metres(v.x), metres(v.y), Float(s.angularVelocity))
                    sb_body_set_awake(world, handle, 1)
                    continue
                }
                guard
                    let force = FieldForce.force(
                        f, center: s.center, velocity: s.velocity, mass: bodies[i].mass,
                        charge: bodies[i].properties.charge ?? 0, time: time),
                    force != .zero
                else { continue }
                let at = metres(s.center)
                sb_body_apply_force(world, handle, Float(force.x), Float(force.y), at.0, at.1)
                sb_body_set_awake(world, handle, 1)
            }
        }
    }
}
