import Foundation
import SpringyCore
import SpringyTestSupport
import XCTest

/// `tilt`: the device turns and every gravity behavior follows (DYNAMICS.md, "Device tilt"),
/// checked against the fixed-step integration Box2D does (semi-implicit Euler at 1/120 s).
final class TiltTests: XCTestCase {
    func sceneText(magnitude: Double, tilt: String, duration: Double = 1) -> String {
        scene(
            2000, 2000, time: "fps: 60, duration: \(duration)",
            """
            items:
              box: { center: [1000, 1000], size: [40, 40] }
            behaviors:
              - gravity: { items: [box], magnitude: \(magnitude) }
              - item: { items: [box], resistance: 0, angular_resistance: 0, allows_rotation: false }
            script:
              - { at: 0, tilt: \(tilt) }
            """)
    }

    /// The same steps by hand: gravity at the device's angle at the end of each step.
    func expected(frames: Int, g: Double, angle: (Double) -> Double) -> [Vec2] {
        let h = 1.0 / 120
        var v = Vec2.zero, x = Vec2(1000, 1000)
        var out = [x]
        for n in 0..<(frames - 1) * 2 {
            let theta = angle(Double(n + 1) * h)
            v = v + Vec2(sin(theta), cos(theta)) * (g * h)
            x = x + v * h
            if n % 2 == 1 { out.append(x) }
        }
        return out
    }

    func testATiltAtOnceTurnsGravityToTheSide() throws {
        let states = try frames(sceneText(magnitude: 1, tilt: "{ angle: 90, duration: 0 }", duration: 0.5))
        let box = try states.map { try XCTUnwrap($0.items.first { $0.id == "box" }) }
        // The last frame (29, at 29/60 s) is 58 steps in: x = g h² n(n+1)/2 = 1000 · 58 · 59 / 2 / 14400
        // = 118.819 pt to the right; no fall.
        XCTAssertEqual(states.count, 30)
        XCTAssertEqual(box.last!.center.x - 1000, 1000.0 * 58 * 59 / 2 / 14400, accuracy: 0.01)
        XCTAssertEqual(box.last!.center.y, 1000, accuracy: 0.01)
    }

    func testASteadyTurnFollowsTheDeviceStepByStepAndKeepsTheMagnitude() throws {
        let states = try frames(sceneText(magnitude: 0.5, tilt: "{ angle: -60, duration: 0.8 }"))
        let want = expected(frames: states.count, g: 500) { t in -Double.pi / 3 * min(1, t / 0.8) }
        for (k, state) in states.enumerated() {
            let box = try XCTUnwrap(state.items.first { $0.id == "box" })
            XCTAssertEqual(box.center.x, want[k].x, accuracy: 0.02, "frame \(k)")
            XCTAssertEqual(box.center.y, want[k].y, accuracy: 0.02, "frame \(k)")
        }
        // Turned anticlockwise: gravity pulls to the left as well as down.
        XCTAssertLessThan(states.last!.items[0].center.x, 1000 - 50)
    }

    func testTiltsChainFromWhereTheLastLeftTheDevice() throws {
        let text = sceneText(magnitude: 1, tilt: "{ angle: 90, duration: 0 }", duration: 0.5)
            .replacingOccurrences(
                of: "  - { at: 0, tilt: { angle: 90, duration: 0 } }",
                with: "  - { at: 0, tilt: { angle: 90, duration: 0 } }\n  - { at: 0.25, tilt: { angle: 180, duration: 0 } }")
        let states = try frames(text)
        let want = expected(frames: states.count, g: 1000) { t in t <= 0.25 + 1e-9 ? Double.pi / 2 : Double.pi }
        let box = try XCTUnwrap(states.last!.items.first { $0.id == "box" })
        XCTAssertEqual(box.center.x, want.last!.x, accuracy: 0.02)
        XCTAssertEqual(box.center.y, want.last!.y, accuracy: 0.02, "upside down: gravity pulls up the screen")
        XCTAssertLessThan(box.center.y, 1000)
    }

    /// An item that has settled (Box2D puts it to sleep after 0.5 s at rest) moves when the device
    /// turns: a gravity behavior's new direction wakes the bodies (Animator.applyGravity), as
    /// UIKit's animator resumes.
    func testASettledItemRollsWhenTheDeviceTurns() throws {
        let text = scene(
            300, 300, time: "fps: 30, duration: 4",
            """
            items:
              box: { center: [150, 200], size: [40, 40] }
            behaviors:
              - gravity: { items: [box] }
              - collision: { items: [box] }
            script:
              - { at: 3, tilt: { angle: 90, duration: 0 } }
            """)
        let states = try frames(text)
        let before = try XCTUnwrap(states[88].items.first).center, after = try XCTUnwrap(states.last?.items.first).center
        XCTAssertEqual(
            try XCTUnwrap(states[60].items.first).center.x, before.x, accuracy: 1e-9, "at rest on the floor before the tilt")
        XCTAssertGreaterThan(after.x - before.x, 20, "the turned gravity moves it toward the right edge")
    }

    func testTheKeysAreTheTables() {
        let bad = refusal(sceneText(magnitude: 1, tilt: "{ angle: 5000 }"))
        XCTAssertTrue(bad?.contains("script[0].tilt.angle: must be at most 3600") ?? false, bad ?? "accepted")
        let unknown = refusal(sceneText(magnitude: 1, tilt: "{ angel: 30 }"))
        XCTAssertTrue(unknown?.contains("did you mean \"angle\"") ?? false, unknown ?? "accepted")
        XCTAssertNil(refusal(sceneText(magnitude: 1, tilt: "{ angle: 30 }")))
    }
}
