import Foundation
import SpringyCore

extension SceneDecoder {
    static let behaviorKinds = ["gravity", "collision", "attachment", "snap", "push", "item", "field", "composite"]
    /// Above this a spring at 120 steps/s is no longer integrated meaningfully.
    static let maxFrequency = 60.0

    /// Every entry on its own: a bad behavior is noted in `problems` and the rest are still read.
    func decodeBehaviors(_ v: YAMLValue, references: inout ItemReferences, problems: Problems) throws -> [BehaviorDecl] {
        var out: [BehaviorDecl] = []
        for entry in try v.list() {
            if let (spec, kindValue) = try problems.attempt({ try decodeBehavior(entry, references: references) }) {
                out.append(BehaviorDecl(spec: spec, path: kindValue.path, line: kindValue.line))
            }
        }
        return out
    }

    /// One `- kind: { ... }` entry.
    func decodeBehavior(_ entry: YAMLValue, references: ItemReferences) throws -> (BehaviorSpec, YAMLValue) {
        let m = try entry.mapping(allowed: Self.behaviorKinds)
        guard m.entries.count == 1, let (kind, _, body) = m.entries.first else {
            throw entry.error("each behavior is one of \(Self.behaviorKinds.joined(separator: ", ")), written `- gravity: { ... }`")
        }
        return (try decodeBehavior(kind: kind, body, references: references), body)
    }

    func decodeBehavior(kind: String, _ v: YAMLValue, references: ItemReferences) throws -> BehaviorSpec {
        func items(_ m: YAMLMapping, _ key: String = "items") throws -> [String] {
            let value = try m.require(key)
            let list = try value.list()
            var names: [String] = []
            for e in list {
                let n = try references.check(e)
                if names.contains(n) { throw e.error("\"\(n)\" is listed twice") }
                names.append(n)
            }
            return names
        }
        switch kind {
        case "gravity":
            let m = try v.mapping(allowed: ["items", "direction", "angle", "magnitude"])
            let vector = try directionVector(m, defaultAngle: nil)
            return .gravity(items: try items(m), vector: vector ?? Vec2(0, 1))
        case "collision":
            let m = try v.mapping(allowed: ["items", "mode", "bounds", "insets", "boundaries"])
            var insets = EdgeInsets.zero
            if let x = m["insets"] {
                let l = try x.list()
                guard l.count == 4 else { throw x.error("expected [top, left, bottom, right]") }
                insets = EdgeInsets(try l.map { try $0.double() })
            }
            var segments: [NamedSegment] = []
            if let b = m["boundaries"] {
                guard case .mapping(let raw) = b.node else { throw b.error("expected a mapping of boundary names to { from, to }, { path }, { circle } or { rounded_rect }") }
                var names: Set<String> = []   // asked only; segments keep the file's order
                for (k, node) in raw {
                    let key = try YAMLValue(node: k, path: b.path, context: b.context)
                    let name = try key.string()
                    if name == "bounds" { throw key.error("\"bounds\" names the reference bounds; choose another name") }
                    if !names.insert(name).inserted { throw key.error("boundary \"\(name)\" is defined twice") }
                    segments += try decodeBoundary(try b.child(node, name), name: name)
                    if segments.count > limits.maxBoundaryEdges {
                        throw key.error("collision boundaries of more than \(limits.maxBoundaryEdges) edges, over the limit (--max-boundary-edges): Box2D keeps a proxy for each (a path, circle or rounded rect is made of straight edges)")
                    }
                }
            }
            return .collision(items: try items(m),
                              mode: try m["mode"]?.oneOf(CollisionMode.self, [.items, .boundaries, .everything]) ?? .everything,
                              bounds: try m["bounds"]?.bool() ?? true, insets: insets, boundaries: segments)
        case "attachment":
            let m = try v.mapping(allowed: ["item", "to", "length", "frequency", "damping", "offset", "to_offset",
                                            "kind", "anchor", "axis", "range", "friction_torque"])
            let itemValue = try m.require("item")
            let item = try references.check(itemValue)
            let toValue = try m.require("to")
            let target: AttachTarget
            if case .sequence = toValue.node { target = .point(try toValue.point()) } else {
                let other = try references.check(toValue)
                if other == item { throw toValue.error("an item cannot be attached to itself") }
                target = .item(other)
            }
            guard case .attachment(var spec) = BehaviorSpec.attachment(
                item: item, to: target, length: try m["length"]?.double(min: 0),
                frequency: try m["frequency"]?.double(min: 0, max: Self.maxFrequency) ?? 0,
                damping: try m["damping"]?.double(in: BehaviorValues.attachmentDamping) ?? 0,
                offset: try m["offset"]?.point() ?? .zero,
                toOffset: try m["to_offset"]?.point() ?? .zero) else { throw v.error("not an attachment") }
            try decodeAttachmentKind(m, into: &spec)
            return .attachment(spec)
        case "snap":
            let m = try v.mapping(allowed: ["item", "to", "damping"])
            return .snap(item: try references.check(try m.require("item")), to: try m.require("to").point(),
                         damping: try m["damping"]?.double(in: BehaviorValues.snapDamping) ?? 0.5)
        case "push":
            let m = try v.mapping(allowed: ["items", "item", "mode", "angle", "magnitude", "direction", "offset"])
            let names: [String]
            if m["item"] != nil {
                if m["items"] != nil { throw try m.require("item").error("give `item` or `items`, not both") }
                names = [try references.check(try m.require("item"))]
            } else { names = try items(m) }
            return .push(items: names,
                         mode: try m["mode"]?.oneOf(PushMode.self, [.continuous, .instantaneous]) ?? .continuous,
                         vector: try directionVector(m, defaultAngle: 0, defaultMagnitude: 0) ?? .zero,
                         offset: try m["offset"]?.point() ?? .zero)
        case "item":
            let (names, props) = try decodeProperties(v, allowItems: true, references: references)
            return .item(items: names, properties: props)
        case "field":
            return .field(try decodeField(v, items: { try items($0) }))
        case "composite":
            let m = try v.mapping(allowed: ["behaviors"])
            let children = try m.require("behaviors").list().map { try decodeBehavior($0, references: references).0 }
            return .composite(children)
        default:
            throw v.error("unknown behavior \"\(kind)\"")
        }
    }

