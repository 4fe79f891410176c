import Foundation

/// DYNAMICS.md's scrolling formulas, written out here from the document, independently of the
/// code under test (ScrollAxis), so a changed constant or curve there shows.
public enum ScrollClosedForm {
    /// After a fling of `velocity` pt/s: x(t) = x₀ + v₀ (d^(1000t) − 1) / (1000 ln d), d the
    /// deceleration rate per millisecond (normal 0.998, fast 0.99).
    public static func decelerated(start: Double, velocity: Double, time: Double, rate: Double = 0.998) -> Double {
        start + velocity * (pow(rate, 1000 * time) - 1) / (1000 * log(rate))
    }

    /// Past an edge the content follows the finger damped: (1 − 1 / (x · 0.55 / D + 1)) · D.
    public static func rubberBand(_ overscroll: Double, dimension: Double) -> Double {
        (1 - 1 / (overscroll * 0.55 / dimension + 1)) * dimension
    }
}

/// A CSS/Core Animation cubic Bézier timing curve from (0, 0) to (1, 1), solved here by
/// bisection on x(s) (monotonic for control x in 0…1), independently of Springy's solver.
public struct CubicBezier {
    let x1: Double, y1: Double, x2: Double, y2: Double
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }
    static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    /// y where the curve's x is `x` (clamped to 0…1).
    public func y(atX x: Double) -> Double {
        let x = min(max(x, 0), 1)
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if Self.coordinate(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return Self.coordinate((lo + hi) / 2, y1, y2)
    }
}
