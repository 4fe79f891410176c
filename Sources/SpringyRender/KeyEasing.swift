import Foundation
import SpringyCore

/// The easing of one keyframe's segment, as Lottie writes it in a keyframe's `o` and `i`
/// handles: a cubic Bézier from (0, 0) to (1, 1) whose handles sit at x = 1/3 and 2/3, so that
/// progress is a cubic in time (`y1` and `y2` free), fitted by least squares to the frames the
/// segment spans. Spring motion is smooth, so one such segment stands in for a run of linear
/// ones.
struct KeyEasing: Equatable {
    var y1: Double
    var y2: Double

    static let linear = KeyEasing(y1: 1.0 / 3, y2: 2.0 / 3)
    /// The handles' x as written (four places), and how many places their y are written with.
    static let x1 = 0.3333, x2 = 0.6667, places = 4

    /// The fraction of the way at `x` (the fraction of the segment's time), as a player computes
    /// it from the handles as written: Core Animation's timing curve through them.
    func progress(_ x: Double) -> Double {
        self == .linear ? x : CubicTimingCurve(Self.x1, y1, Self.x2, y2).progress(x)
    }

    /// The easing whose progress comes nearest `progress` at the times `xs` (least squares, a
    /// touch drawn to linear so one time alone cannot throw it), its y rounded as written.
    static func fit(_ xs: [Double], _ progress: [Double]) -> KeyEasing {
        let lambda = 1e-6
        var a11 = lambda, a12 = 0.0, a22 = lambda, r1 = lambda / 3, r2 = lambda * 2 / 3
        for (x, u) in zip(xs, progress) {
            let b1 = 3 * (1 - x) * (1 - x) * x, b2 = 3 * (1 - x) * x * x, t = u - x * x * x
            a11 += b1 * b1; a12 += b1 * b2; a22 += b2 * b2
            r1 += b1 * t; r2 += b2 * t
        }
        let det = a11 * a22 - a12 * a12
        guard det > 1e-18 else { return .linear }
        let y1 = (r1 * a22 - r2 * a12) / det, y2 = (a11 * r2 - a12 * r1) / det
        guard y1.isFinite, y2.isFinite else { return .linear }
        let scale = pow(10, Double(places))
        let written = KeyEasing(y1: (y1 * scale).rounded() / scale, y2: (y2 * scale).rounded() / scale)
        // Linear as written is linear: the shorter corner handles say it exactly.
        return written == KeyEasing(y1: x1, y2: x2) ? .linear : written
    }
}

extension KeyEasing {
    /// A kept sample, with the easings of the segment from it to the next kept one: its place
    /// and points (`motion`) and its turn.
    struct Key {
        var sample: AnimatedSVG.Sample
        var motion = linear
        var turn = linear
    }

    /// The samples kept, fewer than `kept`'s: each segment between two is as long as a fitted
    /// easing (`KeyEasing.fit`) keeps every point of the drawing within `tolerance` pixels at
    /// every frame it spans (a turn moving a point `reach` pixels away by reach × the angle) —
    /// reckoned from the keys as written: places and points to 2 decimals, turns in degrees to 4,
    /// so that an easing cannot magnify their rounding unseen.
    static func keys(_ s: [AnimatedSVG.Sample], reach: Double, scale: Double, within tolerance: Double) -> [Key] {
        guard s.count > 2 else { return s.map { Key(sample: $0) } }
        func r(_ v: Double) -> Double { (v * 100).rounded() / 100 }
        let exact = s.map { [$0.origin.x, $0.origin.y] + $0.points.flatMap { [$0.x, $0.y] } }
        let written = exact.map { $0.map(r) }
        let turns = s.map(\.angle), writtenTurns = s.map { ($0.angle * 180 / .pi * 10_000).rounded() / 10_000 * .pi / 180 }
        /// The easings of the segment from `a` to `b` when they keep every frame between within
        /// the tolerance.
        func fitting(_ a: Int, _ b: Int) -> (KeyEasing, KeyEasing)? {
            let span = Double(s[b].frame - s[a].frame)
            let xs = ((a + 1)..<b).map { Double(s[$0].frame - s[a].frame) / span }
            let va = written[a], delta = zip(written[b], va).map { $0 - $1 }
            let length2 = delta.reduce(0) { $0 + $1 * $1 }
            let motion =
                length2 < 1e-12
                ? linear
                : KeyEasing.fit(
                    xs,
                    ((a + 1)..<b).map { m in zip(zip(exact[m], va), delta).reduce(0) { $0 + ($1.0.0 - $1.0.1) * $1.1 } / length2 }
                )
            let ta = writtenTurns[a], turnDelta = writtenTurns[b] - ta
            let turn =
                abs(turnDelta) < 1e-12 ? linear : KeyEasing.fit(xs, ((a + 1)..<b).map { (turns[$0] - ta) / turnDelta })
            for (m, x) in zip((a + 1)..<b, xs) {
                let f = motion.progress(x)
                var off = abs(ta + turnDelta * turn.progress(x) - turns[m]) * reach
                var k = 0
                while k < va.count {
                    let dx = va[k] + delta[k] * f - exact[m][k], dy = va[k + 1] + delta[k + 1] * f - exact[m][k + 1]
                    // The place moves every point of the drawing; a point of a stroke only itself.
                    let d = (dx * dx + dy * dy).squareRoot() * scale
                    off = k == 0 ? off + d : max(off, d)
                    k += 2
                }
                if off > tolerance { return nil }
            }
            return (motion, turn)
        }
        // Each segment as long as it fits: its end found by doubling the span, then halving
        // between the last span that fits and the first that does not.
        var out: [Key] = [], anchor = 0
        while anchor < s.count - 1 {
            var good = anchor + 1, best = (linear, linear), bad = s.count
            var j = anchor + 2
            while j < s.count {
                guard let fit = fitting(anchor, j) else {
                    bad = j
                    break
                }
                good = j; best = fit
                j = j == s.count - 1 ? s.count : min(s.count - 1, anchor + 2 * (j - anchor))
            }
            while bad - good > 1 {
                let mid = (good + bad) / 2
                if let fit = fitting(anchor, mid) { good = mid; best = fit } else { bad = mid }
            }
            out.append(Key(sample: s[anchor], motion: best.0, turn: best.1))
            anchor = good
        }
        out.append(Key(sample: s[s.count - 1]))
        return out
    }
}
