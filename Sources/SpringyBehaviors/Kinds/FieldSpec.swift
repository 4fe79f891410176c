import Foundation
import SpringyCore

/// UIFieldBehavior's kinds.
// swift-format-ignore: AlwaysUseLowerCamelCase
// (cases are the scene file's spelling)
package enum FieldKind: String, Sendable, CaseIterable {
    case linear_gravity, radial_gravity, spring, drag, velocity, noise, turbulence, electric, magnetic, vortex
}

/// UIRegion: where a field acts, centred on its position.
package enum FieldRegion: Sendable, Equatable {
    case infinite
    case circle(radius: Double)
    case rect(Size2)

    package func contains(_ offset: Vec2) -> Bool {
        switch self {
        case .infinite: return true
        case .circle(let r): return offset.length <= r
        case .rect(let s): return abs(offset.x) <= s.width / 2 && abs(offset.y) <= s.height / 2
        }
    }
}

/// UIFieldBehavior (iOS 9) with UIKit's defaults: strength 1, falloff 0 (uniform), a very
/// small minimum radius, the infinite region. Units (DYNAMICS.md, "Fields"): gravity-like
/// fields accelerate at strength × 1000 pt/s² (UIGravityBehavior's unit); the others exert
/// UIKit newtons (1 N moves a 100 × 100 pt item of density 1 at 100 pt/s²).
package struct FieldSpec: BehaviorKindSpec {
    package var kind: FieldKind
    package var items: [String]
    package var position: Vec2
    package var strength: Double = 1
    package var falloff: Double = 0
    package var minimumRadius: Double = 0.01
    /// linear_gravity and velocity fields: the direction vector (its length counts).
    package var direction: Vec2 = Vec2(0, 1)
    /// noise and turbulence: 0 (noisy) to 1 (smooth), and how fast the noise changes.
    package var smoothness: Double = 0
    package var animationSpeed: Double = 0
    package var region: FieldRegion = .infinite
    /// noise and turbulence: the seed of their random field (the scene's, so runs repeat).
    package var seed: UInt64 = 0
    package init(kind: FieldKind, items: [String], position: Vec2) {
        self.kind = kind; self.items = items; self.position = position
    }

    package static var kind: BehaviorKind { .field }
    package static var uikitName: String { "UIFieldBehavior" }
    static let strength = SceneKey(
        "strength", "number", range: -1e6...1e6, default: "1",
        "how strong (gravity-like fields: 1 = 1000 pt/s²; others UIKit newtons, DYNAMICS.md)")
    static let position = SceneKey("position", "[x, y]", unit: "pt", default: "[0, 0]", "where the field is centred")
    static let direction = SceneKey(
        "direction", "[x, y]", default: "[0, 1]", "linear_gravity and velocity fields: the vector (its length counts)")
    package static let keys = KeyTable(
        "behaviors[].field",
        [
            SceneKey(
                "kind", FieldKind.allCases.map(\.rawValue).joined(separator: " | "), default: "required", "which UIFieldBehavior"),
            CommonKeys.items, position, strength,
            SceneKey("falloff", "number", range: 0...10, default: "0", "strength falls as 1 / distance^falloff"),
            SceneKey(
                "minimum_radius", "number", range: 0...1e6, lowerOpen: true, unit: "pt", default: "0.01",
                "falloff stops growing inside this"),
            direction,
            SceneKey("smoothness", "number", range: 0...1, default: "0", "noise and turbulence: 0 noisy … 1 smooth"),
            SceneKey(
                "animation_speed", "number", range: 0...1000, default: "0", "noise and turbulence: how fast the noise changes"),
            SceneKey(
                "region", "infinite | { circle: r } | { rect: [w, h] }", default: "infinite",
                "where it acts, centred on its position"),
            SceneKey("seed", "whole number", range: 0...9.2e18, default: "0", "noise and turbulence: the random field's seed"),
        ])
    /// `region`, when not `infinite`: one of the two shapes.
    package static let regionKeys = KeyTable(
        "behaviors[].field.region",
        [
            SceneKey("circle", "number", range: 0...1e6, lowerOpen: true, unit: "pt", default: "", "a circle of this radius"),
            SceneKey("rect", "[w, h]", unit: "pt", default: "", "a rectangle of this size"),
        ])
    package static var partKeys: [KeyTable] { [regionKeys] }
    package static let setKeys = setTable([
        strength, strength.named("magnitude", "the same as `strength`"), direction.named("direction"),
        position.named("position"), position.named("anchor", "the same as `position`"),
    ])
    package var behavior: BehaviorSpec { .field(self) }
    package var referencedItems: [String] { items }
    package func withItems(_ items: [String]) -> FieldSpec? { var f = self; f.items = items; return f }
    package func setting(_ p: BehaviorParameter) -> FieldSpec? {
        var f = self
        switch (p.key, p.value) {
        case ("magnitude", .number(let m)): f.strength = m
        case ("direction", .point(let d)): f.direction = d
        case ("anchor", .point(let point)): f.position = point
        default: return nil  // open set: other kinds' keys
        }
        return f
    }
}

