import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyScene

/// A gesture in progress.
struct ActiveGesture {
    let pan: PanGesture
    var longPress: LongPressGesture?
    let start: Double
    let event: ScriptEvent
    let path: GesturePath
    var began = false
    var dragBehavior: BehaviorID?
    var finger: Vec2?

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

    /// A long press: finger down at `at`; recognised after `press` s, when the selected
    /// cells are handed to the drag; then along `path` for `duration` s; `hold` s still; lift.
    mutating func updateLongPress(_ lp: LongPressGesture, time t: Double, simulation sim: Simulation) throws -> Bool {
        guard let c = sim.collection else { return false }
        let local = t - start
        let moving = local - lp.press
        let position = moving < 0 ? lp.at : path.position(at: moving)
        if moving >= 0 && !began {
            began = true
            if c.drag == nil && !c.selection.isEmpty {
                c.drag = try DragSession(collection: c, touch: lp.at + c.contentOffset, stepRate: sim.scene.time.stepRate,
                                         defaults: sim.scene.defaults, maxBodies: sim.scene.limits.maxBodies)
            }
        }
        if moving >= lp.duration + lp.hold {
            if began, let d = c.drag, !d.released { d.release() }
            finger = nil
            return false
        }
        if began, let d = c.drag, !d.released { d.move(to: position + c.contentOffset) }
        finger = position
        return true
    }

    /// Advances to time `t`; returns false once the gesture is over.
    mutating func update(time t: Double, simulation sim: Simulation) throws -> Bool {
        if let lp = longPress { return try updateLongPress(lp, time: t, simulation: sim) }
        let local = t - start
        let position = path.position(at: local)
        let lifted = local >= pan.duration + (pan.release == .hold ? pan.hold : 0)
        if let item = pan.item {
            guard let animator = sim.freeAnimator else { return false }
            if !began {
                began = true
                // UIKit's drag: an attachment from the grabbed point of the item to the finger.
                guard let s = animator.state(of: item) else { return false }
                let offset = (path.points[0] - s.center).rotated(by: -s.angle)
                dragBehavior = try animator.addBehavior(
                    .attachment(item: item, to: .point(path.points[0]), length: nil, frequency: 0, damping: 0,
                                offset: offset, toOffset: .zero), label: "\(event.path) (drag)")
            }
            if lifted {
                if let id = dragBehavior { animator.removeBehavior(id) }
                finger = nil
                return false
            }
            if let id = dragBehavior { animator.setAnchor(id, position) }
            finger = position
            return true
        }
        guard let c = sim.collection else { return false }
        if !began {
            began = true
            c.scroll.beginTracking(finger: c.along(path.points[0]))
            c.springy?.touch = path.points[0]
        }
        if lifted {
            let v = pan.release == .fling ? c.along(path.finalVelocity) : 0
            c.scroll.track(finger: c.along(position), h: sim.h)
            c.scroll.release(fingerVelocity: v)
            finger = nil
            return false
        }
        c.scroll.track(finger: c.along(position), h: sim.h)
        c.springy?.touch = position
        finger = position
        return true
    }
}
