import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// UIAttachmentBehavior's iOS 9 kinds on Box2D's joints: sliding (prismatic), limit (a distance
// joint free below its length: a rope), fixed (weld) and pin (revolute with limits and friction).

extension Animator {
    func buildKindedAttachment(_ s: Int, _ spec: AttachmentSpec) throws {
        guard let bi = bodyIndex[spec.item], let st = state(of: spec.item) else {
            throw DynamicsError.unknownItem(spec.item, behavior: slots[s].label)
        }
        // The other side: an item, or a static body at the point.
        let other: Int32
        var otherPoint: Vec2
        switch spec.to {
        case .item(let name):
            guard let oi = bodyIndex[name], let os = state(of: name) else {
                throw DynamicsError.unknownItem(name, behavior: slots[s].label)
            }
            other = bodies[oi].handle
            otherPoint = os.center + spec.toOffset.rotated(by: os.angle)
        case .point(let p):
            let (x, y) = metres(p)
            other = sb_body_create_static(world, x, y)
            slots[s].staticBodies.append(other)
            otherPoint = p
        }
        let anchor = spec.anchor ?? otherPoint
        let (ax, ay) = metres(anchor)
        let limited = spec.rangeLower != nil || spec.rangeUpper != nil
        let joint: Int32
        switch spec.kind {
        case .sliding:
            let lower = spec.rangeLower ?? -1e9, upper = spec.rangeUpper ?? 1e9
            joint = sb_joint_create_prismatic(
                world, other, bodies[bi].handle, ax, ay, Float(spec.axis.x), Float(spec.axis.y),
                limited ? 1 : 0, metres(lower), metres(upper), 0)
        case .limit:
            let itemPoint = st.center + spec.offset.rotated(by: st.angle)
            if case .item = spec.to {} else { otherPoint = anchor }
            let l = metres(spec.length ?? otherPoint.distance(to: itemPoint))
            let local = spec.to.isItem ? spec.toOffset : .zero
            joint = sb_joint_create_distance(
                world, other, bodies[bi].handle, metres(local.x), metres(local.y),
                metres(spec.offset.x), metres(spec.offset.y), l, 0, l, 0, 0, 1)
        case .fixed:
            joint = sb_joint_create_weld(world, other, bodies[bi].handle, ax, ay, 0)
        case .pin:
            let lower = (spec.rangeLower ?? -180).degreesToRadians, upper = (spec.rangeUpper ?? 180).degreesToRadians
            joint = sb_joint_create_pin(
                world, other, bodies[bi].handle, ax, ay, limited ? 1 : 0, Float(lower), Float(upper),
                Float(spec.frictionTorque), 0)
        case .spring:
            return
        }
        slots[s].joints.append(joint)
        slots[s].springItem = spec.kind == .limit ? spec.item : nil
        wake(spec.item)
        if case .item(let name) = spec.to { wake(name) }
    }
}

extension AttachTarget {
    var isItem: Bool { if case .item = self { return true } else { return false } }
}
