import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// UIView's block animations keep UIKit's rules: from what is on screen, completions at the end,
/// `layoutIfNeeded()` in the block animates the layout, animations off means at once.
final class ViewAnimationTests: XCTestCase {
    /// A view that lays its one subview out at the left or the right edge.
    final class Switch: UIView {
        let knob = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let flag = UIView(frame: CGRect(x: 300, y: 600, width: 20, height: 20))
        var on = false
        var animator: UIViewPropertyAnimator?
        func build() {
            knob.accessibilityIdentifier = "knob"
            knob.backgroundColor = .systemGreen
            flag.accessibilityIdentifier = "flag"
            flag.backgroundColor = .systemRed
            addSubview(knob)
            addSubview(flag)
        }
        override func layoutSubviews() {
            knob.center = CGPoint(x: on ? 300 : 40, y: 100)
        }
        static func scene(_ name: String, duration: Double = 2, _ script: [ScriptStep<Switch>]) throws -> Scene {
            try Scene(named: name, duration: duration, script: script) { () -> Switch in
                let v = Switch(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
                v.build()
                return v
            }
        }
    }

    func x(_ frames: [Frame], _ i: Int, _ id: String = "knob") throws -> Double { try XCTUnwrap(frames[i].item(id)).center.x }

    func testLayoutIfNeededInTheBlockAnimatesTheLayoutAndTheCompletionRunsAtTheEnd() throws {
        let frames = try Switch.scene(
            "layout",
            [
                .at(0.25) { v in
                    v.on = true
                    v.setNeedsLayout()
                    UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear) {
                        v.layoutIfNeeded()
                    } completion: { done in
                        if done { v.flag.alpha = 0 }
                    }
                }
            ]
        ).simulate()
        XCTAssertEqual(try x(frames, 15), 40)  // 0.25 s: it starts now
        XCTAssertEqual(try x(frames, 30), 170, accuracy: 1e-6)  // halfway, linear
        XCTAssertEqual(try x(frames, 45), 300)
        // The completion runs at the step that ends at 0.75 s: frame 45 shows it, 44 does not.
        XCTAssertEqual(try XCTUnwrap(frames[44].item("flag")).alpha, 1)
        XCTAssertNil(frames[45].item("flag"), "alpha 0 is not drawn")
    }

    /// continueAnimation(withTimingParameters: nil, durationFactor:): a paused animator runs on
    /// from where it is, its remaining quarter-to-end over the factor times its duration (0: the
    /// time it had left), its completion at the new end.
    func testContinuingAnAnimatorStretchesWhatIsLeftByTheDurationFactor() throws {
        func run(_ factor: CGFloat) throws -> [Frame] { try continued({ nil }, factor: factor) }
        let stretched = try run(2)
        XCTAssertEqual(try x(stretched, 60), 65, accuracy: 1e-6)  // paused a quarter in
        XCTAssertEqual(try x(stretched, 120), 40 + 62.5, accuracy: 1e-6)  // 0.75 of τ over 2 s
        XCTAssertEqual(try x(stretched, 180), 140, accuracy: 1e-6)
        XCTAssertNotNil(stretched[179].item("flag"))
        XCTAssertNil(stretched[180].item("flag"), "the completion at the new end, 3 s")
        let own = try run(0)
        XCTAssertEqual(try x(own, 90), 40 + 75, accuracy: 1e-6)  // the time it had left: ends at 1.75 s
        XCTAssertNil(own[105].item("flag"))
        XCTAssertNotNil(own[104].item("flag"))
    }

