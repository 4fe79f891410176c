import CBox2D
import Foundation
import SpringyBehaviors
import SpringyCore
import SpringyFrame

// UISnapBehavior (DYNAMICS.md, "snap") on Box2D.

extension SnapSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { build(in: animator, slot: s) }
    func removed(from animator: Animator) {}
    /// A new snap point or damping (iOS 9's settable snapPoint) makes the joints again.
    func changed(in animator: Animator, slot s: Int, from old: SnapSpec) throws {
        animator.destroyJoints(s)
        build(in: animator, slot: s)
    }
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { animator.stopSlot(s) }

    /// UIKit's snap: a static body of the item's size at the snap point and four soft
    /// distance joints (4 Hz, ratio = damping, rest length 50 pt) from two opposite
    /// corners of the item to points 50 pt out along x and y from the matching corners.
    func build(in animator: Animator, slot s: Int) {
        let spec = self
        let item = spec.item, point = spec.point, damping = spec.damping
        guard let bi = animator.bodyIndex[item] else { return }
        let body = animator.bodies[bi]
        let (x, y) = animator.metres(point)
        let target = sb_body_create(animator.world, Int32(SB_STATIC), x, y, 0)
        animator.registry.slots[s].staticBodies.append(target)
        let hw = body.size.width / 2, hh = body.size.height / 2
        let pairs: [(Vec2, Vec2)] = [
            (Vec2(-hw, -hh), Vec2(-hw - 50, -hh)), (Vec2(-hw, -hh), Vec2(-hw, -hh - 50)),
            (Vec2(hw, hh), Vec2(hw + 50, hh)), (Vec2(hw, hh), Vec2(hw, hh + 50)),
        ]
        for (corner, out) in pairs {
            // Each joint's spring acts on its effective mass: the item's mass seen along the
            // joint from the corner, rotation included.
            let mass = Self.effectiveMass(body, at: corner, along: out - corner)
            let (k, d) = SpringMapping.coefficients(
                frequency: 4, dampingRatio: damping, mass: mass, h: animator.h, model: animator.settings.springs)
            let j = sb_joint_create_distance(
                animator.world, target, body.handle, animator.metres(out.x), animator.metres(out.y),
                animator.metres(corner.x), animator.metres(corner.y), animator.metres(50), 0,
                Float.greatestFiniteMagnitude, Float(k), Float(d), 0)
            animator.registry.slots[s].joints.append(j)
        }
        animator.wake(item)
    }

    /// 1 / (1/m + (r × u)²/I) for a point `r` (points, from the centre) pulled along `direction`;
    /// the plain mass when the item may not rotate.
    static func effectiveMass(_ body: Animator.Body, at r: Vec2, along direction: Vec2) -> Double {
        let u = direction / max(direction.length, 1e-12)
        let rx = r.x / Units.pointsPerMetre, ry = r.y / Units.pointsPerMetre
        let cross = rx * u.y - ry * u.x
        guard body.properties.allowsRotation ?? true, body.mass > 0 else { return body.mass }
        let inertia = Units.inertia(mass: body.mass, size: body.size, shape: body.shape)
        return 1 / (1 / body.mass + cross * cross / inertia)
    }
}
