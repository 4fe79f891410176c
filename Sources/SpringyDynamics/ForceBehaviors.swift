import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// UIGravityBehavior and UIPushBehavior: world gravity, per-item gravity forces and pushes.

extension Animator {
    func applyGravity() {
        var first: Vec2?
        for b in bodies.indices { bodies[b].gravity = .zero }
        for slot in slots where slot.active {
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

    func applyForces() {
        pushSlots.removeAll { slotIndex[$0] == nil }
        for id in pushSlots {
            guard let s = slotIndex[id], slots[s].active, case .push(let push) = slots[s].spec else { continue }
            let items = push.items, mode = push.mode, vector = push.vector, offset = push.offset
            for id in items {
                guard let i = bodyIndex[id], let st = state(of: id) else { continue }
                let at = metres(st.center + offset.rotated(by: st.angle))
                // Magnitude is in Box2D's units directly: newtons (continuous) or N·s (instantaneous).
                if mode == .continuous {
                    sb_body_apply_force(world, bodies[i].handle, Float(vector.x), Float(vector.y), at.0, at.1)
                } else {
                    sb_body_apply_impulse(world, bodies[i].handle, Float(vector.x), Float(vector.y), at.0, at.1)
                }
            }
            if mode == .instantaneous { slots[s].active = false }
        }
        for i in bodies.indices where !bodies[i].removed && !bodies[i].gravityIsWorld && bodies[i].gravity != .zero {
            let handle = bodies[i].handle
            let g = bodies[i].gravity * Units.gravityMetresPerSecond2
            let m = Double(sb_body_mass(world, handle))
            let r = rawState(handle)
            sb_body_apply_force(world, handle, Float(g.x * m), Float(g.y * m), r.x, r.y)
        }
    }
}
