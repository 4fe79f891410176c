import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyScene

/// A gesture in progress.
struct ActiveGesture {
    /// A moment due at the end of a step counts as reached at it (GestureTime.slack).
    static let timeSlack = GestureTime.slack

    let pan: PanGesture
    var longPress: LongPressGesture?
    /// Set when the long press moves a cell interactively (a reorder) rather than starting a drag.
    var reorder: ReorderGesture?
    let start: Double
    let event: ScriptEvent
    let path: GesturePath
    var began = false
    var dragBehavior: BehaviorID?
    var finger: Vec2?
    /// A finger of a multi-finger touch that neither drags a view nor scrolls: it only shows.
    var touchOnly = false
    /// A screen-edge pan's view: where it was when the finger landed.
    var origin: Vec2?
    /// The finger's number for Swift code's views (Simulation.newFinger, in the order fingers land).
    var touch = 0

    init(pan: PanGesture, start: Double, event: ScriptEvent) {
        self.pan = pan; self.start = start; self.event = event
        path = GesturePath(points: pan.path, duration: pan.duration)
    }

    init(longPress: LongPressGesture, start: Double, event: ScriptEvent) {
        pan = PanGesture(item: nil, path: longPress.path, duration: longPress.duration, release: .hold, hold: longPress.hold)
        self.longPress = longPress
        self.start = start; self.event = event
        path = GesturePath(points: longPress.path, duration: longPress.duration)
    }

    init(reorder: ReorderGesture, start: Double, event: ScriptEvent) {
        self.init(longPress: reorder.press, start: start, event: event)
        self.reorder = reorder
    }

    /// This gesture with finger number `touch`.
    func touching(_ touch: Int) -> ActiveGesture {
        var g = self
        g.touch = touch
        return g
    }

    /// A long press: finger down at `at`; recognised after `press` s, when the selected
    /// cells are handed to the drag; then along `path` for `duration` s; `hold` s still; lift.
    mutating func updateLongPress(_ lp: LongPressGesture, time t: Double, target: some GestureTarget) throws -> Bool {
        guard target.hasCollection else { return false }
        if target.drivesFingers { return fingerOfLongPress(lp, time: t, target: target) }
        let local = t - start
        let moving = local - lp.press
        if lp.fails {
            // The finger drifts past the allowable movement while it presses: the recogniser
            // fails, nothing is picked up, and the touch lifts at the press time.
            if moving >= -Self.timeSlack { finger = nil; return false }
            finger = lp.pressing(at: local)
            return true
        }
        let position = moving < 0 ? lp.pressing(at: local) : path.position(at: moving) + lp.drift
        if moving >= -Self.timeSlack && !began {
            began = true
            if reorder != nil {
                target.reorderBegan(at: lp.at + lp.drift)
            } else {
                try target.longPressBegan(at: lp.at + lp.drift)
            }
        }
        if moving >= lp.duration + lp.hold - Self.timeSlack {
            if began {
                if let r = reorder {
                    try target.reorderMoved(to: position)
                    try target.reorderEnded(cancelled: r.cancelled)
                } else {
                    target.longPressEnded()
                }
            }
            finger = nil
            return false
        }
        if began { if reorder != nil { try target.reorderMoved(to: position) } else { target.longPressMoved(to: position) } }
        finger = position
        return true
    }

    /// A long press on Swift code's views: a finger that lands at `at`, stays (drifting by
    /// `drift`) for `press` s, moves along `path`, holds and lifts — what its recognisers make of
    /// it (a UILongPressGestureRecognizer's 0.5 s) is theirs.
    mutating func fingerOfLongPress(_ lp: LongPressGesture, time t: Double, target: some GestureTarget) -> Bool {
        let local = t - start
        let moving = local - lp.press
        let position = moving < 0 ? lp.pressing(at: local) : path.position(at: moving) + lp.drift
        if !began {
            began = true
            target.scrollBegan(touch, at: lp.at)
        }
        let end = lp.fails ? 0 : lp.duration + lp.hold
        if moving >= end - Self.timeSlack {
            target.scrollEnded(touch, at: position, velocity: .zero)
            finger = nil
            return false
        }
        target.scrollMoved(touch, to: position)
        finger = position
        return true
    }

    /// Advances to time `t`; returns false once the gesture is over.
    mutating func update(time t: Double, target: some GestureTarget) throws -> Bool {
        if let lp = longPress { return try updateLongPress(lp, time: t, target: target) }
        let local = t - start
        let position = path.position(at: local)
        let lifted = local >= pan.duration + (pan.release == .hold ? pan.hold : 0) - Self.timeSlack
        if touchOnly {
            finger = lifted ? nil : position
            return !lifted
        }
        if let item = pan.item {
            if !began {
                began = true
                // A screen-edge pan moves its view by the finger's translation: held at its centre.
                origin = pan.followsTranslation ? target.center(of: item) : nil
                dragBehavior = try target.grab(item: item, at: origin ?? path.points[0], label: "\(event.path) (drag)")
                if dragBehavior == nil { return false }
            }
            guard let id = dragBehavior else { return false }
            if lifted {
                target.letGo(id)
                finger = nil
                return false
            }
            target.moveGrab(id, to: origin.map { $0 + position - path.points[0] } ?? position)
            finger = position
            return true
        }
        guard target.hasCollection else { return false }
        if !began {
            began = true
            target.scrollBegan(touch, at: path.points[0])
        }
        if lifted {
            let released = pan.release == .fling && !pan.cancelled ? (pan.velocity ?? path.finalVelocity) : .zero
            target.scrollEnded(touch, at: position, velocity: released)
            finger = nil
            return false
        }
        target.scrollMoved(touch, to: position)
        finger = position
        return true
    }
}

