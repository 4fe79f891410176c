import Foundation
import SpringyCore
import SpringyFrame

/// UIKit Dynamics' units over Box2D's (DYNAMICS.md, "Units").
public enum Units {
    /// UIKit Dynamics runs Box2D at 100 points per metre.
    public static let pointsPerMetre = 100.0
    /// Gravity magnitude 1.0 is 1000 pt/s² = 10 m/s².
    public static let gravityMetresPerSecond2 = 10.0
    /// Box2D's solver iterations as UIKit uses them.
    public static let velocityIterations: Int32 = 8
    public static let positionIterations: Int32 = 3

    /// Mass of an item: density × width × height / 10 000 (a 100×100 pt item of density 1 is 1 kg).
    public static func mass(density: Double, size: Size2) -> Double {
        density * size.width * size.height / 10_000
    }

    /// Rotational inertia about the centre, kg·m², of the full item bounds.
    public static func inertia(mass: Double, size: Size2, shape: ItemShape) -> Double {
        let w = size.width / pointsPerMetre, h = size.height / pointsPerMetre
        switch shape {
        case .rectangle: return mass * (w * w + h * h) / 12
        case .ellipse: return mass * (w * w + h * h) / 16
        }
    }
}

/// Spring coefficients for a Box2D soft distance joint.
public enum SpringMapping {
    /// Stiffness (N/m) and damping (N·s/m) for a spring of `frequency` Hz and damping ratio
    /// `dampingRatio` acting on `mass` kg, stepped every `h` seconds.
    ///
    /// Box2D 2.4's soft constraint integrates the spring implicitly
    /// (m(v₂−v₁) + h·d·v₂ + h·k·x₂ = 0), which at UIKit's 120 steps/s adds
    /// numerical damping: a 0.8 Hz spring of ratio 0.1 would keep 12 % less
    /// amplitude per period than the closed form of DYNAMICS.md, an 8 Hz one 70 %
    /// less. So the coefficients handed to the joint are chosen such that one
    /// implicit step has exactly the eigenvalues of the continuous oscillator over
    /// h (pole matching): e^{(−ζω ± iω_d)h}. Period and decay then match
    /// 1/(f√(1−ζ²)) and e^{−2πζ/√(1−ζ²)} to rounding, at any step rate.
    public static func coefficients(frequency: Double, dampingRatio: Double, mass: Double, h: Double)
        -> (stiffness: Double, damping: Double) {
        guard frequency > 0, mass > 0 else { return (0, 0) }
        let omega = 2 * Double.pi * frequency
        // ζ = 0 makes the implicit step singular; a ratio of 0.001 is indistinguishable over a scene.
        let zeta = max(dampingRatio, 0.001)
        let decay = exp(-zeta * omega * h)
        let trace: Double
        if zeta < 1 {
            trace = 2 * decay * cos(omega * (1 - zeta * zeta).squareRoot() * h)
        } else if zeta == 1 {
            trace = 2 * decay
        } else {
            trace = 2 * decay * cosh(omega * (zeta * zeta - 1).squareRoot() * h)
        }
        // The implicit step's matrix has det 1/D and trace (2 + b)/D, with
        // D = 1 + a·h + b, a = h·k/m, b = h·d/m.
        let D = 1 / (decay * decay)
        let b = trace * D - 2
        let ah = D - 1 - b
        return (mass * ah / (h * h), mass * b / h)
    }
}
