import Foundation
import SpringyCore
import SpringyFrame
import SpringyTestSupport
import XCTest

/// `pendulum` (Apple's APLPendulumBehavior, the UIKit Dynamics Catalog's composite behavior):
/// a weight on a rigid rod under UIKit's standard gravity swings as a simple pendulum — its
/// rod keeps the length it had when added, its period is 2π√(L/g) with g = 1000 pt/s² (plus the
/// finite-amplitude term), and its speed at the bottom is √(2gL(1 − cos θ₀)).
final class PendulumTests: XCTestCase {
    static let pivot = Vec2(187.5, 100)

    /// The weight `length` pt from the pivot at `degrees` from straight down, no resistance (the
    /// closed forms have none).
    func text(length: Double, degrees: Double, duration: Double, script: String = "") -> String {
        let a = degrees * .pi / 180
        let start = Self.pivot + Vec2(sin(a), cos(a)) * length
        return scene(
            375, 667, time: "fps: 120, duration: \(duration)",
            """
            defaults: { resistance: 0, angular_resistance: 0 }
            items:
              weight: { center: [\(start.x), \(start.y)], size: [20, 20] }
            behaviors:
              - pendulum: { item: weight, from: [\(Self.pivot.x), \(Self.pivot.y)] }
            \(script.isEmpty ? "" : "script:\n" + script)
            """)
    }

    func weights(_ yaml: String) throws -> [(t: Double, s: ItemState)] {
        try frames(yaml).map { ($0.time, try XCTUnwrap(item($0, "weight"))) }
    }

    func testASmallSwingKeepsItsRodAndThePendulumsPeriod() throws {
        let length = 250.0, amplitude = 5.0 * .pi / 180
        let states = try weights(text(length: length, degrees: 5, duration: 7))
        // Where x crosses the pivot going right: each crossing one period after the last.
        var crossings: [Double] = []
        for (a, b) in zip(states, states.dropFirst()) {
            XCTAssertEqual(b.s.center.distance(to: Self.pivot), length, accuracy: 0.5, "the rod at \(b.t) s")
            let xa = a.s.center.x - Self.pivot.x, xb = b.s.center.x - Self.pivot.x
            if xa < 0, xb >= 0 { crossings.append(a.t + (b.t - a.t) * -xa / (xb - xa)) }
        }
        XCTAssertGreaterThanOrEqual(crossings.count, 2, "\(crossings)")
        let period = (crossings[crossings.count - 1] - crossings[0]) / Double(crossings.count - 1)
        let expected = 2 * .pi * (length / 1000).squareRoot() * (1 + amplitude * amplitude / 16)
        XCTAssertEqual(period, expected, accuracy: expected * 0.005, "T = 2π√(L/g)")
    }

    func testALargeSwingReachesTheBottomAtTheSpeedItsDropGives() throws {
        let length = 250.0
        let states = try weights(text(length: length, degrees: 60, duration: 1.2))
        let fastest = try XCTUnwrap(states.map(\.s.velocity.length).max())
        let expected = (2 * 1000 * length * (1 - cos(Double.pi / 3))).squareRoot()  // 500 pt/s
        XCTAssertEqual(fastest, expected, accuracy: expected * 0.01)
        let lowest = try XCTUnwrap(states.map(\.s.center.y).max())
        XCTAssertEqual(lowest, Self.pivot.y + length, accuracy: 0.5, "straight below the pivot")
    }

    func testRemovingItLetsTheWeightGoWithItsVelocity() throws {
        // Its children leave with it: no rod, no gravity — the weight flies on in a straight line.
        let states = try weights(
            text(length: 250, degrees: 30, duration: 1.5, script: "  - { at: 0.5, remove: { behavior: 0 } }"))
        let after = states.filter { $0.t > 0.6 }
        let first = try XCTUnwrap(after.first), last = try XCTUnwrap(after.last)
        XCTAssertGreaterThan(first.s.velocity.length, 100)
        XCTAssertEqual(last.s.velocity.x, first.s.velocity.x, accuracy: 1e-3)
        XCTAssertEqual(last.s.velocity.y, first.s.velocity.y, accuracy: 1e-3)
    }

    func testItsKeysAreItsTable() {
        let missing = refusal(
            text(length: 250, degrees: 5, duration: 1).replacingOccurrences(of: ", from: [187.5, 100.0]", with: ""))
        XCTAssertTrue(
            missing?.contains("behaviors[0].pendulum.from: missing required key \"from\"") ?? false, missing ?? "accepted")
        let set = refusal(text(length: 250, degrees: 5, duration: 1, script: "  - { at: 0.5, set: { behavior: 0, length: 3 } }"))
        XCTAssertTrue(set?.contains("it has nothing to set") ?? false, set ?? "accepted")
        let stranger = refusal(
            text(length: 250, degrees: 5, duration: 1).replacingOccurrences(of: "item: weight,", with: "item: nobody,"))
        XCTAssertTrue(stranger?.contains("no item named \"nobody\"") ?? false, stranger ?? "accepted")
    }
}
