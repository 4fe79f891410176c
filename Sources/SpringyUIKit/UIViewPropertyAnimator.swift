import Foundation
import SpringyAnimation
import SpringyCore
import SpringyScene

/// What kind of timing a provider gives.
public enum UITimingCurveType: Int, Sendable {
    case builtin, cubic, spring, composed
}

/// A timing for a property animator: a cubic curve or a spring.
public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A Bézier timing curve: one of UIKit's four, or your control points.
public final class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
    let curve: CubicTimingCurve

    public override convenience init() { self.init(animationCurve: .easeInOut) }
    public init(animationCurve: UIView.AnimationCurve) {
        self.animationCurve = animationCurve
        curve = animationCurve.timing
        controlPoint1 = CGPoint(x: curve.x1, y: curve.y1)
        controlPoint2 = CGPoint(x: curve.x2, y: curve.y2)
        super.init()
    }
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        // x stays within 0…1 so the curve is a function of time (as Core Animation clamps it).
        curve = CubicTimingCurve(
            min(max(Double(point1.x), 0), 1), Double(point1.y), min(max(Double(point2.x), 0), 1), Double(point2.y))
        super.init()
    }
    public var timingCurveType: UITimingCurveType { .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }
}

/// A spring timing: UIKit's duration spring (a damping ratio over the animator's duration), or a
/// physical spring (mass, stiffness, damping), which runs for its own settling time.
public final class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    public let initialVelocity: CGVector
    let timing: AnimationTiming

    /// UIKit's default spring, of damping ratio 4.56 as Apple documents: mass 3, stiffness 1000,
    /// damping 500 (ratio 500 / (2√3000) = 4.5644), the numbers two public readings of the
    /// keyboard's curve print; a physical spring, it runs for its own settling time.
    public override convenience init() { self.init(mass: 3, stiffness: 1000, damping: 500, initialVelocity: .zero) }
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: .zero) }
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        timing = .durationSpring(dampingRatio: Double(ratio), initialVelocity: Double(velocity.dx))
        super.init()
    }
    /// iOS 17's spring by its perceptual duration and bounce (UIView.animate(springDuration:…)'s
    /// spring): it runs for its own settling time, whatever the animator's duration.
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = .zero) {
        initialVelocity = velocity
        timing = .spring(Self.system(duration: duration, bounce: bounce, velocity: velocity.dx), settling: .swiftUI)
        super.init()
    }
    /// The spring of a perceptual duration and bounce: ω = 2π / duration, ζ = 1 − bounce (bounce ≥ 0)
    /// or 1 / (1 + bounce), mass 1; bounce taken within −0.999…1, a duration of at least 1 ms.
    static func system(duration: Double, bounce: CGFloat, velocity: CGFloat) -> SpringSystem {
        let d = duration.isFinite ? max(duration, 0.001) : 0.5
        let b = bounce.isFinite ? min(max(Double(bounce), -0.999), 1) : 0
        let shape = SpringSystem.swiftUI(duration: d, bounce: b)
        return SpringSystem(omega: shape.omega, dampingRatio: shape.dampingRatio, initialVelocity: Double(velocity))
    }
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        timing = .spring(
            SpringSystem(
                mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(velocity.dx)),
            settling: .coreAnimation)
        super.init()
    }
    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }
}

/// Where an animator ended (or is asked to end).
public enum UIViewAnimatingPosition: Int, Sendable {
    case end, start, current
}

/// An animator's state: not started (or done), started (running or paused), stopped.
public enum UIViewAnimatingState: Int, Sendable {
    case inactive, active, stopped
}

/// A controllable animation (iOS 10): start, pause, scrub, reverse, stop and finish it. Its
/// animations take each property over from what is shown, at the speed it moves (SpringyAnimation's
/// property animators, as scene files' `animator` events).
open class UIViewPropertyAnimator: NSObject {
    public let duration: TimeInterval
    public private(set) var delay: TimeInterval = 0
    public let timingParameters: (any UITimingCurveProvider)?
    open var scrubsLinearly = true
    public private(set) var state: UIViewAnimatingState = .inactive

