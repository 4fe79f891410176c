import SpringyCore
import SpringyDynamics
import SpringyScene
import XCTest

/// Issue 44, item 8: script defaults scripts/mutate's whole-product sample found unguarded
/// (ScriptDecoding's push without `mode`, a pinch of rotation only), each with the case one
/// step past it.
final class ScriptDefaultsTests: XCTestCase {
    func scene(_ events: [String]) throws -> Scene {
        try decodedScene(
            "items:\n  a: { center: [100, 100], size: [40, 40] }\nscript:\n"
                + events.map { "  - \($0)" }.joined(separator: "\n"), width: 300, height: 300)
    }

    /// A script's push is a tap's flick: instantaneous unless it says `mode`.
    func testAScriptPushIsInstantaneousUnlessItSaysItsMode() throws {
        let s = try scene([
            "{ at: 0.1, push: { item: a, angle: 0, magnitude: 1 } }",
            "{ at: 0.2, push: { item: a, angle: 0, magnitude: 1, mode: continuous } }",
            "{ at: 0.3, push: { item: a, angle: 0, magnitude: 1, mode: instantaneous } }",
        ])
        let modes: [PushMode] = s.script.compactMap {
            if case .addBehavior(.push(let p)) = $0.action { return p.mode }
            return nil
        }
        XCTAssertEqual(modes, [.instantaneous, .continuous, .instantaneous])
    }

    /// A pinch needs a scale, a rotation or both: rotation alone is a pinch that turns.
    func testAPinchOfRotationAloneIsAPinchAndOfNeitherIsRefused() throws {
        let s = try scene(["{ at: 0.1, pinch: { center: [100, 100], rotation: 45, duration: 0.3 } }"])
        guard case .gesture(let g) = s.script.first?.action, let p = g as? PinchGesture else { return XCTFail("\(s.script)") }
        XCTAssertEqual(p.scale, 1)
        XCTAssertEqual(p.rotation, Double.pi / 4, accuracy: 1e-12)
        XCTAssertThrowsError(try scene(["{ at: 0.1, pinch: { center: [100, 100], duration: 0.3 } }"])) {
            XCTAssertTrue("\($0)".contains("a pinch needs `scale`, `rotation` or both"), "\($0)")
        }
        XCTAssertNoThrow(try scene(["{ at: 0.1, pinch: { center: [100, 100], scale: 2, duration: 0.3 } }"]))
    }

    /// A finger's release velocity is at most 100000 pt/s each way: the bound itself is taken,
    /// on either axis, and half a point past it is refused.
    func testAReleaseVelocityUpToItsBoundOnEachAxis() throws {
        for v in ["[100000, 0]", "[0, 100000]", "[-100000, -100000]"] {
            XCTAssertNoThrow(
                try scene(["{ at: 0.1, pan: { from: [100, 100], to: [100, 200], duration: 0.1, velocity: \(v) } }"]), v)
        }
        for v in ["[100000.5, 0]", "[0, 100000.5]"] {
            XCTAssertThrowsError(
                try scene(["{ at: 0.1, pan: { from: [100, 100], to: [100, 200], duration: 0.1, velocity: \(v) } }"]), v
            ) { XCTAssertTrue("\($0)".contains("at most 100000 pt/s each way"), "\($0)") }
        }
    }
}
