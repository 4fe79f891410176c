import Foundation
import SpringyBehaviors
import SpringyCore

/// The scene part of a behavior kind: decoding its declaration and a script's `set` on it, each
/// from the kind's key table (SpringyBehaviors/Kinds). One conformance per kind, below.
protocol BehaviorCoding: BehaviorKindSpec {
    /// The body of `- <kind>: { ... }`, already checked against `keys`.
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec
    /// A `set` on this kind: its parameters, from keys already checked against `setKeys`.
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter]
}

/// What a behavior's decoder reads items and nested behaviors with.
struct BehaviorReading {
    let decoder: BehaviorDecoder
    let references: ItemReferences

    func item(_ value: YAMLValue) throws -> String { try references.check(value) }

    /// `items: [..]`, each an item of the scene, none twice.
    func items(_ m: YAMLMapping, _ key: String = "items") throws -> [String] {
        var names: [String] = []
        for e in try m.require(key).list() {
            let n = try references.check(e)
            if names.contains(n) { throw e.error("\"\(n)\" is listed twice") }
            names.append(n)
        }
        return names
    }
}

extension BehaviorDecoder {
    static var behaviorKinds: [String] { BehaviorKind.names }

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
        guard m.entries.count == 1, let (name, _, body) = m.entries.first, let kind = BehaviorKind(rawValue: name) else {
            throw entry.error(
                "each behavior is one of \(Self.behaviorKinds.joined(separator: ", ")), written `- gravity: { ... }`")
        }
        return (try decodeBehavior(kind, body, references: references), body)
    }

    func decodeBehavior(_ kind: BehaviorKind, _ v: YAMLValue, references: ItemReferences) throws -> BehaviorSpec {
        let coding = kind.coding
        return try coding.decode(try v.mapping(coding.keys), BehaviorReading(decoder: self, references: references))
    }

    /// `direction: [x, y]` (a vector whose length is the magnitude unless `magnitude` is given)
    /// or `angle` (degrees, 90 = down) with `magnitude`.
    static func directionVector(_ m: YAMLMapping, defaultAngle: Double?, defaultMagnitude: Double = 1) throws -> Vec2? {
        let magnitude = try m["magnitude"]?.double(in: VectorKeys.magnitudeRange)
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

    /// The item properties of `m` (an `item` behavior, `defaults` or a `set`), by their table.
    static func properties(_ m: YAMLMapping) throws -> ItemProperties {
        let t = ItemProperties.keys
        var p = ItemProperties()
        p.elasticity = try m["elasticity"]?.double(t["elasticity"])
        p.friction = try m["friction"]?.double(t["friction"])
        p.density = try m["density"]?.double(t["density"])
        p.resistance = try m["resistance"]?.double(t["resistance"])
        p.angularResistance = try m["angular_resistance"]?.double(t["angular_resistance"])
        p.allowsRotation = try m["allows_rotation"]?.bool()
        p.anchored = try m["anchored"]?.bool()
        p.charge = try m["charge"]?.double(t["charge"])
        return p
    }

    /// `magnitude`, `angle` and `direction` as a `set` gives them to gravity and push.
    static func vectorParameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        try m.entries.compactMap { key, _, value in
            switch key {
            case "magnitude": return .magnitude(try value.double(in: VectorKeys.magnitudeRange))
            case "angle": return .angle(try value.double().degreesToRadians)
            case "direction": return .direction(try value.point())
            default: return nil  // open set: keys in the file
            }
        }
    }
}

extension GravitySpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .gravity(items: try r.items(m), vector: try BehaviorDecoder.directionVector(m, defaultAngle: nil) ?? Vec2(0, 1))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] { try BehaviorDecoder.vectorParameters(m) }
}

