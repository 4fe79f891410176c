import Foundation
import SpringyCore
import SpringyScene

// The script's fingers on Swift code's views: each finger that lands is given to what the view
// under it recognises with one finger (a pan, tap, swipe or long press recogniser, a control, a
// scroll view) and to the two-finger recognisers (pinch, rotation) of the views it is in.

extension UIKitRuntime {
    package func touchBegan(_ finger: Int, at point: Vec2) { fingers.began(finger, at: point) }
    package func touchMoved(_ finger: Int, to point: Vec2) { fingers.moved(finger, to: point) }
    package func touchEnded(_ finger: Int, at point: Vec2, velocity: Vec2) {
        fingers.ended(finger, at: point, velocity: velocity)
    }
}

/// The fingers on a run's screen and what each drives.
final class Fingers {
    unowned let run: UIKitRuntime
    init(run: UIKitRuntime) { self.run = run }
    /// The fingers down on the screen, in the order they landed.
    var touches: [Touch] = []
    /// The two-finger recognisers holding fingers, in the order they were first touched.
    var twoFinger: [any TwoFingerRecognizer] = []
    /// Fingers moved since the two-finger recognisers last measured them.
    var fingersMoved = false
    /// Tap recognisers that have their taps and wait for what they require to fail.
    var waitingTaps: [UITapGestureRecognizer] = []

    // The run's screen and clock.
    var window: UIWindow { run.window }
    private var screenBounds: CGRect { run.screenBounds }
    private var now: Double { run.now }
    private var h: Double { run.h }
    private var animations: ViewAnimator { run.animations }
    private func inside(_ body: () -> Void) { run.inside(body) }

    /// A finger on the screen and what it drives.
    struct Touch {
        let id: Int
        var point: CGPoint
        /// The finger as recognisers' delegates are shown it (as it landed).
        let shown: UITouch
        /// Pans and scroll views above `hit` that recognise with it (FingersBeside.swift).
        var beside: [Hit] = []
        /// What it drives alone (nil once a recogniser took it, or when another finger had it first).
        var hit: Hit?
        /// The long-press recogniser it pressed on (it watches the touch beside `hit`).
        var press: UILongPressGestureRecognizer?
        /// Where it landed, while the pan it drives waits for its delegate (asked at the first movement).
        var pending: CGPoint?
    }

    enum Hit {
        case pan(UIPanGestureRecognizer)
        /// The view's last tap recogniser that receives the finger, and every one that does (a
        /// single and a double tap see the same taps), in the order they were added.
        case tap(UITapGestureRecognizer, all: [UITapGestureRecognizer])
        case swipe(UISwipeGestureRecognizer)
        case control(UIControl)
        case scroll(UIScrollView)

        var object: AnyObject {
            switch self {
            case .pan(let r): r
            case .tap(let r, _): r
            case .swipe(let r): r
            case .control(let c): c
            case .scroll(let s): s
            }
        }
    }

    func began(_ finger: Int, at point: Vec2) {
        let p = onScreen(point)
        var touch = Touch(id: finger, point: p, shown: UITouch(landingAt: p, in: window, time: now))
        // A second finger in the view of a two-finger recogniser holding one joins it alone.
        let joining = twoFinger.filter { r in
            r.held.count == 1 && r.held[0].down && contains(r.view, p) && r.receives(touch.shown)
        }
        if !joining.isEmpty {
            for r in joining { r.land(finger, at: p) }
            touches.append(touch)
            return
        }
        // What one finger drives, unless another finger already drives it.
        let taken = touches.compactMap { $0.hit?.object }
        if let hit = hit(p, in: window, touch: touch.shown), !taken.contains(where: { $0 === hit.object }) { touch.hit = hit }
        if case .pan(let pan)? = touch.hit, pan.delegate != nil { touch.pending = p }
        if let press = pressRecognizer(p, in: window, touch: touch.shown), !touches.contains(where: { $0.press === press }) {
            touch.press = press
        }
        for r in twoFingerRecognizers(p, in: window, touch: touch.shown) {
            r.land(finger, at: p)
            if !twoFinger.contains(where: { $0 === r }) { twoFinger.append(r) }
        }
        touches.append(touch)
        inside {
            if let press = touch.press, press.touch(.began, at: p, in: press.view ?? window, time: now) { pressed(finger, p) }
            // (A press recognised at once took the finger: it drives nothing else.)
            if let t = touches.last, t.id == finger {
                if t.pending != nil, case .pan(let pan)? = t.hit {
                    pan.land(at: p, in: pan.view ?? window)
                } else {
                    drive(t.hit, .began, p)
                    if let k = touches.indices.last { startBeside(k, landing: p, p) }
                }
            }
        }
    }

