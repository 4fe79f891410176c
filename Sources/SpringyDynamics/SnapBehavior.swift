import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

extension Animator {
    /// UIKit's snap: a static body of the item's size at the snap point and four soft
    /// distance joints (4 Hz, ratio = damping, rest length 50 pt) from two opposite
    /// corners of the item to points 50 pt out along x and y from the matching corners.
    func buildSnap(_ s: Int, _ spec: SnapSpec) {
        let item = spec.item, point = spec.point, damping = spec.damping
        guard let bi = bodyIndex[item] else { return }
        let body = bodies[bi]
        let (x, y) = metres(point)
        let target = sb_body_create(world, Int32(SB_STATIC), x, y, 0)
        slots[s].staticBodies.append(target)
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
                frequency: 4, dampingRatio: damping, mass: mass, h: h, model: settings.springs)
            let j = sb_joint_create_distance(
                world, target, body.handle, metres(out.x), metres(out.y),
                metres(corner.x), metres(corner.y), metres(50), 0,
                Float.greatestFiniteMagnitude, Float(k), Float(d), 0)
            slots[s].joints.append(j)
        }
        wake(item)
    }

    /// 1 / (1/m + (r × u)²/I) for a point `r` (points, from the centre) pulled along `direction`;
    /// the plain mass when the item may not rotate.
    static func effectiveMass(_ body: Body, at r: Vec2, along direction: Vec2) -> Double {
        let u = direction / max(direction.length, 1e-12)
        let rx = r.x / Units.pointsPerMetre, ry = r.y / Units.pointsPerMetre
        let cross = rx * u.y - ry * u.x
        guard body.properties.allowsRotation ?? true, body.mass > 0 else { return body.mass }
        let inertia = Units.inertia(mass: body.mass, size: body.size, shape: body.shape)
        return 1 / (1 / body.mass + cross * cross / inertia)
    }
}
