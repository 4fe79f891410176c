import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringyTestSupport

/// docs/CONFORMANCE.md's UIKit Dynamics rows: gravity, push, item properties, collision, snap
/// and every attachment kind, each against Apple's number or its closed form.
enum DynamicsConformance {
    static func n(_ v: Double) -> String { ConformanceRow.n(v) }
    static func e(_ v: Double) -> String { ConformanceRow.e(v) }
    static let area = "UIKit Dynamics"

    static func rows() throws -> [ConformanceRow] {
        var rows: [ConformanceRow] = []
        // Free fall: Box2D's semi-implicit Euler at 1/120 s, resistance 0.
        let fall = try frames(
            scene(
                300, 2000, time: "fps: 60, duration: 1",
                items: ["box: { center: [150, 100], size: [20, 20] }"],
                behaviors: ["gravity: { items: [box] }", "item: { items: [box], resistance: 0 }"]))
        var euler = 0.0
        for f in fall {
            let steps = Double(Int((f.time * 120).rounded()))
            let expected = 100 + 1000 * (1.0 / 14400) * steps * (steps + 1) / 2
            euler = max(euler, abs(item(f, "box")!.center.y - expected))
        }
        rows.append(
            ConformanceRow(
                area: "UIKit Dynamics", claim: "UIGravityBehavior magnitude 1 = 1000 pt/s², integrated as Box2D does",
                source: "Apple, UIGravityBehavior.magnitude; semi-implicit Euler g·h²·n(n+1)/2",
                expected: "the discrete closed form", measured: "max distance \(e(euler)) pt over 1 s",
                error: euler, tolerance: 0.02, unit: "pt"))
        let continuous = abs((item(fall.last!, "box")!.center.y - 100) / (0.5 * 1000 * pow(fall.last!.time, 2)) - 1)
        rows.append(
            ConformanceRow(
                area: "UIKit Dynamics", claim: "free fall against ½gt² (the step's own error)", source: "Newton",
                expected: "½gt²", measured: "\(n(continuous * 100)) % at \(n(fall.last!.time)) s", error: continuous,
                tolerance: 0.02, unit: ""))
        // An attachment spring: period and decay against frequency and damping.
        let f = 1.5, z = 0.2
        let swing = try frames(
            scene(
                600, 800, time: "fps: 120, duration: 3",
                items: ["p: { center: [300, 500], size: [20, 20] }"],
                behaviors: [
                    "attachment: { item: p, to: [300, 300], length: 100, frequency: \(f), damping: \(z) }",
                    "item: { items: [p], resistance: 0, allows_rotation: false }",
                ]))
        let ys = swing.map { item($0, "p")!.center.y - 400 }  // from its rest, 100 pt below the anchor
        let errs = springErrors(extremes(ys, dt: 1.0 / 120), frequency: f, zeta: z, halves: 4)
        let period = abs(errs?.period ?? 1), decay = abs(errs?.decay ?? 1)
        rows.append(
            ConformanceRow(
                area: "UIKit Dynamics", claim: "UIAttachmentBehavior spring: period (frequency 1.5 Hz, damping 0.2)",
                source: "Apple, frequency and damping; T = 1/(f√(1−ζ²))", expected: "the damped period",
                measured: "relative error \(e(period))", error: period, tolerance: 0.01, unit: ""))
        rows.append(
            ConformanceRow(
                area: "UIKit Dynamics", claim: "UIAttachmentBehavior spring: decay per period", source: "e^(−2πζ/√(1−ζ²))",
                expected: "the closed form", measured: "relative error \(e(decay))", error: decay, tolerance: 0.02, unit: ""))
        // A velocity field with gravity on: the field's velocity, exactly.
        let held = try frames(
            scene(
                600, 600, time: "fps: 60, duration: 0.5",
                items: ["p: { center: [100, 300], size: [20, 20] }"],
                behaviors: ["gravity: { items: [p] }", "field: { kind: velocity, items: [p], direction: [0, 1], strength: 100 }"])
        )
        let speed = held.dropFirst().map { abs(item($0, "p")!.velocity.y - 100) }.max() ?? 1
        rows.append(
            ConformanceRow(
                area: "UIKit Dynamics", claim: "velocityField overrides other accelerations (gravity on)",
                source: "Apple, UIFieldBehavior.velocityField(direction:)", expected: "100 pt/s",
                measured: "max distance \(e(speed)) pt/s", error: speed, tolerance: 1e-3, unit: "pt/s"))
        rows.append(
            ConformanceRow(
                area: "UIKit Dynamics", claim: "the solver", source: "UIKit Dynamics runs on Box2D (WWDC 2013, 206)",
                expected: "Springy's choice", measured: "Box2D 2.4, 100 pt per metre, 1/120 s, 8/3 iterations",
                error: nil, tolerance: nil, unit: ""))
        return rows
    }

    /// One item's states over a run of `body` in a `width` × `height` view.
    static func track(
        _ id: String, _ width: Double = 600, _ height: Double = 600, fps: Int = 120, duration: Double, _ body: String
    ) throws -> [ItemState] {
        try frames(scene(width, height, time: "fps: \(fps), duration: \(duration)", body)).map { item($0, id)! }
    }

