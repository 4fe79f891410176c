import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// UIFieldBehavior against closed forms: orbits, spring periods, drag decay, cyclotron circles.
final class FieldBehaviorTests: XCTestCase {
    func one(
        at: String = "[300, 300]", field: String, charge: Double = 0, duration: Double = 3, fps: Int = 120,
        script: String = "  []"
    ) -> String {
        fieldScene(at: at, field: field, charge: charge, duration: duration, fps: fps, script: script)
    }

    func centers(_ yaml: String) throws -> [Vec2] { try frames(yaml).map { item($0, "p")!.center } }

    func testARadialGravityFieldHoldsACircularOrbit() throws {
        // 1000 pt/s² toward (200, 300) at r = 100: v = √(a r) = 316.2 pt/s, period 2πr/v = 1.987 s.
        let v = (1000.0 * 100).squareRoot()
        let c = try centers(
            one(
                field: "{ kind: radial_gravity, items: [p], position: [200, 300] }",
                script: "  - { at: 0, add_velocity: { item: p, linear: [0, \(v)] } }"))
        let radii = c.map { $0.distance(to: Vec2(200, 300)) }
        XCTAssertEqual(radii.min()!, 100, accuracy: 1.5)
        XCTAssertEqual(radii.max()!, 100, accuracy: 1.5)
        // Back where it started after one period (frame 238 at 120 fps).
        let period = 2 * .pi * 100 / v
        XCTAssertEqual(c[Int((period * 120).rounded())].distance(to: Vec2(300, 300)), 0, accuracy: 5)
    }

    func testASpringFieldOscillatesAtItsPeriod() throws {
        // F = −strength · d newtons per point: ω² = 100 · strength / m. strength 0.04·(2π)²/100 → 1 Hz.
        let strength = 0.04 * pow(2 * .pi, 2) / 100
        let ys = try centers(
            one(at: "[300, 350]", field: "{ kind: spring, items: [p], position: [300, 300], strength: \(strength) }", duration: 4)
        )
        .map { $0.y - 300 }
        let e = extremes(ys, dt: 1.0 / 120)
        let m = try XCTUnwrap(periodAndDecay(e, halves: 6))
        XCTAssertEqual(m.period, 1, accuracy: 0.01)
        XCTAssertEqual(m.ratio, 1, accuracy: 0.02, "no damping")
    }

    func testADragFieldDecaysVelocityExponentially() throws {
        // F = −strength · v / 100 N: v(t) = v₀ e^(−(strength/m) t); strength 0.08 on 0.04 → 2/s.
        let f = try frames(
            one(
                at: "[100, 300]", field: "{ kind: drag, items: [p], strength: 0.08 }", duration: 1.2,
                script: "  - { at: 0, add_velocity: { item: p, linear: [400, 0] } }"))
        // Box2D integrates the force step by step: v ← v (1 − γh) exactly, within 2 % of the continuous decay by 1 s.
        for (frame, t) in [(60, 0.5), (120, 1.0)] {
            let v = item(f[frame], "p")!.velocity.x
            XCTAssertEqual(v, 400 * pow(1 - 2.0 / 120, Double(frame)), accuracy: 1e-3 * v, "t \(t)")
            XCTAssertEqual(v, 400 * exp(-2 * t), accuracy: 400 * exp(-2 * t) * 0.02, "t \(t)")
        }
    }

    func testAMagneticFieldTurnsAChargeOnACircle() throws {
        // F = strength · q · (v × z) / 100: ω = strength·q/m, r = v·m/(strength·q) = 100·0.04/(0.08·1) = 50 pt.
        let c = try centers(
            one(
                field: "{ kind: magnetic, items: [p], strength: 0.08 }", charge: 1, duration: 4,
                script: "  - { at: 0, add_velocity: { item: p, linear: [100, 0] } }"))
        let xs = c.map(\.x), ys = c.map(\.y)
        XCTAssertEqual(xs.max()! - xs.min()!, 100, accuracy: 1, "a circle of diameter 2r")
        XCTAssertEqual(ys.max()! - ys.min()!, 100, accuracy: 1)
        XCTAssertEqual(
            try frames(
                one(
                    field: "{ kind: magnetic, items: [p], strength: 0.08 }", charge: 1, duration: 4,
                    script: "  - { at: 0, add_velocity: { item: p, linear: [100, 0] } }")
            ).last.map { item($0, "p")!.velocity.length } ?? 0,
            100, accuracy: 1e-3, "the speed is kept")
        let uncharged = try centers(
            one(
                field: "{ kind: magnetic, items: [p], strength: 0.08 }", duration: 0.5,
                script: "  - { at: 0, add_velocity: { item: p, linear: [100, 0] } }"))
        XCTAssertEqual(uncharged.last!.y, 300, accuracy: 1e-6, "no charge, no force")
    }

