import Foundation
import SpringyCore
import SpringyTestSupport
import XCTest

/// iOS's own springs by name: each token's duration is CASpringAnimation's settlingDuration of
/// its spring, and the switch's track durations are UIKit's duration solver at ζ = 1.
final class MotionTokenTests: XCTestCase {
    func testEachTokensDurationIsCoreAnimationsSettlingOfItsSpring() {
        XCTAssertEqual(MotionToken.all.count, 7)
        for token in MotionToken.all where token.name != "ios.keyboard" {
            guard let duration = token.duration else { continue }
            // CASpringAnimation's rule written out: ln((1 + |ζω₀|/ω_d)/ε)/(ζω₀) for ζ < 1; the
            // exact crossing of (1 + ω₀t)e^(−ω₀t) = ε at ζ = 1.
            let w = (token.spring.stiffness / token.spring.mass).squareRoot()
            let z = token.spring.damping / (2 * (token.spring.stiffness * token.spring.mass).squareRoot())
            let settle: Double
            if z < 1 - 1e-6 {
                settle = log((1 + z * w / (w * (1 - z * z).squareRoot())) / 0.001) / (z * w)
            } else {
                var lo = 0.0, hi = 100 / w
                for _ in 0..<200 {
                    let mid = (lo + hi) / 2
                    if (1 + w * mid) * exp(-w * mid) > 0.001 { lo = mid } else { hi = mid }
                }
                settle = lo
            }
            XCTAssertEqual(settle, duration, accuracy: 1e-3, token.name)
            XCTAssertEqual(token.spring.settlingDuration(.coreAnimation), duration, accuracy: 1e-3, token.name)
        }
    }

    /// OpenUIKit's measurement of iOS 26.1's UISwitch: ω·D = 9.2400 × 0.99947 s and 15.708 ×
    /// 0.58792 s; UIKit's duration solver at ζ = 1 gives ω·T = 9.2334.
    func testTheSwitchTrackIsUIKitsDurationSpring() throws {
        for name in ["ios.switch.on", "ios.switch.off"] {
            let token = try XCTUnwrap(MotionToken.named(name))
            XCTAssertEqual(token.spring.dampingRatio, 1, accuracy: 1e-6, name)
            let duration = try XCTUnwrap(token.duration)
            let solved = UIKitDurationSpring.omega(dampingRatio: 1, duration: duration)
            XCTAssertEqual(solved, token.spring.omega, accuracy: 1e-3 * token.spring.omega, name)
            XCTAssertEqual(
                SpringSystem.uiview(duration: duration, damping: 1).omega, token.spring.omega, accuracy: 0.01, name)
        }
        XCTAssertEqual(MotionToken.named("ios.switch"), MotionToken.named("ios.switch.on"))
        XCTAssertNil(MotionToken.named("ios.switch.of"))
    }

    /// The sheet's springs: UISpringTimingParameters(dampingRatio:response:) of UIKit's
    /// SheetResponse 0.3441442326 s, ratio 1 and 0.8 — the note's stiffness 333.3333332805039,
    /// damping 36.51483716411749 and 29.21186973129399.
    func testTheSheetSpringsAreUIKitsConversionOfItsResponse() throws {
        let sheet = try XCTUnwrap(MotionToken.named("ios.sheet")), fast = try XCTUnwrap(MotionToken.named("ios.sheet.fast"))
        XCTAssertEqual(sheet.spring.stiffness, 333.3333332805039, accuracy: 1e-9)
        XCTAssertEqual(sheet.spring.damping, 36.51483716411749, accuracy: 1e-9)
        XCTAssertEqual(fast.spring.damping, 29.21186973129399, accuracy: 1e-9)
        XCTAssertNil(sheet.duration, "an animator's physical spring runs for its own settling time")
    }

    /// The keyboard's: mass 3 and stiffness 1000 as its CASpringAnimation prints them, played
    /// for the printed 0.5 s, critically damped as the motion measures: (1 + ω₀t)e^(−ω₀t) at
    /// 0.5 s is 0.11 % of the travel, a step an eye does not see; damping 500 would leave 37 %.
    func testTheKeyboardIsCriticallyDampedOverItsPrintedDuration() throws {
        let token = try XCTUnwrap(MotionToken.named("ios.keyboard"))
        XCTAssertEqual(token.spring.mass, 3)
        XCTAssertEqual(token.spring.stiffness, 1000)
        XCTAssertEqual(token.spring.dampingRatio, 1, accuracy: 1e-9)
        XCTAssertEqual(token.duration, 0.5)
        let w = (1000.0 / 3).squareRoot()
        XCTAssertEqual(1 - token.spring.value(at: 0.5), (1 + w * 0.5) * exp(-w * 0.5), accuracy: 1e-9)
        XCTAssertLessThan(1 - token.spring.value(at: 0.5), 0.002)
        let printed = SpringSystem(mass: 3, stiffness: 1000, damping: 500)
        XCTAssertGreaterThan(1 - printed.value(at: 0.5), 0.36, "the printed damping would stop far short")
    }

    func testAnAnimatorRunsATokenForItsDuration() throws {
        let token = try XCTUnwrap(MotionToken.named("ios.switch.knob"))
        let f = try frames(
            scene(
                400, 200, time: "fps: 120, duration: 1",
                """
                items:
                  knob: { center: [50, 100], size: [20, 20] }
                script:
                  - { at: 0, animator: { name: k, views: [knob], spring: ios.switch.knob, to: { center: [250, 100] } } }
                """))
        for fr in f where fr.time > 0 {
            let want = fr.time < token.duration! ? 50 + 200 * token.spring.value(at: fr.time) : 250
            XCTAssertEqual(item(fr, "knob")!.center.x, want, accuracy: 1e-6, "at \(fr.time)")
        }
        let text = refusal(
            scene(
                400, 200,
                "items:\n  knob: { center: [50, 100], size: [20, 20] }\nscript:\n  - { at: 0, animator: { name: k, views: [knob], spring: ios.swich, to: { center: [250, 100] } } }"
            ))
        XCTAssertEqual(
            text?.contains("script[0].animator.spring: `ios.swich` is not one of iOS's springs: ios.switch.on, ios.switch.off"),
            true,
            text ?? "accepted")
    }
}