extension PushSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        let names: [String]
        if let one = m["item"] {
            if m["items"] != nil { throw one.error("give `item` or `items`, not both") }
            names = [try r.item(one)]
        } else {
            names = try r.items(m)
        }
        return .push(
            items: names, mode: try m["mode"]?.oneOf(PushMode.self, [.continuous, .instantaneous]) ?? .continuous,
            vector: try BehaviorDecoder.directionVector(m, defaultAngle: 0, defaultMagnitude: 0) ?? .zero,
            offset: try m["offset"]?.point() ?? .zero)
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        try BehaviorDecoder.vectorParameters(m) + (try m["active"].map { [.active(try $0.bool())] } ?? [])
    }
}

extension SnapSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .snap(
            item: try r.item(try m.require("item")), to: try m.require("to").point(),
            damping: try m["damping"]?.double(keys["damping"]) ?? 0.5)
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        var out: [BehaviorParameter] = []
        for (key, _, value) in m.entries {
            if key == "to" { out.append(.snapPoint(try value.point())) }
            if key == "damping" { out.append(.damping(try value.double(setKeys["damping"]))) }
        }
        return out
    }
}

extension ItemBehaviorSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .item(items: try r.items(m), properties: try BehaviorDecoder.properties(m))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        m.entries.contains { $0.0 != "behavior" } ? [.properties(try BehaviorDecoder.properties(m))] : []
    }
}

extension CompositeSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .composite(try m.require("behaviors").list().map { try r.decoder.decodeBehavior($0, references: r.references).0 })
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] { [] }
}

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
        try r.decoder.decodeAttachmentKind(m, into: &spec)
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

extension FieldSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .field(try r.decoder.decodeField(m, items: { try r.items($0) }))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        var out: [BehaviorParameter] = []
        for (key, _, value) in m.entries {
            switch key {
            case "strength", "magnitude": out.append(.magnitude(try value.double(setKeys[key])))
            case "direction": out.append(.direction(try value.point()))
            case "position", "anchor": out.append(.anchor(try value.point()))
            default: break  // open set: keys in the file
            }
        }
        return out
    }
}

extension CollisionSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        var insets = EdgeInsets.zero
        if let x = m["insets"] {
            let l = try x.list()
            guard l.count == 4 else { throw x.error("expected [top, left, bottom, right]") }
            insets = EdgeInsets(try l.map { try $0.double() })
        }
        return .collision(
            items: try r.items(m),
            mode: try m["mode"]?.oneOf(CollisionMode.self, [.items, .boundaries, .everything]) ?? .everything,
            bounds: try m["bounds"]?.bool() ?? true, insets: insets,
            boundaries: try m["boundaries"].map { try r.decoder.decodeBoundaries($0) } ?? [])
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] { [] }
}

extension BehaviorDecoder {
    /// `boundaries: { name: { from, to } | { path } | { circle } | { rounded_rect } }`, in file order.
    func decodeBoundaries(_ b: YAMLValue) throws -> [NamedSegment] {
        guard case .mapping(let raw) = b.node else {
            throw b.error("expected a mapping of boundary names to { from, to }, { path }, { circle } or { rounded_rect }")
        }
        var segments: [NamedSegment] = []
        var names: Set<String> = []  // asked only; segments keep the file's order
        for (k, node) in raw {
            let key = try YAMLValue(node: k, path: b.path, context: b.context)
            let name = try key.string()
            if name == "bounds" { throw key.error("\"bounds\" names the reference bounds; choose another name") }
            if !names.insert(name).inserted { throw key.error("boundary \"\(name)\" is defined twice") }
            segments += try decodeBoundary(try b.child(node, name), name: name)
            if segments.count > limits.maxBoundaryEdges {
                throw key.error(
                    "collision boundaries of more than \(limits.maxBoundaryEdges) edges, over the limit (--max-boundary-edges): Box2D keeps a proxy for each (a path, circle or rounded rect is made of straight edges)"
                )
            }
        }
        return segments
    }
}

extension StickyCornersSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .stickyCorners(
            StickyCornersSpec(
                item: try r.item(try m.require("item")), inset: try m["inset"]?.double(keys["inset"]) ?? 16,
                strength: try m["strength"]?.double(keys["strength"]) ?? 1))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        try m["inset"].map { [.inset(try $0.double(setKeys["inset"]))] } ?? []
    }
}
