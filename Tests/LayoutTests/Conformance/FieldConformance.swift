import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringyTestSupport

/// docs/CONFORMANCE.md's UIFieldBehavior rows. Apple documents each field's parameters (strength
/// 1, falloff 0, an infinite region by default) but not its units; DYNAMICS.md's formulas are
/// Springy's, chosen to agree with UIKit's other behaviors, and each row holds Springy to the
/// closed form of its own documented formula.
enum FieldConformance {
    static func n(_ v: Double) -> String { ConformanceRow.n(v) }
    static func e(_ v: Double) -> String { ConformanceRow.e(v) }
    static let area = "UIKit fields"
    static let units = "Apple, UIFieldBehavior (no units published); DYNAMICS.md's formula"

    /// One 20 × 20 pt item (mass 0.04) at `at`, without resistance, in `field`, with `script`.
    static func states(
        at: String = "[300, 300]", field: String, charge: Double = 0, duration: Double, script: String = "  []"
    ) throws -> [ItemState] {
        try frames(fieldScene(at: at, field: field, charge: charge, duration: duration, script: script)).map { item($0, "p")! }
    }

    /// The velocity after the first step: the acceleration the field gave, times h.
    static func firstKick(_ s: [ItemState]) -> Vec2 { s[1].velocity * 120 }

