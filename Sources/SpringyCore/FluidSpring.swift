import Foundation

/// SwiftUI's own spring: `.spring`, `.spring(response:dampingFraction:blendDuration:)`,
/// `.spring(duration:bounce:blendDuration:)`, `.smooth`, `.snappy`, `.bouncy` and
/// `.interactiveSpring`. SwiftUI does not evaluate the closed form for these: it integrates a
/// unit-mass spring in fixed 1/300 s steps (velocity Verlet, the damping taken at the half-step
/// velocity, the first step without a force), with stiffness (2π/response)² capped at 45 000 and
/// damping 2√k·dampingFraction; a response that changes blends over `blendDuration` along a
/// smoothstep; the motion is complete once velocity² and force² are both under 0.0036 (in the
/// animated value's own units) within 1 % of the target, and then shows the target. Source:
/// OpenSwiftUI's reconstruction of SwiftUI's FluidSpringAnimation (audited against SwiftUI 6.5);
/// its non-blending branch drops the response (stiffness 1), which Springy does not copy: the
/// response is the spring's, as the closed form it is checked against says.
/// `.interpolatingSpring` stays the analytic `SpringSystem`.
///
/// Positions here are normalised: 0 at the start, 1 at the target, velocity in distances per
/// second, as `SpringSystem`'s. The integrator is linear, so a motion of `travel` units is this
/// one scaled; only the completion test needs the travel.
package struct FluidSpring: Equatable, Sendable {
    package var response: Double
    package var dampingFraction: Double
    package var blendDuration: Double
    /// Distances per second at the start (a taken-over motion's velocity).
    package var initialVelocity: Double
    /// The response of the spring this one took over mid-flight, when it differs and
    /// `blendDuration` is above 0: the response starts there and blends to `response`.
    package var blendsFrom: Double?

    package init(
        response: Double, dampingFraction: Double, blendDuration: Double = 0, initialVelocity: Double = 0,
        blendsFrom: Double? = nil
    ) {
        self.response = response; self.dampingFraction = dampingFraction; self.blendDuration = blendDuration
        self.initialVelocity = initialVelocity; self.blendsFrom = blendsFrom
    }

    /// SwiftUI's spring(duration:bounce:blendDuration:): response = duration, dampingFraction
    /// 1 − bounce (bounce ≥ 0) or 1/(1 + bounce).
    package init(duration: Double, bounce: Double, blendDuration: Double = 0) {
        self.init(
            response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce),
            blendDuration: blendDuration)
    }

    /// SwiftUI's step, s.
    package static let step = 1.0 / 300
    /// SwiftUI's largest stiffness.
    static let stiffnessCap = 45_000.0
    /// Complete when velocity² and force² are at most this (value units² per s², per s⁴).
    static let restSquared = 0.0036
    /// …and the distance left is within this fraction of the travel.
    static let tolerance = 0.01
    /// The longest it is followed, s (a spring that has not come to rest by then ends there).
    static let longest = 3600.0

    /// The spring it would be without blending: the closed form its integration approximates.
    package var system: SpringSystem {
        SpringSystem(
            mass: 1, stiffness: Self.stiffness(response: response),
            damping: 2 * Self.stiffness(response: response).squareRoot() * dampingFraction,
            initialVelocity: initialVelocity)
    }

    static func stiffness(response r: Double) -> Double { min(pow(2 * .pi / r, 2), stiffnessCap) }

    /// The response at `t` s: blended from `blendsFrom` by 1 − smoothstep over `blendDuration`.
    package func response(at t: Double) -> Double {
        guard let from = blendsFrom, blendDuration > 0 else { return response }
        let p = min(max(t / blendDuration, 0), 1)
        return response + (from - response) * (1 - p * p * (3 - 2 * p))
    }

    /// The integrator's state: the distance left (1 − position), velocity and force.
    package struct State: Equatable, Sendable {
        package var left: Double
        package var velocity: Double
        package var force: Double
        package var position: Double { 1 - left }
    }

    /// The state after `n` steps.
    package func state(afterSteps n: Int) -> State {
        var s = State(left: 1, velocity: initialVelocity, force: 0)
        // While the response blends, step by step; after, the step is one fixed linear map,
        // raised to the steps left by squaring.
        let blending = blendsFrom != nil && blendDuration > 0 ? min(n, Int((blendDuration / Self.step).rounded(.up))) : 0
        for k in 0..<blending { s = advance(s, stiffness: Self.stiffness(response: response(at: Double(k) * Self.step))) }
        guard n > blending else { return s }
        let m = map(stiffness: Self.stiffness(response: response)).power(n - blending)
        return m.apply(s)
    }

    /// SwiftUI's state at `t` s into the motion: it steps while its clock is behind `t`, so it
    /// shows the first step's state at or after `t`.
    package func state(at t: Double) -> State { state(afterSteps: Self.steps(before: t)) }

    /// Steps taken to reach `t`: the smallest n with n · step ≥ t.
    package static func steps(before t: Double) -> Int {
        guard t > 0 else { return 0 }
        return Int(min((t / step - 1e-9).rounded(.up), longest / step))
    }

    /// The time it is complete on a motion of `travel` units (SwiftUI's test, on its step grid).
    package func settlingDuration(travel: Double) -> Double {
        guard travel.isFinite, travel > 0 else { return 0 }
        var s = State(left: 1, velocity: initialVelocity, force: 0)
        let last = Int(Self.longest / Self.step)
        let plain = map(stiffness: Self.stiffness(response: response))
        let blendSteps = blendsFrom != nil && blendDuration > 0 ? Int((blendDuration / Self.step).rounded(.up)) : 0
        for n in 0..<last {
            if isComplete(s, travel: travel) { return Double(n) * Self.step }
            let t = Double(n) * Self.step
            s = n < blendSteps ? advance(s, stiffness: Self.stiffness(response: response(at: t))) : plain.apply(s)
        }
        return Self.longest
    }

    /// SwiftUI's completion test on a motion of `travel` units.
    func isComplete(_ s: State, travel: Double) -> Bool {
        let v = s.velocity * travel, f = s.force * travel, left = s.left * travel
        guard max(v * v, f * f) <= Self.restSquared else { return false }
        let tol = Self.tolerance * travel
        return !(tol * tol < left * left)
    }

    /// One step of SwiftUI's integrator at stiffness `k` (damping 2√k · dampingFraction), as a
    /// linear map: with h the step and c the damping, the half-step velocity v + F·h/2 moves the
    /// position by h; the force is then −c·(half-step velocity) + k·(distance left), and the
    /// velocity the half-step one plus F·h/2.
    func map(stiffness k: Double) -> FluidStepMap {
        let h = Self.step, c = 2 * k.squareRoot() * dampingFraction
        // left' = left − h·v − h²/2·F
        let l = [1, -h, -h * h / 2]
        // F' = −c·(v + h/2·F) + k·left'
        let f = [k * l[0], -c + k * l[1], -c * h / 2 + k * l[2]]
        // v' = v + h/2·F + h/2·F'
        let v = [h / 2 * f[0], 1 + h / 2 * f[1], h / 2 + h / 2 * f[2]]
        return FluidStepMap(rows: (SIMD3(l[0], l[1], l[2]), SIMD3(v[0], v[1], v[2]), SIMD3(f[0], f[1], f[2])))
    }

    func advance(_ s: State, stiffness k: Double) -> State { map(stiffness: k).apply(s) }
}

/// One step (or many) of the integrator as a linear map of (left, velocity, force).
struct FluidStepMap {
    /// Its rows: the new left, velocity and force from the old (left, velocity, force).
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    static let identity = FluidStepMap(rows: (SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)))

    func apply(_ s: FluidSpring.State) -> FluidSpring.State {
        let x = SIMD3(s.left, s.velocity, s.force)
        return FluidSpring.State(left: (rows.0 * x).sum(), velocity: (rows.1 * x).sum(), force: (rows.2 * x).sum())
    }

    /// self · o (o applied first).
    func times(_ o: FluidStepMap) -> FluidStepMap {
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> { r.x * o.rows.0 + r.y * o.rows.1 + r.z * o.rows.2 }
        return FluidStepMap(rows: (row(rows.0), row(rows.1), row(rows.2)))
    }

    func power(_ n: Int) -> FluidStepMap {
        var result = FluidStepMap.identity, base = self, e = n
        while e > 0 {
            if e & 1 == 1 { result = base.times(result) }
            base = base.times(base)
            e >>= 1
        }
        return result
    }
}