    private var pendingAnimations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// While active: the engine animations it runs (one per view), by their names.
    private var running: [String] = []
    private var reversed = false
    private let serial: Int

    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        self.duration = duration
        timingParameters = parameters
        serial = UIKitRuntime.current?.animations.nextSerial() ?? 0
        super.init()
        UIKitRuntime.current?.animations.register(self)
    }
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }
    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil
    ) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Made and started at once, as UIKit's: it finishes at its end and runs `completion`.
    public class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let a = UIViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        if let completion { a.addCompletion(completion) }
        a.startAnimation(afterDelay: delay)
        return a
    }

    var timing: AnimationTiming { Self.timing(of: timingParameters) }

    /// A provider's timing: its spring when it has one (a composed provider's spring wins, as
    /// UIKit's does for the motion), else its cubic curve, else ease-in-out.
    static func timing(of provider: (any UITimingCurveProvider)?) -> AnimationTiming {
        if let s = provider?.springTimingParameters { return s.timing }
        if let c = provider?.cubicTimingParameters { return .cubic(c.curve) }
        return .cubic(.easeInOut)
    }

    open func addAnimations(_ animation: @escaping () -> Void) {
        if state == .active, let animations = UIKitRuntime.current?.animations {
            // Added while it runs: they run for the time it has left.
            let left = duration * (1 - Double(fractionComplete))
            running += animations.startPropertyAnimations(
                self, [animation], name: "animator.\(serial).\(running.count)", duration: left, delay: 0, paused: !isRunning)
        } else {
            pendingAnimations.append(animation)
        }
    }
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    open func startAnimation() { startAnimation(afterDelay: 0) }
    open func startAnimation(afterDelay delay: TimeInterval) {
        switch state {
        case .inactive: begin(paused: false, delay: delay)
        case .active: control(.resume)
        case .stopped: break  // UIKit: a stopped animator must be finished first
        }
    }
    open func pauseAnimation() {
        switch state {
        case .inactive: begin(paused: true, delay: 0)
        case .active: control(.pause)
        case .stopped: break
        }
    }
    /// Runs on from where it is (paused or running): its remaining time becomes `durationFactor`
    /// times its duration (0: the remaining time of its own duration). With new timing
    /// parameters the rest of the way runs on them, from what each view shows to its end (a
    /// spring's initial velocity is relative to that rest, as UIKit's); a physical spring
    /// (mass, stiffness, damping) runs for its own settling time. UIKit may blend the old curve
    /// into the new one; Springy switches at once, so the motion keeps its place, not its speed.
    open func continueAnimation(
        withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat, file: String = #fileID,
        line: Int = #line
    ) {
        guard durationFactor.isFinite, durationFactor >= 0 else {
            UIKitRuntime.current?.fail(
                CallSite(file: file, line: line), "the duration factor must be a finite number, 0 or more: \(durationFactor)")
            return
        }
        guard state == .active, let animations = UIKitRuntime.current?.animations else { return }
        let done = animations.fraction(of: running)
        let left = duration * (reversed ? done : 1 - done)
        guard let parameters else {
            let speed = durationFactor > 0 && left > 0 ? left / (Double(durationFactor) * duration) : 1
            return control(.pace(speed))
        }
        // New timing: the rest of the way on it, over the factor times the duration (0: the time
        // it had left); a physical spring runs for its own settling time.
        let timing = Self.timing(of: parameters)
        control(.retime(timing, duration: timing.duration(given: durationFactor > 0 ? Double(durationFactor) * duration : left)))
    }

    /// Stops where it is; without finishing it becomes inactive at once (no completion),
    /// otherwise it waits for `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        control(.stop)
        UIKitRuntime.current?.animations.syncViews(of: running)
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { running = [] }
    }
    /// After `stopAnimation(false)`: ends at the end, the start or where it stopped.
    open func finishAnimation(at position: UIViewAnimatingPosition) {
        guard state == .stopped, let animations = UIKitRuntime.current?.animations else { return }
        animations.settle(running, at: position)
        end(at: position)
    }

    open var isRunning: Bool {
        guard state == .active, let animations = UIKitRuntime.current?.animations else { return false }
        return running.contains { animations.isRunning($0) }
    }
    open var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            reversed = newValue
            if state == .active { control(.reverse) }
        }
    }
    /// How far through its duration it is, 0…1 (setting it pauses it there, as UIKit's).
    open var fractionComplete: CGFloat {
        get {
            guard state == .active, let animations = UIKitRuntime.current?.animations else { return 0 }
            return CGFloat(animations.fraction(of: running))
        }
        set {
            if state == .inactive { begin(paused: true, delay: 0) }
            guard state == .active else { return }
            control(.scrub(min(max(Double(newValue), 0), 1)))
        }
    }

    private func begin(paused: Bool, delay: TimeInterval) {
        guard let animations = UIKitRuntime.current?.animations else {
            // Outside a scene run: no clock, the changes happen at once.
            for a in pendingAnimations { a() }
            pendingAnimations = []
            for c in completions { c(.end) }
            return
        }
        self.delay = delay
        state = .active
        running = animations.startPropertyAnimations(
            self, pendingAnimations, name: "animator.\(serial)", duration: duration, delay: delay, paused: paused)
        pendingAnimations = []
        if reversed { control(.reverse) }
    }

    private func control(_ c: AnimatorControl) {
        UIKitRuntime.current?.animations.control(running, c)
    }

    /// Its animations ended by themselves (at the end, or reversed at the start).
    func ended(at position: UIViewAnimatingPosition) {
        guard state == .active else { return }
        end(at: position)
    }

    private func end(at position: UIViewAnimatingPosition) {
        state = .inactive
        running = []
        let run = completions
        for c in run { c(position) }
    }

    var runningNames: [String] { running }
}
