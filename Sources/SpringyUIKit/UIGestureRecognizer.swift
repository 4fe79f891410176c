import Foundation

/// A gesture recogniser's state, as UIKit's.
extension UIGestureRecognizer {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static var recognized: State { .ended }
    }
}

/// Asked by a gesture recogniser whether it may begin, and whether it may recognise together
/// with another.
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Asked when the recogniser would leave `.possible` (a pan at its finger's first movement,
    /// with its translation and velocity; a tap, swipe, press, pinch or rotation as it recognises):
    /// false fails it, and a pan's finger goes to what the views above would have given it.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the two may recognise at once (either delegate saying yes is enough): a pinch or
    /// rotation then begins beside a finger's recogniser or scroll view, and a long press leaves
    /// them the finger.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    /// Asked as a finger lands, for each recogniser that would take it (the deepest view's one-
    /// finger recogniser, long presses, pinches and rotations): false and the recogniser never
    /// sees that finger (it goes to the next recogniser of that view, else the view's control or
    /// scroll view, else up the views).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Asked of a tap recogniser as it has its taps, for each other recogniser of its view, the
    /// views it is in and the views in it: true makes it wait for that one to fail, as
    /// `require(toFail:)` does.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    /// The same question asked of the other's delegate: true makes the tap recogniser
    /// `otherGestureRecognizer` wait for this one to fail.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}

/// What recognises a gesture from the script's fingers: a scroll view's `panGestureRecognizer`,
/// or one you add to a view (`addGestureRecognizer`). There is no Objective-C runtime to call a
/// `#selector`: give the recogniser a closure instead (`UIPanGestureRecognizer { pan in … }`, or
/// `addTarget { recognizer in … }`), called at each change of state as UIKit calls its targets.
open class UIGestureRecognizer: NSObject {
    public internal(set) var state: State = .possible
    public internal(set) weak var view: UIView?
    open var isEnabled = true
    weak open var delegate: (any UIGestureRecognizerDelegate)?
    /// Where the finger is (the window's coordinates), while it touches or as it last did.
    var finger: CGPoint?
    private var targets: [(UIGestureRecognizer) -> Void] = []
    public override init() { super.init() }
    /// A recogniser that calls `action` with itself at every change of its state.
    public init(action: @escaping (UIGestureRecognizer) -> Void) {
        targets = [action]
        super.init()
    }
    open func addTarget(_ action: @escaping (UIGestureRecognizer) -> Void) { targets.append(action) }
    open func removeAllTargets() { targets = [] }
    /// Calls the targets (the state has changed).
    func fire() { for t in targets { t(self) } }
    /// Recognisers that must fail before this one recognises (`require(toFail:)`).
    var mustFail: [WeakRecognizer] = []
    struct WeakRecognizer { weak var recognizer: UIGestureRecognizer? }

    /// This one recognises only once `otherGestureRecognizer` has failed: a single tap that waits
    /// for a double tap's second tap not to come. Springy's tap recognisers wait (their pans begin
    /// where the finger lands, so nothing else can); asking it of another is a located error.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer, file: String = #fileID, line: Int = #line) {
        guard self is UITapGestureRecognizer else {
            UIKitRuntime.current?.fail(
                CallSite(file: file, line: line),
                "require(toFail:) on a \(Swift.type(of: self)) is not covered: Springy's tap recognisers wait for another to fail"
            )
            return
        }
        mustFail.append(WeakRecognizer(recognizer: otherGestureRecognizer))
    }

    /// It may still recognise with the touches it has seen (what requires it to fail waits).
    var isUndecided: Bool { false }
    /// It has recognised its gesture (what requires it to fail fails).
    var hasRecognized: Bool { state == .began || state == .changed || state == .ended }

    /// What it waits for to fail: `require(toFail:)`'s, then (for a tap, the one kind that
    /// waits) the recognisers of its view, the views it is in and those in it that either
    /// delegate's failure questions name, in the views' order.
    func requirements() -> [UIGestureRecognizer] {
        var out = mustFail.compactMap(\.recognizer).filter { $0 !== self }
        guard self is UITapGestureRecognizer, let view else { return out }
        var around: [UIView] = []
        var up = view.superview
        while let v = up { around.append(v); up = v.superview }
        func down(_ v: UIView) { around.append(v); for s in v.subviews { down(s) } }
        down(view)
        for v in around {
            for other in v.gestureRecognizers ?? [] where other !== self && !out.contains(where: { $0 === other }) {
                if delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
                    || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
                {
                    out.append(other)
                }
            }
        }
        return out
    }

    /// Whether its delegate lets it see `touch` (none: it does).
    func receives(_ touch: UITouch) -> Bool { delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true }

    /// Whether it may recognise now given what it requires to fail: `true` go, `false` fail, nil wait.
    func requirementsAllow() -> Bool? {
        let others = requirements()
        if others.contains(where: \.hasRecognized) { return false }
        if others.contains(where: \.isUndecided) { return nil }
        return true
    }

    /// Its delegate lets it leave `.possible` (none: it may).
    func mayBegin() -> Bool { delegate?.gestureRecognizerShouldBegin(self) ?? true }
    /// Whether it and `other` may recognise at once: either delegate says so.
    func together(with other: UIGestureRecognizer) -> Bool {
        other !== self
            && (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
                || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true)
    }

    /// The fingers a two-finger recogniser holds (the window's coordinates), in the order they
    /// landed, and whether each is still down; a one-finger recogniser has `finger` instead.
    var held: [(id: Int, point: CGPoint, down: Bool)] = []
    /// Its fingers' points: the two a two-finger recogniser holds, else the one finger.
    var points: [CGPoint] { held.isEmpty ? finger.map { [$0] } ?? [] : held.map(\.point) }

    /// The touches it is recognising with: its fingers down while it has begun or changed.
    open var numberOfTouches: Int {
        guard state == .began || state == .changed else { return 0 }
        return held.isEmpty ? 1 : held.count { $0.down }
    }
    /// Where the finger is in `view`'s coordinates (the window's when nil); for two fingers, the
    /// point between them.
    open func location(in view: UIView?) -> CGPoint {
        let points = points
        guard !points.isEmpty else { return .zero }
        let n = CGFloat(points.count)
        let c = CGPoint(x: points.reduce(0) { $0 + $1.x } / n, y: points.reduce(0) { $0 + $1.y } / n)
        return view.map { $0.convert(c, from: nil) } ?? c
    }
    /// Where finger `touchIndex` (0: the first that landed) is in `view`'s coordinates; an index
    /// past its fingers is UIKit's exception, a located error here.
    open func location(
        ofTouch touchIndex: Int, in view: UIView?, file: String = #fileID, line: Int = #line
    ) -> CGPoint {
        let points = points
        guard points.indices.contains(touchIndex) else {
            UIKitRuntime.current?.fail(
                CallSite(file: file, line: line),
                "-[UIGestureRecognizer locationOfTouch:inView:]: index (\(touchIndex)) beyond bounds (\(points.count)).")
            return .zero
        }
        return view.map { $0.convert(points[touchIndex], from: nil) } ?? points[touchIndex]
    }
}

