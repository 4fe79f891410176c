import Foundation
import SpringyAnimation
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
        /// Nested in another block: its own duration, not the enclosing block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Nested in another block: its own curve, not the enclosing block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
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
        UIKitRuntime.current?.animations.run(
            api: .uiView, duration: duration, delay: delay, timing: .cubic(options.curve.timing), options: options,
            animations: animations, completion: completion)
            ?? {
                animations()
                completion?(true)
            }()
    }
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        UIKitRuntime.current?.animations.run(
            api: .uiView, duration: duration, delay: delay,
            timing: .durationSpring(dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity)), options: options,
            animations: animations, completion: completion)
            ?? {
                animations()
                completion?(true)
            }()
    }

    /// iOS 17's spring: `duration` is the perceptual duration (the spring's response: ω = 2π /
    /// duration, mass 1), `bounce` 0 critically damped, up to 1 undamped (ζ = 1 − bounce; a
    /// negative bounce over-damps, ζ = 1 / (1 + bounce), taken at −0.999 at most), the initial
    /// velocity relative to the distance travelled, as the damping form's. The animation lasts
    /// the spring's settling time (SwiftUI's rule, which the same spring model uses); a duration
    /// of 0 or less makes the changes at once.
    public class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0.0, initialSpringVelocity: CGFloat = 0.0,
        delay: TimeInterval = 0.0, options: UIView.AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        guard duration.isFinite, duration > 0, let runtime = UIKitRuntime.current else {
            animations()
            completion?(true)
            return
        }
        let timing = AnimationTiming.spring(
            UISpringTimingParameters.system(duration: duration, bounce: bounce, velocity: initialSpringVelocity),
            settling: .swiftUI)
        runtime.animations.run(
            api: .uiView, duration: duration, delay: delay, timing: timing, options: options, animations: animations,
            completion: completion)
    }

    /// A keyframe animation's options: UIView.AnimationOptions' own bits (its curve for the whole
    /// run, ease-in-out unless given) and how values pass between keyframes.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// Values move linearly between keyframes (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Values jump at each keyframe's start.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        var animationOptions: AnimationOptions { AnimationOptions(rawValue: rawValue & ~(UInt(7) << 10)) }
    }

    /// Keyframes over `duration` (after `delay`): each `addKeyframe` in `animations` changes
    /// properties over its part of the run (relative start and duration, 0…1).
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        UIKitRuntime.current?.animations.runKeyframes(
            duration: duration, delay: delay, options: options, animations: animations, completion: completion)
            ?? {
                animations()
                completion?(true)
            }()
    }
    /// One keyframe of the animation being made; outside `animateKeyframes`, the changes happen at once.
    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double, animations: @escaping () -> Void
    ) {
        guard let animator = UIKitRuntime.current?.animations else { return animations() }
        animator.addKeyframe(start: frameStartTime, duration: frameDuration, animations: animations)
    }

    /// Whether property changes in animation blocks animate (the run's own setting).
    public class var areAnimationsEnabled: Bool { UIKitRuntime.current?.animations.enabled ?? true }
    public class func setAnimationsEnabled(_ enabled: Bool) { UIKitRuntime.current?.animations.enabled = enabled }
    /// Runs `actions` with animations off, inside an animation block too.
    public class func performWithoutAnimation(_ actions: () -> Void) {
        guard let animations = UIKitRuntime.current?.animations else { return actions() }
        let was = animations.enabled
        animations.enabled = false
        actions()
        animations.enabled = was
    }
}