    /// Push, the item properties, gravity's direction and collision.
    static func forceRows() throws -> [ConformanceRow] {
        var rows: [ConformanceRow] = []
        // UIPushBehavior: "a continuous force vector with a magnitude of 1.0, applied to a 100 point
        // x 100 point view whose density value is 1.0, results in view acceleration of 100 points / second²".
        let pushed = try track(
            "box", 4000, 400, duration: 1.01,
            """
            items:
              box: { center: [200, 200], size: [100, 100] }
            behaviors:
              - push: { items: [box], mode: continuous, angle: 0, magnitude: 1 }
              - item: { items: [box], resistance: 0 }
            """)
        let push = [30, 60, 120].map { abs(pushed[$0].velocity.x / (Double($0) / 120) / 100 - 1) }.max()!
        rows.append(
            ConformanceRow(
                area: area, claim: "continuous push, magnitude 1 on a 100 × 100 pt view of density 1",
                source: "Apple, UIPushBehavior: \"results in view acceleration of 100 points / second²\"",
                expected: "100 pt/s²", measured: "relative error \(e(push))", error: push, tolerance: 1e-3, unit: ""))
        // An instantaneous push on a 100 × 50 pt view of density 2 (mass 1): Δv = 100 · 0.6 / 1 pt/s.
        let kicked = try track(
            "box", 4000, 400, duration: 0.5,
            """
            items:
              box: { center: [200, 200], size: [100, 50] }
            behaviors:
              - push: { items: [box], mode: instantaneous, angle: 0, magnitude: 0.6 }
              - item: { items: [box], resistance: 0, density: 2 }
            """)
        let kick = kicked.dropFirst().map { abs($0.velocity.x / 60 - 1) }.max()!
        rows.append(
            ConformanceRow(
                area: area, claim: "instantaneous push: Δv = 100 × magnitude / mass, mass = density × area / 10 000 pt²",
                source:
                    "inferred from Apple's continuous push (UIPushBehavior: 100 pt/s² per unit of magnitude on a 100 × 100 pt view of density 1, UIDynamicItemBehavior.density), applied as one change of velocity",
                expected: "60 pt/s (magnitude 0.6, 100 × 50 pt, density 2)", measured: "relative error \(e(kick))",
                error: kick, tolerance: 1e-3, unit: ""))
        // Gravity at 30°, magnitude 0.5: 500 pt/s² along (cos 30°, sin 30°), as Box2D integrates it.
        let fell = try track(
            "box", 2000, 2000, duration: 0.5,
            """
            items:
              box: { center: [100, 100], size: [20, 20] }
            behaviors:
              - gravity: { items: [box], angle: 30, magnitude: 0.5 }
              - item: { items: [box], resistance: 0 }
            """)
        var slope = 0.0
        for (k, s) in fell.enumerated() {
            let steps = Double(k)  // one frame is one step at 120 fps
            let along = 500 * (1.0 / 14400) * steps * (steps + 1) / 2
            let expected = Vec2(100 + along * cos(Double.pi / 6), 100 + along * sin(Double.pi / 6))
            slope = max(slope, s.center.distance(to: expected))
        }
        rows.append(
            ConformanceRow(
                area: area, claim: "UIGravityBehavior angle 30°, magnitude 0.5: 500 pt/s² along the angle",
                source: "Apple, UIGravityBehavior.angle and magnitude (1.0 = 1000 pt/s²)",
                expected: "the discrete closed form", measured: "max distance \(e(slope)) pt over 0.5 s", error: slope,
                tolerance: 0.02, unit: "pt"))
        // Resistance and angular resistance: Box2D's damping, v ← v / (1 + h·c) every step.
        let damped = try track(
            "box", 4000, 600, duration: 1,
            """
            items:
              box: { center: [200, 300], size: [40, 40] }
            behaviors:
              - item: { items: [box], resistance: 2, angular_resistance: 3 }
            script:
              - { at: 0, add_velocity: { item: box, linear: [400, 0], angular: 90 } }
            """)
        var resistance = 0.0, turned = 0.0, omega = 90.0
        for (k, s) in damped.enumerated().dropFirst() {
            resistance = max(resistance, abs(s.velocity.x / (400 * pow(1 + 2.0 / 120, -Double(k))) - 1))
            omega /= 1 + 3.0 / 120
            turned += omega / 120
            resistance = max(resistance, abs(s.angle.radiansToDegrees / turned - 1))
        }
        rows.append(
            ConformanceRow(
                area: area, claim: "resistance 2 and angular resistance 3: velocities divided by 1 + h·c each step",
                source: "Apple, UIDynamicItemBehavior.resistance / angularResistance (damping); Box2D's b2Body damping",
                expected: "v₀(1 + h·c)^(−n), ω₀(1 + h·c)^(−n)", measured: "relative error \(e(resistance))",
                error: resistance, tolerance: 1e-4, unit: ""))
        // Elasticity: 1 keeps the speed through a bounce, 0 stops the item at the wall.
        func bounce(_ elasticity: Double) throws -> (Double, Double) {
            let v = try track(
                "ball", 400, 400, duration: 1,
                """
                items:
                  ball: { center: [200, 200], size: [40, 40] }
                behaviors:
                  - push: { items: [ball], mode: instantaneous, angle: 0, magnitude: 0.64 }
                  - collision: { items: [ball], mode: boundaries }
                  - item: { items: [ball], resistance: 0, elasticity: \(elasticity), friction: 0 }
                """
            ).map(\.velocity.x)
            // Just before it meets the right wall, and two steps after it turned.
            guard let moving = v.firstIndex(where: { $0 > 300 }), let turn = v[moving...].firstIndex(where: { $0 < 300 }),
                turn + 2 < v.count
            else { return (0, .infinity) }
            return (v[turn - 1], v[turn + 2])
        }
        let elastic = try bounce(1), dead = try bounce(0)
        let kept = abs(-elastic.1 / elastic.0 - 1)
        rows.append(
            ConformanceRow(
                area: area, claim: "elasticity 1: the speed after a bounce off a boundary (400 pt/s)",
                source: "Apple, UIDynamicItemBehavior.elasticity: 1.0 is a fully elastic collision",
                expected: "the speed before", measured: "\(n(-elastic.1)) pt/s after \(n(elastic.0))", error: kept,
                tolerance: 0.02, unit: ""))
        rows.append(
            ConformanceRow(
                area: area, claim: "elasticity 0: no bounce", source: "Apple, UIDynamicItemBehavior.elasticity",
                expected: "0 pt/s", measured: "\(n(dead.1)) pt/s after \(n(dead.0))", error: abs(dead.1), tolerance: 1,
                unit: "pt/s"))
        // Friction: a box sliding on the floor under gravity slows at μ·g (Coulomb).
        let slid = try track(
            "box", 2000, 400, duration: 1,
            """
            items:
              box: { center: [100, 379], size: [40, 40] }
            behaviors:
              - gravity: { items: [box] }
              - collision: { items: [box], mode: boundaries }
              - item: { items: [box], resistance: 0, friction: 0.5, elasticity: 0, allows_rotation: false }
            script:
              - { at: 0.2, add_velocity: { item: box, linear: [400, 0] } }
            """)
        // From 0.25 s to 0.75 s: the speed falls by μ·g·t = 500 × 0.5 = 250 pt/s.
        let drop = slid[30].velocity.x - slid[90].velocity.x
        let friction = abs(drop / 250 - 1)
        rows.append(
            ConformanceRow(
                area: area, claim: "friction 0.5: a box sliding on a boundary slows at μg (500 pt/s²)",
                source:
                    "Apple, UIDynamicItemBehavior.friction; Coulomb friction (Box2D mixes √(μ₁μ₂), a boundary takes the item's)",
                expected: "250 pt/s lost over 0.5 s", measured: "\(n(drop)) pt/s", error: friction, tolerance: 0.01, unit: ""))
        // Collision with the bounds: eight items thrown hard stay inside.
        let names = (0..<8).map { "b\($0)" }
        let thrown = try frames(
            scene(
                400, 400, time: "fps: 120, duration: 2",
                """
                items:
                \((0..<8).map { "  b\($0): { center: [\(60 + 40 * $0), \(80 + 30 * ($0 % 3))], size: [30, 30] }" }.joined(separator: "\n"))
                behaviors:
                  - gravity: { items: [\(names.joined(separator: ", "))], magnitude: 2 }
                  - collision: { items: [\(names.joined(separator: ", "))] }
                script:
                \((0..<8).map { "  - { at: 0, add_velocity: { item: b\($0), linear: [\(2000 - 500 * $0), -1500] } }" }.joined(separator: "\n"))
                """))
        func outside(_ f: FrameState) -> Double {
            f.items.map { s -> Double in
                let r = max(s.size.width, s.size.height) / 2 * (abs(cos(s.angle)) + abs(sin(s.angle)))
                return max(0, -(s.center.x - r), s.center.x + r - 400, -(s.center.y - r), s.center.y + r - 400)
            }.max() ?? 0
        }
        let impact = thrown.map(outside).max()!, settled = outside(thrown.last!)
        rows.append(
            ConformanceRow(
                area: area,
                claim: "UICollisionBehavior with the reference bounds: eight items thrown at up to 2500 pt/s, at rest",
                source: "Apple, translatesReferenceBoundsIntoBoundary; Box2D's linear slop (0.5 pt)",
                expected: "inside, within the slop", measured: "at most \(n(settled)) pt outside", error: settled,
                tolerance: 0.5, unit: "pt"))
        rows.append(
            ConformanceRow(
                area: area, claim: "the same items during their impacts",
                source: "Box2D corrects an overlap over several steps (Box2D 2.4, b2_baumgarte 0.2)",
                expected: "inside, within 2 pt", measured: "at most \(n(impact)) pt outside", error: impact, tolerance: 2,
                unit: "pt"))
        return rows
    }
}
