import Foundation

/// One damped spring, m·x″ + c·x′ + k·(x − 1) = 0, moving a value from 0 to 1 with an initial
/// velocity v₀ in distances per second (UIKit's and SwiftUI's normalised velocity). Every UI
/// framework's spring is this system in other words; the initialisers and properties below
/// translate (docs/DYNAMICS.md, "One spring, every platform's vocabulary").
package struct SpringSystem: Equatable, Sendable {
    package var mass: Double
    package var stiffness: Double
    package var damping: Double
    package var initialVelocity: Double

    package init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }

    /// The undamped angular frequency ω₀ = √(k/m), rad/s.
    package var omega: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)).
    package var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// From ω₀ and ζ, at mass 1 (or the mass given).
    package init(omega: Double, dampingRatio: Double, mass: Double = 1, initialVelocity: Double = 0) {
        self.init(
            mass: mass, stiffness: omega * omega * mass, damping: 2 * dampingRatio * omega * mass,
            initialVelocity: initialVelocity)
    }

    /// The longest settling time, the fastest ω₀ and the largest initial velocity the converter
    /// takes: every UI spring is far inside them, and they bound what it prints and writes (a
    /// Lottie file of at most 60 s × 240 fps keyframes, a CSS easing of bounded length).
    package static let maxSettling = 60.0
    package static let omegaRange = 1e-3...1e5
    package static let maxVelocity = 1e4

    /// Why this spring cannot be converted (nil: it can): numbers that are not finite, a spring
    /// that never settles (no damping) or settles too slowly, or one outside the bounds above.
    package var problem: String? {
        guard [mass, stiffness, damping, initialVelocity].allSatisfy(\.isFinite), mass > 0 else {
            return "the spring's numbers are not finite (mass \(mass), stiffness \(stiffness), damping \(damping))"
        }
        guard Self.omegaRange.contains(omega) else {
            return
                "its natural frequency ω₀ = \(omega) rad/s is outside \(Self.omegaRange.lowerBound)…\(Int(Self.omegaRange.upperBound)) rad/s"
        }
        guard abs(initialVelocity) <= Self.maxVelocity else {
            return "the initial velocity \(initialVelocity) is more than \(Int(Self.maxVelocity)) distances per second"
        }
        guard dampingRatio.isFinite, dampingRatio > 0 else {
            return "with no damping the spring never comes to rest: it has no settling time, CSS easing or keyframes"
        }
        let settle = settlingDuration()
        guard settle.isFinite, settle <= Self.maxSettling else {
            return
                "it takes \(settle.isFinite ? Self.number(settle) + " s" : "for ever") to settle, more than \(Int(Self.maxSettling)) s"
        }
        return nil
    }

    // MARK: - In each vocabulary

    /// UIAttachmentBehavior: frequency (Hz) and damping (ratio).
    package static func uikitAttachment(frequency: Double, damping: Double) -> SpringSystem {
        SpringSystem(omega: 2 * .pi * frequency, dampingRatio: damping)
    }
    package var frequency: Double { omega / (2 * .pi) }

    /// UIKit's duration spring (UIView.animate(withDuration:…usingSpringWithDamping:…),
    /// UISpringTimingParameters(dampingRatio:initialVelocity:) under an animator's duration): ω
    /// such that the spring is within 0.001 of its travel at T — for ζ = 1,
    /// ((ω − v)T + 1)·e^(−ωT) = 0.001 (ωT = 9.2334 at v = 0); for ζ < 1,
    /// |(ζω − v)/(√(1−ζ²)·ω)|·e^(−ζωT) = 0.001 — solved by Newton's method (its largest root), ζ
    /// clamped to 0.001…1 and T to 0.01…10 s; k = ω², c = 2ζω, m = 1 (OpenUXKit's reconstruction
    /// of UIKit's spring solver; DYNAMICS.md).
    package static func uiview(duration: Double, damping: Double, initialVelocity: Double = 0) -> SpringSystem {
        let z = min(max(damping.isFinite ? damping : 1, 0.001), 1)
        let t = min(max(duration.isFinite ? duration : 0.01, 0.01), 10)
        let w = uiviewOmega(dampingRatio: z, duration: t, velocity: initialVelocity)
        return SpringSystem(omega: w, dampingRatio: z, initialVelocity: initialVelocity)
    }

    /// The duration spring's settling condition in logarithms, g(ω) = 0, and g′(ω).
    private static func uiviewCondition(_ w: Double, _ z: Double, _ t: Double, _ v: Double) -> (g: Double, slope: Double) {
        let target = log(0.001)
        if z >= 1 {
            let a = (w - v) * t + 1
            return (log(abs(a)) - w * t - target, t / a - t)
        }
        let s = (1 - z * z).squareRoot()
        let a = z * w - v
        return (log(abs(a)) - log(s * w) - z * w * t - target, z / a - 1 / w - z * t)
    }

    /// ω for a duration spring: Newton's method on the settling condition, from 200/T down to
    /// its largest root (past which the spring stays within 0.001; without an initial velocity
    /// the condition has one root, the one UIKit's Newton from 5/T finds; with one, the point
    /// ζω = v can make more). The old rule, ln 1500/(ζT), if it does not converge.
    static func uiviewOmega(dampingRatio z: Double, duration t: Double, velocity v: Double) -> Double {
        var w = 200 / t
        for _ in 0..<100 {
            let (g, slope) = uiviewCondition(w, z, t, v)
            guard g.isFinite, slope.isFinite, slope != 0 else { break }
            var next = w - g / slope
            if next <= 0 { next = w / 2 }
            if abs(next - w) <= 1e-13 * w { return next }
            w = next
        }
        let (g, _) = uiviewCondition(w, z, t, v)
        return abs(g) < 1e-9 && w > 0 ? w : log(1500) / (z * t)
    }

    /// The duration spring's T for this ω₀, ζ and initial velocity (the inverse of `uiview`); nil
    /// above ζ = 1 or where no duration gives this ω.
    package var uiviewDuration: Double? {
        let z = dampingRatio, w = omega, v = initialVelocity
        guard z > 0, z <= 1 + 1e-12, w > 0 else { return nil }
        if z < 1 {
            // |(ζω − v)/(√(1−ζ²)ω)|·e^(−ζωT) = 0.001: T in closed form.
            let c = abs((z * w - v) / ((1 - z * z).squareRoot() * w))
            let t = log(c / 0.001) / (z * w)
            return t.isFinite && t > 0 ? t : nil
        }
        // ((ω − v)T + 1)·e^(−ωT) = 0.001: Newton in T from ωT = 9.2334.
        var t = 9.2334 / w
        for _ in 0..<100 {
            let a = (w - v) * t + 1
            guard a > 0 else { return nil }
            let g = log(a) - w * t - log(0.001), slope = (w - v) / a - w
            guard slope != 0 else { return nil }
            let next = t - g / slope
            if abs(next - t) <= 1e-13 * max(t, 1e-12) { return next > 0 ? next : nil }
            t = max(next, t / 2)
        }
        return nil
    }

    /// SwiftUI's spring(duration:bounce:): response = duration, ζ = 1 − bounce (bounce ≥ 0) or
    /// 1/(1 + bounce) (bounce < 0), mass 1.
    package static func swiftUI(duration: Double, bounce: Double) -> SpringSystem {
        SpringSystem(omega: 2 * .pi / duration, dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }
    /// SwiftUI's spring(response:dampingFraction:).
    package static func swiftUI(response: Double, dampingFraction: Double) -> SpringSystem {
        SpringSystem(omega: 2 * .pi / response, dampingRatio: dampingFraction)
    }
    /// SwiftUI's duration (= response): 2π/ω₀.
    package var swiftUIDuration: Double { 2 * .pi / omega }
    /// SwiftUI's bounce: 1 − ζ when ζ ≤ 1, else 1/ζ − 1 (negative: overdamped).
    package var swiftUIBounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// Framer Motion's { visualDuration, bounce }: ω₀ = 2π/(1.2 · visualDuration), ζ = 1 − bounce
    /// clamped to 0.05…1, mass 1.
    package static func framer(visualDuration: Double, bounce: Double) -> SpringSystem {
        SpringSystem(omega: 2 * .pi / (1.2 * visualDuration), dampingRatio: min(max(1 - bounce, 0.05), 1))
    }
    /// Framer Motion's visualDuration and bounce; nil outside the ζ it can say (0.05…1).
    package var framerVisual: (visualDuration: Double, bounce: Double)? {
        let z = dampingRatio
        return z >= 0.05 - 1e-12 && z <= 1 + 1e-12 ? (2 * .pi / (1.2 * omega), 1 - z) : nil
    }

    /// Android's SpringForce and other mass-1 vocabularies: the stiffness and damping per unit mass.
    package var perUnitMass: SpringSystem {
        SpringSystem(mass: 1, stiffness: stiffness / mass, damping: damping / mass, initialVelocity: initialVelocity)
    }

    // MARK: - The motion

    /// The value at `t` s (0 at the start, 1 at rest): the closed-form step response.
    package func value(at t: Double) -> Double {
        let w = omega, z = dampingRatio, v0 = initialVelocity
        // x = 1 + u, u(0) = −1, u′(0) = v₀.
        if abs(z - 1) < 1e-9 {
            return 1 + (-1 + (v0 - w) * t) * exp(-w * t)
        }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return 1 + exp(-z * w * t) * (-cos(wd * t) + ((v0 - z * w) / wd) * sin(wd * t))
        }
        let r = w * (z * z - 1).squareRoot()
        let r1 = -z * w + r, r2 = -z * w - r
        // u = A e^(r1 t) + B e^(r2 t), A + B = −1, r1 A + r2 B = v₀.
        let a = (v0 + r2) / (r1 - r2), b = -1 - a
        return 1 + a * exp(r1 * t) + b * exp(r2 * t)
    }

    /// A bound on |x(t) − 1| that only falls after `t`: the envelope of the motion.
    func envelope(at t: Double) -> Double {
        let w = omega, z = dampingRatio, v0 = initialVelocity
        if z < 1 - 1e-9 {
            let wd = w * (1 - z * z).squareRoot()
            let amplitude = (1 + pow((v0 - z * w) / wd, 2)).squareRoot()
            return amplitude * exp(-z * w * t)
        }
        if abs(z - 1) < 1e-9 { return (1 + abs(v0 - w) * t) * exp(-w * t) }
        let r = w * (z * z - 1).squareRoot()
        let r1 = -z * w + r, r2 = -z * w - r
        let a = (v0 + r2) / (r1 - r2), b = -1 - a
        return abs(a) * exp(r1 * t) + abs(b) * exp(r2 * t)
    }

    /// How a platform says when a spring has settled (from 0 to the target 1).
    package enum SettlingRule: String, Sendable, CaseIterable {
        /// SwiftUI's `Spring.settlingDuration` (epsilon 0.001): for ζ < 1 the time its decay
        /// envelope, (|ζω₀ − v₀| + 1)·e^(−ζω₀t), falls to epsilon; for ζ ≥ 1 the first time, on a
        /// 0.1 s grid, the distance falls under epsilon and stays there for over a second (the
        /// rule as OpenSwiftUI reconstructs it).
        case swiftUI
        /// `CASpringAnimation.settlingDuration` (UISpringTimingParameters' animators): for ζ < 1
        /// the envelope (1 + |ζω₀ − v₀|/ω_d)·e^(−ζω₀t) at 0.001 — which gives Apple's own
        /// examples, 2.85 s (stiffness 100, damping 5) and just over 1 s (damping 15); for
        /// ζ ≥ 1, where Apple gives none, Springy's choice: the exact crossing.
        case coreAnimation
        /// The exact last time |x − 1| > 0.001 (Springy's: CSS `linear()` and keyframes end there).
        case exact
    }

    /// The settling time by a platform's rule. A ratio within 10⁻⁶ of 1 is critical here (the
    /// envelope's ω_d would vanish: a critically damped spring written as stiffness and
    /// damping to nine digits, as iOS's own are, lands just under 1).
    package func settlingDuration(_ rule: SettlingRule) -> Double {
        let epsilon = 0.001, z = dampingRatio, decay = z * omega, v0 = initialVelocity
        switch rule {
        case .exact:
            return settlingDuration(epsilon: epsilon)
        case .swiftUI where z < 1 - 1e-6:
            return max(0, log((abs(decay - v0) + 1) / epsilon) / decay)
        case .swiftUI:
            // Walk a 0.1 s grid: remember when the distance last came under epsilon; once it has
            // stayed under for more than a second, that is the settling time.
            var since: Double?
            for k in 0..<1024 {
                let t = Double(k) * 0.1
                let d = abs(value(at: t) - 1)
                guard d.isFinite else { break }
                if d < epsilon {
                    if let s = since { if t - s > 1 { return s } } else { since = t }
                } else {
                    since = nil
                }
            }
            return 0
        case .coreAnimation where z < 1 - 1e-6:
            let damped = omega * (1 - z * z).squareRoot()
            return max(0, log((1 + abs(decay - v0) / damped) / epsilon) / decay)
        case .coreAnimation:
            return settlingDuration(epsilon: epsilon)
        }
    }

    /// The exact settling time (target 1, epsilon 0.001): the time after which every value
    /// stays within `epsilon` of the target. Found on the closed form: the envelope gives a time
    /// past which the bound holds; the last crossing before it is found by sampling and bisection.
    package func settlingDuration(epsilon: Double = 0.001) -> Double {
        var hi = 1 / max(omega, 1e-9)
        while envelope(at: hi) > epsilon { hi *= 2; if hi > 1e7 { return .infinity } }
        let steps = 4000
        let dt = hi / Double(steps)
        var t = hi
        for _ in 0..<steps {
            let a = t - dt
            if abs(value(at: a) - 1) > epsilon {
                var lo = a, up = t
                for _ in 0..<60 { let mid = (lo + up) / 2; if abs(value(at: mid) - 1) > epsilon { lo = mid } else { up = mid } }
                return up
            }
            t = a
        }
        return 0
    }

    /// How far past the target the motion goes, as a fraction of the distance (0 when it never does).
    package func overshoot() -> Double {
        let end = settlingDuration(epsilon: 1e-6)
        guard end.isFinite, end > 0 else { return 0 }
        var most = 1.0
        let n = 4000
        for k in 0...n { most = max(most, value(at: end * Double(k) / Double(n))) }
        return most - 1
    }

    // MARK: - For the web

    /// A CSS `linear()` easing over `duration` s (default: the exact crossing): the fewest stops,
    /// taken on a grid of 2000 steps, whose chords stay within 90 % of `maxError` of the spring
    /// (greedy: each chord reaches as far as it can), then written with rounded numbers; its
    /// error is measured on what was written, on 8001 points.
    package func cssLinear(maxError: Double = 0.001, duration: Double? = nil) -> CSSEasing {
        let total = duration ?? settlingDuration()
        let grid = 2000
        let values = (0...grid).map { value(at: total * Double($0) / Double(grid)) }
        // The chord from grid point a to b departs from the spring at the points between them
        // by at most this much.
        func fits(_ a: Int, _ b: Int) -> Bool {
            let ya = values[a], slope = (values[b] - ya) / Double(b - a)
            for k in (a + 1)..<b where abs(ya + slope * Double(k - a) - values[k]) > maxError * 0.9 { return false }
            return true
        }
        var indices = [0]
        while indices.last! < grid {
            let a = indices.last!
            var b = a + 1
            while b < grid && fits(a, b + 1) { b += 1 }
            indices.append(b)
        }
        let stops = indices.enumerated().map { i, g -> (Double, Double) in
            let x = Double(g) / Double(grid)
            return (x, i == indices.count - 1 ? 1 : (Double(Self.number(values[g])) ?? 0))
        }
        var css: [String] = []
        for (i, stop) in stops.enumerated() {
            css.append(
                i == 0 || i == stops.count - 1
                    ? Self.number(stop.1) : "\(Self.number(stop.1)) \(Self.number(stop.0 * 100, places: 3))%")
        }
        var easing = CSSEasing(css: "linear(" + css.joined(separator: ", ") + ")", error: 0, duration: total, stops: stops)
        for g in 0...8000 {
            let t = total * Double(g) / 8000
            easing.error = max(easing.error, abs(easing.value(at: t) - value(at: t)))
        }
        return easing
    }

    /// A number for CSS and JSON: at most `places` decimals, no trailing zeros.
    package static func number(_ v: Double, places: Int = 4) -> String {
        var s = String(format: "%.\(places)f", v)
        if s.contains(".") { while s.hasSuffix("0") { s.removeLast() }; if s.hasSuffix(".") { s.removeLast() } }
        return s == "-0" ? "0" : s
    }
}

/// A spring written as a CSS `linear()` easing: its stops, the duration they span and the
/// largest distance of the written curve from the spring (as a fraction of the travel).
package struct CSSEasing: Sendable {
    package var css: String
    package var error: Double
    package var duration: Double
    /// (fraction of the duration, value), as written.
    package var stops: [(Double, Double)]

    /// The eased value at `t` s: the stops joined by straight lines, 1 from the duration on.
    package func value(at t: Double) -> Double {
        let x = duration > 0 ? t / duration : 1
        guard x < 1 else { return stops.last?.1 ?? 1 }
        guard x > 0 else { return stops.first?.1 ?? 0 }
        var lo = 0, hi = stops.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if stops[mid].0 <= x { lo = mid } else { hi = mid }
        }
        let (a, ya) = stops[lo], (b, yb) = stops[hi]
        return b > a ? ya + (yb - ya) * (x - a) / (b - a) : yb
    }
}
