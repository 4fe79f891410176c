import Foundation
import SpringyKit
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
        func run(_ factor: CGFloat) throws -> [Frame] {
            try Switch.scene(
                "continue", duration: 3.5,
                [
                    .at(0.25) { v in
                        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.knob.center.x = 140 }
                        a.addCompletion { _ in v.flag.alpha = 0 }
                        a.startAnimation()
                        v.animator = a
                    },
                    .at(0.5) { v in v.animator?.pauseAnimation() },
                    .at(1.0) { v in v.animator?.continueAnimation(withTimingParameters: nil, durationFactor: factor) },
                ]
            ).simulate()
        }
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

    func testContinuingWithNewTimingParametersIsRefusedWhereItIsCalled() throws {
        let line = #line + 7
        XCTAssertThrowsError(
            try Switch.scene(
                "refused", duration: 1,
                [
                    .at(0.1) { v in v.animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.knob.center.x = 140 } },
                    .at(0.2) { v in
                        v.animator?.continueAnimation(
                            withTimingParameters: UICubicTimingParameters(animationCurve: .easeIn), durationFactor: 1)
                    },
                ]
            ).simulate()
        ) { error in
            XCTAssertTrue("\(error)".contains("ViewAnimationTests.swift:\(line)"), "\(error)")
            XCTAssertTrue("\(error)".contains("with new timing parameters is not covered"), "\(error)")
        }
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
