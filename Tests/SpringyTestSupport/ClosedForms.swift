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
