import Foundation
import SpringyCore
import SpringyFrame

/// UIKit Dynamics' units over Box2D's (DYNAMICS.md, "Units").
package enum Units {
    /// UIKit Dynamics runs Box2D at 100 points per metre.
    package static let pointsPerMetre = 100.0
    /// Gravity magnitude 1.0 is 1000 pt/s² = 10 m/s².
    package static let gravityMetresPerSecond2 = 10.0
    /// Box2D's solver iterations as UIKit uses them.
    package static let velocityIterations: Int32 = 8
    package static let positionIterations: Int32 = 3

    /// Mass of an item: density × width × height / 10 000 (a 100×100 pt item of density 1 is 1 kg).
    package static func mass(density: Double, size: Size2) -> Double {
        density * size.width * size.height / 10_000
    }

    /// Rotational inertia about the centre, kg·m², of the full item bounds.
    package static func inertia(mass: Double, size: Size2, shape: ItemShape) -> Double {
        let w = size.width / pointsPerMetre, h = size.height / pointsPerMetre
        switch shape {
        case .rectangle, .path: return mass * (w * w + h * h) / 12
        case .ellipse: return mass * (w * w + h * h) / 16
        }
    }
}

/// Spring coefficients for a Box2D soft distance joint.
package enum SpringMapping {
    /// The smallest damping ratio handed to the joint: at exactly 0 Box2D's soft joint
    /// becomes rigid (its γ = h(d + hk) is 0); 10⁻⁵ loses 0.03 % of amplitude in 5 periods.
    static let minimumRatio = 1e-5

    /// Stiffness (N/m) and damping (N·s/m) for a spring of `frequency` Hz and damping ratio
    /// `dampingRatio` acting on `mass` kg, stepped every `h` seconds.
    ///
    /// Box2D 2.4's soft constraint integrates the spring implicitly
    /// (m(v₂−v₁) + h·d·v₂ + h·k·x₂ = 0), which at UIKit's 120 steps/s adds
    /// numerical damping: a 0.8 Hz spring of ratio 0.1 would keep 12 % less
    /// amplitude per period than the closed form of DYNAMICS.md, an 8 Hz one 70 %
    /// less. With `.poles` the coefficients are chosen such that one implicit step
    /// has exactly the eigenvalues of the continuous oscillator over h (pole
    /// matching): e^{(−ζω ± iω_d)h}. Period and decay then match 1/(f√(1−ζ²)) and
    /// e^{−2πζ/√(1−ζ²)} to rounding, at any step rate — but the stiffness is above
    /// m·ω², so a steady force deflects the spring less. With `.stiffness` the
    /// stiffness is m·ω² and the damping the one that keeps the larger of the period
    /// and decay errors smallest.
    package static func coefficients(
        frequency: Double, dampingRatio: Double, mass: Double, h: Double,
        model: SpringModel = .poles
    ) -> (stiffness: Double, damping: Double) {
        guard frequency > 0, mass > 0 else { return (0, 0) }
        let omega = 2 * Double.pi * frequency
        let zeta = max(dampingRatio, minimumRatio)
        switch model {
        case .poles:
            let (a, b) = poleMatched(omega: omega, zeta: zeta, h: h)
            return (mass * a / (h * h), mass * b / h)
        case .stiffness:
            let a = omega * omega * h * h
            return (mass * omega * omega, mass * balancedDamping(a: a, omega: omega, zeta: zeta, h: h) / h)
        }
    }

    /// The implicit step in units a = h²k/m, b = h·d/m: its matrix has determinant 1/s and
    /// trace (2 + b)/s, with s = 1 + a + b (`det` below).
    static func poleMatched(omega: Double, zeta: Double, h: Double) -> (a: Double, b: Double) {
        let decay = exp(-zeta * omega * h)
        let trace: Double
        if zeta < 1 {
            trace = 2 * decay * cos(omega * (1 - zeta * zeta).squareRoot() * h)
        } else if zeta == 1 {
            trace = 2 * decay
        } else {
            trace = 2 * decay * cosh(omega * (zeta * zeta - 1).squareRoot() * h)
        }
        let inverse = 1 / (decay * decay)
        let b = trace * inverse - 2
        return (inverse - 1 - b, b)
    }

    /// The relative period and decay-per-period errors of the implicit step (a, b)
    /// against the continuous spring; nil when the step does not oscillate.
    static func errors(a: Double, b: Double, omega: Double, zeta: Double, h: Double) -> (period: Double, decay: Double)? {
        let det = 1 + a + b
        guard det > 1 else { return nil }
        let c = (2 + b) / (2 * det.squareRoot())
        guard c > -1, c < 1 else { return nil }
        let theta = acos(c)
        let root = (1 - zeta * zeta).squareRoot()
        let period = omega * root * h / theta - 1
        // decay per numerical period: |λ|^(2π/θ) = det^(−π/θ), against e^(−2πζ/√(1−ζ²))
        let logRatio = -Double.pi / theta * log(det) + 2 * Double.pi * zeta / root
        return (period, expm1(logRatio))
    }

    /// For a fixed stiffness (a = (ωh)²): the damping b that minimises the larger of the
    /// period and decay errors (a golden-section search; overdamped springs keep 2ζω).
    static func balancedDamping(a: Double, omega: Double, zeta: Double, h: Double) -> Double {
        let continuous = 2 * zeta * omega * h
        guard zeta < 1 else { return continuous }
        func cost(_ b: Double) -> Double {
            guard let e = errors(a: a, b: b, omega: omega, zeta: zeta, h: h) else { return .infinity }
            return max(abs(e.period), abs(e.decay))
        }
        var lo = -a * (1 - 1e-9), hi = 2 * a.squareRoot() * (1 - 1e-9)
        let g = (5.0.squareRoot() - 1) / 2
        for _ in 0..<80 {
            let x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo)
            if cost(x1) <= cost(x2) { hi = x2 } else { lo = x1 }
        }
        let b = (lo + hi) / 2
        return cost(b).isFinite ? b : continuous
    }
}
