import Foundation
import SpringyCore
import SpringyScene

/// What the view animations need from the world: a property's value when no animation has set
/// it (a free view's centre is its body's, its colour its fill), and its velocity then.
package struct AnimationWorld {
    package var base: (String, AnimatedProperty) -> SIMD4<Double>
    package var velocity: (String, AnimatedProperty) -> SIMD4<Double>
    package init(
        base: @escaping (String, AnimatedProperty) -> SIMD4<Double>,
        velocity: @escaping (String, AnimatedProperty) -> SIMD4<Double>
    ) {
        self.base = base
        self.velocity = velocity
    }
}

/// One property of one view under one animation. Its value at progress P is `value(P)`; the
/// view shows its model value plus, for every track on the property, value(P) − final.
package struct AnimationTrack {
    struct Segment { var start: Double; var duration: Double; var from: SIMD4<Double>; var to: SIMD4<Double> }
    let view: String
    let property: AnimatedProperty
    let owner: Int
    var initial: SIMD4<Double>
    var segments: [Segment]
    var discrete: Bool
    /// This track's own timing (a spring carries the velocity it took over).
    var timing: AnimationTiming
    var duration: Double
    var final: SIMD4<Double> { segments.last?.to ?? initial }

    func value(_ p: Double) -> SIMD4<Double> {
        if segments.count == 1, segments[0].start == 0, segments[0].duration == 1, !discrete {
            // A plain animation extrapolates: a spring's overshoot goes past the target.
            return initial + (final - initial) * p
        }
        var v = initial
        for s in segments where p >= s.start {
            if discrete || s.duration == 0 || p >= s.start + s.duration {
                v = s.to
            } else {
                v = s.from + (s.to - s.from) * ((p - s.start) / s.duration)
            }
        }
        return v
    }
}

/// One animation the script started: its clock (τ, seconds into it) and how it runs.
package struct RunningAnimation {
    let spec: ViewAnimationSpec
    /// When it begins (the script's time plus its delay); its tracks are made then.
    let begin: Double
    var begun = false
    package var finished = false
    package var paused = false
    package var reversed = false
    /// τ(t) = anchorTau + rate · (t − anchorTime), within 0…duration.
    var anchorTime: Double
    var anchorTau = 0.0
    package var duration: Double
    /// A linear scrub (scrubsLinearly): where it was scrubbed (τ) and the progress it showed,
    /// which the curve then carries on from without a jump.
    var scrub: (tau: Double, shown: Double)?

    /// How fast τ runs against the clock (continueAnimation's duration factor; 1 otherwise).
    var speed = 1.0
    /// continueAnimation with new timing parameters, in the order they were given: from τ on,
    /// the rest of the way (from what each track showed there) runs on `timing` over
    /// `duration` s of the clock, τ running at `speed`.
    struct Retime {
        let tau: Double
        let timing: AnimationTiming
        let duration: Double
        let speed: Double
        /// Given while it ran back: the rest of the way is to its start.
        let reversed: Bool
    }
    var retimes: [Retime] = []
    var rate: Double { paused ? 0 : (reversed ? -speed : speed) }
    /// One run there (and, autoreversing, back).
    package var cycle: Double { spec.autoreverses ? 2 * duration : duration }
    /// Seconds into its cycle: clamped to it, or round and round when it repeats.
    package func tau(at t: Double) -> Double {
        let raw = anchorTau + rate * (t - anchorTime)
        guard spec.repeats, cycle > 0 else { return min(max(raw, 0), cycle) }
        return max(raw, 0).truncatingRemainder(dividingBy: cycle)
    }
    /// Seconds into the run there: on the way back, the way there mirrored.
    func shownTau(at t: Double) -> Double {
        let tau = tau(at: t)
        return spec.autoreverses && tau > duration ? cycle - tau : tau
    }
    mutating func reanchor(at t: Double) { anchorTau = tau(at: t); anchorTime = t }

    /// The track's progress at `t`.
    func progress(of track: AnimationTrack, at t: Double) -> Double {
        progress(of: track, tau: shownTau(at: t), retimes: retimes.count)
    }

    /// The track's progress at `tau` under the first `k` retimes: past the last one's τ, the
    /// new timing carries it from what it showed there to 1.
    private func progress(of track: AnimationTrack, tau: Double, retimes k: Int) -> Double {
        if k > 0 {
            let r = retimes[k - 1]
            guard r.reversed ? tau < r.tau : tau > r.tau else { return progress(of: track, tau: tau, retimes: k - 1) }
            let shown = progress(of: track, tau: r.tau, retimes: k - 1)
            let q = r.timing.progress(at: abs(tau - r.tau) / r.speed, duration: r.duration)
            return r.reversed ? shown * (1 - q) : shown + (1 - shown) * q
        }
        guard let s = scrub else { return track.timing.progress(at: tau, duration: track.duration) }
        let c = track.timing.progress(at: tau, duration: track.duration)
        let cs = track.timing.progress(at: s.tau, duration: track.duration)
        if tau == s.tau { return s.shown }
        if tau > s.tau {
            if abs(1 - cs) > 1e-9 { return s.shown + (1 - s.shown) * (c - cs) / (1 - cs) }
            return s.shown + (1 - s.shown) * (tau - s.tau) / max(track.duration - s.tau, 1e-9)
        }
        if abs(cs) > 1e-9 { return s.shown * c / cs }
        return s.shown * tau / max(s.tau, 1e-9)
    }
}