    func moved(_ finger: Int, to point: Vec2) {
        let p = onScreen(point)
        guard let k = touches.firstIndex(where: { $0.id == finger }) else { return }
        touches[k].point = p
        hold(finger, at: p, down: true)
        inside {
            // (The finger is at `point` at the end of this step, as a lift is.)
            if let press = touches[k].press, press.touch(.changed, at: p, in: press.view ?? window, time: now + h) {
                pressed(finger, p)
            }
            if touches[k].pending != nil {
                decide(k, p, lifting: false)
            } else {
                drive(touches[k].hit, .changed, p)
                for b in touches[k].beside { drive(b, .changed, p) }
            }
        }
    }

    /// A pan with a delegate, its finger at `p`: at the first movement (or the lift) the delegate
    /// is asked; yes begins it, no fails it and gives the finger to what the views above the pan's
    /// would have given it, from where it landed (a finger that lifts without moving: no pan).
    private func decide(_ k: Int, _ p: CGPoint, lifting: Bool, velocity: CGPoint = .zero) {
        guard let landing = touches[k].pending, case .pan(let pan)? = touches[k].hit else { return }
        let moved = p != landing
        if moved || lifting { touches[k].pending = nil }
        if moved { pan.follow(to: p, h: h) }
        if moved, pan.mayBegin() {
            pan.state = .began
            pan.fire()
            startBeside(k, landing: landing, p)
            if lifting {
                drive(.pan(pan), .ended, p, velocity: velocity)
                for b in touches[k].beside { drive(b, .ended, p, velocity: velocity) }
            }
            return
        }
        guard moved || lifting else { return }
        pan.state = .failed
        let next = hit(landing, in: window, touch: touches[k].shown, above: pan.view)
        touches[k].hit = next
        drive(next, .began, landing)
        drive(next, lifting ? .ended : .changed, p, velocity: velocity)
        startBeside(k, landing: landing, p)
        if lifting { for b in touches[k].beside { drive(b, .ended, p, velocity: velocity) } }
    }

    func ended(_ finger: Int, at point: Vec2, velocity: Vec2) {
        let p = onScreen(point), v = CGPoint(x: velocity.x, y: velocity.y)
        guard let k = touches.firstIndex(where: { $0.id == finger }) else { return }
        hold(finger, at: p, down: false)
        // The finger lifts at the end of this step: what code starts then (a selection's
        // animation, a release's) starts at that instant, as a scene file's tap does.
        animations.now = now + h
        defer { animations.now = now }
        inside {
            touches[k].press?.touch(.ended, at: p, in: touches[k].press?.view ?? window, time: now + h)
            if touches[k].pending != nil {
                decide(k, p, lifting: true, velocity: v)
            } else {
                drive(touches[k].hit, .ended, p, velocity: v)
                for b in touches[k].beside { drive(b, .ended, p, velocity: v) }
            }
        }
        touches.remove(at: k)
    }

    /// Where a finger at `point` touches: on the screen, as a device's touches are (a finger the
    /// script puts on the screen's right or bottom edge, or past it, is on its last point; a
    /// view's bounds do not hold their far edges).
    private func onScreen(_ point: Vec2) -> CGPoint {
        let s = screenBounds
        guard s.width > 0, s.height > 0 else { return CGPoint(x: point.x, y: point.y) }
        return CGPoint(x: min(max(point.x, s.minX), s.maxX.nextDown), y: min(max(point.y, s.minY), s.maxY.nextDown))
    }

    /// What one finger drives, told it landed, moved or lifted (`velocity`: the lift's).
    func drive(_ hit: Hit?, _ phase: UIGestureRecognizer.State, _ p: CGPoint, velocity: CGPoint = .zero) {
        // A finger lands at the step's start and is where it moved to, or lifts, at its end.
        let at = phase == .began ? now : now + h
        switch hit {
        case .pan(let pan)?:
            pan.touch(phase, at: p, in: pan.view ?? window, velocity: phase == .ended ? velocity : nil, h: h)
            pan.fire()
        // (A tap's allowance is distance: when it moves does not matter.) Every tap recogniser
        // of the view sees the finger (a single and a double tap), then those that wait for
        // another to fail are settled.
        case .tap(_, let all)?:
            for t in all { t.touch(phase, at: p, in: t.view ?? window, time: at) }
            for t in all where t.waiting && !waitingTaps.contains(where: { $0 === t }) { waitingTaps.append(t) }
            resolveWaiting(at: at)
        case .swipe(let swipe)?: swipe.touch(phase, at: p, in: swipe.view ?? window, time: at)
        case .control(let control)?: control.touch(phase, at: p)
        case .scroll(let scroll)?:
            switch phase {
            case .began: scroll.beginDrag(at: p)
            case .ended: scroll.endDrag(at: p, velocity: velocity, h: h)
            case .changed, .possible, .cancelled, .failed: scroll.drag(to: p, h: h)
            }
        case nil: break
        }
    }

