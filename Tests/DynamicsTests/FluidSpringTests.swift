import Foundation
import SpringyCore
import SpringyTestSupport
import XCTest

/// SwiftUI's `.spring…` family as SwiftUI runs it: a 1/300 s integrator (OpenSwiftUI's
/// FluidSpringAnimation), held to a step-by-step writing of the rule and to the closed form.
final class FluidSpringTests: XCTestCase {
    let springs: [(response: Double, fraction: Double)] = [(0.5, 1), (0.5, 0.7), (0.4, 0.6), (0.15, 0.86), (1, 0.3), (0.8, 1.5)]

    func testItIsTheStepByStepIntegratorAtEveryFrame() {
        for (r, z) in springs {
            let spring = FluidSpring(response: r, dampingFraction: z)
            var reference = FluidSpringReference(response: r, dampingFraction: z, travel: 200)
            for k in 0...180 {
                let t = Double(k) / 60
                XCTAssertEqual(200 * spring.state(at: t).position, reference.offset(at: t), accuracy: 1e-8, "\(r), \(z) at \(t)")
            }
            // Between frames, the first step at or after the time: 0.101 s shows step 31.
            var late = FluidSpringReference(response: r, dampingFraction: z, travel: 200)
            XCTAssertEqual(200 * spring.state(at: 0.101).position, late.offset(at: 31.0 / 300), accuracy: 1e-8)
            XCTAssertEqual(late.steps, 31)
        }
    }

    /// The check to make before relying on the reconstruction: its non-blending branch drops the
    /// response (stiffness 1, a 6.3 s period), which cannot be SwiftUI's — `.spring(response:
    /// 0.5)` settles in about a second; with the response kept, the integrator follows the
    /// closed form of ω₀ = 2π/response, ζ = dampingFraction, behind it by its forceless first
    /// step and a little more damped (damping on the half-step velocity). Measured: at most
    /// 0.38 % of the travel at response 0.5, ζ 1; 0.52 % at ζ 0.7; 1.6 % at response 0.15.
    func testWithoutBlendingItFollowsTheClosedForm() {
        for (r, z) in springs {
            let spring = FluidSpring(response: r, dampingFraction: z)
            let closed = SpringSystem.swiftUI(response: r, dampingFraction: z)
            var worst = 0.0
            for k in 1...600 {
                let t = Double(k) / 300
                worst = max(worst, abs(spring.state(at: t).position - closed.value(at: t)))
            }
            XCTAssertLessThan(worst, r >= 0.4 ? 0.008 : 0.017, "\(r), \(z)")
            XCTAssertGreaterThan(worst, 0.001, "it is stepped, not the closed form")
        }
        // The reconstruction's non-blending stiffness (1) would still be far from home at 1 s.
        XCTAssertLessThan(FluidSpring(response: 2 * .pi, dampingFraction: 0.825).state(at: 1).position, 0.5)
        XCTAssertGreaterThan(FluidSpring(response: 0.5, dampingFraction: 0.825).state(at: 1).position, 0.99)
    }

    func testTheFirstStepHasNoForceAndTheStiffnessIsCapped() {
        let s = FluidSpring(response: 0.5, dampingFraction: 1, initialVelocity: 3)
        XCTAssertEqual(s.state(afterSteps: 1).position, 3.0 / 300, accuracy: 1e-15, "the velocity only")
        XCTAssertEqual(FluidSpring(response: 0.5, dampingFraction: 1).state(afterSteps: 1).position, 0)
        // (2π/r)² = 45 000 at r = 0.02962 s: below it the stiffness stays 45 000.
        let edge = 2 * Double.pi / 45_000.0.squareRoot()
        XCTAssertEqual(FluidSpring(response: edge, dampingFraction: 1).system.stiffness, 45_000, accuracy: 1e-6)
        XCTAssertEqual(FluidSpring(response: edge / 2, dampingFraction: 1).system.stiffness, 45_000)
        XCTAssertEqual(FluidSpring(response: edge * 1.01, dampingFraction: 1).system.stiffness, 45_000 / 1.0201, accuracy: 1e-6)
    }

    /// Complete at the first step where velocity² and force² are both at most 0.0036 (value
    /// units) within 1 % of the target: later for a longer travel.
    func testItCompletesBySwiftUIsTestInTheValuesUnits() {
        for (r, z) in springs {
            for travel in [1.0, 200, 5000] {
                let spring = FluidSpring(response: r, dampingFraction: z)
                XCTAssertEqual(
                    spring.settlingDuration(travel: travel),
                    FluidSpringReference.completion(response: r, dampingFraction: z, travel: travel), accuracy: 1e-9,
                    "\(r), \(z), \(travel)")
            }
        }
        let s = FluidSpring(duration: 0.5, bounce: 0)
        XCTAssertLessThan(s.settlingDuration(travel: 1), s.settlingDuration(travel: 200))
        XCTAssertLessThan(s.settlingDuration(travel: 200), s.settlingDuration(travel: 5000))
        XCTAssertEqual(s.settlingDuration(travel: 0), 0, "nothing to move")
        // On the boundary: the step it completes at passes the test, the one before does not.
        let end = FluidSpring.steps(before: s.settlingDuration(travel: 200))
        let at = s.state(afterSteps: end), before = s.state(afterSteps: end - 1)
        XCTAssertLessThanOrEqual(max(at.velocity * at.velocity, at.force * at.force) * 200 * 200, 0.0036)
        XCTAssertGreaterThan(max(before.velocity * before.velocity, before.force * before.force) * 200 * 200, 0.0036)
    }

    /// A changed response blends in over blendDuration along 1 − smoothstep: the stiffness starts
    /// at the old response's and is the new one's from blendDuration on.
    func testAChangedResponseBlendsOverBlendDuration() {
        let s = FluidSpring(response: 0.2, dampingFraction: 1, blendDuration: 0.5, blendsFrom: 0.6)
        XCTAssertEqual(s.response(at: 0), 0.6, accuracy: 1e-12)
        XCTAssertEqual(s.response(at: 0.25), 0.4, accuracy: 1e-12, "half way: smoothstep 1/2")
        XCTAssertEqual(s.response(at: 0.5), 0.2, accuracy: 1e-12)
        XCTAssertEqual(s.response(at: 2), 0.2, accuracy: 1e-12, "held after the blend")
        // Blending from a softer spring moves more slowly at first than the new spring alone.
        let plain = FluidSpring(response: 0.2, dampingFraction: 1)
        XCTAssertLessThan(s.state(at: 0.1).position, plain.state(at: 0.1).position)
        XCTAssertEqual(FluidSpring(response: 0.2, dampingFraction: 1, blendDuration: 0, blendsFrom: 0.6).response(at: 0), 0.2)
    }
}