/// A run's view animations: SpringyAnimation's engine (the one scene files' `animate` events
/// run on) over the run's views, each named for it. Setting an animatable property inside an
/// animation block changes the view's model value at once and records the change; when the
/// block ends each view's changes start as one animation of the engine, from the old model
/// value. A frame shows the engine's presentation values: the model plus every running track's
/// departure from its end (UIKit's additive animations since iOS 8), so a new animation starts
/// from what is on screen; a property animator takes a property over instead (from what is shown,
/// at the speed it moves). Transforms animate as translation, rotation and scale, as Core
/// Animation interpolates them.
final class ViewAnimator {
    let engine = ViewAnimationEngine()
    var enabled = true
    var appearance = Appearance.light
    /// Views the engine knows, by the names it knows them by (looked up only).
    private var views: [String: UIView] = [:]
    /// Blocks being recorded, innermost last.
    private var recording: [Block] = []
    /// Changes made now animate (inside a block, animations on).
    var inBlock: Bool { enabled && !recording.isEmpty }
    /// Blocks started: the engine's animations each runs, and its completion.
    private var blocks: [(animations: [Int], completion: (Bool) -> Void)] = []
    private var serial = 0
    /// The run's clock when code calls in.
    var now = 0.0

    final class Block {
        var changes: [(view: UIView, property: AnimatedProperty, old: SIMD4<Double>, new: SIMD4<Double>)] = []
        /// A UIView.animate block: one nested in it takes its timing (and runs its completion at its end).
        var inheritable = false
        var completions: [(Bool) -> Void] = []
        var duration = 0.0
        var timing = AnimationTiming.cubic(.easeInOut)
    }

    func name(of view: UIView) -> String {
        if let name = view.animationName { return name }
        serial += 1
        let name = "uiview.\(serial)"
        view.animationName = name
        views[name] = view
        return name
    }

    /// The values the engine starts from when nothing of its own is set: the view's model.
    var world: AnimationWorld {
        AnimationWorld(
            base: { [unowned self] name, p in views[name].map { self.model($0, p) } ?? p.identity },
            velocity: { _, _ in .zero })
    }

    func model(_ view: UIView, _ p: AnimatedProperty) -> SIMD4<Double> {
        switch p {
        case .center: return SIMD4(Double(view.center.x), Double(view.center.y), 0, 0)
        case .size: return SIMD4(Double(view.bounds.width), Double(view.bounds.height), 0, 0)
        case .origin: return SIMD4(Double(view.bounds.minX), Double(view.bounds.minY), 0, 0)
        case .alpha: return SIMD4(Double(view.alpha), 0, 0, 0)
        case .color:
            guard let c = view.backgroundColor?.resolved(appearance) else { return .zero }
            return SIMD4(c.r, c.g, c.b, c.a)
        case .translation, .rotation, .scale: return Self.value(view.transform, p)
        }
    }

    /// A transform's translation, rotation or scale, as the engine animates them.
    static func value(_ t: CGAffineTransform, _ p: AnimatedProperty) -> SIMD4<Double> {
        let parts = Self.parts(t)
        switch p {
        case .translation: return SIMD4(Double(t.tx), Double(t.ty), 0, 0)
        case .rotation: return SIMD4(parts.angle, 0, 0, 0)
        case .scale: return SIMD4(parts.sx, parts.sy, 0, 0)
        case .center, .size, .alpha, .color, .origin: return p.identity
        }
    }

    /// A transform as a rotation of a scale (shear is not animated: it is kept at its model value).
    static func parts(_ t: CGAffineTransform) -> (angle: Double, sx: Double, sy: Double) {
        let a = Double(t.a), b = Double(t.b), c = Double(t.c), d = Double(t.d)
        let sx = hypot(a, b)
        return (atan2(b, a), sx, sx > 0 ? (a * d - b * c) / sx : hypot(c, d))
    }

    /// A property's model value changed from `old` to `new`: recorded inside a block (animations
    /// on), else handed to the engine if it keeps a value of its own for it.
    func changed(_ view: UIView, _ p: AnimatedProperty, from old: SIMD4<Double>, to new: SIMD4<Double>) {
        guard old != new else { return }
        if enabled, let block = recording.last {
            if let k = block.changes.firstIndex(where: { $0.view === view && $0.property == p }) {
                block.changes[k].new = new
            } else {
                block.changes.append((view, p, old, new))
            }
        } else if let name = view.animationName, engine.has(name, p) {
            engine.set(name, p, new)
        }
    }

