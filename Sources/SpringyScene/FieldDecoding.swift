import Foundation
import SpringyCore

extension SceneDecoder {
    /// `field: { kind, items, position, strength, falloff, minimum_radius, direction,
    /// smoothness, animation_speed, region, seed }` (UIFieldBehavior).
    func decodeField(_ v: YAMLValue, items: (YAMLMapping) throws -> [String]) throws -> FieldSpec {
        let m = try v.mapping(allowed: ["kind", "items", "position", "strength", "falloff", "minimum_radius", "direction",
                                        "smoothness", "animation_speed", "region", "seed"])
        let kind = try m.require("kind").oneOf(FieldKind.self, FieldKind.allCases)
        var f = FieldSpec(kind: kind, items: try items(m), position: try m["position"]?.point() ?? .zero)
        if let x = m["strength"] { f.strength = try x.double(min: -1e6, max: 1e6) }
        if let x = m["falloff"] { f.falloff = try x.double(min: 0, max: 10) }
        if let x = m["minimum_radius"] { f.minimumRadius = try x.double(above: 0, max: 1e6) }
        if let x = m["smoothness"] { f.smoothness = try x.double(min: 0, max: 1) }
        if let x = m["animation_speed"] { f.animationSpeed = try x.double(min: 0, max: 1000) }
        if let x = m["seed"] { f.seed = UInt64(try x.int(min: 0, max: Int.max)) }
        if let x = m["direction"] {
            guard kind == .linear_gravity || kind == .velocity else {
                throw x.error("direction is a linear_gravity or velocity field's; a \(kind.rawValue) field acts from its position")
            }
            f.direction = try x.point()
        }
        for key in ["smoothness", "animation_speed", "seed"] where kind != .noise && kind != .turbulence {
            if let x = m[key] { throw x.error("\(key) is a noise or turbulence field's") }
        }
        if let x = m["region"] {
            if case .scalar = x.node {
                guard try x.string() == "infinite" else { throw x.error("expected infinite, { circle: RADIUS } or { rect: [WIDTH, HEIGHT] }") }
            } else {
                let rm = try x.mapping(allowed: ["circle", "rect"])
                if let c = rm["circle"] { f.region = .circle(radius: try c.double(above: 0, max: 1e6)) }
                else if let r = rm["rect"] { f.region = .rect(try r.size()) }
                else { throw x.error("expected { circle: RADIUS } or { rect: [WIDTH, HEIGHT] }") }
            }
        }
        return f
    }
}
