import Foundation
import SpringyCore
import SpringyScene

// UIView's block animations on Springy's clock. Setting an animatable property inside an
// animation block changes its model value at once and adds a track; what a frame shows is the
// model value plus every running track's departure from its own end (UIKit's additive
// animations since iOS 8), so a new animation starts from what is on screen. Timing is
// SpringyCore's AnimationTiming: UIKit's cubic curves and its duration spring.

extension UIView {
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0
        case easeIn, easeOut, linear
        var timing: CubicTimingCurve {
            switch self {
            case .easeInOut: return .easeInOut
            case .easeIn: return .easeIn
            case .easeOut: return .easeOut
            case .linear: return .linear
            }
        }
    }

    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lay out subviews as the animation commits (a `layoutIfNeeded()` at the end of the block).
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Touches reach views while they animate (Springy's scripted touches always do).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from what is on screen: every animation here does (they are additive).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Run again and again (the completion never runs).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run forwards, then backwards (with `.repeat`, for ever).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 3)) ?? .easeInOut }
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }
    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimations.run(
            duration: duration, delay: delay, timing: .cubic(options.curve.timing), options: options, animations: animations,
            completion: completion)
    }
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimations.run(
            duration: duration, delay: delay,
            timing: .durationSpring(dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity)), options: options,
            animations: animations, completion: completion)
    }

    /// Whether property changes in animation blocks animate (the run's own setting).
    public class var areAnimationsEnabled: Bool { UIKitRuntime.current?.animationsEnabled ?? true }
    public class func setAnimationsEnabled(_ enabled: Bool) { UIKitRuntime.current?.animationsEnabled = enabled }
    /// Runs `actions` with animations off, inside an animation block too.
    public class func performWithoutAnimation(_ actions: () -> Void) {
        guard let runtime = UIKitRuntime.current else { return actions() }
        let was = runtime.animationsEnabled
        runtime.animationsEnabled = false
        actions()
        runtime.animationsEnabled = was
    }
}

/// The properties a view animates, as numbers: a centre, bounds (x, y, width, height), alpha,
/// a colour (r, g, b, a) and a transform decomposed (translation, rotation, scale, shear), which
/// is how Core Animation interpolates one.
enum AnimatedKey: Int, Sendable {
    case center, bounds, alpha, color, transform
}

/// One property's change under one animation.
struct ViewTrack {
    let key: AnimatedKey
    let from: [Double]
    let to: [Double]
    unowned let animation: ViewAnimation
    /// Its value at progress `p` (a spring's overshoot goes past `to`).
    func value(_ p: Double) -> [Double] { zip(from, to).map { $0 + ($1 - $0) * p } }
    /// How far it is from its end at `t`.
    func departure(at t: Double) -> [Double] {
        let p = animation.progress(at: t)
        return zip(from, to).map { ($0 - $1) * (1 - p) }
    }
}

/// One animation block: its timing, its clock and its completion.
final class ViewAnimation {
    let start: Double
    let duration: Double
    let timing: AnimationTiming
    let repeats: Bool
    let reverses: Bool
    let completion: ((Bool) -> Void)?
    var finished = false
    /// Views it animates (for removing its tracks when it ends).
    var views: [UIView] = []

    init(
        start: Double, duration: Double, timing: AnimationTiming, options: UIView.AnimationOptions, completion: ((Bool) -> Void)?
    ) {
        self.start = start; self.duration = max(duration, 0); self.timing = timing; self.completion = completion
        repeats = options.contains(.repeat)
        reverses = options.contains(.autoreverse)
    }

    /// One pass's length (an autoreversing animation's pass is there and back).
    var pass: Double { reverses ? 2 * duration : duration }
    /// When it ends (never, repeating).
    var end: Double { repeats ? .infinity : start + pass }

    /// Progress 0 → 1 at `t` (0 before its delay is over). Autoreversing, it runs back to 0 — and
    /// once it ends the model value shows, as UIKit's does.
    func progress(at t: Double) -> Double {
        guard duration > 0 else { return t >= start ? 1 : 0 }
        var tau = t - start
        if tau <= 0 { return 0 }
        if !repeats && tau >= pass { return 1 }
        if repeats { tau = tau.truncatingRemainder(dividingBy: pass) }
        if reverses && tau > duration { tau = pass - tau }
        return timing.progress(at: tau, duration: duration)
    }
}

/// The running animations of a run, and the block being recorded.
enum ViewAnimations {
    static func run(
        duration: TimeInterval, delay: TimeInterval, timing: AnimationTiming, options: UIView.AnimationOptions,
        animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        guard let runtime = UIKitRuntime.current, duration.isFinite, delay.isFinite else {
            // Outside a scene run there is no clock: the changes happen at once, as with
            // animations off, and the completion runs.
            animations()
            completion?(true)
            return
        }
        let animation = ViewAnimation(
            start: runtime.now + max(delay, 0), duration: duration, timing: timing, options: options, completion: completion)
        runtime.recording.append(animation)
        animations()
        if options.contains(.layoutSubviews) { runtime.window?.layoutIfNeeded() }
        runtime.recording.removeLast()
        runtime.viewAnimations.append(animation)
    }
}

extension UIView {
    /// Called by each animatable property's setter: inside an animation block (animations on),
    /// the change becomes a track from the old model value.
    func animated(_ key: AnimatedKey, from old: [Double], to new: [Double]) {
        guard old != new, let runtime = UIKitRuntime.current, runtime.animationsEnabled,
            let animation = runtime.recording.last, animation.duration > 0
        else { return }
        tracks.append(ViewTrack(key: key, from: old, to: new, animation: animation))
        if !animation.views.contains(where: { $0 === self }) { animation.views.append(self) }
    }

    /// What is on screen for `key` at `t`: the model value plus every track's departure.
    func presentation(_ key: AnimatedKey, model: [Double], at t: Double) -> [Double] {
        var v = model
        for track in tracks where track.key == key {
            for (k, d) in track.departure(at: t).enumerated() where k < v.count { v[k] += d }
        }
        return v
    }

    static func numbers(_ t: CGAffineTransform) -> [Double] {
        let a = Double(t.a), b = Double(t.b), c = Double(t.c), d = Double(t.d)
        let sx = hypot(a, b)
        let angle = atan2(b, a)
        let det = a * d - b * c
        let sy = sx > 0 ? det / sx : hypot(c, d)
        let shear = sx > 0 ? (a * c + b * d) / (sx * sx) : 0
        return [Double(t.tx), Double(t.ty), angle, sx, sy, shear]
    }
    static func transform(_ n: [Double]) -> CGAffineTransform {
        let (angle, sx, sy, shear) = (n[2], n[3], n[4], n[5])
        // rotation · (scale and shear): a = sx·cos, b = sx·sin, c = sx·shear·cos − sy·sin, d = sx·shear·sin + sy·cos.
        let k = cos(angle), s = sin(angle)
        return CGAffineTransform(
            a: CGFloat(sx * k), b: CGFloat(sx * s), c: CGFloat(sx * shear * k - sy * s), d: CGFloat(sx * shear * s + sy * k),
            tx: CGFloat(n[0]), ty: CGFloat(n[1]))
    }
    static func numbers(_ c: UIColor?, _ appearance: Appearance) -> [Double] {
        guard let c else { return [0, 0, 0, 0] }
        let v = c.resolved(appearance)
        return [v.r, v.g, v.b, v.a]
    }
}