    func testRegionsVelocityFieldsAndSeededNoise() throws {
        let outside = try centers(
            one(field: "{ kind: linear_gravity, items: [p], position: [0, 0], region: { circle: 100 } }", duration: 0.5))
        XCTAssertEqual(outside.last!, Vec2(300, 300), "outside the region nothing acts")
        let inside = try centers(
            one(field: "{ kind: linear_gravity, items: [p], position: [300, 300], region: { rect: [100, 400] } }", duration: 0.2))
        XCTAssertGreaterThan(inside.last!.y, 310)
        let conveyor = try frames(one(field: "{ kind: velocity, items: [p], direction: [1, 0], strength: 150 }", duration: 0.5))
        XCTAssertEqual(item(conveyor[30], "p")!.velocity.x, 150, accuracy: 1e-3)
        // Apple: velocity fields "apply their velocity to the item, overriding any other
        // acceleration forces currently on the item" — gravity, a push, resistance and another
        // field included (issue 30, item 5: with gravity it moved at 108.3 pt/s, not 100).
        let overridden = try frames(
            scene(
                600, 600, time: "fps: 60, duration: 0.5",
                """
                items:
                  p: { center: [100, 300], size: [20, 20] }
                behaviors:
                  - gravity: { items: [p] }
                  - push: { items: [p], mode: continuous, angle: 90, magnitude: 0.5 }
                  - field: { kind: linear_gravity, items: [p], direction: [1, 0], strength: 3 }
                  - field: { kind: velocity, items: [p], direction: [0, 1], strength: 100 }
                """))
        for f in overridden.dropFirst() {
            let v = item(f, "p")!.velocity
            XCTAssertEqual(v.x, 0, accuracy: 1e-3, "frame \(f.frame)")
            XCTAssertEqual(v.y, 100, accuracy: 1e-3, "frame \(f.frame)")
        }
        let last = overridden.last!
        XCTAssertEqual(item(last, "p")!.center.y - 300, 100 * last.time, accuracy: 0.01, "the position follows the field alone")
        // Out of the field's region the other forces act again.
        let leaving = try frames(
            scene(
                600, 600, time: "fps: 60, duration: 1",
                """
                items:
                  p: { center: [300, 100], size: [20, 20] }
                behaviors:
                  - gravity: { items: [p] }
                  - field: { kind: velocity, items: [p], direction: [0, 1], strength: 100, position: [300, 100], region: { circle: 30 } }
                """))
        XCTAssertGreaterThan(item(leaving.last!, "p")!.velocity.y, 200, "gravity again outside the region")
        func noisy(_ seed: Int) throws -> [Vec2] {
            try centers(
                one(
                    field: "{ kind: noise, items: [p], strength: 0.05, smoothness: 0.5, animation_speed: 1, seed: \(seed) }",
                    duration: 1))
        }
        XCTAssertEqual(try noisy(7), try noisy(7), "the same seed, the same motion")
        XCTAssertNotEqual(try noisy(7).last!, try noisy(8).last!)
        XCTAssertNotEqual(try noisy(7).last!, Vec2(300, 300))
    }

    /// UIRegion's edge is inside: a point at exactly the radius, or on a rectangle's side, is
    /// in the region; the least step past it is not.
    func testARegionsEdgeIsInside() {
        let circle = FieldRegion.circle(radius: 5)
        XCTAssertTrue(circle.contains(Vec2(3, 4)), "at the radius")
        XCTAssertFalse(circle.contains(Vec2(3, 4.0.nextUp)))
        let rect = FieldRegion.rect(Size2(10, 4))
        for edge in [Vec2(5, 0), Vec2(-5, 0), Vec2(0, 2), Vec2(0, -2), Vec2(5, 2)] {
            XCTAssertTrue(rect.contains(edge), "\(edge) on the side")
        }
        for past in [Vec2(5.0.nextUp, 0), Vec2(-5.0.nextUp, 0), Vec2(0, 2.0.nextUp), Vec2(0, -2.0.nextUp)] {
            XCTAssertFalse(rect.contains(past), "\(past) past the side")
        }
        XCTAssertTrue(FieldRegion.infinite.contains(Vec2(1e300, -1e300)))
    }

    func testBadFieldsAreLocatedErrors() {
        for (field, fragment) in [
            ("{ kind: sideways, items: [p] }", "vortex"),
            ("{ kind: radial_gravity, items: [p], direction: [1, 0] }", "acts from its position"),
            ("{ kind: spring, items: [p], smoothness: 0.5 }", "noise or turbulence"),
            ("{ kind: drag, items: [p], region: { square: 3 } }", "circle"),
            ("{ kind: drag, items: [q] }", "no item named"),
        ] {
            let why = refusal(one(field: field), file: "f.yaml")
            XCTAssertTrue(why?.contains(fragment) == true, why ?? "accepted")
            XCTAssertTrue(why?.hasPrefix("f.yaml:8:") == true, why ?? "")
        }
    }
}