/// The force (or, for a velocity field, the velocity) a field gives one item, from plain
/// values: all positions in points, velocities in pt/s, mass in kg (UIKit's), time in s.
package enum FieldForce {
    package static let gravityUnit = 1000.0  // pt/s² per unit of strength
    package static let newton = 100.0  // pt/s² that 1 N gives a mass of 1

    /// The field's pull at a distance: 1 / max(r, minimumRadius)^falloff (1 with no falloff).
    static func attenuation(_ f: FieldSpec, _ r: Double) -> Double {
        f.falloff == 0 ? 1 : 1 / pow(max(r, f.minimumRadius), f.falloff)
    }

    /// The force on an item in newtons (pt-based: acceleration × mass / 100), or nil outside the region.
    package static func force(_ f: FieldSpec, center: Vec2, velocity: Vec2, mass: Double, charge: Double, time: Double) -> Vec2? {
        let d = center - f.position
        guard f.region.contains(d) else { return nil }
        let r = d.length
        let toward = r > 0 ? d / (-r) : .zero
        let k = f.strength * attenuation(f, r)
        switch f.kind {
        case .linear_gravity: return f.direction * (k * gravityUnit * mass / newton)
        case .radial_gravity: return toward * (k * gravityUnit * mass / newton)
        case .vortex: return Vec2(-toward.y, toward.x) * (k * gravityUnit * mass / newton)
        case .spring: return d * (-f.strength)  // N per pt of displacement
        case .drag: return velocity * (-f.strength / newton)  // N per (100 pt/s)
        case .electric: return toward * (-k * charge)  // like charges repel
        case .magnetic: return Vec2(velocity.y, -velocity.x) * (k * charge / newton)
        case .noise: return noise(f, at: center, time: time) * k
        case .turbulence: return noise(f, at: center, time: time) * (k * velocity.length / newton)
        case .velocity: return nil
        }
    }

    /// A magnetic field's turning rate for a charge (rad/s): strength · attenuation · q / m, nil outside the region.
    package static func cyclotron(_ f: FieldSpec, center: Vec2, mass: Double, charge: Double) -> Double? {
        let d = center - f.position
        guard f.kind == .magnetic, f.region.contains(d), mass > 0 else { return nil }
        return f.strength * attenuation(f, d.length) * charge / mass
    }

    /// A velocity field's velocity for an item at `center` (pt/s), nil outside the region.
    package static func velocity(_ f: FieldSpec, center: Vec2) -> Vec2? {
        guard f.kind == .velocity, f.region.contains(center - f.position) else { return nil }
        return f.direction * f.strength
    }

    /// A smooth random vector field in [−1, 1]²: value noise on a lattice whose cell is
    /// 20 pt at smoothness 0 and 500 pt at 1, moving `animationSpeed` cells per second.
    package static func noise(_ f: FieldSpec, at p: Vec2, time: Double) -> Vec2 {
        let cell = 20 + 480 * min(max(f.smoothness, 0), 1)
        let x = p.x / cell, y = p.y / cell, z = time * f.animationSpeed
        let x0 = floor(x), y0 = floor(y), z0 = floor(z)
        func fade(_ t: Double) -> Double { t * t * (3 - 2 * t) }
        let u = fade(x - x0), v = fade(y - y0), w = fade(z - z0)
        func corner(_ i: Double, _ j: Double, _ k: Double, _ axis: UInt64) -> Double {
            var h = f.seed &+ axis &* 0x9E37_79B9_7F4A_7C15
            for c in [i, j, k] { h = (h ^ UInt64(bitPattern: Int64(c))) &* 0xBF58_476D_1CE4_E5B9; h ^= h >> 31 }
            return Double(h >> 11) / Double(1 << 53) * 2 - 1
        }
        func sample(_ axis: UInt64) -> Double {
            func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
            let c00 = lerp(corner(x0, y0, z0, axis), corner(x0 + 1, y0, z0, axis), u)
            let c10 = lerp(corner(x0, y0 + 1, z0, axis), corner(x0 + 1, y0 + 1, z0, axis), u)
            let c01 = lerp(corner(x0, y0, z0 + 1, axis), corner(x0 + 1, y0, z0 + 1, axis), u)
            let c11 = lerp(corner(x0, y0 + 1, z0 + 1, axis), corner(x0 + 1, y0 + 1, z0 + 1, axis), u)
            return lerp(lerp(c00, c10, v), lerp(c01, c11, v), w)
        }
        return Vec2(sample(1), sample(2))
    }
}
