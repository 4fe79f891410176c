import CBox2D
import Foundation
import SpringyCore
import SpringyFrame
import SpringyYAML

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
    package var problem: String? {
        if abs(strength) > 1e6 { return "strength \(strength) is outside -1e6…1e6" }
        if falloff < 0 || falloff > 10 { return "falloff \(falloff) is outside 0…10" }
        if minimumRadius <= 0 || minimumRadius > 1e6 { return "minimumRadius \(minimumRadius) must be above 0 and at most 1e6" }
        if smoothness < 0 || smoothness > 1 { return "smoothness \(smoothness) is outside 0…1" }
        if animationSpeed < 0 || animationSpeed > 1000 { return "animationSpeed \(animationSpeed) is outside 0…1000" }
        switch region {
        case .infinite: return nil
        case .circle(let r): return r <= 0 || r > 1e6 ? "the region's radius \(r) must be above 0 and at most 1e6" : nil
        case .rect(let size): return size.width < 0 || size.height < 0 ? "the region's size must not be negative" : nil
        }
    }
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

// Read from a scene: its declaration, and a script's `set` on it (BehaviorReading).

extension FieldSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .field(try decodeField(m, items: { try r.items($0) }))
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

// UIFieldBehavior: each step, every active field pushes the items it holds (FieldForce), while
// they are in its region; a velocity field sets their velocity instead, "overriding any other
// acceleration forces currently on the item" (Apple): for that step the item feels no gravity,
// push, other field or resistance — joints and contacts still hold it.

extension FieldSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws {
        for item in items { animator.wake(item) }
    }
    func removed(from animator: Animator) {}
    func changed(in animator: Animator, slot s: Int, from old: FieldSpec) throws {}
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }

    /// One step's force on each of its items at `time` s (not on items a velocity field holds).
    func apply(in animator: Animator, time: Double, held: VelocityHolds) {
        let f = self
        guard f.kind != .velocity else { return }
        for id in f.items {
            guard let i = animator.bodyIndex[id], !animator.bodies[i].removed, let s = animator.state(of: id) else { continue }
            if held.holds(i) { continue }
            let handle = animator.bodies[i].handle
            if f.kind == .magnetic {
                // The Lorentz force turns the velocity without changing its speed: applied as that
                // exact rotation (ω = strength·q/m per second), so a charge circles without gaining speed.
                guard
                    let w = FieldForce.cyclotron(
                        f, center: s.center, mass: animator.bodies[i].mass, charge: animator.bodies[i].properties.charge ?? 0),
                    w != 0
                else { continue }
                let v = s.velocity.rotated(by: -w * animator.h)
                sb_body_set_velocity(animator.world, handle, animator.metres(v.x), animator.metres(v.y), Float(s.angularVelocity))
                sb_body_set_awake(animator.world, handle, 1)
                continue
            }
            guard
                let force = FieldForce.force(
                    f, center: s.center, velocity: s.velocity, mass: animator.bodies[i].mass,
                    charge: animator.bodies[i].properties.charge ?? 0, time: time),
                force != .zero
            else { continue }
            let at = animator.metres(s.center)
            sb_body_apply_force(animator.world, handle, Float(force.x), Float(force.y), at.0, at.1)
            sb_body_set_awake(animator.world, handle, 1)
        }
    }
}

/// The bodies velocity fields hold during one step, by body index, each with the velocity it is
/// set to (the last such field's, in the order they were added).
struct VelocityHolds {
    private var velocities: [Vec2?] = []

    init(_ animator: Animator) {
        for slot in animator.registry.slots where slot.active {
            guard case .field(let f) = slot.spec, f.kind == .velocity else { continue }
            for id in f.items {
                guard let i = animator.bodyIndex[id], !animator.bodies[i].removed, let s = animator.state(of: id),
                    let v = FieldForce.velocity(f, center: s.center)
                else { continue }
                if velocities.isEmpty { velocities = [Vec2?](repeating: nil, count: animator.bodies.count) }
                velocities[i] = v
            }
        }
    }

    /// Whether body `i` is held this step (nothing else may accelerate it).
    func holds(_ i: Int) -> Bool { !velocities.isEmpty && velocities[i] != nil }

    /// Sets each held body's velocity and takes away, for this step, what would accelerate it
    /// besides: world gravity (gravity scale 0) and resistance (linear damping 0).
    func hold(in animator: Animator) {
        for (i, v) in velocities.enumerated() {
            guard let v else { continue }
            let world = animator.world, handle = animator.bodies[i].handle
            sb_body_set_velocity(world, handle, animator.metres(v.x), animator.metres(v.y), animator.rawState(handle).w)
            sb_body_set_gravity_scale(world, handle, 0)
            sb_body_set_damping(world, handle, 0, Float(animator.bodies[i].properties.angularResistance ?? 0.1))
            sb_body_set_awake(world, handle, 1)
        }
    }

    /// Gives held bodies back their gravity and resistance after the step.
    func release(in animator: Animator) {
        for (i, v) in velocities.enumerated() where v != nil {
            let b = animator.bodies[i], p = b.properties
            sb_body_set_gravity_scale(animator.world, b.handle, b.gravityIsWorld ? 1 : 0)
            sb_body_set_damping(animator.world, b.handle, Float(p.resistance ?? 0.1), Float(p.angularResistance ?? 0.1))
        }
    }
}

extension Animator {
    func applyFields(held: VelocityHolds) {
        guard registry.slots.contains(where: { if case .field = $0.spec { return $0.active } else { return false } }) else {
            return
        }
        let time = Double(stepCount) * h
        for slot in registry.slots where slot.active {
            if case .field(let f) = slot.spec { f.apply(in: self, time: time, held: held) }
        }
    }
}

extension FieldSpec {
    /// `field: { kind, items, position, strength, falloff, minimum_radius, direction,
    /// smoothness, animation_speed, region, seed }` (UIFieldBehavior).
    static func decodeField(_ m: YAMLMapping, items: (YAMLMapping) throws -> [String]) throws -> FieldSpec {
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
