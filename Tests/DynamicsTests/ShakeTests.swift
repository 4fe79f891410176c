import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringyTestSupport
import XCTest

/// `shake`: the device moves back and forth, its acceleration A·g·cos(2πft) (CMDeviceMotion's
/// userAcceleration), and each free view is pushed the other way by its mass times it, as the
/// contents of a shaken box. A view that nothing else moves then follows the device's offset
/// the other way: x(t) = x₀ − P(1 − cos 2πft), P = A·g/(2πf)², at speed −(A·g/2πf)·sin 2πft,
/// and is back, still, after each whole shake.
final class ShakeTests: XCTestCase {
    static let start = 0.5

    func text(_ shake: String, size: String = "[40, 40]", duration: Double = 3) -> String {
        scene(
            375, 667, time: "fps: 120, duration: \(duration)",
            """
            defaults: { resistance: 0, angular_resistance: 0 }
            items:
              box: { center: [187.5, 333.5], size: \(size) }
              other: { center: [80, 120], size: [100, 60] }
            script:
              - { at: \(Self.start), shake: { \(shake) } }
            """)
    }

    func testAFreeViewFollowsTheDevicesOffsetTheOtherWayAndEndsWhereItBegan() throws {
        let a = 2.0, f = 1.0, w = 2 * Double.pi * f
        let p = a * 1000 / (w * w)  // 50.7 pt
        let states = try frames(text("amplitude: \(a), frequency: \(f), count: 2"))
        for state in states {
            let box = try XCTUnwrap(item(state, "box"))
            let local = state.time - Self.start
            let expectedX = local <= 0 ? 187.5 : local >= 2 ? 187.5 : 187.5 - p * (1 - cos(w * local))
            let expectedV = local <= 0 || local >= 2 ? 0 : -(a * 1000 / w) * sin(w * local)
            XCTAssertEqual(box.center.x, expectedX, accuracy: 1.5, "x at \(state.time) s")
            XCTAssertEqual(box.velocity.x, expectedV, accuracy: 4, "vx at \(state.time) s")
            XCTAssertEqual(box.center.y, 333.5, accuracy: 1e-3, "along its line only")
        }
        // Every view alike, whatever its mass: the push is its mass times the acceleration.
        let last = try XCTUnwrap(states.last)
        XCTAssertEqual(try XCTUnwrap(item(last, "other")).center.x, 80, accuracy: 1.5)
        XCTAssertEqual(try XCTUnwrap(item(last, "box")).velocity.length, 0, accuracy: 0.5, "still after whole shakes")
    }

    func testTheLineItShakesAlongIsItsAngle() throws {
        let states = try frames(text("amplitude: 1, frequency: 2, count: 1, angle: 90", duration: 1.5))
        let quarter = try XCTUnwrap(states.first { abs($0.time - (Self.start + 0.25)) < 1e-9 })
        let box = try XCTUnwrap(item(quarter, "box"))
        // Half a shake in: the device is P·2 along +y, the view as far the other way.
        let p = 1000 / pow(2 * Double.pi * 2, 2)
        XCTAssertEqual(box.center.y, 333.5 - 2 * p, accuracy: 0.5)
        XCTAssertEqual(box.center.x, 187.5, accuracy: 1e-3)
    }

    func testItsKeysAreItsTable() {
        for (value, message) in [
            ("amplitude: 0", "must be greater than 0"), ("amplitude: 10.5", "must be at most 10"),
            ("frequency: 0", "must be greater than 0"), ("frequency: 31", "must be at most 30"),
            ("count: 0", "must be at least 1"), ("count: 101", "must be at most 100"),
            ("count: 1.5", "expected a whole number"), ("angle: 361", "must be at most 360"),
            ("strength: 2", "unknown key \"strength\""),
        ] {
            let r = refusal(text(value))
            XCTAssertTrue(r?.contains("script[0].shake") ?? false, "\(value): \(r ?? "accepted")")
            XCTAssertTrue(r?.contains(message) ?? false, "\(value): \(r ?? "accepted")")
        }
        // The edges themselves are taken.
        for value in ["amplitude: 10", "frequency: 30", "count: 1", "count: 100", "angle: 360", "angle: -360"] {
            XCTAssertNil(refusal(text(value)), value)
        }
    }

    func testItShakesFromItsStartForItsWholePeriodsOnly() {
        let shake = ShakeMotion(amplitude: 1, frequency: 2, count: 3, angle: 0)
        XCTAssertEqual(shake.duration, 1.5)
        XCTAssertEqual(shake.acceleration(at: 0), Vec2(1000, 0), "from its first instant")
        XCTAssertEqual(shake.acceleration(at: -Double.leastNonzeroMagnitude), .zero)
        XCTAssertEqual(shake.acceleration(at: 1.5.nextDown).x, 1000, accuracy: 1e-6, "to its last")
        XCTAssertEqual(shake.acceleration(at: 1.5), .zero, "and not after")
        XCTAssertEqual(shake.acceleration(at: 0.25).x, -1000, accuracy: 1e-9, "half a shake in: the other way")
    }

    func testItEndsAndTheSceneComesToRest() throws {
        // An anchored view takes no push: nothing moves, and once the shake has ended no input
        // remains — the frames say the scene is at rest. Without free views it ends at once.
        let anchored = scene(
            375, 667, time: "fps: 60, duration: 1.5",
            """
            items:
              box: { center: [187.5, 333.5], size: [40, 40] }
            behaviors:
              - item: { items: [box], anchored: true }
            script:
              - { at: 0.2, shake: { amplitude: 1, frequency: 2, count: 1 } }
            """)
        let states = try frames(anchored)
        for s in states where s.time > 0.2 && s.time < 0.7 { XCTAssertFalse(s.atRest, "shaking at \(s.time) s") }
        for s in states where s.time > 0.72 { XCTAssertTrue(s.atRest, "ended by \(s.time) s") }
        let list = scene(
            375, 667, time: "fps: 60, duration: 0.5",
            """
            collection:
              layout: { kind: list, row_height: 44 }
              sections: [{ items: 3 }]
            script:
              - { at: 0.1, shake: { amplitude: 1, frequency: 2, count: 1 } }
            """)
        XCTAssertTrue(try XCTUnwrap(try frames(list).last).atRest, "no free views: nothing to shake")
    }
}