/// UIView animations, property animators and SwiftUI springs on free views and cells: model
/// values, running tracks, and the presentation values frames show (docs/DYNAMICS.md, "View animations").
package final class ViewAnimationEngine {
    package init() {}
    package private(set) var animations: [RunningAnimation] = []
    package private(set) var tracks: [AnimationTrack] = []
    /// Values animations have set, by view then property (looked up, never iterated).
    private var model: [String: [AnimatedProperty: SIMD4<Double>]] = [:]
    /// The newest animator of each name.
    private var named: [String: Int] = [:]
    /// Views whose centre an animation drives (their bodies follow), looked up by name.
    private var centerDriven: [String: Int] = [:]
    /// Views whose last centre track has gone since the simulation last asked, in that order.
    private var released: [String] = []

    /// Nothing set or running: no view shows anything but its own values.
    package var isEmpty: Bool { animations.isEmpty && model.isEmpty }
    /// Whether anything will still move without the script: a running or pending animation.
    package var isAnimating: Bool { animations.contains { !$0.finished && !$0.paused } }

    package func base(_ view: String, _ p: AnimatedProperty, _ world: AnimationWorld) -> SIMD4<Double> {
        model[view]?[p] ?? world.base(view, p)
    }

    /// What the view shows for `p` at `t`: its model value plus every track's departure from its own end.
    package func presentation(_ view: String, _ p: AnimatedProperty, at t: Double, _ world: AnimationWorld) -> SIMD4<Double> {
        var v = base(view, p, world)
        for track in tracks where track.view == view && track.property == p {
            v += track.value(animations[track.owner].progress(of: track, at: t)) - track.final
        }
        return v
    }

    /// The presentation's velocity (per second) at `t`.
    package func velocity(_ view: String, _ p: AnimatedProperty, at t: Double, _ world: AnimationWorld) -> SIMD4<Double> {
        guard tracks.contains(where: { $0.view == view && $0.property == p }) else { return world.velocity(view, p) }
        var v = SIMD4<Double>.zero
        let d = 1e-4
        for track in tracks where track.view == view && track.property == p {
            let a = animations[track.owner]
            if case .fluidSpring = track.timing, a.retimes.isEmpty, a.scrub == nil {
                // SwiftUI's integrator moves in 1/300 s steps: its own velocity, not a difference.
                let rate = track.timing.rate(at: a.shownTau(at: t), duration: track.duration) * a.rate
                v += (track.value(1) - track.value(0)) * rate
                continue
            }
            v += (track.value(a.progress(of: track, at: t + d)) - track.value(a.progress(of: track, at: t - d))) / (2 * d)
        }
        return v
    }

    /// Sets a property's model value outside any animation (assigning `view.transform` in a
    /// gesture handler): animations of it in flight keep adding their part on top.
    package func set(_ view: String, _ p: AnimatedProperty, _ value: SIMD4<Double>) { model[view, default: [:]][p] = value }

    // MARK: - Script

    package func start(_ spec: ViewAnimationSpec, at now: Double, _ world: AnimationWorld) {
        let index = animations.count
        // Its duration is set when it begins (the longest of its tracks).
        animations.append(RunningAnimation(spec: spec, begin: now + spec.delay, anchorTime: now + spec.delay, duration: 0))
        if let name = spec.name { named[name] = index }
        if spec.delay <= 0 { begin(index, at: now, world) }
    }

    /// Delayed animations whose delay has run out begin, taking their from values now.
    package func beginPending(at now: Double, _ world: AnimationWorld) {
        for i in animations.indices where !animations[i].begun && !animations[i].finished && animations[i].begin <= now + 1e-9 {
            begin(i, at: now, world)
        }
    }

    private func begin(_ index: Int, at now: Double, _ world: AnimationWorld) {
        var a = animations[index]
        a.begun = true
        a.anchorTime = now
        if case .propertyAnimator(_, let startsPaused, _) = a.spec.api, startsPaused { a.paused = true }
        let additive = a.spec.api.additive
        var longest = 0.0
        // The spec's segments and its timing's duration, worked out once (a physical spring's
        // settling time is a search); a track's own is worked out only when it carries a velocity.
        let specSegments = segments(of: a.spec)
        let specDuration = a.spec.timing.duration(given: a.spec.duration)
        for view in a.spec.views {
            for (property, segments) in specSegments {
                let inFlight = tracks.contains { $0.view == view && $0.property == property }
                var from = base(view, property, world)
                var timing = a.spec.timing
                if case .fluidSpring(var f) = timing, f.blendDuration > 0,
                    let running = tracks.last(where: { $0.view == view && $0.property == property }),
                    case .fluidSpring(let old) = running.timing, old.response != f.response
                {
                    // SwiftUI blends a changed response over blendDuration.
                    f.blendsFrom = old.response
                    timing = .fluidSpring(f)
                }
                if !additive {
                    // Taken over: from where it is shown, at the speed it moves.
                    from = presentation(view, property, at: now, world)
                    let v = velocity(view, property, at: now, world)
                    foldOut(view, property, at: now, world)
                    let carried = AnimationTiming.carried(v, from: from, to: segments.last!.to)
                    if inFlight || carried != 0 { timing = timing.startingAt(velocity: carried) }
                }
                var segs = segments
                if !segs.isEmpty { segs[0].from = from }
                for k in segs.indices.dropFirst() { segs[k].from = segs[k - 1].to }
                let duration: Double
                if case .fluidSpring = timing, let to = segs.last?.to {
                    // SwiftUI's test is in the value's units: how far this track goes matters.
                    let span = to - from
                    duration = timing.duration(given: a.spec.duration, travel: (span * span).sum().squareRoot())
                } else {
                    duration = timing == a.spec.timing ? specDuration : timing.duration(given: a.spec.duration)
                }
                longest = max(longest, duration)
                let track = AnimationTrack(
                    view: view, property: property, owner: index, initial: from, segments: segs,
                    discrete: a.spec.discrete, timing: timing, duration: duration)
                model[view, default: [:]][property] = track.final
                if property == .center { centerDriven[view, default: 0] += 1 }
                tracks.append(track)
            }
        }
        a.duration = longest
        animations[index] = a
    }

    /// Each property the spec animates, with its segments (from values filled in later).
    private func segments(of spec: ViewAnimationSpec) -> [(AnimatedProperty, [AnimationTrack.Segment])] {
        var out: [(AnimatedProperty, [AnimationTrack.Segment])] = []
        func add(_ t: PropertyTarget, _ start: Double, _ duration: Double) {
            let seg = AnimationTrack.Segment(start: start, duration: duration, from: .zero, to: t.value)
            if let k = out.firstIndex(where: { $0.0 == t.property }) {
                // The same property set twice in one plain animation: the last value wins.
                if spec.keyframes.isEmpty { out[k].1 = [seg] } else { out[k].1.append(seg) }
            } else {
                out.append((t.property, [seg]))
            }
        }
        for t in spec.targets { add(t, 0, 1) }
        let ordered = spec.keyframes.enumerated().sorted { a, b in
            a.element.start != b.element.start ? a.element.start < b.element.start : a.offset < b.offset
        }.map(\.element)
        for k in ordered { for t in k.targets { add(t, k.start, k.duration) } }
        return out
    }

    /// Removes every track on the property, leaving the model where the view is shown now.
    private func foldOut(_ view: String, _ property: AnimatedProperty, at now: Double, _ world: AnimationWorld) {
        guard tracks.contains(where: { $0.view == view && $0.property == property }) else { return }
        let shown = presentation(view, property, at: now, world)
        model[view, default: [:]][property] = shown
        tracks.removeAll { track in
            guard track.view == view && track.property == property else { return false }
            if property == .center { dropCenter(view) }
            return true
        }
    }

    /// The newest animation started under `name` (a property animator's).
    package func animation(named name: String) -> RunningAnimation? { named[name].map { animations[$0] } }

    package func control(_ name: String, _ control: AnimatorControl, at now: Double, _ world: AnimationWorld) {
        guard let i = named[name], !animations[i].finished else { return }
        guard animations[i].begun else {
            if control == .pause { animations[i].paused = true }
            return
        }
        var a = animations[i]
        a.reanchor(at: now)
        switch control {
        case .pause: a.paused = true
        case .resume: a.paused = false
        case .pace(let speed):
            a.paused = false
            a.speed = speed
        case .retime(let timing, let duration):
            a.paused = false
            let left = a.reversed ? a.anchorTau : a.duration - a.anchorTau
            guard duration > 0, left > 0 else { break }
            a.speed = left / duration
            a.retimes.append(
                RunningAnimation.Retime(
                    tau: a.anchorTau, timing: timing, duration: duration, speed: a.speed, reversed: a.reversed))
        case .reverse: a.reversed.toggle()
        case .scrub(let f):
            a.paused = true
            a.anchorTau = f * a.duration
            if case .propertyAnimator(_, _, let linear) = a.spec.api, linear { a.scrub = (a.anchorTau, f) } else { a.scrub = nil }
        case .stop:
            animations[i] = a
            for track in tracks where track.owner == i { foldOut(track.view, track.property, at: now, world) }
            animations[i].finished = true
            return
        }
        animations[i] = a
    }

    // MARK: - Time

    /// Animations that have run to an end at `t` finish: their tracks go, the model keeps their
    /// end (or, reversed, their start).
    package func finish(at t: Double) {
        for i in animations.indices where animations[i].begun && !animations[i].finished && !animations[i].paused {
            let a = animations[i]
            let tau = a.tau(at: t)
            let atEnd = !a.reversed && tau >= a.cycle - 1e-9 && !a.spec.repeats
            let atStart = a.reversed && tau <= 1e-9
            guard atEnd || atStart else { continue }
            animations[i].finished = true
            tracks.removeAll { track in
                guard track.owner == i else { return false }
                if atStart { model[track.view]?[track.property]? += track.initial - track.final }
                if track.property == .center { dropCenter(track.view) }
                return true
            }
        }
    }

    private func dropCenter(_ view: String) {
        centerDriven[view, default: 1] -= 1
        if centerDriven[view] == 0 { released.append(view) }
    }

    /// Views no animation drives the centre of any more (since the last call): their bodies are
    /// left at the model centre, at rest, and the model centre is dropped.
    package func drainReleased() -> [String] {
        defer { released.removeAll() }
        return released.filter { !drivesCenter($0) }
    }

    /// Views an animation moves the centre of (their bodies follow the presentation).
    package func drivesCenter(_ view: String) -> Bool { (centerDriven[view] ?? 0) > 0 }

    /// Drops the model centre of a view no animation drives: its body is the truth again.
    package func releaseCenter(_ view: String) { model[view]?[.center] = nil }

    /// Whether the view has anything set or running (a lookup before the per-property work).
    package func touches(_ view: String) -> Bool { model[view] != nil }
    package func has(_ view: String, _ p: AnimatedProperty) -> Bool { model[view]?[p] != nil }
}