    /// Taps that wait for others to fail: the others' time for a further tap runs out at `time`,
    /// and each that can be settled recognises or fails (in the order they began to wait).
    func resolveWaiting(at time: Double) {
        guard !waitingTaps.isEmpty else { return }
        inside {
            for t in waitingTaps {
                for case let other as UITapGestureRecognizer in t.requirements() { other.expire(at: time) }
                t.resolve()
            }
        }
        waitingTaps.removeAll { !$0.waiting }
    }

    /// The two-finger recognisers holding `finger` see it at `p` (measured when the step's fingers have moved).
    private func hold(_ finger: Int, at p: CGPoint, down: Bool) {
        for r in twoFinger {
            guard let i = r.held.firstIndex(where: { $0.id == finger }) else { continue }
            r.held[i].point = p
            r.held[i].down = down
            fingersMoved = true
        }
    }

    /// Pinches and rotations measure the step's fingers: they begin, change or end.
    func measureTwoFingers() {
        guard fingersMoved else { return }
        fingersMoved = false
        inside {
            for r in twoFinger { r.step(h: h, run: run) }
        }
        twoFinger.removeAll { r in r.held.allSatisfy { !$0.down } }
    }

    /// `r`'s fingers have moved far enough: it begins unless something else already recognises
    /// with one of them (UIKit's recognisers do not recognise together by default) — then it
    /// fails. Beginning, it takes its fingers: what they drove alone is cancelled.
    func begin(_ r: any TwoFingerRecognizer) {
        let ids = Set(r.held.map(\.id))
        let others = twoFinger.contains { o in
            o !== r && (o.state == .began || o.state == .changed) && o.held.contains { ids.contains($0.id) }
                && !r.together(with: o)
        }
        // (What a finger drives beside `r`, when their delegates let them recognise together, keeps it.)
        let mine = touches.filter { ids.contains($0.id) && !together(r, $0) }
        if others || mine.contains(where: recognises) || !r.mayBegin() {
            r.state = .failed
            return
        }
        r.state = .began
        r.fire()
        for t in mine { takeOver(t.id, t.point) }
    }

    /// Whether `r` may recognise beside what finger `t` drives (its recogniser, or its scroll
    /// view's pan) and its long press: their delegates say so for every one of them.
    private func together(_ r: UIGestureRecognizer, _ t: Touch) -> Bool {
        var theirs: [UIGestureRecognizer] = t.press.map { [$0] } ?? []
        switch t.hit {
        case .pan(let p)?: theirs.append(p)
        case .tap(let p, _)?: theirs.append(p)
        case .swipe(let p)?: theirs.append(p)
        case .scroll(let s)?: theirs.append(s.panGestureRecognizer)
        case .control?: return false
        case nil: break
        }
        theirs += t.beside.compactMap(\.recognizer)
        return !theirs.isEmpty && theirs.allSatisfy { r.together(with: $0) }
    }

    /// Whether what a finger drives has recognised: a long press that has begun, a pan or a
    /// scroll view's drag past UIKit's 10 pt (before that, our pan has begun at the landing, but
    /// a pinch still takes the fingers from it, as it would from UIKit's not yet recognised pan).
    private func recognises(_ t: Touch) -> Bool {
        if let press = t.press, press.state == .began || press.state == .changed { return true }
        let pan: UIPanGestureRecognizer?
        switch t.hit {
        case .pan(let p)?: pan = p
        case .scroll(let s)?: pan = s.panGestureRecognizer
        case .tap?, .swipe?, .control?, nil: pan = nil
        }
        guard let pan else { return false }
        let d = pan.translation(in: nil)
        return hypot(d.x, d.y) >= UITapGestureRecognizer.allowableMovement
    }

    /// A long press on `finger` recognised: it takes the finger, unless what the finger drives may
    /// recognise beside it.
    private func pressed(_ finger: Int, _ p: CGPoint) {
        guard let t = touches.first(where: { $0.id == finger }), let press = t.press else { return }
        var alone = t
        alone.press = nil
        if together(press, alone) { return }
        takeOver(finger, p)
    }

    /// A recogniser took `finger` (a long press recognised, a pinch began): what else it drove
    /// stops — a scroll where it is, a pan or a control cancelled, a tap or swipe failed.
    func takeOver(_ finger: Int, _ p: CGPoint) {
        guard let k = touches.firstIndex(where: { $0.id == finger }) else { return }
        if case .pan(let pan)? = touches[k].hit, touches[k].pending != nil {
            pan.state = .failed  // (it never began)
        } else {
            cancel(touches[k].hit, at: p)
        }
        for b in touches[k].beside { cancel(b, at: p) }
        touches[k].beside = []
        touches[k].hit = nil
        touches[k].pending = nil
        if let press = touches[k].press, press.state == .possible {
            press.touch(.cancelled, at: p, in: press.view ?? window, time: now)
            touches[k].press = nil
        }
    }

