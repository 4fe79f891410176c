import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

/// One item of a UIDynamicItemGroup: where it sits on the group's body.
struct GroupMember {
    let id: String
    /// Offset from the body's origin (the members' area-weighted centre) and angle, at rest in the group.
    let offset: Vec2
    let angle: Double
    let size: Size2
    let shape: ItemShape
    let outline: [Vec2]

    /// Mass and inertia about the body's origin: each member's, moved by the parallel-axis rule.
    static func massAndInertia(_ members: [GroupMember], density: Double) -> (Double, Double) {
        var mass = 0.0, inertia = 0.0
        for m in members {
            let mi = Units.mass(density: density, size: m.size)
            let d = m.offset / Units.pointsPerMetre
            mass += mi
            inertia += Units.inertia(mass: mi, size: m.size, shape: m.shape) + mi * (d.x * d.x + d.y * d.y)
        }
        return (mass, inertia)
    }

    /// Its shape as convex polygons on the group's body (points from the body's origin), inside
    /// Box2D's 1 pt skin.
    var pieces: [[Vec2]] {
        let hw = max(size.width / 2 - 1, 0.05), hh = max(size.height / 2 - 1, 0.05)
        let local: [[Vec2]]
        switch shape {
        case .rectangle: local = [[Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh)]]
        case .ellipse:
            local = [(0..<8).map { k in Vec2(cos(Double(k) / 8 * 2 * .pi) * hw, sin(Double(k) / 8 * 2 * .pi) * hh) }]
        case .path: local = Polygon.convexPieces(outline)
        }
        return local.map(Polygon.holdable).map { $0.map { $0.rotated(by: angle) + offset } }
    }
}

/// A member as added to a group.
package struct GroupMemberSpec: Sendable {
    package var id: String
    package var center: Vec2
    package var size: Size2
    package var angle: Double
    package var shape: ItemShape
    package var outline: [Vec2]
    package init(id: String, center: Vec2, size: Size2, angle: Double, shape: ItemShape, outline: [Vec2]) {
        self.id = id; self.center = center; self.size = size; self.angle = angle; self.shape = shape; self.outline = outline
    }

    /// The group body's origin (the members' area-weighted centre) and the size of the box
    /// around them centred there.
    static func frame(_ members: [GroupMemberSpec]) -> (origin: Vec2, size: Size2) {
        let areas = members.map { $0.size.width * $0.size.height }
        let total = areas.reduce(0, +)
        let origin = zip(members, areas).reduce(Vec2.zero) { $0 + $1.0.center * $1.1 } / max(total, 1e-9)
        var minX = 0.0, maxX = 0.0, minY = 0.0, maxY = 0.0
        for m in members {
            let d = m.center - origin
            minX = min(minX, d.x - m.size.width / 2); maxX = max(maxX, d.x + m.size.width / 2)
            minY = min(minY, d.y - m.size.height / 2); maxY = max(maxY, d.y + m.size.height / 2)
        }
        return (origin, Size2(maxX - minX, maxY - minY))
    }
}

// UIDynamicItemGroup: several items moved as one rigid body. Behaviors act on the group by its
// name; each member is drawn where the body carries it.

extension Animator {
    /// Adds the group `id` as one dynamic body holding `members`, at their area-weighted centre.
    package func addGroup(id: String, members: [GroupMemberSpec]) throws {
        guard bodyIndex[id] == nil, !members.isEmpty else { throw DynamicsError.duplicateItem(id) }
        let (origin, size) = GroupMemberSpec.frame(members)
        try addItem(id: id, center: origin, size: size)
        guard let i = bodyIndex[id] else { return }
        bodies[i].members = members.map {
            GroupMember(
                id: $0.id, offset: $0.center - origin, angle: $0.angle, size: $0.size, shape: $0.shape, outline: $0.outline)
        }
        for (k, m) in members.enumerated() { memberIndex[m.id] = (i, k) }
        applyProperties(i)
    }

    /// The group that moves `id`, if any.
    package func group(of id: String) -> String? { memberIndex[id].map { bodies[$0.body].id } }

    func memberState(_ b: Int, _ k: Int) -> ItemDynamics? {
        guard !bodies[b].removed else { return nil }
        let r = rawState(bodies[b].handle)
        let m = bodies[b].members[k]
        let angle = Double(r.angle)
        let arm = m.offset.rotated(by: angle)
        let v = Vec2(Double(r.vx), Double(r.vy)) * Units.pointsPerMetre
        let w = Double(r.w)
        return ItemDynamics(
            center: points(r.x, r.y) + arm, angle: angle + m.angle, velocity: v + Vec2(-arm.y, arm.x) * w, angularVelocity: w)
    }

    /// Every member's shape as polygons on the group's body.
    func addGroupFixtures(_ i: Int) {
        let b = bodies[i]
        let friction = Float(b.properties.friction ?? 0.2), restitution = Float(b.properties.elasticity ?? 0.2)
        for m in b.members {
            for piece in m.pieces {
                let xy = piece.flatMap { [metres($0.x), metres($0.y)] }
                sb_body_add_polygon(world, b.handle, xy, Int32(piece.count), friction, restitution, Int64(i), 0)
            }
        }
        applyProperties(i)
    }
}