extension LongPressGesture {
    /// Where the finger is `local` s into the press: drifting from `at` by `drift` until `press`.
    func pressing(at local: Double) -> Vec2 { at + drift * (press > 0 ? min(1, local / press) : 1) }
}

/// The narrow surface gestures act on: free items they grab, the collection view's
/// scroll view and its long press. Points are in viewport coordinates.
protocol GestureTarget: AnyObject {
    var hasCollection: Bool { get }
    /// Swift code's views take the script's fingers as touches (their recognisers decide).
    var drivesFingers: Bool { get }
    /// UIKit's drag of a free item: an attachment from the grabbed point to the finger.
    /// Nil when there is no such item.
    func grab(item: String, at point: Vec2, label: String) throws -> BehaviorID?
    func moveGrab(_ grab: BehaviorID, to point: Vec2)
    func letGo(_ grab: BehaviorID)
    /// Where a free view's centre is now.
    func center(of item: String) -> Vec2?
    /// Finger `touch` lands at `point` (Swift code's views tell fingers apart; a collection has one).
    func scrollBegan(_ touch: Int, at point: Vec2)
    func scrollMoved(_ touch: Int, to point: Vec2)
    /// The finger lifts at `point` moving at `velocity` (pt/s; zero when it stops first).
    func scrollEnded(_ touch: Int, at point: Vec2, velocity: Vec2)
    func longPressBegan(at point: Vec2) throws
    func longPressMoved(to point: Vec2)
    func longPressEnded()
    /// A reorder's long press was recognised: the cell under `point` lifts (if any).
    func reorderBegan(at point: Vec2)
    func reorderMoved(to point: Vec2) throws
    func reorderEnded(cancelled: Bool) throws
}

extension Simulation: GestureTarget {
    /// A scroll view to drag: the collection's, or a Swift scene's views (its program hit-tests).
    var hasCollection: Bool { collection != nil || program != nil }
    var drivesFingers: Bool { program != nil }

    func grab(item named: String, at point: Vec2, label: String) throws -> BehaviorID? {
        // A group's item is held by its group's body.
        let item = freeAnimator?.group(of: named) ?? named
        guard let animator = freeAnimator, let s = animator.state(of: item) else { return nil }
        let offset = (point - s.center).rotated(by: -s.angle)
        return try animator.addBehavior(
            .attachment(
                item: item, to: .point(point), length: nil, frequency: 0, damping: 0,
                offset: offset, toOffset: .zero), label: label)
    }

    func moveGrab(_ grab: BehaviorID, to point: Vec2) { freeAnimator?.setAnchor(grab, point) }
    func letGo(_ grab: BehaviorID) { freeAnimator?.removeBehavior(grab) }
    func center(of item: String) -> Vec2? { freeAnimator?.state(of: item)?.center }

    func scrollBegan(_ touch: Int, at point: Vec2) {
        if let program { return program.touchBegan(touch, at: point) }
        guard let c = collection else { return }
        c.beginScroll(at: point)
        c.fingerMoved(to: point, source: .pan)
    }

    func scrollMoved(_ touch: Int, to point: Vec2) {
        if let program { return program.touchMoved(touch, to: point) }
        guard let c = collection else { return }
        c.moveScroll(to: point, h: h)
        c.fingerMoved(to: point, source: .pan)
    }

    func scrollEnded(_ touch: Int, at point: Vec2, velocity: Vec2) {
        if let program { return program.touchEnded(touch, at: point, velocity: velocity) }
        guard let c = collection else { return }
        c.endScroll(at: point, velocity: velocity, h: h)
        c.fingerLifted(source: .pan)
    }

    func longPressBegan(at point: Vec2) throws { try collection?.longPressBegan(at: point) }
    func longPressMoved(to point: Vec2) { collection?.fingerMoved(to: point, source: .longPress) }
    func longPressEnded() { collection?.fingerLifted(source: .longPress) }
    func reorderBegan(at point: Vec2) { collection?.beginInteractiveMovement(at: point, time: time + h) }
    // Gestures move at the end of the step being taken (`time + h`).
    func reorderMoved(to point: Vec2) throws { try collection?.updateInteractiveMovement(to: point, at: time + h) }
    func reorderEnded(cancelled: Bool) throws { try collection?.endInteractiveMovement(at: time + h, cancelled: cancelled) }
}