    /// `direction: [x, y]` (a vector whose length is the magnitude unless `magnitude` is given)
    /// or `angle` (degrees, 90 = down) with `magnitude`.
    func directionVector(_ m: YAMLMapping, defaultAngle: Double?, defaultMagnitude: Double = 1) throws -> Vec2? {
        let magnitude = try m["magnitude"]?.double(in: BehaviorValues.magnitude)
        if let d = m["direction"] {
            if let a = m["angle"] { throw a.error("give `direction` or `angle`, not both") }
            let dir = try d.point()
            guard let mag = magnitude else { return dir }
            let len = dir.length
            guard len > 0 else { throw d.error("a direction of length 0 has no angle; use `magnitude: 0` instead") }
            return dir / len * mag
        }
        if let a = m["angle"] {
            let angle = try a.double().degreesToRadians
            return Vec2(cos(angle), sin(angle)) * (magnitude ?? defaultMagnitude)
        }
        if let angle = defaultAngle { return Vec2(cos(angle), sin(angle)) * (magnitude ?? defaultMagnitude) }
        if let mag = magnitude { return Vec2(0, 1) * mag }
        return nil
    }

    func decodeProperties(_ v: YAMLValue, allowItems: Bool, references: ItemReferences? = nil) throws -> ([String], ItemProperties) {
        var keys = ["elasticity", "friction", "density", "resistance", "angular_resistance", "allows_rotation", "anchored", "charge"]
        if allowItems { keys.insert("items", at: 0) }
        let m = try v.mapping(allowed: keys)
        var names: [String] = []
        if allowItems, let refs = references {
            names = try m.require("items").list().map { try refs.check($0) }
        }
        var p = ItemProperties()
        p.elasticity = try m["elasticity"]?.double(min: 0, max: 1)
        p.friction = try m["friction"]?.double(min: 0, max: 100)
        p.density = try m["density"]?.double(above: 0, max: 1e6)
        p.resistance = try m["resistance"]?.double(min: 0, max: 1e4)
        p.angularResistance = try m["angular_resistance"]?.double(min: 0, max: 1e4)
        p.allowsRotation = try m["allows_rotation"]?.bool()
        p.anchored = try m["anchored"]?.bool()
        p.charge = try m["charge"]?.double(min: -1e6, max: 1e6)
        return (names, p)
    }
}
