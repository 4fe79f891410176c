import Foundation
import SpringyBehaviors
import SpringyCore

extension BehaviorDecoder {
    /// `field: { kind, items, position, strength, falloff, minimum_radius, direction,
    /// smoothness, animation_speed, region, seed }` (UIFieldBehavior).
    func decodeField(_ m: YAMLMapping, items: (YAMLMapping) throws -> [String]) throws -> FieldSpec {
        let t = FieldSpec.keys
        let kind = try m.require("kind").oneOf(FieldKind.self, FieldKind.allCases)
        var f = FieldSpec(kind: kind, items: try items(m), position: try m["position"]?.point() ?? .zero)
        if let x = m["strength"] { f.strength = try x.double(t["strength"]) }
        if let x = m["falloff"] { f.falloff = try x.double(t["falloff"]) }
        if let x = m["minimum_radius"] { f.minimumRadius = try x.double(t["minimum_radius"]) }
        if let x = m["smoothness"] { f.smoothness = try x.double(t["smoothness"]) }
        if let x = m["animation_speed"] { f.animationSpeed = try x.double(t["animation_speed"]) }
        if let x = m["seed"] { f.seed = UInt64(try x.int(min: 0, max: Int(t.range("seed").upperBound))) }
        if let x = m["direction"] {
            guard kind == .linear_gravity || kind == .velocity else {
                throw x.error(
                    "direction is a linear_gravity or velocity field's; a \(kind.rawValue) field acts from its position")
            }
            f.direction = try x.point()
        }
        for key in ["smoothness", "animation_speed", "seed"] where kind != .noise && kind != .turbulence {
            if let x = m[key] { throw x.error("\(key) is a noise or turbulence field's") }
        }
        if let x = m["region"] {
            if case .scalar = x.node {
                guard try x.string() == "infinite" else {
                    throw x.error("expected infinite, { circle: RADIUS } or { rect: [WIDTH, HEIGHT] }")
                }
            } else {
                let rt = FieldSpec.regionKeys
                let rm = try x.mapping(rt)
                if let c = rm["circle"] {
                    f.region = .circle(radius: try c.double(rt["circle"]))
                } else if let r = rm["rect"] {
                    f.region = .rect(try r.size())
                } else {
                    throw x.error("expected { circle: RADIUS } or { rect: [WIDTH, HEIGHT] }")
                }
            }
        }
        return f
    }
}

extension BehaviorDecoder {
    /// iOS 9's attachment kinds: `kind: sliding | limit | fixed | pin` with `anchor`, `axis`,
    /// `range: [lower, upper]` and `friction_torque`, each checked against its kind.
    func decodeAttachmentKind(_ m: YAMLMapping, into spec: inout AttachmentSpec) throws {
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
