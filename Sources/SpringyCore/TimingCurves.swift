import Foundation

/// A cubic Bézier timing curve from (0, 0) to (1, 1) through the control points (x1, y1) and
/// (x2, y2): CAMediaTimingFunction and UICubicTimingParameters. x is the time fraction, y the
/// progress; x1 and x2 lie in 0…1 so x(s) is monotonic and the curve is a function of time.
package struct CubicTimingCurve: Equatable, Sendable {
    package var x1: Double, y1: Double, x2: Double, y2: Double

    package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// UIView.AnimationCurve's four curves (kCAMediaTimingFunction's control points).
    package static let easeInOut = CubicTimingCurve(0.42, 0, 0.58, 1)
    package static let easeIn = CubicTimingCurve(0.42, 0, 1, 1)
    package static let easeOut = CubicTimingCurve(0, 0, 0.58, 1)
    package static let linear = CubicTimingCurve(0, 0, 1, 1)

    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * p1 + 6 * (1 - s) * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve's parameter s where x(s) = x, by bisection (x(s) is monotonic).
    func parameter(_ x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if Self.bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Progress at time fraction `x` (clamped to 0…1).
    package func progress(_ x: Double) -> Double {
        Self.bezier(parameter(min(max(x, 0), 1)), y1, y2)
    }

    /// dy/dx at time fraction `x`: progress per unit of time fraction.
    package func slope(_ x: Double) -> Double {
        let s = parameter(min(max(x, 0), 1))
        let dx = Self.slope(s, x1, x2)
        let dy = Self.slope(s, y1, y2)
        if abs(dx) < 1e-12 { return dy == 0 ? 0 : (dy > 0 ? 1e12 : -1e12) }
        return dy / dx
    }
}

/// How an animation's progress (0 at its start, 1 at its end) follows its time.
package enum AnimationTiming: Equatable, Sendable {
    /// A Bézier curve over the animation's duration.
    case cubic(CubicTimingCurve)
    /// UIView's usingSpringWithDamping / UISpringTimingParameters(dampingRatio:): the spring
    /// settles within 1/1500 at the duration (ω₀ = ln 1500 / (ζT)) and p(T) is 1.
    case durationSpring(dampingRatio: Double, initialVelocity: Double)
    /// A spring given by its physics (UISpringTimingParameters(mass:stiffness:damping:),
    /// SwiftUI's springs): the exact damped oscillator, lasting its settling duration by its
    /// platform's rule (Core Animation's, SwiftUI's).
    case spring(SpringSystem, settling: SpringSystem.SettlingRule)
    /// SwiftUI's `.spring…` family: its 1/300 s integrator, complete by SwiftUI's test.
    case fluidSpring(FluidSpring)

    /// The duration this timing runs for: its own settling time for a spring, else `duration`.
    /// SwiftUI's fluid spring ends by a test in the value's own units: `travel` is how far the
    /// motion goes in them (1 when unknown).
    package func duration(given duration: Double, travel: Double = 1) -> Double {
        switch self {
        case .spring(let s, let rule): return s.settlingDuration(rule)
        case .fluidSpring(let f): return f.settlingDuration(travel: travel)
        case .cubic, .durationSpring: return duration
        }
    }

    /// Progress at `t` s into an animation of `duration` s (1 from the end on).
    package func progress(at t: Double, duration: Double) -> Double {
        guard duration > 0, t < duration else { return 1 }
        guard t > 0 else { return 0 }
        switch self {
        case .cubic(let c): return c.progress(t / duration)
        case .durationSpring(let z, let v0):
            return SpringSystem.uiview(duration: duration, damping: z, initialVelocity: v0).value(at: t)
        case .spring(let s, _): return s.value(at: t)
        case .fluidSpring(let f): return f.state(at: t).position
        }
    }

    /// d(progress)/dt at `t` s (per second), for a running animation's velocity.
    package func rate(at t: Double, duration: Double) -> Double {
        guard duration > 0, t < duration, t >= 0 else { return 0 }
        switch self {
        case .cubic(let c): return c.slope(t / duration) / duration
        case .fluidSpring(let f): return f.state(at: t).velocity
        case .durationSpring, .spring:
            // The closed forms are smooth: a central difference well inside a step.
            let d = 1e-5
            let a = max(t - d, 0), b = min(t + d, duration)
            return b > a ? (progress(at: b, duration: duration) - progress(at: a, duration: duration)) / (b - a) : 0
        }
    }
}

extension AnimationTiming {
    /// The timing a motion taken over mid-flight continues on (retargeting): a spring starts
    /// with `velocity` (in distances per second of the new motion, see `carried`); a cubic
    /// curve starts at rest, as UIKit's cubic timings carry no velocity.
    package func startingAt(velocity: Double) -> AnimationTiming {
        switch self {
        case .spring(var s, let rule):
            s.initialVelocity = velocity
            return .spring(s, settling: rule)
        case .durationSpring(let z, _): return .durationSpring(dampingRatio: z, initialVelocity: velocity)
        case .fluidSpring(var f):
            f.initialVelocity = velocity
            return .fluidSpring(f)
        case .cubic: return self
        }
    }

    /// A presentation velocity `v` (per second) as a new motion from `from` to `to` sees it: its
    /// component along the motion in whole distances per second, v·(to − from)/|to − from|²
    /// (0 for a motion of no length).
    package static func carried(_ v: SIMD4<Double>, from: SIMD4<Double>, to: SIMD4<Double>) -> Double {
        let span = to - from
        let d2 = (span * span).sum()
        return d2 > 1e-18 ? (v * span).sum() / d2 : 0
    }
}

/// One timed animation's clock: when it starts, how long it runs and on which timing (a
/// Bézier curve, UIView's duration spring, a physical spring). The collection view's layout
/// transitions, batch updates and reorder drop, the scroll view's animated scrolls and a free
/// view's double-tap zoom all run on it; view animations run their tracks' `AnimationTiming` on
/// their own controllable clock (pause, scrub, reverse).
package struct TimedProgress: Sendable, Equatable {
    package var start: Double
    package var duration: Double
    package var timing: AnimationTiming

    package init(start: Double, duration: Double, timing: AnimationTiming) {
        self.start = start; self.duration = duration; self.timing = timing
    }

    /// UIKit's 0.3 s-style ease-in-out (UIView.AnimationCurve.easeInOut).
    package static func easeInOut(start: Double, duration: Double) -> TimedProgress {
        TimedProgress(start: start, duration: duration, timing: .cubic(.easeInOut))
    }

    /// Progress 0 → 1 at time `t` (0 before the start, 1 from the end on).
    package func progress(at t: Double) -> Double { timing.progress(at: t - start, duration: duration) }

    /// d(progress)/dt at `t`, per second.
    package func rate(at t: Double) -> Double { timing.rate(at: t - start, duration: duration) }

    /// `from` → `to` at time `t`.
    package func value(from a: Double, to b: Double, at t: Double) -> Double { a + (b - a) * progress(at: t) }

    /// Whether it has run its course by `t` (a moment due at the end of a step counts as reached).
    package func isFinished(at t: Double) -> Bool { t - start >= duration - 1e-9 }
}