    /// What a finger drove stops: a scroll where it is, a pan or a control cancelled, a tap or
    /// swipe failed.
    private func cancel(_ hit: Hit?, at p: CGPoint) {
        switch hit {
        case .scroll(let scroll)?: scroll.cancelDrag(at: p, h: h)
        case .pan(let pan)?:
            pan.touch(.cancelled, at: p, in: pan.view ?? window, h: h)
            pan.fire()
        case .tap(_, let all)?: for t in all { t.touch(.cancelled, at: p, in: t.view ?? window, time: now) }
        case .swipe(let swipe)?: swipe.touch(.cancelled, at: p, in: swipe.view ?? window, time: now)
        case .control(let control)?: control.touch(.cancelled, at: p)
        case nil: break
        }
    }

    /// Whether `point` (the window's coordinates) is within `view`.
    private func contains(_ view: UIView?, _ point: CGPoint) -> Bool {
        guard let view else { return false }
        // (The view's own answer, as hit-testing asks it: an override that widens it counts here too.)
        return view === window || view.point(inside: view.convert(point, from: nil), with: nil)
    }

    /// The views a finger at `point` is in that take touches, deepest first: the window's
    /// `hitTest(_:with:)` (UIKit's rule, or your override of it or of `point(inside:with:)`), then
    /// its superviews.
    private func chain(_ point: CGPoint, in view: UIView) -> [UIView] {
        var out: [UIView] = []
        var next = view.hitTest(view.convert(point, from: nil), with: nil)
        while let v = next {
            out.append(v)
            next = v.superview
        }
        return out
    }

    /// The enabled pinch and rotation recognisers of the views a finger at `point` is in: the
    /// deepest view's first, each view's in the order they were added.
    private func twoFingerRecognizers(_ point: CGPoint, in view: UIView, touch: UITouch) -> [any TwoFingerRecognizer] {
        chain(point, in: view).flatMap { v in
            (v.gestureRecognizers ?? []).compactMap { r in
                (r as? any TwoFingerRecognizer).flatMap { r.isEnabled && r.receives(touch) ? $0 : nil }
            }
        }
    }

    /// The deepest view under `point` with an enabled long-press recogniser: its last.
    func pressRecognizer(_ point: CGPoint, in view: UIView, touch: UITouch) -> UILongPressGestureRecognizer? {
        for v in chain(point, in: view) {
            if let r = v.gestureRecognizers?.last(where: {
                $0.isEnabled && $0 is UILongPressGestureRecognizer && $0.receives(touch)
            }) {
                return r as? UILongPressGestureRecognizer
            }
        }
        return nil
    }

    /// What a finger landing at `point` (window coordinates) starts: the deepest view under it
    /// that takes touches gives them to its last enabled pan, tap or swipe recogniser that its
    /// delegate lets receive `touch` (a screen-edge pan only for a finger at one of its edges),
    /// else (an enabled control) tracks them itself, else (a scroll view) is dragged; a view that
    /// does none of these passes them to its superview.
    func hit(_ point: CGPoint, in view: UIView, touch: UITouch, above: UIView? = nil) -> Hit? {
        var views = chain(point, in: view)
        if let above, let i = views.firstIndex(where: { $0 === above }) { views.removeFirst(i + 1) }
        for v in views {
            // (Each delegate is asked once, in the order the recognisers were added.)
            let receiving = (v.gestureRecognizers ?? []).filter { r in
                guard r.isEnabled else { return false }
                if let edge = r as? UIScreenEdgePanGestureRecognizer {
                    guard edge.startsAtEdge(point, of: screenBounds) else { return false }
                } else if !(r is UIPanGestureRecognizer || r is UITapGestureRecognizer || r is UISwipeGestureRecognizer) {
                    return false
                }
                return r.receives(touch)
            }
            let r = receiving.last
            if let pan = r as? UIPanGestureRecognizer { return .pan(pan) }
            if let tap = r as? UITapGestureRecognizer {
                return .tap(tap, all: receiving.compactMap { $0 as? UITapGestureRecognizer })
            }
            if let swipe = r as? UISwipeGestureRecognizer { return .swipe(swipe) }
            if let control = v as? UIControl, control.isEnabled { return .control(control) }
            if let scroll = v as? UIScrollView, scroll.isScrollEnabled { return .scroll(scroll) }
        }
        return nil
    }
}