/// A pan: the finger's translation since it landed, and its velocity.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    var start: CGPoint?
    var lastVelocity = CGPoint.zero
    /// How far the finger has been from where it landed: a pan has recognised once it has gone
    /// 10 pt (Springy's pans begin where the finger lands; UIKit's would not have before then).
    var farthest: CGFloat = 0
    override var hasRecognized: Bool {
        farthest >= UITapGestureRecognizer.allowableMovement && state != .failed && state != .cancelled
    }
    override var isUndecided: Bool { (state == .began || state == .changed) && !hasRecognized }

    open func translation(in view: UIView?) -> CGPoint {
        guard let start, finger != nil else { return .zero }
        let a = location(in: view)
        let b = view.map { $0.convert(start, from: nil) } ?? start
        return CGPoint(x: a.x - b.x, y: a.y - b.y)
    }
    /// Makes the current point the start of the translation, plus `translation`.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard let finger else { return }
        let inView = view.map { $0.convert(finger, from: nil) } ?? finger
        let origin = CGPoint(x: inView.x - translation.x, y: inView.y - translation.y)
        start = view.map { $0.convert(origin, to: nil) } ?? origin
    }
    /// The finger's velocity (points per second in `view`'s coordinates, turned with it).
    open func velocity(in view: UIView?) -> CGPoint {
        guard let view else { return lastVelocity }
        let o = view.convert(CGPoint.zero, from: nil), v = view.convert(lastVelocity, from: nil)
        return CGPoint(x: v.x - o.x, y: v.y - o.y)
    }

    /// The finger landed at `point`; the pan waits (its delegate is asked when it moves).
    func land(at point: CGPoint, in view: UIView) {
        self.view = view
        start = point
        finger = point
        lastVelocity = .zero
        state = .possible
    }
    /// The finger moved to `point` over a step of `h` s, the state left as it is.
    func follow(to point: CGPoint, h: Double) {
        if let last = finger { lastVelocity = CGPoint(x: (point.x - last.x) / h, y: (point.y - last.y) / h) }
        finger = point
    }

    /// The script's finger moved (`h`: the step; the velocity is the finger's over it, or the
    /// release's as the script gives it).
    func touch(_ phase: State, at point: CGPoint, in view: UIView, velocity: CGPoint? = nil, h: Double = 1.0 / 120) {
        self.view = view
        if phase == .began {
            start = point
            lastVelocity = .zero
            farthest = 0
        } else if let last = finger {
            lastVelocity = velocity ?? CGPoint(x: (point.x - last.x) / h, y: (point.y - last.y) / h)
        }
        finger = point
        if let start { farthest = max(farthest, hypot(point.x - start.x, point.y - start.y)) }
        state = phase
    }
}

