import CBox2D
import Foundation
import SpringyCore
import SpringyFrame
import SpringyYAML

// UIAttachmentBehavior's kinds: the iOS 7 one (rigid when `frequency` is 0, a spring
// otherwise) and iOS 9's sliding, limit, fixed and pin attachments.

package enum AttachmentKind: String, Sendable, CaseIterable { case spring, sliding, limit, fixed, pin }

/// UIAttachmentBehavior: rigid when `frequency` is 0, a spring otherwise (kind spring).
package struct AttachmentSpec: BehaviorKindSpec {
    package var kind: AttachmentKind = .spring
    /// attachmentAnchor (sliding, fixed, pin): a point in the reference view.
    package var anchor: Vec2?
    /// axisOfTranslation (sliding).
    package var axis = Vec2(1, 0)
    /// attachmentRange: points of translation (sliding) or degrees of turn (pin), from the start;
    /// nil at an end that is open (UIFloatRange's infinity; both nil: no range).
    package var rangeLower: Double?
    package var rangeUpper: Double?
    /// frictionTorque (pin), UIKit's (Box2D's) newton-metres at 100 pt per metre.
    package var frictionTorque = 0.0
    package var item: String
    package var to: AttachTarget
    /// nil: the distance when the behavior is made (UIKit's default).
    package var length: Double?
    package var frequency: Double
    package var damping: Double
    package var offset: Vec2
    package var toOffset: Vec2
    package init(
        item: String, to: AttachTarget, length: Double?, frequency: Double, damping: Double,
        offset: Vec2, toOffset: Vec2
    ) {
        self.item = item; self.to = to; self.length = length; self.frequency = frequency; self.damping = damping
        self.offset = offset; self.toOffset = toOffset
    }

    package static var kind: BehaviorKind { .attachment }
    package static var uikitName: String { "UIAttachmentBehavior" }
    /// Above this a spring at 120 steps/s is no longer integrated meaningfully (and a scene's
    /// step rate may hold it lower: a quarter of time.step_rate).
    package static let maxFrequency = 60.0
    /// Where a range open at one end stops, in its unit (pt or degrees): never reached.
    static let openEnd = 1e9
    static let length = SceneKey(
        "length", "number", range: 0...1e6, unit: "pt",
        default: "the distance when made", "the rest length (spring and limit)")
    static let frequency = SceneKey(
        "frequency", "number", range: 0...maxFrequency, unit: "Hz", default: "0",
        "0: a rigid rod; above 0 a spring oscillating this often (at most a quarter of the step rate)")
    static let damping = SceneKey("damping", "number", range: 0...10, default: "0", "the spring's damping ratio (1 critical)")
    static let anchor = SceneKey(
        "anchor", "[x, y]", unit: "pt", default: "required for fixed and pin between items",
        "attachmentAnchor (sliding, fixed, pin)")
    package static let keys = KeyTable(
        "behaviors[].attachment",
        [
            CommonKeys.item,
            SceneKey("to", "item id or [x, y]", default: "required", "the other item, or a point in the viewport"),
            length, frequency, damping,
            SceneKey("offset", "[x, y]", unit: "pt", default: "[0, 0]", "where on `item` it holds, from its centre"),
            SceneKey("to_offset", "[x, y]", unit: "pt", default: "[0, 0]", "where on the other item it holds"),
            SceneKey(
                "kind", AttachmentKind.allCases.map(\.rawValue).joined(separator: " | "), default: "spring",
                "iOS 7's attachment, or iOS 9's sliding, limit, fixed and pin ones"),
            anchor,
            SceneKey("axis", "[x, y]", default: "[1, 0]", "axisOfTranslation (sliding)"),
            SceneKey(
                "range", "[lower, upper]", range: -1e6...1e6, unit: "pt (sliding) or degrees (pin, within −360…360)",
                default: "unlimited",
                "attachmentRange, from where it starts (it must contain 0)"),
            SceneKey("friction_torque", "number", range: 0...1e6, unit: "N·m", default: "0", "frictionTorque (pin)"),
        ])
    package static let setKeys = setTable([
        length, frequency, damping,
        anchor.named("anchor", "moves the point an item is attached to (attachments to a point)"),
    ])
    package var problem: String? {
        if frequency < 0 || frequency > Self.maxFrequency { return "frequency \(frequency) is outside 0…\(Self.maxFrequency) Hz" }
        if damping < 0 || damping > 10 { return "damping \(damping) is outside 0…10" }
        if let l = length, l < 0 { return "length \(l) is negative" }
        // Box2D joins two bodies (it asserts they differ), as a scene file's `to` is checked.
        if case .item(let other) = to, other == item { return "an item cannot be attached to itself" }
        if kind == .sliding, !(axis.length > 0) { return "an axis of translation needs a direction, not [0, 0]" }
        // UIKit: "The specified range must always contain the value 0, which represents the starting point."
        if let lo = rangeLower, lo > 0 { return "attachmentRange must contain 0, where the item starts: its minimum is above 0" }
        if let hi = rangeUpper, hi < 0 { return "attachmentRange must contain 0, where the item starts: its maximum is below 0" }
        return nil
    }
    package var behavior: BehaviorSpec { .attachment(self) }
    package var referencedItems: [String] {
        if case .item(let other) = to { return [item, other] }
        return [item]
    }
    package func withItems(_ items: [String]) -> AttachmentSpec? { nil }
    package func setting(_ p: BehaviorParameter) -> AttachmentSpec? {
        var a = self
        switch (p.key, p.value) {
        case ("length", .number(let l)): a.length = l
        case ("frequency", .number(let f)): a.frequency = f
        case ("damping", .number(let d)): a.damping = d
        case ("anchor", .point(let point)):
            guard case .point = a.to else { return nil }
            a.to = .point(point)
        default: return nil  // open set: other kinds' keys
        }
        return a
    }
}

