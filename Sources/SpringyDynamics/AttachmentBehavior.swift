import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// UIAttachmentBehavior (DYNAMICS.md, "attachment"): distance, revolute and target joints;
// anchors that move with the finger; the springs as drawn.

extension Animator {
    func buildAttachment(_ s: Int, _ spec: AttachmentSpec) throws {
        if spec.kind != .spring { return try buildKindedAttachment(s, spec) }
        let item = spec.item, to = spec.to, length = spec.length, frequency = spec.frequency, damping = spec.damping
        let offset = spec.offset, toOffset = spec.toOffset
        guard let bi = bodyIndex[item], let st = state(of: item) else {
            throw DynamicsError.unknownItem(item, behavior: slots[s].label)
        }
        let itemPoint = st.center + offset.rotated(by: st.angle)
        slots[s].targetJoint = false
        if frequency > 0, case .point(let p) = to, (length ?? p.distance(to: itemPoint)) < 1 {
            // A zero-length spring to a point: Box2D's target ("mouse") joint is exactly a
            // 2-D linear spring, without the distance joint's dead zone below 0.5 pt.
            let (k, d) = SpringMapping.coefficients(
                frequency: frequency, dampingRatio: damping, mass: bodies[bi].mass, h: h,
                model: settings.springs)
            let (px, py) = metres(itemPoint), (tx, ty) = metres(p)
            slots[s].joints.append(sb_joint_create_target(world, bodies[bi].handle, px, py, tx, ty, Float(k), Float(d)))
            slots[s].springItem = item
            slots[s].targetJoint = true
            wake(item)
            return
        }
        let anchorBody: Int32
        let anchorPoint: Vec2
        var anchorLocal = Vec2.zero
        var reducedMass = bodies[bi].mass
        switch to {
        case .point(let p):
            // A kinematic anchor: moved by velocity over a step, so a dragged item follows
            // the finger through its joint instead of lagging behind a teleported anchor.
            let (x, y) = metres(p)
            anchorBody = sb_body_create(world, Int32(SB_KINEMATIC), x, y, 0)
            slots[s].staticBodies.append(anchorBody)
            anchorPoint = p
        case .item(let other):
            guard let oi = bodyIndex[other], let os = state(of: other) else {
                throw DynamicsError.unknownItem(other, behavior: slots[s].label)
            }
            anchorBody = bodies[oi].handle
            anchorPoint = os.center + toOffset.rotated(by: os.angle)
            if bodies[oi].isAnchor { anchorDependents[other, default: []].append(item) }
            anchorLocal = toOffset
            let ma = bodies[oi].mass, mb = bodies[bi].mass
            if sb_body_type(world, anchorBody) == Int32(SB_DYNAMIC) { reducedMass = ma * mb / (ma + mb) }
        }
        slots[s].springItem = item
        // UIKit: the length defaults to the distance between the two points when the behavior is created.
        let restLength = length ?? anchorPoint.distance(to: itemPoint)
        let joint: Int32
        if frequency == 0, length == nil, restLength < 1, case .point = to {
            let (x, y) = metres(anchorPoint)
            joint = sb_joint_create_revolute(world, anchorBody, bodies[bi].handle, x, y, 1)
        } else if frequency == 0 {
            let l = metres(restLength)
            joint = sb_joint_create_distance(
                world, anchorBody, bodies[bi].handle,
                metres(anchorLocal.x), metres(anchorLocal.y), metres(offset.x), metres(offset.y),
                l, l, l, 0, 0, 1)
        } else {
            let (k, d) = SpringMapping.coefficients(
                frequency: frequency, dampingRatio: damping, mass: reducedMass, h: h,
                model: settings.springs)
            joint = sb_joint_create_distance(
                world, anchorBody, bodies[bi].handle,
                metres(anchorLocal.x), metres(anchorLocal.y), metres(offset.x), metres(offset.y),
                metres(restLength), 0, Float.greatestFiniteMagnitude, Float(k), Float(d), 1)
        }
        slots[s].joints.append(joint)
        wake(item)
    }

    public func setAnchor(_ id: BehaviorID, _ point: Vec2) {
        guard let s = slotIndex[id] else { return }
        if case .attachment(var a) = slots[s].spec, case .point(let old) = a.to, old != point {
            a.to = .point(point)
            slots[s].spec = .attachment(a)
            moveAnchor(s, to: point)
        }
    }

    public func anchor(of id: BehaviorID) -> Vec2? {
        guard let s = slotIndex[id], case .attachment(let a) = slots[s].spec, case .point(let p) = a.to else { return nil }
        return p
    }

    /// The anchor travels to `point` over the next step, then stops there.
    func moveAnchor(_ s: Int, to point: Vec2) {
        if slots[s].targetJoint, let j = slots[s].joints.first {
            let (x, y) = metres(point)
            sb_joint_set_target(world, j, x, y)
            return
        }
        guard let anchorBody = slots[s].staticBodies.first else { return }
        let current = rawState(anchorBody)
        let (x, y) = metres(point)
        sb_body_set_velocity(world, anchorBody, (x - current.x) / Float(h), (y - current.y) / Float(h), 0)
        movingAnchors.removeAll { $0.body == anchorBody }
        movingAnchors.append((anchorBody, x, y))
        if let item = slots[s].springItem { wake(item) }
    }

    /// Anchors given a velocity for this step: stopped exactly at their targets afterwards.
    func settleAnchors() {
        for a in movingAnchors {
            sb_body_set_velocity(world, a.body, 0, 0, 0)
            sb_body_set_transform(world, a.body, a.x, a.y, 0)
        }
        movingAnchors.removeAll(keepingCapacity: true)
    }

    /// Every attachment, from its anchor to its point on the item, in behavior order.
    public var springs: [SpringSnapshot] {
        var out: [SpringSnapshot] = []
        var a = [Float](repeating: 0, count: 4)
        for slot in slots where slot.active {
            guard case .attachment = slot.spec, let item = slot.springItem, let j = slot.joints.first else { continue }
            sb_joint_anchors(world, j, &a)
            // Joints are built anchor (A) to item (B).
            out.append(SpringSnapshot(item: item, anchor: points(a[0], a[1]), point: points(a[2], a[3])))
        }
        return out
    }
}
