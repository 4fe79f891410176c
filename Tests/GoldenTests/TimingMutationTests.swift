import Foundation
import SpringyCore
import SpringyFrame
import SpringyGolden
import SpringyPipeline
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
/// form (SwiftUI's fluid spring stepped by its rule, FluidSpringReference), for the delays from the
/// edit itself (d frames later is a shift of d), and the first differing frame of the physics
/// and scroll scenes by comparing the two runs' states directly.
final class TimingMutationTests: XCTestCase {
    static let fps = 60.0

    // MARK: - The truth

    /// The box's y at frame k in `springScene`, as the trace rounds it: at rest until the
    /// animation starts, then SwiftUI's fluid spring stepped by its rule (FluidSpringReference)
    /// until its completion test passes on the 240-pt move, then at its target.
    func springY(_ k: Int, start: Int, duration: Double, bounce: Double) -> Double {
        let z = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        let end = FluidSpringReference.completion(response: duration, dampingFraction: z, travel: 240)
        var spring = FluidSpringReference(response: duration, dampingFraction: z, travel: 240)
        let t = Double(k - start) / Self.fps
        let y = t <= 0 ? 60 : t < end ? 60 + spring.offset(at: t) : 300
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
        var cases: [(name: String, ok: Bool)] = []
        var goldens: [String: [FrameState]] = [:]  // looked up only
        for c in TimingMutations.cases() {
            let golden: [FrameState]
            if let g = goldens[c.golden] { golden = g } else { golden = try frames(c.golden); goldens[c.golden] = golden }
            let mutated = try frames(c.mutated)
            let t = try diagnose(golden, mutated)
            let start = TimingMutations.starts[c.kind]!
            switch c.kind {
            case .springBounce, .springDuration:
                // The truth from the rule: the first frame whose rounded positions differ,
                // and the change in the frame the box settles on.
                let truthFirst = (0..<240).first {
                    abs(
                        springY($0, start: start, duration: 0.5, bounce: 0.3)
                            - springY($0, start: start, duration: c.duration, bounce: c.bounce))
                        > 0.01
                }
                let truthSettle =
                    springSettles(start: start, duration: c.duration, bounce: c.bounce)
                    - springSettles(start: start, duration: 0.5, bounce: 0.3)
                let settle = (t.settles ?? -999) - (t.expectedSettles ?? 0)
                cases.append(
                    (
                        "\(c.kind.rawValue) \(String(format: "%.3f/%.3f", c.duration, c.bounce)): first \(t.firstDifferingFrame ?? -1) vs \(truthFirst ?? -1), settles \(settle) vs \(truthSettle)",
                        t.firstDifferingFrame == truthFirst && abs(settle - truthSettle) <= 1
                    ))
            default:
                // The truth of a delay is the delay itself; its first differing frame is found
                // from the rule (springs) or by comparing the two runs' states here.
                let truthFirst =
                    c.kind == .springDelay
                    ? (0..<240).first {
                        abs(
                            springY($0, start: start, duration: 0.5, bounce: 0.3)
                                - springY($0, start: start + c.delay, duration: 0.5, bounce: 0.3))
                            > 0.01
                    } : firstDifference(golden, mutated)
                cases.append(
                    (
                        "\(c.kind.rawValue) \(c.delay): first \(t.firstDifferingFrame ?? -1) vs \(truthFirst ?? -1), shift \(t.shift.map(String.init) ?? "none")",
                        t.firstDifferingFrame == truthFirst && t.shift.map { abs($0 - c.delay) <= 1 } == true
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
