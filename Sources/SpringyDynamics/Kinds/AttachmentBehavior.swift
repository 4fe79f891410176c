import CBox2D
import Foundation
import SpringyBehaviors
import SpringyCore
import SpringyFrame

// UIAttachmentBehavior (DYNAMICS.md, "attachment") on Box2D: the iOS 7 spring as a distance,
// revolute or target joint; iOS 9's kinds as sliding (prismatic), limit (a distance joint free
// below its length: a rope), fixed (weld) and pin (revolute with limits and friction) joints.
// The animator's anchor API (moving a point anchor with the finger) is in Anchors.swift.

extension AttachmentSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { try build(in: animator, slot: s) }
    func removed(from animator: Animator) {}
    /// Moving only the anchor of an attachment to a point moves the joint's target; anything
    /// else rebuilds it.
    func changed(in animator: Animator, slot s: Int, from old: AttachmentSpec) throws {
        if case .point(let oldPoint) = old.to, case .point(let p) = to,
            old.length == length, old.frequency == frequency, old.damping == damping
        {
            if p != oldPoint { animator.moveAnchor(s, to: p) }
        } else {
            animator.destroyJoints(s)
            try build(in: animator, slot: s)
        }
    }
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { animator.stopSlot(s) }

    /// Makes the joint (and the anchor body a point needs) in slot `s`.
    func build(in animator: Animator, slot s: Int) throws {
        let spec = self
        if spec.kind != .spring { return try buildKind(in: animator, slot: s) }
        let item = spec.item, to = spec.to, length = spec.length, frequency = spec.frequency, damping = spec.damping
        let offset = spec.offset, toOffset = spec.toOffset
        guard let bi = animator.bodyIndex[item], let st = animator.state(of: item) else {
            throw DynamicsError.unknownItem(item, behavior: animator.registry.slots[s].label)
        }
        let itemPoint = st.center + offset.rotated(by: st.angle)
        animator.registry.slots[s].targetJoint = false
        if frequency > 0, case .point(let p) = to, (length ?? p.distance(to: itemPoint)) < 1 {
            // A zero-length spring to a point: Box2D's target ("mouse") joint is exactly a
            // 2-D linear spring, without the distance joint's dead zone below 0.5 pt.
            let (k, d) = SpringMapping.coefficients(
                frequency: frequency, dampingRatio: damping, mass: animator.bodies[bi].mass, h: animator.h,
                model: animator.settings.springs)
            let (px, py) = animator.metres(itemPoint), (tx, ty) = animator.metres(p)
            animator.registry.slots[s].joints.append(
                sb_joint_create_target(animator.world, animator.bodies[bi].handle, px, py, tx, ty, Float(k), Float(d)))
            animator.registry.slots[s].springItem = item
            animator.registry.slots[s].targetJoint = true
            animator.wake(item)
            return
        }
        let anchorBody: Int32
        let anchorPoint: Vec2
        var anchorLocal = Vec2.zero
        var reducedMass = animator.bodies[bi].mass
        switch to {
        case .point(let p):
            // A kinematic anchor: moved by velocity over a step, so a dragged item follows
            // the finger through its joint instead of lagging behind a teleported anchor.
            let (x, y) = animator.metres(p)
            anchorBody = sb_body_create(animator.world, Int32(SB_KINEMATIC), x, y, 0)
            animator.registry.slots[s].staticBodies.append(anchorBody)
            anchorPoint = p
        case .item(let other):
            guard let oi = animator.bodyIndex[other], let os = animator.state(of: other) else {
                throw DynamicsError.unknownItem(other, behavior: animator.registry.slots[s].label)
            }
            anchorBody = animator.bodies[oi].handle
            anchorPoint = os.center + toOffset.rotated(by: os.angle)
            if animator.bodies[oi].isAnchor { animator.anchorDependents[other, default: []].append(item) }
            anchorLocal = toOffset
            let ma = animator.bodies[oi].mass, mb = animator.bodies[bi].mass
            if sb_body_type(animator.world, anchorBody) == Int32(SB_DYNAMIC) { reducedMass = ma * mb / (ma + mb) }
        }
        animator.registry.slots[s].springItem = item
        // UIKit: the length defaults to the distance between the two points when the behavior is created.
        let restLength = length ?? anchorPoint.distance(to: itemPoint)
        let joint: Int32
        if frequency == 0, length == nil, restLength < 1, case .point = to {
            let (x, y) = animator.metres(anchorPoint)
            joint = sb_joint_create_revolute(animator.world, anchorBody, animator.bodies[bi].handle, x, y, 1)
        } else if frequency == 0 {
            let l = animator.metres(restLength)
            joint = sb_joint_create_distance(
                animator.world, anchorBody, animator.bodies[bi].handle,
                animator.metres(anchorLocal.x), animator.metres(anchorLocal.y), animator.metres(offset.x),
                animator.metres(offset.y),
                l, l, l, 0, 0, 1)
        } else {
            let (k, d) = SpringMapping.coefficients(
                frequency: frequency, dampingRatio: damping, mass: reducedMass, h: animator.h,
                model: animator.settings.springs)
            joint = sb_joint_create_distance(
                animator.world, anchorBody, animator.bodies[bi].handle,
                animator.metres(anchorLocal.x), animator.metres(anchorLocal.y), animator.metres(offset.x),
                animator.metres(offset.y),
                animator.metres(restLength), 0, Float.greatestFiniteMagnitude, Float(k), Float(d), 1)
        }
        animator.registry.slots[s].joints.append(joint)
        animator.wake(item)
    }

    /// iOS 9's kinds: the other side is an item, or a static body at the point.
    func buildKind(in animator: Animator, slot s: Int) throws {
        let spec = self
        guard let bi = animator.bodyIndex[spec.item], let st = animator.state(of: spec.item) else {
            throw DynamicsError.unknownItem(spec.item, behavior: animator.registry.slots[s].label)
        }
        // The other side: an item, or a static body at the point.
        let other: Int32
        var otherPoint: Vec2
        switch spec.to {
        case .item(let name):
            guard let oi = animator.bodyIndex[name], let os = animator.state(of: name) else {
                throw DynamicsError.unknownItem(name, behavior: animator.registry.slots[s].label)
            }
            other = animator.bodies[oi].handle
            otherPoint = os.center + spec.toOffset.rotated(by: os.angle)
        case .point(let p):
            let (x, y) = animator.metres(p)
            other = sb_body_create_static(animator.world, x, y)
            animator.registry.slots[s].staticBodies.append(other)
            otherPoint = p
        }
        let anchor = spec.anchor ?? otherPoint
        let (ax, ay) = animator.metres(anchor)
        let limited = spec.rangeLower != nil || spec.rangeUpper != nil
        let joint: Int32
        switch spec.kind {
        case .sliding:
            let lower = spec.rangeLower ?? -1e9, upper = spec.rangeUpper ?? 1e9
            joint = sb_joint_create_prismatic(
                animator.world, other, animator.bodies[bi].handle, ax, ay, Float(spec.axis.x), Float(spec.axis.y),
                limited ? 1 : 0, animator.metres(lower), animator.metres(upper), 0)
        case .limit:
            let itemPoint = st.center + spec.offset.rotated(by: st.angle)
            if case .item = spec.to {} else { otherPoint = anchor }
            let l = animator.metres(spec.length ?? otherPoint.distance(to: itemPoint))
            let local = spec.to.isItem ? spec.toOffset : .zero
            joint = sb_joint_create_distance(
                animator.world, other, animator.bodies[bi].handle, animator.metres(local.x), animator.metres(local.y),
                animator.metres(spec.offset.x), animator.metres(spec.offset.y), l, 0, l, 0, 0, 1)
        case .fixed:
            joint = sb_joint_create_weld(animator.world, other, animator.bodies[bi].handle, ax, ay, 0)
        case .pin:
            let lower = (spec.rangeLower ?? -180).degreesToRadians, upper = (spec.rangeUpper ?? 180).degreesToRadians
            joint = sb_joint_create_pin(
                animator.world, other, animator.bodies[bi].handle, ax, ay, limited ? 1 : 0, Float(lower), Float(upper),
                Float(spec.frictionTorque), 0)
        case .spring:
            return
        }
        animator.registry.slots[s].joints.append(joint)
        animator.registry.slots[s].springItem = spec.kind == .limit ? spec.item : nil
        animator.wake(spec.item)
        if case .item(let name) = spec.to { animator.wake(name) }
    }
}

extension AttachTarget {
    var isItem: Bool { if case .item = self { return true } else { return false } }
}