    /// A linear animator taking the knob from 40 to 140 over 1 s from 0.25 s, paused a quarter in
    /// (0.5 s), continued at 1 s with `parameters` (nil: its own) and `factor`.
    func continued(
        _ parameters: @escaping @Sendable () -> (any UITimingCurveProvider)?, factor: CGFloat, duration: Double = 3.5
    ) throws -> [Frame] {
        try Switch.scene(
            "retimed", duration: duration,
            [
                .at(0.25) { v in
                    let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.knob.center.x = 140 }
                    a.addCompletion { _ in v.flag.alpha = 0 }
                    a.startAnimation()
                    v.animator = a
                },
                .at(0.5) { v in v.animator?.pauseAnimation() },
                .at(1.0) { v in v.animator?.continueAnimation(withTimingParameters: parameters(), durationFactor: factor) },
            ]
        ).simulate()
    }

    /// A cubic Bézier's y at x (the curve through (0,0), p1, p2, (1,1)), by bisection on x(s).
    func bezier(_ p1: CGPoint, _ p2: CGPoint, at x: Double) -> Double {
        func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
        }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if coordinate(Double(p1.x), Double(p2.x), mid) < x { lo = mid } else { hi = mid }
        }
        return coordinate(Double(p1.y), Double(p2.y), (lo + hi) / 2)
    }

    /// continueAnimation with new cubic timing: from what it shows (65, a quarter in) the rest
    /// of the way, 75 pt, runs on ease-in over the factor times its duration (2 s), the
    /// completion at the new end; the knob does not jump where it continues.
    func testContinuingWithNewCubicTimingRunsTheRestOnIt() throws {
        let easeIn = UICubicTimingParameters(animationCurve: .easeIn)
        let frames = try continued({ UICubicTimingParameters(animationCurve: .easeIn) }, factor: 2)
        XCTAssertEqual(try x(frames, 60), 65, accuracy: 1e-6)
        for (frame, u) in [(75, 0.25), (120, 1.0), (165, 1.75)] {
            let expected = 65 + 75 * bezier(easeIn.controlPoint1, easeIn.controlPoint2, at: u / 2)
            XCTAssertEqual(try x(frames, frame), expected, accuracy: 1e-3, "frame \(frame)")
        }
        XCTAssertEqual(try x(frames, 180), 140, accuracy: 1e-6)
        XCTAssertNotNil(frames[179].item("flag"))
        XCTAssertNil(frames[180].item("flag"), "the completion at the new end, 3 s")
    }

    /// A duration spring's rest of the way (factor 0: the 0.75 s it had left), its initial
    /// velocity relative to that rest: critically damped, p(u) = 1 − (1 + (ω − v₀)u)e^(−ωu) with
    /// UIKit's ω for 0.75 s (the spring within 0.001 of the rest at its end, issue 46); done (and
    /// completed) at 1.75 s. A physical spring runs for its own
    /// settling time whatever the factor.
    func testContinuingWithASpringRunsTheRestAsThatSpring() throws {
        let v0 = 2.0
        let frames = try continued(
            { UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: v0, dy: 0)) }, factor: 0, duration: 2.5)
        let omega = UIKitDurationSpring.omega(dampingRatio: 1, duration: 0.75, velocity: v0)
        for (frame, u) in [(61, 1.0 / 60), (75, 0.25), (90, 0.5)] {
            let p = 1 - (1 + (omega - v0) * u) * exp(-omega * u)
            XCTAssertEqual(try x(frames, frame), 65 + 75 * p, accuracy: 1e-3, "frame \(frame)")
        }
        XCTAssertEqual(try x(frames, 105), 140, accuracy: 1e-6)
        XCTAssertNotNil(frames[104].item("flag"))
        XCTAssertNil(frames[105].item("flag"))
        // Mass 1, stiffness 100, damping 20: critically damped at ω 10, settling in its own time,
        // not the factor's 0.1 s.
        let physical = try continued(
            { UISpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: .zero) }, factor: 0.1)
        let p = 1 - (1 + 10 * 0.25) * exp(-10 * 0.25)
        XCTAssertEqual(try x(physical, 75), 65 + 75 * p, accuracy: 1e-3)
        // (1 + 10u)e^(−10u) falls under 0.001 at u ≈ 0.92 s: completed by 2 s, not at 1.1 s.
        XCTAssertNotNil(physical[110].item("flag"), "still settling at 1.83 s")
        XCTAssertNil(physical[120].item("flag"), "settled by 2 s")
    }

    /// Continued while running back (isReversed), the new timing takes it to its start.
    func testContinuingReversedWithNewTimingGoesBackToTheStart() throws {
        let frames = try Switch.scene(
            "retimed-back", duration: 3,
            [
                .at(0.25) { v in
                    let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.knob.center.x = 140 }
                    a.startAnimation()
                    v.animator = a
                },
                .at(0.75) { v in
                    v.animator?.pauseAnimation()
                    v.animator?.isReversed = true
                },
                .at(1.0) { v in
                    v.animator?.continueAnimation(
                        withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 1)
                },
            ]
        ).simulate()
        XCTAssertEqual(try x(frames, 60), 90, accuracy: 1e-6, "halfway when continued")
        XCTAssertEqual(try x(frames, 90), 65, accuracy: 1e-6, "half of the way back in half of the second")
        XCTAssertEqual(try x(frames, 120), 40, accuracy: 1e-6)
        XCTAssertEqual(try x(frames, 150), 40, accuracy: 1e-6)
    }

    /// stopAnimation(false) on a running animator holds the view where it is and waits (state
    /// `.stopped`) for finishAnimation(at: .current), whose completion says so; on an animator
    /// that has not started it does nothing (still `.inactive`).
    func testStoppingARunningAnimatorHoldsTheViewAndAnIdleOneIsUntouched() throws {
        let states = Reports()
        let frames = try Switch.scene(
            "stop", duration: 1.5,
            [
                .at(0.25) { v in
                    let idle = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.flag.alpha = 0.5 }
                    idle.stopAnimation(false)
                    states.add("idle \(idle.state)")
                    let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.knob.center.x = 140 }
                    a.addCompletion { position in states.add("completed \(position)") }
                    a.startAnimation()
                    v.animator = a
                },
                .at(0.75) { v in
                    v.animator?.stopAnimation(false)
                    states.add("stopped \(v.animator!.state)")
                },
                .at(1.0) { v in v.animator?.finishAnimation(at: .current) },
            ]
        ).simulate()
        XCTAssertEqual(states.all, ["idle inactive", "stopped stopped", "completed current"])
        XCTAssertEqual(try x(frames, 45), 90, accuracy: 1e-6)  // half-way at 0.75 s
        XCTAssertEqual(try x(frames, 60), 90, accuracy: 1e-6, "held there")
        XCTAssertEqual(try x(frames, 89), 90, accuracy: 1e-6, "and after finishing at .current")
        XCTAssertEqual(try XCTUnwrap(frames[89].item("flag")).alpha, 1, "the idle animator's block never ran")
    }

    /// iOS 17's springs by perceptual duration and bounce — UIView.animate(springDuration:bounce:)
    /// and UISpringTimingParameters(duration:bounce:) — are the damped oscillator of ω = 2π/0.5,
    /// ζ = 1 − 0.3: x(t) = 1 − e^(−ζωt)(cos ω_d t + (ζω/ω_d) sin ω_d t), overshooting its target.
    func testSpringsByDurationAndBounceAreTheirOscillator() throws {
        let omega = 2 * Double.pi / 0.5, zeta = 0.7, wd = omega * (1 - zeta * zeta).squareRoot()
        func p(_ t: Double) -> Double { 1 - exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t)) }
        let block = try Switch.scene(
            "spring-duration", duration: 2,
            [.at(0.25) { v in UIView.animate(springDuration: 0.5, bounce: 0.3) { v.knob.center.x = 140 } }]
        ).simulate()
        let animator = try Switch.scene(
            "spring-duration-animator", duration: 2,
            [
                .at(0.25) { v in
                    let a = UIViewPropertyAnimator(
                        duration: 10, timingParameters: UISpringTimingParameters(duration: 0.5, bounce: 0.3))
                    a.addAnimations { v.knob.center.x = 140 }
                    a.startAnimation()
                    v.animator = a
                }
            ]
        ).simulate()
        var peak = 0.0
        for frame in [18, 24, 30, 36, 45, 60] {
            let t = Double(frame) / 60 - 0.25
            XCTAssertEqual(try x(block, frame), 40 + 100 * p(t), accuracy: 1e-3, "frame \(frame)")
            XCTAssertEqual(try x(animator, frame), 40 + 100 * p(t), accuracy: 1e-3, "animator, frame \(frame)")
            peak = max(peak, try x(block, frame))
        }
        XCTAssertGreaterThan(peak, 140, "a bounce of 0.3 overshoots")
        XCTAssertEqual(try x(block, 119), 140, accuracy: 1e-2, "settled")
        // A duration of 0 makes the change at once.
        let now = try Switch.scene(
            "spring-now", duration: 0.5,
            [.at(0.25) { v in UIView.animate(springDuration: 0, bounce: 0.3) { v.knob.center.x = 140 } }]
        ).simulate()
        XCTAssertEqual(try x(now, 16), 140, "the step after 0.25 s shows it")
    }

    /// UISpringTimingParameters() is UIKit's default spring, of damping ratio 4.56 as Apple
    /// documents: mass 3, stiffness 1000, damping 500 (500 / (2√3000) = 4.5644), an overdamped
    /// oscillator x(t) = 1 − (r₂e^(r₁t) − r₁e^(r₂t)) / (r₂ − r₁), r = (−c ± √(c² − 4mk)) / 2m, run
    /// for its own settling time whatever the animator's duration.
    func testTheDefaultSpringIsUIKitsRatio456() throws {
        let m = 3.0, k = 1000.0, c = 500.0
        XCTAssertEqual(c / (2 * (m * k).squareRoot()), 4.56, accuracy: 0.005, "Apple's documented 4.56")
        let root = (c * c - 4 * m * k).squareRoot(), r1 = (-c + root) / (2 * m), r2 = (-c - root) / (2 * m)
        func p(_ t: Double) -> Double { 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1) }
        let frames = try Switch.scene(
            "default-spring", duration: 2,
            [
                .at(0.25) { v in
                    let a = UIViewPropertyAnimator(duration: 0.25, timingParameters: UISpringTimingParameters())
                    a.addAnimations { v.knob.center.x = 140 }
                    a.startAnimation()
                    v.animator = a
                }
            ]
        ).simulate()
        for frame in [18, 30, 60, 119] {
            let t = Double(frame) / 60 - 0.25
            XCTAssertEqual(try x(frames, frame), 40 + 100 * p(t), accuracy: 1e-3, "frame \(frame)")
        }
        XCTAssertLessThan(try x(frames, 119), 139, "still on its way after 1.73 s: not the animator's 0.25 s")
    }

    func testANewAnimationStartsFromWhatIsOnScreen() throws {
        let frames = try Switch.scene(
            "retarget",
            [
                .at(0.25) { v in UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { v.knob.center.x = 340 } },
                .at(0.75) { v in UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { v.knob.center.x = 40 } },
            ]
        ).simulate()
        // At 0.75 s the knob is halfway (190) and goes on from there: additive, no jump.
        XCTAssertEqual(try x(frames, 45), 190, accuracy: 1e-6)
        XCTAssertEqual(try x(frames, 46), 190, accuracy: 6)
        XCTAssertEqual(try x(frames, 105), 40, accuracy: 1e-6)
    }

    func testAnimationsOffAndPerformWithoutAnimationChangeAtOnce() throws {
        let frames = try Switch.scene(
            "off",
            [
                .at(0.25) { v in
                    UIView.animate(withDuration: 1) {
                        UIView.performWithoutAnimation { v.knob.center.x = 300 }
                        v.flag.center.x = 100
                    }
                },
                .at(0.5) { v in
                    UIView.setAnimationsEnabled(false)
                    UIView.animate(withDuration: 1) { v.knob.center.x = 40 }
                    UIView.setAnimationsEnabled(true)
                },
            ]
        ).simulate()
        XCTAssertEqual(try x(frames, 16), 300)
        XCTAssertNotEqual(try x(frames, 16, "flag"), 100, "the rest of the block animates")
        XCTAssertEqual(try x(frames, 31), 40)
    }

    func testRepeatingAndAutoreversingNeverEndsAndNeverCompletes() throws {
        let frames = try Switch.scene(
            "repeat", duration: 3,
            [
                .at(0) { v in
                    UIView.animate(withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse, .curveLinear]) {
                        v.knob.center.x = 140
                    } completion: { _ in
                        v.flag.alpha = 0
                    }
                }
            ]
        ).simulate()
        XCTAssertEqual(frames.count, 180)
        XCTAssertEqual(try x(frames, 15), 90, accuracy: 1e-6)  // 0.25 s: halfway there
        XCTAssertEqual(try x(frames, 30), 140, accuracy: 1e-6)  // 0.5 s: there
        XCTAssertEqual(try x(frames, 45), 90, accuracy: 1e-6)  // 0.75 s: halfway back
        XCTAssertEqual(try x(frames, 60), 40, accuracy: 1e-6)  // 1 s: back, and again
        XCTAssertFalse(frames.last?.atRest ?? true)
        XCTAssertNotNil(frames.last?.item("flag"), "no completion")
    }

    func testADelayedAnimationShowsTheOldValueUntilItStarts() throws {
        let frames = try Switch.scene(
            "delay",
            [
                .at(0) { v in
                    UIView.animate(withDuration: 0.5, delay: 0.5, options: .curveLinear, animations: { v.knob.center.x = 140 })
                }
            ]
        ).simulate()
        XCTAssertEqual(try x(frames, 30), 40)
        XCTAssertEqual(try x(frames, 45), 90, accuracy: 1e-6)
        XCTAssertEqual(try x(frames, 60), 140)
    }
}
