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
        let (k, d) = SpringMapping.coefficients(frequency: 4, dampingRatio: damping, mass: body.mass, h: h)
        let pairs: [(Vec2, Vec2)] = [
            (Vec2(-hw, -hh), Vec2(-hw - 50, -hh)), (Vec2(-hw, -hh), Vec2(-hw, -hh - 50)),
            (Vec2(hw, hh), Vec2(hw + 50, hh)), (Vec2(hw, hh), Vec2(hw, hh + 50)),
        ]
        for (corner, out) in pairs {
            let j = sb_joint_create_distance(world, target, body.handle, metres(out.x), metres(out.y),
                                             metres(corner.x), metres(corner.y), metres(50), 0,
                                             Float.greatestFiniteMagnitude, Float(k), Float(d), 0)
            slots[s].joints.append(j)
        }
        wake(item)
    }
}
