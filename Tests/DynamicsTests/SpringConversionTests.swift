import Foundation
import SpringyCore
import SpringyLayout
import SpringyTestSupport
import XCTest

/// One spring in every vocabulary: each conversion checked both ways and against the closed forms.
final class SpringConversionTests: XCTestCase {
    func close(_ a: SpringSystem, _ b: SpringSystem, _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(a.omega, b.omega, accuracy: 1e-9 * max(1, a.omega), message, line: line)
        XCTAssertEqual(a.dampingRatio, b.dampingRatio, accuracy: 1e-9, message, line: line)
    }

    func testEachVocabularyGoesThereAndBack() {
        let s = SpringSystem.swiftUI(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(s.swiftUIDuration, 0.5, accuracy: 1e-12)
        XCTAssertEqual(s.swiftUIBounce, 0.3, accuracy: 1e-12)
        XCTAssertEqual(s.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9, "SwiftUI: stiffness (2π/duration)²")
        XCTAssertEqual(s.damping, 4 * .pi * 0.7 / 0.5, accuracy: 1e-9, "SwiftUI: damping 4πζ/duration")
        close(.uikitAttachment(frequency: s.frequency, damping: s.dampingRatio), s, "UIKit attachment")
        close(.uiview(duration: s.uiviewDuration!, damping: s.dampingRatio), s, "UIView spring")
        close(.swiftUI(response: s.swiftUIDuration, dampingFraction: s.dampingRatio), s, "SwiftUI response")
        let f = s.framerVisual!
        close(.framer(visualDuration: f.visualDuration, bounce: f.bounce), s, "Framer visualDuration")
        // Framer Motion's own mapping: stiffness (2π/(1.2·vd))², damping 2(1 − bounce)√stiffness.
        let framer = SpringSystem.framer(visualDuration: 0.3, bounce: 0.25)
        XCTAssertEqual(framer.stiffness, pow(2 * .pi / 0.36, 2), accuracy: 1e-9)
        XCTAssertEqual(framer.damping, 2 * 0.75 * (2 * .pi / 0.36), accuracy: 1e-9)
        // Overdamped: SwiftUI's negative bounce, ζ = 1/(1 + bounce).
        let over = SpringSystem.swiftUI(duration: 1, bounce: -0.5)
        XCTAssertEqual(over.dampingRatio, 2, accuracy: 1e-12)
        XCTAssertEqual(over.swiftUIBounce, -0.5, accuracy: 1e-12)
        XCTAssertNil(over.uiviewDuration, "a UIView spring cannot be overdamped")
        // Mass: per-unit-mass vocabularies keep ω₀ and ζ.
        let heavy = SpringSystem(mass: 4, stiffness: 400, damping: 20)
        close(heavy.perUnitMass, heavy, "per unit mass")
        XCTAssertEqual(heavy.perUnitMass.stiffness, 100)
    }

    func testTheMotionIsTheDampedOscillatorsClosedForm() {
        // Under-, critically and over-damped, with an initial velocity: x″ = −(k/m)(x − 1) − (c/m)x′.
        for s in [
            SpringSystem(mass: 1, stiffness: 100, damping: 10, initialVelocity: 2),
            SpringSystem(mass: 2, stiffness: 200, damping: 40, initialVelocity: -1),
            SpringSystem(mass: 1, stiffness: 50, damping: 30, initialVelocity: 0.5),
        ] {
            XCTAssertEqual(s.value(at: 0), 0, accuracy: 1e-12)
            let h = 1e-4
            XCTAssertEqual((s.value(at: h) - s.value(at: 0)) / h, s.initialVelocity, accuracy: 0.02, "initial velocity")
            for t in [0.05, 0.2, 0.5, 1.0] {
                let x = s.value(at: t), v = (s.value(at: t + h) - s.value(at: t - h)) / (2 * h)
                let a = (s.value(at: t + h) - 2 * x + s.value(at: t - h)) / (h * h)
                XCTAssertEqual(
                    a, -(s.stiffness / s.mass) * (x - 1) - (s.damping / s.mass) * v, accuracy: 1e-3 * s.stiffness, "t \(t)")
            }
        }
    }

    /// Issue 30, item 4: each platform's settling rule, against its own numbers.
    func testEachPlatformsSettlingRule() {
        // SwiftUI (OpenSwiftUI's reconstruction): k 100, c 10 → ln(6/0.001)/5 = 1.740 s, 27 %
        // longer than the exact crossing (1.270 s).
        let s = SpringSystem(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(s.settlingDuration(.swiftUI), log(6 / 0.001) / 5, accuracy: 1e-12)
        XCTAssertEqual(s.settlingDuration(.swiftUI), 1.740, accuracy: 0.0005)
        XCTAssertEqual(s.settlingDuration(.exact), 1.2702, accuracy: 0.0001)
        // With an initial velocity the envelope's constant is |ζω₀ − v₀| + 1.
        var moving = s
        moving.initialVelocity = 2
        XCTAssertEqual(moving.settlingDuration(.swiftUI), log(4 / 0.001) / 5, accuracy: 1e-12)
        // Critically damped: the first 0.1 s step under 0.001 that stays there for a second.
        let critical = SpringSystem(mass: 1, stiffness: 100, damping: 20)
        let exact = critical.settlingDuration(.exact)
        let grid = critical.settlingDuration(.swiftUI)
        XCTAssertEqual(grid, (exact / 0.1).rounded(.up) * 0.1, accuracy: 1e-9, "exact \(exact)")
        // Core Animation: Apple's CASpringAnimation examples (mass 1, stiffness 100).
        XCTAssertEqual(SpringSystem(mass: 1, stiffness: 100, damping: 5).settlingDuration(.coreAnimation), 2.85, accuracy: 0.01)
        let fifteen = SpringSystem(mass: 1, stiffness: 100, damping: 15).settlingDuration(.coreAnimation)
        XCTAssertTrue(fifteen > 1 && fifteen < 1.05, "just over one second: \(fifteen)")
        XCTAssertEqual(critical.settlingDuration(.coreAnimation), exact, "ζ ≥ 1: Springy's choice, the exact crossing")
    }

    func testSettlingIsSwiftUIsDefinitionAndOvershootThePeak() {
        let s = SpringSystem(mass: 1, stiffness: 100, damping: 10)
        let settle = s.settlingDuration()
        // Every later value within 0.001 of the target, and one just before it is not.
        for k in 0...20000 { XCTAssertLessThanOrEqual(abs(s.value(at: settle + Double(k) * 1e-4) - 1), 0.001 + 1e-9) }
        XCTAssertGreaterThan(abs(s.value(at: settle - 1e-6) - 1), 0.001 - 1e-7)
        // Underdamped from rest: the first peak at π/ω_d overshoots by e^(−ζπ/√(1−ζ²)).
        let z = 0.5
        XCTAssertEqual(s.overshoot(), exp(-z * .pi / (1 - z * z).squareRoot()), accuracy: 1e-5)
        XCTAssertEqual(
            SpringSystem(mass: 1, stiffness: 100, damping: 20).overshoot(), 0, accuracy: 1e-9, "critical damping never overshoots"
        )
    }

    func testTheCSSLinearEasingKeepsItsStatedError() {
        let s = SpringSystem.swiftUI(duration: 0.5, bounce: 0.3)
        for tolerance in [0.01, 0.001] {
            let out = s.cssLinear(maxError: tolerance)
            XCTAssertLessThanOrEqual(out.error, tolerance, "\(tolerance)")
            // Parse the function back and check it against the spring independently.
            let body = out.css.dropFirst("linear(".count).dropLast()
            var stops: [(Double, Double)] = []
            let parts = body.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for (i, p) in parts.enumerated() {
                let f = p.split(separator: " ")
                let y = Double(f[0])!
                let x = f.count > 1 ? Double(f[1].dropLast())! / 100 : (i == 0 ? 0 : 1)
                stops.append((x, y))
            }
            var worst = 0.0
            for g in 0...997 {
                let x = Double(g) / 997
                let j = stops.lastIndex { $0.0 <= x }!
                let (a, ya) = stops[min(j, stops.count - 2)], (b, yb) = stops[min(j, stops.count - 2) + 1]
                worst = max(worst, abs(ya + (yb - ya) * (x - a) / (b - a) - s.value(at: x * out.duration)))
            }
            XCTAssertLessThanOrEqual(worst, tolerance + 1e-9)
            XCTAssertEqual(stops.last!.1, 1)
        }
    }
}
