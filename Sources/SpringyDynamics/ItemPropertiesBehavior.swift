import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// UIDynamicItemBehavior (DYNAMICS.md, "item"): the merged properties of every item behavior
// holding a body, applied as its Box2D material, mass and damping.

extension Animator {
    func applyProperties(_ i: Int) {
        if bodies[i].isAnchor { return }
        var p = defaults
        for slot in registry.slots where slot.active {
            if case .item(let behavior) = slot.spec, behavior.items.contains(bodies[i].id) {
                p = p.merged(with: behavior.properties)
            }
        }
        let b = bodies[i]
        bodies[i].properties = p
        let anchored = p.anchored ?? false
        sb_body_set_type(world, b.handle, Int32(anchored ? SB_STATIC : SB_DYNAMIC))
        sb_body_set_material(world, b.handle, Float(p.friction ?? 0.2), Float(p.elasticity ?? 0.2))
        var mass = Units.mass(density: p.density ?? 1, size: b.size)
        var inertia = Units.inertia(mass: mass, size: b.size, shape: b.shape)
        if !b.members.isEmpty { (mass, inertia) = GroupMember.massAndInertia(b.members, density: p.density ?? 1) }
        bodies[i].mass = mass
        let allows = p.allowsRotation ?? true
        sb_body_set_fixed_rotation(world, b.handle, allows ? 0 : 1)
        // Box2D's SetMassData ignores rotational inertia on fixed-rotation bodies.
        sb_body_set_mass(world, b.handle, Float(mass), Float(inertia))
        // UIKit's resistance is Box2D's damping: per step v ← v / (1 + h·c).
        sb_body_set_damping(world, b.handle, Float(p.resistance ?? 0.1), Float(p.angularResistance ?? 0.1))
    }
}