    func run(
        api: ViewAnimationAPI, duration: TimeInterval, delay: TimeInterval, timing: AnimationTiming,
        options: UIView.AnimationOptions, animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        // Nested in another UIView.animate block, as UIKit's: its changes take the enclosing
        // block's duration and curve unless it overrides them (a batch update inside a spring
        // animation springs), and its completion runs when that block's animations end.
        var duration = duration, timing = timing
        if let outer = recording.last, outer.inheritable, delay == 0 || !delay.isFinite {
            if options.isDisjoint(with: [.overrideInheritedDuration, .overrideInheritedCurve]) {
                animations()
                if options.contains(.layoutSubviews) { outer.changes.first?.view.window?.layoutIfNeeded() }
                if let completion { outer.completions.append(completion) }
                return
            }
            // One of the two overridden: an animation of its own, the other taken from the outer block.
            if !options.contains(.overrideInheritedDuration) { duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) { timing = outer.timing }
        }
        let block = Block()
        block.inheritable = true
        block.duration = duration
        block.timing = timing
        recording.append(block)
        animations()
        if options.contains(.layoutSubviews) { block.changes.first?.view.window?.layoutIfNeeded() }
        recording.removeLast()
        let started = start(
            block, api: api, duration: duration.isFinite ? max(duration, 0) : 0, delay: delay.isFinite ? max(delay, 0) : 0,
            timing: timing, repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse))
        for c in [completion].compactMap({ $0 }) + block.completions { blocks.append((started, c)) }
    }

    /// The keyframes of the keyframe animation being made (nil outside one).
    private var keyframing: [(start: Double, duration: Double, block: Block)]?

    func addKeyframe(start: Double, duration: Double, animations: () -> Void) {
        guard keyframing != nil, start.isFinite, duration.isFinite else { return animations() }
        let block = Block()
        recording.append(block)
        animations()
        recording.removeLast()
        keyframing?.append((min(max(start, 0), 1), min(max(duration, 0), 1), block))
    }

    func runKeyframes(
        duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions, animations: () -> Void,
        completion: ((Bool) -> Void)?
    ) {
        let outside = Block()  // changes outside any keyframe run over the whole animation
        keyframing = []
        recording.append(outside)
        animations()
        recording.removeLast()
        let frames = [(0.0, 1.0, outside)] + (keyframing ?? [])
        keyframing = nil
        // Each view: its properties' first old values (the engine starts there), its keyframes.
        var byView: [(view: UIView, keyframes: [Keyframe])] = []
        for (start, length, block) in frames {
            for change in block.changes {
                let name = self.name(of: change.view)
                if !engine.has(name, change.property) { engine.set(name, change.property, change.old) }
                let target = PropertyTarget(change.property, change.new)
                if let k = byView.firstIndex(where: { $0.view === change.view }) {
                    if let f = byView[k].keyframes.firstIndex(where: { $0.start == start && $0.duration == length }) {
                        byView[k].keyframes[f].targets.append(target)
                    } else {
                        byView[k].keyframes.append(Keyframe(start: start, duration: length, targets: [target]))
                    }
                } else {
                    byView.append((change.view, [Keyframe(start: start, duration: length, targets: [target])]))
                }
            }
        }
        let options2 = options.animationOptions
        var started: [Int] = []
        for (view, keyframes) in byView where duration.isFinite && duration > 0 {
            var spec = ViewAnimationSpec(
                api: .uiView, views: [name(of: view)], duration: duration, delay: delay.isFinite ? max(delay, 0) : 0,
                timing: .cubic(options2.curve.timing), targets: [], keyframes: keyframes,
                discrete: options.contains(.calculationModeDiscrete))
            spec.repeats = options.contains(.repeat)
            spec.autoreverses = options.contains(.autoreverse)
            started.append(engine.animations.count)
            engine.start(spec, at: now, world)
        }
        if let completion { blocks.append((started, completion)) }
    }

    /// Starts a block's changes, one engine animation per view: the indexes of those animations.
    func start(
        _ block: Block, api: ViewAnimationAPI, duration: Double, delay: Double, timing: AnimationTiming, repeats: Bool = false,
        autoreverses: Bool = false
    ) -> [Int] {
        var byView: [(view: UIView, targets: [PropertyTarget])] = []
        for change in block.changes {
            let name = self.name(of: change.view)
            // The engine starts from its own model value, else the view's: the old value, then.
            if !engine.has(name, change.property) { engine.set(name, change.property, change.old) }
            if let k = byView.firstIndex(where: { $0.view === change.view }) {
                byView[k].targets.append(PropertyTarget(change.property, change.new))
            } else {
                byView.append((change.view, [PropertyTarget(change.property, change.new)]))
            }
        }
        var started: [Int] = []
        for (view, targets) in byView {
            guard duration > 0 else {
                for t in targets { engine.set(name(of: view), t.property, t.value) }
                continue
            }
            var spec = ViewAnimationSpec(
                api: api, views: [name(of: view)], duration: duration, delay: delay, timing: timing, targets: targets)
            spec.repeats = repeats
            spec.autoreverses = autoreverses
            started.append(engine.animations.count)
            engine.start(spec, at: now, world)
        }
        return started
    }

    /// Before a step's code: animations whose delay is over take their from values.
    func begin(at t: Double) {
        now = t
        if !engine.isEmpty { engine.beginPending(at: t, world) }
    }

    /// After a step: animations that ended finish, then the completions of blocks all of whose
    /// animations have, in the order the blocks were made.
    func finish(at t: Double) {
        now = t
        engine.finish(at: t)
        endPropertyAnimators()
        let done = blocks.filter { b in b.animations.allSatisfy { engine.animations[$0].finished } }
        guard !done.isEmpty else { return }
        blocks.removeAll { b in b.animations.allSatisfy { engine.animations[$0].finished } }
        for b in done { b.completion(true) }
    }

    /// Something still moves, or a completion is still to run.
    var isAnimating: Bool {
        engine.isAnimating || !blocks.isEmpty || propertyAnimators.contains { $0.animator?.state == .active }
    }

    // MARK: - Property animators

    struct WeakPropertyAnimator { weak var animator: UIViewPropertyAnimator? }
    private var propertyAnimators: [WeakPropertyAnimator] = []
    /// What each property animator's engine animation changes: its view and each property's start and end.
    private var changes: [String: (view: UIView, values: [(AnimatedProperty, SIMD4<Double>, SIMD4<Double>)])] = [:]
    private var serials = 0

    func nextSerial() -> Int {
        serials += 1
        return serials
    }
    func register(_ animator: UIViewPropertyAnimator) { propertyAnimators.append(WeakPropertyAnimator(animator: animator)) }

    /// Runs `closures` as a property animator's animations: one engine animation per view it
    /// changes, named `name.k`; their names.
    func startPropertyAnimations(
        _ animator: UIViewPropertyAnimator, _ closures: [() -> Void], name: String, duration: Double, delay: Double, paused: Bool
    ) -> [String] {
        let block = Block()
        recording.append(block)
        for c in closures { c() }
        recording.removeLast()
        var byView: [(view: UIView, values: [(AnimatedProperty, SIMD4<Double>, SIMD4<Double>)])] = []
        for change in block.changes {
            let viewName = self.name(of: change.view)
            if !engine.has(viewName, change.property) { engine.set(viewName, change.property, change.old) }
            if let k = byView.firstIndex(where: { $0.view === change.view }) {
                byView[k].values.append((change.property, change.old, change.new))
            } else {
                byView.append((change.view, [(change.property, change.old, change.new)]))
            }
        }
        var names: [String] = []
        for (k, entry) in byView.enumerated() {
            let own = "\(name).\(k)"
            let spec = ViewAnimationSpec(
                api: .propertyAnimator(name: own, startsPaused: paused, scrubsLinearly: animator.scrubsLinearly),
                views: [self.name(of: entry.view)], duration: duration.isFinite ? max(duration, 0) : 0,
                delay: delay.isFinite ? max(delay, 0) : 0, timing: animator.timing,
                targets: entry.values.map { PropertyTarget($0.0, $0.2) })
            engine.start(spec, at: now, world)
            changes[own] = entry
            names.append(own)
        }
        return names
    }

    func control(_ names: [String], _ c: AnimatorControl) {
        for name in names { engine.control(name, c, at: now, world) }
    }
    func isRunning(_ name: String) -> Bool {
        engine.animation(named: name).map { !$0.finished && !$0.paused } ?? false
    }
    /// How far through its duration the first of `names` is.
    func fraction(of names: [String]) -> Double {
        guard let a = names.first.flatMap({ engine.animation(named: $0) }), a.duration > 0 else { return 0 }
        return a.finished ? (a.reversed ? 0 : 1) : a.tau(at: now) / a.duration
    }

    /// Sets each view's own properties to the engine's model values (after a stop or an end the
    /// engine moved them: where they were shown, or back to the start).
    func syncViews(of names: [String]) {
        for name in names {
            guard let entry = changes[name], let viewName = entry.view.animationName else { continue }
            let was = enabled
            enabled = false
            for (p, _, _) in entry.values where engine.has(viewName, p) {
                let v = engine.base(viewName, p, world)
                apply(v, p, to: entry.view)
            }
            enabled = was
        }
    }

    /// finishAnimation(at:): the views at their end values, their start values, or where they are.
    func settle(_ names: [String], at position: UIViewAnimatingPosition) {
        for name in names {
            guard let entry = changes[name], let viewName = entry.view.animationName else { continue }
            for (p, old, new) in entry.values {
                let v: SIMD4<Double>
                switch position {
                case .end: v = new
                case .start: v = old
                case .current: v = engine.base(viewName, p, world)
                }
                engine.set(viewName, p, v)
            }
        }
        syncViews(of: names)
        for name in names { changes[name] = nil }
    }

    /// A view's own property set to `v` (no animation).
    func apply(_ v: SIMD4<Double>, _ p: AnimatedProperty, to view: UIView) {
        switch p {
        case .center: view.center = CGPoint(x: v.x, y: v.y)
        case .size: view.bounds.size = CGSize(width: v.x, height: v.y)
        case .origin: view.bounds.origin = CGPoint(x: v.x, y: v.y)
        case .alpha: view.alpha = CGFloat(v.x)
        case .color:
            view.backgroundColor = UIColor(red: CGFloat(v.x), green: CGFloat(v.y), blue: CGFloat(v.z), alpha: CGFloat(v.w))
        case .translation, .rotation, .scale:
            var t = Self.value(view.transform, .translation), r = Self.value(view.transform, .rotation).x
            var s = Self.value(view.transform, .scale)
            if p == .translation { t = v } else if p == .rotation { r = v.x } else { s = v }
            view.transform = CGAffineTransform(rotationAngle: CGFloat(r)).scaledBy(x: CGFloat(s.x), y: CGFloat(s.y))
                .concatenating(CGAffineTransform(translationX: CGFloat(t.x), y: CGFloat(t.y)))
        }
    }

    /// Property animators whose animations all ended this step: their views take the engine's
    /// values, their completions run (at the start when reversed, else at the end).
    func endPropertyAnimators() {
        propertyAnimators.removeAll { $0.animator == nil }
        for entry in propertyAnimators {
            guard let a = entry.animator, a.state == .active else { continue }
            let names = a.runningNames
            let animations = names.compactMap { engine.animation(named: $0) }
            guard animations.count == names.count, animations.allSatisfy(\.finished) else { continue }
            syncViews(of: names)
            for name in names { changes[name] = nil }
            a.ended(at: animations.first?.reversed == true ? .start : .end)
        }
    }

    /// What `view` shows for `p` at `t`.
    func shown(_ view: UIView, _ p: AnimatedProperty, at t: Double) -> SIMD4<Double> {
        guard let name = view.animationName, engine.touches(name) else { return model(view, p) }
        return engine.presentation(name, p, at: t, world)
    }
}