/// A tap: the finger lifts within 10 pt of where it landed (UIKit's allowance), as many times as
/// `numberOfTapsRequired`, each landing within 0.35 s of the last lift and 45 pt of the first;
/// recognised (state `.ended`, the targets called) at the last lift. The script's fingers are
/// one at a time: `numberOfTouchesRequired` above 1 never recognises.
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
    static let allowableMovement: CGFloat = 10
    static let tapInterval = 0.35
    static let tapDistance: CGFloat = 45
    private var landed: CGPoint?
    private var first: CGPoint?
    private var taps = 0
    private var lastLift = -Double.infinity
    /// It has its taps and waits for what it requires to fail.
    private(set) var waiting = false
    /// Taps counted towards more (a double tap after its first) may still come.
    override var isUndecided: Bool { (taps > 0 && state == .possible) || waiting }

    /// The time for a further tap has run out at `time`: the taps counted so far fail.
    func expire(at time: Double) {
        guard taps > 0, state == .possible, time - lastLift > Self.tapInterval + 1e-9 else { return }
        taps = 0
        state = .failed
    }

    /// Waiting, it recognises once what it requires has failed, or fails once one recognised.
    func resolve() {
        guard waiting, let allowed = requirementsAllow() else { return }
        waiting = false
        if allowed { recognise() } else { state = .failed }
    }

    private func recognise() {
        guard mayBegin() else {
            state = .failed
            return
        }
        state = .ended
        fire()
    }

    func touch(_ phase: State, at point: CGPoint, in view: UIView, time: Double) {
        self.view = view
        switch phase {
        case .began:
            if state == .ended || state == .failed { state = .possible }  // (a failed touch is reset when it lifts)
            waiting = false
            // (The clock is whole steps: a thousandth of a step of rounding is not late.)
            let late = time - lastLift > Self.tapInterval + 1e-9
            if taps > 0, late || first.map({ hypot($0.x - point.x, $0.y - point.y) }) ?? 0 > Self.tapDistance {
                taps = 0
            }
            if taps == 0 { first = point }
            landed = point
            finger = point
        case .changed:
            finger = point
            if let landed, hypot(point.x - landed.x, point.y - landed.y) > Self.allowableMovement {
                state = .failed
                taps = 0
            }
        case .ended:
            finger = point
            let moved = landed.map { hypot(point.x - $0.x, point.y - $0.y) } ?? 0
            guard state == .possible, moved <= Self.allowableMovement, numberOfTouchesRequired == 1 else {
                state = .possible
                taps = 0
                return
            }
            taps += 1
            lastLift = time
            if taps >= numberOfTapsRequired {
                taps = 0
                // (With requirements it waits: they may still recognise with this very lift.)
                if requirements().isEmpty { recognise() } else { waiting = true }
            }
        case .cancelled, .failed, .possible:
            taps = 0
            waiting = false
            state = .possible
        }
    }
}

/// A long press: the finger stays within `allowableMovement` (10 pt) of where it landed for
/// `minimumPressDuration` (0.5 s) — recognised then (`.began`, the targets called) even if it
/// has not moved —, then every move is `.changed` and the lift `.ended`. A finger that moves too
/// far first, or lifts first, fails it. Where it is recognised the touch is its own: a scroll
/// view under it stops scrolling (UIKit's recognisers do not recognise together by default).
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval = 0.5
    open var allowableMovement: CGFloat = 10
    open var numberOfTouchesRequired = 1
    /// Taps before the press (0: the press is the first touch); the script's fingers press once.
    open var numberOfTapsRequired = 0
    private var landed: (point: CGPoint, time: Double)?
    /// Its finger is down and it has not yet been pressed long enough, nor moved too far.
    override var isUndecided: Bool { state == .possible && landed != nil }

    /// The script's finger at `time` (the run's clock): `.began` when it lands, `.changed` as
    /// it moves or stays, `.ended` when it lifts. Returns whether the press was recognised now.
    @discardableResult
    func touch(_ phase: State, at point: CGPoint, in view: UIView, time: Double) -> Bool {
        self.view = view
        finger = point
        switch phase {
        case .began:
            state = .possible
            landed = (point, time)
            return check(point, time)
        case .changed:
            if state == .began || state == .changed {
                state = .changed
                fire()
                return false
            }
            return check(point, time)
        case .ended, .cancelled, .failed:
            defer { landed = nil }
            if state == .began || state == .changed {
                state = phase == .ended ? .ended : .cancelled
                fire()
            } else {
                state = .failed
            }
            return false
        case .possible:
            return false
        }
    }

    /// Still possible: failed past the allowable movement, recognised once pressed long enough.
    private func check(_ point: CGPoint, _ time: Double) -> Bool {
        guard state == .possible, let landed else { return false }
        if hypot(point.x - landed.point.x, point.y - landed.point.y) > allowableMovement {
            state = .failed
            return false
        }
        // (The clock is whole steps: a thousandth of a step of rounding is not early.)
        guard numberOfTouchesRequired == 1, numberOfTapsRequired == 0, time - landed.time >= minimumPressDuration - 1e-9 else {
            return false
        }
        guard mayBegin() else {
            state = .failed
            return false
        }
        state = .began
        fire()
        return true
    }
}