extension BehaviorParameter {
    /// An attachment's keys (a snap's damping and a field's position share these constructors).
    package static func length(_ l: Double) -> Self { Self("length", .number(l)) }
    package static func frequency(_ f: Double) -> Self { Self("frequency", .number(f)) }
    package static func damping(_ d: Double) -> Self { Self("damping", .number(d)) }
    package static func anchor(_ p: Vec2) -> Self { Self("anchor", .point(p)) }
}

// Read from a scene: its declaration, and a script's `set` on it (BehaviorReading).

extension AttachmentSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        let item = try r.item(try m.require("item"))
        let toValue = try m.require("to")
        let target: AttachTarget
        if case .sequence = toValue.node {
            target = .point(try toValue.point())
        } else {
            let other = try r.item(toValue)
            if other == item { throw toValue.error("an item cannot be attached to itself") }
            target = .item(other)
        }
        var spec = AttachmentSpec(
            item: item, to: target, length: try m["length"]?.double(keys["length"]),
            frequency: try m["frequency"]?.double(keys["frequency"]) ?? 0,
            damping: try m["damping"]?.double(keys["damping"]) ?? 0,
            offset: try m["offset"]?.point() ?? .zero, toOffset: try m["to_offset"]?.point() ?? .zero)
        try decodeAttachmentKind(m, into: &spec)
        return .attachment(spec)
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        var out: [BehaviorParameter] = []
        for (key, _, value) in m.entries {
            switch key {
            case "length": out.append(.length(try value.double(setKeys["length"])))
            case "frequency": out.append(.frequency(try value.double(setKeys["frequency"])))
            case "damping": out.append(.damping(try value.double(setKeys["damping"])))
            case "anchor": out.append(.anchor(try value.point()))
            default: break  // open set: keys in the file
            }
        }
        return out
    }
}

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
            let lower = spec.rangeLower ?? -AttachmentSpec.openEnd, upper = spec.rangeUpper ?? AttachmentSpec.openEnd
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
            let lower = (spec.rangeLower ?? -AttachmentSpec.openEnd).degreesToRadians
            let upper = (spec.rangeUpper ?? AttachmentSpec.openEnd).degreesToRadians
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

extension AttachmentSpec {
    /// iOS 9's attachment kinds: `kind: sliding | limit | fixed | pin` with `anchor`, `axis`,
    /// `range: [lower, upper]` and `friction_torque`, each checked against its kind.
    static func decodeAttachmentKind(_ m: YAMLMapping, into spec: inout AttachmentSpec) throws {
        if let k = m["kind"] { spec.kind = try k.oneOf(AttachmentKind.self, AttachmentKind.allCases) }
        let kind = spec.kind
        func only(_ key: String, _ kinds: [AttachmentKind]) throws -> YAMLValue? {
            guard let x = m[key] else { return nil }
            if !kinds.contains(kind) {
                throw x.error(
                    "\(key) belongs to \(kinds.map(\.rawValue).joined(separator: " and ")) attachments, not \(kind.rawValue)")
            }
            return x
        }
        for key in ["frequency", "damping"] { _ = try only(key, [.spring]) }
        _ = try only("length", [.spring, .limit])
        if let x = try only("anchor", [.sliding, .fixed, .pin]) { spec.anchor = try x.point() }
        if let x = try only("axis", [.sliding]) {
            let a = try x.point()
            guard a.length > 0 else { throw x.error("an axis of translation needs a direction, not [0, 0]") }
            spec.axis = a
        }
        if let x = try only("range", [.sliding, .pin]) {
            let l = try x.list()
            guard l.count == 2 else { throw x.error("expected [lower, upper]") }
            let r = AttachmentSpec.keys["range"]
            let lo = try l[0].double(r), hi = try l[1].double(r)
            guard lo <= hi else { throw x.error("the range's lower end \(lo) is above its upper end \(hi)") }
            // UIKit: "The specified range must always contain the value 0, which represents the
            // starting point" (the item's start position or angle).
            guard lo <= 0 && hi >= 0 else {
                let n = NumberText.plain
                throw x.error(
                    "attachmentRange must contain 0, the item's starting \(kind == .pin ? "angle" : "point"): [\(n(lo)), \(n(hi))] does not (e.g. [\(n(min(lo, 0))), \(n(max(hi, 0)))])"
                )
            }
            if kind == .pin, lo < -360 || hi > 360 { throw x.error("a pin's range is in degrees, within −360…360") }
            spec.rangeLower = lo; spec.rangeUpper = hi
        }
        if let x = try only("friction_torque", [.pin]) {
            spec.frictionTorque = try x.double(AttachmentSpec.keys["friction_torque"])
        }
        if kind == .fixed || kind == .pin, spec.anchor == nil, case .item = spec.to {
            throw (m["kind"] ?? m["item"]!).error(
                "a \(kind.rawValue) attachment between two items needs `anchor: [x, y]` (attachmentAnchor)")
        }
    }
}
