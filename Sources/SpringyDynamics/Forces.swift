import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// UIGravityBehavior: world gravity and per-item gravity forces; each step, the active pushes
// (their force is the kind's, Kinds/PushBehavior.swift).

extension Animator {
    /// One world gravity (the first gravity behavior's); a body in a gravity behavior with
    /// another vector gets that as a force each step; bodies in none feel none.
    func applyGravity() {
        var first: Vec2?
        for b in bodies.indices { bodies[b].gravity = .zero }
        for slot in registry.slots where slot.active {
            guard case .gravity(let g) = slot.spec else { continue }
            let v = g.vector
            if first == nil { first = v }
            for id in g.items { if let b = bodyIndex[id] { bodies[b].gravity = bodies[b].gravity + v } }
        }
        worldGravity = first ?? .zero
        let g = worldGravity * Units.gravityMetresPerSecond2
        sb_world_set_gravity(world, Float(g.x), Float(g.y))
        for i in bodies.indices where !bodies[i].removed && !bodies[i].isAnchor {
            let isWorld = bodies[i].gravity == worldGravity && worldGravity != .zero
            bodies[i].gravityIsWorld = isWorld
            sb_body_set_gravity_scale(world, bodies[i].handle, isWorld ? 1 : 0)
            sb_body_set_awake(world, bodies[i].handle, 1)
        }
    }

    /// Pushes and gravity, except on bodies a velocity field holds (`held`, by body index).
    func applyForces(held: VelocityHolds) {
        for id in registry.livePushes() {
            guard let s = registry.index[id], registry.slots[s].active, case .push(let push) = registry.slots[s].spec else {
                continue
            }
            push.apply(in: self, held: held)
            if push.mode == .instantaneous { registry.slots[s].active = false }
        }
        for i in bodies.indices where !bodies[i].removed && !bodies[i].gravityIsWorld && bodies[i].gravity != .zero {
            if held.holds(i) { continue }
            let handle = bodies[i].handle
            let g = bodies[i].gravity * Units.gravityMetresPerSecond2
            let m = Double(sb_body_mass(world, handle))
            let r = rawState(handle)
            sb_body_apply_force(world, handle, Float(g.x * m), Float(g.y * m), r.x, r.y)
        }
    }
}
