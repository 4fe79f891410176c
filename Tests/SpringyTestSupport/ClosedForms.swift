import Foundation

/// DYNAMICS.md's scrolling formulas, written out here from the document, independently of the
/// code under test (ScrollAxis), so a changed constant or curve there shows.
package enum ScrollClosedForm {
    /// After a fling of `velocity` pt/s: x(t) = x₀ + v₀ (d^(1000t) − 1) / (1000 ln d), d the
    /// deceleration rate per millisecond (normal 0.998, fast 0.99).
    package static func decelerated(start: Double, velocity: Double, time: Double, rate: Double = 0.998) -> Double {
        start + velocity * (pow(rate, 1000 * time) - 1) / (1000 * log(rate))
    }

    /// Past an edge the content follows the finger damped: (1 − 1 / (x · 0.55 / D + 1)) · D.
    package static func rubberBand(_ overscroll: Double, dimension: Double) -> Double {
        (1 - 1 / (overscroll * 0.55 / dimension + 1)) * dimension
    }
}

/// A CSS/Core Animation cubic Bézier timing curve from (0, 0) to (1, 1), solved here by
/// bisection on x(s) (monotonic for control x in 0…1), independently of Springy's solver.
package struct CubicBezier {
    let x1: Double, y1: Double, x2: Double, y2: Double
    package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }
    static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    /// y where the curve's x is `x` (clamped to 0…1).
    package func y(atX x: Double) -> Double {
        let x = min(max(x, 0), 1)
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if Self.coordinate(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return Self.coordinate((lo + hi) / 2, y1, y2)
    }
}

/// The damped oscillator's step response from DYNAMICS.md ("One spring"), written here from the
/// document for the tests, independently of SpringSystem: x″ + 2ζω₀x′ + ω₀²(x − 1) = 0 from
/// x = 0 with x′ = v₀ (distances per second).
package enum OscillatorClosedForm {
    package static func value(_ t: Double, omega w: Double, zeta z: Double, velocity v0: Double = 0) -> Double {
        if abs(z - 1) < 1e-9 { return 1 - (1 + (w - v0) * t) * exp(-w * t) }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return 1 - exp(-z * w * t) * (cos(wd * t) + (z * w - v0) / wd * sin(wd * t))
        }
        // Overdamped: 1 + A e^(r₁t) + B e^(r₂t) with A + B = −1 and r₁A + r₂B = v₀.
        let r = w * (z * z - 1).squareRoot(), r1 = -z * w + r, r2 = -z * w - r
        let a = (v0 + r2) / (r1 - r2)
        return 1 + a * exp(r1 * t) + (-1 - a) * exp(r2 * t)
    }

    /// From mass, stiffness and damping: ω₀ = √(k/m), ζ = c/(2√(km)).
    package static func value(_ t: Double, mass m: Double = 1, stiffness k: Double, damping c: Double, velocity v0: Double = 0)
        -> Double
    {
        value(t, omega: (k / m).squareRoot(), zeta: c / (2 * (k * m).squareRoot()), velocity: v0)
    }
}

/// A CSS `linear()` easing as written, read back: its stops (fraction, value), evaluated by
/// joining them with straight lines, as a browser does.
package struct CSSLinearEasing {
    package var stops: [(Double, Double)]

    /// Parses `linear(0, 0.5 20%, …, 1)`; nil when it is not that shape.
    package init?(_ text: Substring) {
        guard text.hasPrefix("linear("), text.hasSuffix(")") else { return nil }
        let parts = text.dropFirst("linear(".count).dropLast().split(separator: ",")
        var stops: [(Double, Double)] = []
        for (i, p) in parts.enumerated() {
            let f = p.split(separator: " ")
            guard let y = Double(f[0]) else { return nil }
            if f.count > 1 {
                guard let x = Double(f[1].dropLast()) else { return nil }
                stops.append((x / 100, y))
            } else {
                stops.append((i == 0 ? 0 : 1, y))
            }
        }
        guard stops.count >= 2 else { return nil }
        self.stops = stops
    }

    /// The value at `x` (a fraction of the duration).
    package func value(_ x: Double) -> Double {
        guard x < 1 else { return stops.last!.1 }
        let j = min(stops.lastIndex { $0.0 <= x } ?? 0, stops.count - 2)
        let (a, ya) = stops[j], (b, yb) = stops[j + 1]
        return b > a ? ya + (yb - ya) * (x - a) / (b - a) : yb
    }
}

/// UIKit's duration spring as issue 46 quotes its reconstruction (OpenUXKit's spring parameter
/// solver): the ω that has the spring within 0.001 of its travel at T — for ζ = 1,
/// ((ω − v)T + 1)·e^(−ωT) = 0.001; for ζ < 1, |(ζω − v)/(√(1−ζ²)·ω)|·e^(−ζωT) = 0.001 — found
/// here by bisection on the residual (not Springy's Newton iteration): its largest root below
/// 200/T (past which the spring stays within 0.001), bracketed by stepping down from 200/T.
package enum UIKitDurationSpring {
    package static func omega(dampingRatio z: Double, duration t: Double, velocity v: Double = 0) -> Double {
        func residual(_ w: Double) -> Double {
            if z >= 1 { return ((w - v) * t + 1) * exp(-w * t) - 0.001 }
            return abs((z * w - v) / ((1 - z * z).squareRoot() * w)) * exp(-z * w * t) - 0.001
        }
        var hi = 200 / t, lo = hi
        while residual(lo) <= 0 && lo > 1e-3 / t { hi = lo; lo *= 0.99 }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if residual(mid) > 0 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}

/// SwiftUI's fluid spring stepped as the rule says, in the animated value's own units (a second
/// writing of the integrator the engine raises to powers): from 0 toward `travel`, 1/300 s
/// steps, velocity Verlet with the damping on the half-step velocity and no force before the
/// first step; complete once velocity² and force² are both at most 0.0036 within 1 % of `travel`.
package struct FluidSpringReference {
    package var offset = 0.0, velocity: Double, force = 0.0
    package let travel: Double, stiffness: Double, damping: Double
    package private(set) var steps = 0

    package init(response: Double, dampingFraction: Double, travel: Double, velocity: Double = 0) {
        stiffness = min(pow(2 * Double.pi / response, 2), 45_000)
        damping = 2 * stiffness.squareRoot() * dampingFraction
        self.travel = travel
        self.velocity = velocity
    }

    package mutating func step() {
        let half = velocity + force / 600
        offset += half / 300
        force = -damping * half + stiffness * (travel - offset)
        velocity = half + force / 600
        steps += 1
    }

    /// Steps while its clock (steps/300) is behind `t`; returns the offset it then shows.
    package mutating func offset(at t: Double) -> Double {
        while Double(steps) / 300 < t - 1e-12 { step() }
        return offset
    }

    package var isComplete: Bool {
        max(velocity * velocity, force * force) <= 0.0036 && abs(travel - offset) <= 0.01 * travel
    }

    /// The first step time at which it is complete.
    package static func completion(response: Double, dampingFraction: Double, travel: Double) -> Double {
        var s = FluidSpringReference(response: response, dampingFraction: dampingFraction, travel: travel)
        while !s.isComplete && s.steps < 1_080_000 { s.step() }
        return Double(s.steps) / 300
    }
}
