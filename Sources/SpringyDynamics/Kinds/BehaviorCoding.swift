import Foundation
import SpringyCore
import SpringyYAML

/// How a behavior kind is read from a scene: its declaration and a script's `set` on it, each
/// from the kind's key tables, in the kind's own file (Kinds/<Kind>Spec.swift). The scene
/// decoder reaches them only through `BehaviorReading`.
protocol BehaviorCoding: BehaviorKindSpec {
    /// The body of `- <kind>: { ... }`, already checked against `keys`.
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec
    /// A `set` on this kind: its parameters, from keys already checked against `setKeys`.
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter]
}

/// What a scene's behaviors are read with: the scene's check of the items they name, and its
/// limits. The scene decoder makes one; each kind's `decode` reads its items through it.
package struct BehaviorReading {
    /// The item a value names, checked against the scene's views and cells (located errors).
    let check: (YAMLValue) throws -> String
    /// The most edges a collision's boundaries may have (--max-boundary-edges).
    let maxBoundaryEdges: Int

    package init(maxBoundaryEdges: Int, check: @escaping (YAMLValue) throws -> String) {
        self.check = check; self.maxBoundaryEdges = maxBoundaryEdges
    }

    func item(_ value: YAMLValue) throws -> String { try check(value) }

    /// `items: [..]`, each an item of the scene, none twice.
    func items(_ m: YAMLMapping, _ key: String = "items") throws -> [String] {
        var names: [String] = []
        for e in try m.require(key).list() {
            let n = try check(e)
            if names.contains(n) { throw e.error("\"\(n)\" is listed twice") }
            names.append(n)
        }
        return names
    }

    /// One `- kind: { ... }` entry, and the value of its kind's key.
    package func behavior(_ entry: YAMLValue) throws -> (BehaviorSpec, YAMLValue) {
        let m = try entry.mapping(allowed: BehaviorKind.names)
        guard m.entries.count == 1, let (name, _, body) = m.entries.first, let kind = BehaviorKind(rawValue: name) else {
            throw entry.error(
                "each behavior is one of \(BehaviorKind.names.joined(separator: ", ")), written `- gravity: { ... }`")
        }
        return (try behavior(kind, body), body)
    }

    /// The body of a behavior of kind `kind`.
    package func behavior(_ kind: BehaviorKind, _ v: YAMLValue) throws -> BehaviorSpec {
        let coding = kind.coding
        return try coding.decode(try v.mapping(coding.keys), self)
    }

    /// A script's `set` on a behavior of kind `kind`: its parameters.
    package static func parameters(_ kind: BehaviorKind, _ v: YAMLValue) throws -> [BehaviorParameter] {
        try kind.coding.parameters(try v.mapping(kind.spec.setKeys))
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
    package static func properties(_ m: YAMLMapping) throws -> ItemProperties {
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