    static func rows() throws -> [ConformanceRow] {
        var rows: [ConformanceRow] = []
        func row(_ claim: String, _ expected: String, _ measured: String, _ error: Double, _ tolerance: Double, _ unit: String) {
            rows.append(
                ConformanceRow(
                    area: area, claim: claim, source: units, expected: expected, measured: measured, error: error,
                    tolerance: tolerance, unit: unit))
        }
        // linearGravityField: strength 0.5 along [1, 0] — 500 pt/s², integrated as Box2D does.
        let linear = try states(field: "{ kind: linear_gravity, items: [p], direction: [1, 0], strength: 0.5 }", duration: 0.5)
        let drift = linear.enumerated().map { k, s in
            abs(s.center.x - 300 - 500 * (1.0 / 14400) * Double(k) * Double(k + 1) / 2)
        }.max()!
        row(
            "linearGravityField, strength 0.5 along (1, 0): A × 1000 pt/s²", "500·h²·n(n+1)/2",
            "max distance \(e(drift)) pt over 0.5 s", drift, 0.02, "pt")
        // radialGravityField with falloff 2 at r = 100: A = strength / r² toward the position.
        let radial = firstKick(
            try states(
                field: "{ kind: radial_gravity, items: [p], position: [200, 300], strength: 1000, falloff: 2 }", duration: 0.1))
        let falloff = abs(-radial.x / (1000 * 1000 / 10000) - 1) + abs(radial.y) / 100
        row(
            "radialGravityField, strength 1000, falloff 2, at r = 100 pt: A = strength / r²", "100 pt/s² toward the position",
            "\(n(-radial.x)) pt/s²", falloff, 1e-3, "")
        // An orbit: v = √(1000·A·r) keeps r = 100 round a radial field of strength 1.
        let v = (1000.0 * 100).squareRoot()
        let orbit = try states(
            field: "{ kind: radial_gravity, items: [p], position: [200, 300] }", duration: 2,
            script: "  - { at: 0, add_velocity: { item: p, linear: [0, \(v)] } }")
        let radius = orbit.map { abs($0.center.distance(to: Vec2(200, 300)) - 100) }.max()!
        row(
            "radialGravityField: a circular orbit at r = 100 pt with v = √(1000·A·r), over one period", "r = 100 pt",
            "max distance \(e(radius)) pt", radius, 1.5, "pt")
        // vortexField: A × 1000 pt/s² perpendicular to the offset (an item right of it is pushed up).
        let vortex = firstKick(
            try states(field: "{ kind: vortex, items: [p], position: [200, 300], strength: 0.2 }", duration: 0.1))
        let turn = abs(-vortex.y / 200 - 1) + abs(vortex.x) / 200
        row(
            "vortexField, strength 0.2: A × 1000 pt/s² across the offset", "200 pt/s² up", "\(n(-vortex.y)) pt/s² up", turn, 1e-3,
            "")
        // springField: period 2π/√(100·strength/m); strength 0.04·(2π)²/100 gives 1 Hz on mass 0.04.
        let strength = 0.04 * pow(2 * .pi, 2) / 100
        let ys = try states(
            at: "[300, 350]", field: "{ kind: spring, items: [p], position: [300, 300], strength: \(strength) }", duration: 4
        ).map { $0.center.y - 300 }
        let period = periodAndDecay(extremes(ys, dt: 1.0 / 120), halves: 6)
        let periodError = abs((period?.period ?? 0) - 1)
        row(
            "springField: the period for strength 0.04·(2π)²/100 on mass 0.04", "1 s (2π/√(100·strength/m))",
            "\(n(period?.period ?? 0)) s", periodError, 0.01, "s")
        // dragField: v ← v(1 − γh) each step, γ = strength/m.
        let drag = try states(
            at: "[100, 300]", field: "{ kind: drag, items: [p], strength: 0.08 }", duration: 1,
            script: "  - { at: 0, add_velocity: { item: p, linear: [400, 0] } }")
        let decay = drag.enumerated().dropFirst().map { k, s in abs(s.velocity.x / (400 * pow(1 - 2.0 / 120, Double(k))) - 1) }
            .max()!
        row(
            "dragField, strength 0.08 on mass 0.04: the speed over 1 s", "v₀(1 − γh)^n, γ = 2/s", "relative error \(e(decay))",
            decay, 1e-3, "")
        // electricField: A·q newtons away from the position: 100·A·q/m pt/s².
        let electric = firstKick(
            try states(field: "{ kind: electric, items: [p], position: [200, 300], strength: 0.01 }", charge: 2, duration: 0.1))
        let charge = abs(electric.x / 50 - 1) + abs(electric.y) / 50
        row(
            "electricField, strength 0.01, charge 2, mass 0.04: 100·A·q/m away", "50 pt/s² away", "\(n(electric.x)) pt/s²",
            charge, 1e-3, "")
        // magneticField: a charge turns on a circle of radius v·m/(A·q) and keeps its speed.
        let magnetic = try states(
            field: "{ kind: magnetic, items: [p], strength: 0.08 }", charge: 1, duration: 4,
            script: "  - { at: 0, add_velocity: { item: p, linear: [100, 0] } }")
        let xs = magnetic.map(\.center.x), yx = magnetic.map(\.center.y)
        let circle = max(abs(xs.max()! - xs.min()! - 100), abs(yx.max()! - yx.min()! - 100))
        let speed = magnetic.dropFirst().map { abs($0.velocity.length - 100) }.max()!
        row(
            "magneticField: the circle's diameter, 2·v·m/(A·q), v 100 pt/s", "100 pt", "max distance \(e(circle)) pt", circle, 1,
            "pt")
        row("magneticField: the speed is kept", "100 pt/s", "max distance \(e(speed)) pt/s", speed, 1e-3, "pt/s")
        // A region: outside it the field does nothing.
        let outside = try states(
            field: "{ kind: linear_gravity, items: [p], position: [0, 0], region: { circle: 100 } }", duration: 0.5)
        let moved = outside.map { $0.center.distance(to: Vec2(300, 300)) }.max()!
        rows.append(
            ConformanceRow(
                area: area, claim: "a field's region: an item outside it feels nothing",
                source: "Apple, UIFieldBehavior.region", expected: "0 pt", measured: "moved \(e(moved)) pt", error: moved,
                tolerance: 1e-9, unit: "pt"))
        rows.append(
            .choice(
                area, "noiseField and turbulenceField's noise",
                "value noise, 20 pt cells at smoothness 0 to 500 pt at 1, seeded by the scene (same seed, same motion)",
                source: "Apple publishes no noise function"))
        return rows
    }
}
