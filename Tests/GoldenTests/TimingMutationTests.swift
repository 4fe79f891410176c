import Foundation
import SpringyCore
import SpringyFrame
import SpringyGolden
import SpringyScene
import SpringyTestSupport
import XCTest

/// Issue 31: *when* motion changed, measured on a seeded set of 100 timing mutations — delays of
/// a SwiftUI spring, a UIView animation, a thrown item and a scroll view's pan, and a spring's
/// damping (bounce) and frequency (duration) changed. For each, the diagnosis must name the
/// first differing frame exactly and the offset (the time shift for a delay, the change in the
/// settling frame for a damping or frequency change) within ±1 frame, in at least 95 % of cases.
///
/// The truth is worked out here, not by the code under test: for the springs from the closed
/// form (OscillatorClosedForm, SwiftUI's settling rule written out), for the delays from the
/// edit itself (d frames later is a shift of d), and the first differing frame of the physics
/// and scroll scenes by comparing the two runs' states directly.
final class TimingMutationTests: XCTestCase {
    static let fps = 60.0

    /// SplitMix64: the same 100 mutations on every run.
    struct Seeded {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }
        mutating func double(_ r: ClosedRange<Double>) -> Double {
            r.lowerBound + (r.upperBound - r.lowerBound) * Double(next() >> 11) / Double(1 << 53)
        }
    }

    /// A time written so that Springy reads frame `k` exactly.
    func at(_ k: Int) -> String { String(format: "%.12f", Double(k) / Self.fps) }

    // MARK: - The scenes

    func springScene(start: Int, duration: Double, bounce: Double) -> String {
        scene(
            300, 400, time: "fps: 60, duration: 4",
            """
            items:
              box: { center: [150, 60], size: [40, 40] }
            script:
              - { at: \(at(start)), swiftui: { views: [box], spring: { duration: \(duration), bounce: \(bounce) }, to: { center: [150, 300] } } }
            """)
    }

    func curveScene(start: Int) -> String {
        scene(
            300, 400, time: "fps: 60, duration: 2",
            """
            items:
              box: { center: [60, 200], size: [40, 40] }
            script:
              - { at: \(at(start)), animate: { views: [box], duration: 0.6, curve: ease_in_out, to: { center: [240, 200] } } }
            """)
    }

    func throwScene(start: Int) -> String {
        scene(
            300, 400, time: "fps: 60, duration: 2.5",
            """
            items:
              ball: { center: [150, 200], size: [30, 30] }
            behaviors:
              - collision: { items: [ball] }
              - item: { items: [ball], elasticity: 0.6, resistance: 0.5 }
            script:
              - { at: \(at(start)), add_velocity: { item: ball, linear: [700, -450], angular: 120 } }
            """)
    }

    func panScene(start: Int) -> String {
        scene(
            375, 667, time: "fps: 60, duration: 3",
            """
            collection:
              layout: { kind: flow, item_size: [80, 80] }
              sections:
                - items: 120
            script:
              - { at: \(at(start)), pan: { from: [187, 600], to: [187, 450], duration: 0.15, velocity: [0, -1400] } }
            """)
    }

    // MARK: - The truth

    /// The box's y at frame k in `springScene`, as the trace rounds it: at rest until the
    /// animation starts, then the oscillator until SwiftUI's settling time, then at its target.
    func springY(_ k: Int, start: Int, duration: Double, bounce: Double) -> Double {
        let w = 2 * Double.pi / duration, z = 1 - bounce
        let settle = log((z * w + 1) / 0.001) / (z * w)
        let t = Double(k - start) / Self.fps
        let y = t <= 0 ? 60 : t < settle ? 60 + 240 * OscillatorClosedForm.value(t, omega: w, zeta: z) : 300
        return (y * 1000).rounded() / 1000
    }

    /// The first frame from which the box stays within 0.01 pt of where it ends.
    func springSettles(start: Int, duration: Double, bounce: Double) -> Int {
        let ys = (0..<240).map { springY($0, start: start, duration: duration, bounce: bounce) }
        return (ys.lastIndex { abs($0 - ys.last!) > 0.01 } ?? -1) + 1
    }

    /// The first frame where two runs' states differ by more than 0.01 (pt, ° or alpha), compared
    /// item by item as the frames give them.
    func firstDifference(_ a: [FrameState], _ b: [FrameState]) -> Int? {
        func r(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        for (x, y) in zip(a, b) {
            if abs(r(x.contentOffset.y) - r(y.contentOffset.y)) > 0.01 || abs(r(x.contentOffset.x) - r(y.contentOffset.x)) > 0.01
            {
                return x.frame
            }
            guard x.items.count == y.items.count else { return x.frame }
            for (i, j) in zip(x.items, y.items) {
                let d = [
                    i.center.x - j.center.x, i.center.y - j.center.y, i.size.width - j.size.width,
                    i.size.height - j.size.height,
                ].map { abs(r($0 + 1e6) - 1e6) }.max()!
                let angle = abs(r(i.angle.radiansToDegrees) - r(j.angle.radiansToDegrees))
                if i.id != j.id || d > 0.01 || angle > 0.01 || abs(r(i.alpha) - r(j.alpha)) > 0.001 { return x.frame }
            }
        }
        return nil
    }

    func diagnose(_ expected: [FrameState], _ actual: [FrameState]) throws -> TimingDiagnosis {
        TimingDiff.diagnose(
            expected: try CompactTrace.parse(CompactTrace.text(of: expected)),
            actual: try CompactTrace.parse(CompactTrace.text(of: actual)), tolerance: TraceTolerance(), fps: Self.fps)
    }

    // MARK: - The measure

    func testOneHundredTimingMutationsAreDiagnosedWithinAFrame() throws {
        var random = Seeded(state: 31)
        var cases: [(name: String, ok: Bool)] = []
        var baseCache: [String: [FrameState]] = [:]  // looked up only
        func base(_ key: String, _ text: @autoclosure () -> String) throws -> [FrameState] {
            if let f = baseCache[key] { return f }
            let f = try frames(text())
            baseCache[key] = f
            return f
        }
        let kinds =
            Array(repeating: "spring delay", count: 25) + Array(repeating: "curve delay", count: 15)
            + Array(repeating: "throw delay", count: 15) + Array(repeating: "pan delay", count: 15)
            + Array(repeating: "spring bounce", count: 15) + Array(repeating: "spring duration", count: 15)
        for kind in kinds {
            var d = 0
            while d == 0 { d = random.int(-10...10) }
            switch kind {
            case "spring bounce", "spring duration":
                // A changed value, at least 0.02 from the golden's.
                var bounce = 0.3, duration = 0.5
                while abs(bounce - 0.3) < 0.02 && abs(duration - 0.5) < 0.02 {
                    if kind == "spring bounce" {
                        bounce = random.double(0.05...0.6)
                    } else {
                        duration = random.double(0.35...0.8)
                    }
                }
                let golden = try base("spring", springScene(start: 12, duration: 0.5, bounce: 0.3))
                let mutated = try frames(springScene(start: 12, duration: duration, bounce: bounce))
                let truthFirst = (0..<240).first {
                    springY($0, start: 12, duration: 0.5, bounce: 0.3)
                        != springY($0, start: 12, duration: duration, bounce: bounce)
                        && abs(
                            springY($0, start: 12, duration: 0.5, bounce: 0.3)
                                - springY($0, start: 12, duration: duration, bounce: bounce)) > 0.01
                }
                let truthSettle =
                    springSettles(start: 12, duration: duration, bounce: bounce)
                    - springSettles(start: 12, duration: 0.5, bounce: 0.3)
                let t = try diagnose(golden, mutated)
                let settle = (t.settles ?? -999) - (t.expectedSettles ?? 0)
                cases.append(
                    (
                        "\(kind) \(String(format: "%.3f/%.3f", duration, bounce)): first \(t.firstDifferingFrame ?? -1) vs \(truthFirst ?? -1), settles \(settle) vs \(truthSettle)",
                        t.firstDifferingFrame == truthFirst && abs(settle - truthSettle) <= 1
                    ))
            default:
                let (golden, mutated): ([FrameState], [FrameState])
                var truthFirst: Int?
                switch kind {
                case "spring delay":
                    golden = try base("spring", springScene(start: 12, duration: 0.5, bounce: 0.3))
                    mutated = try frames(springScene(start: 12 + d, duration: 0.5, bounce: 0.3))
                    truthFirst = (0..<240).first {
                        abs(
                            springY($0, start: 12, duration: 0.5, bounce: 0.3)
                                - springY($0, start: 12 + d, duration: 0.5, bounce: 0.3))
                            > 0.01
                    }
                case "curve delay":
                    golden = try base("curve", curveScene(start: 15))
                    mutated = try frames(curveScene(start: 15 + d))
                    truthFirst = firstDifference(golden, mutated)
                case "throw delay":
                    golden = try base("throw", throwScene(start: 18))
                    mutated = try frames(throwScene(start: 18 + d))
                    truthFirst = firstDifference(golden, mutated)
                default:
                    golden = try base("pan", panScene(start: 15))
                    mutated = try frames(panScene(start: 15 + d))
                    truthFirst = firstDifference(golden, mutated)
                }
                let t = try diagnose(golden, mutated)
                cases.append(
                    (
                        "\(kind) \(d): first \(t.firstDifferingFrame ?? -1) vs \(truthFirst ?? -1), shift \(t.shift.map(String.init) ?? "none")",
                        t.firstDifferingFrame == truthFirst && t.shift.map { abs($0 - d) <= 1 } == true
                    ))
            }
        }
        let right = cases.filter(\.ok).count
        XCTAssertEqual(cases.count, 100)
        XCTAssertGreaterThanOrEqual(
            Double(right) / Double(cases.count), 0.95,
            "\(right) of \(cases.count) diagnosed; wrong:\n" + cases.filter { !$0.ok }.map(\.name).joined(separator: "\n"))
        print("timing mutations: \(right) of \(cases.count) diagnosed exactly (first frame) and within a frame (offset)")
    }
}
