import Foundation

/// A two-finger recogniser: it holds the first two fingers that land in its view, measures them
/// when the step's fingers have moved (`measure`), and asks the run to begin it once they have
/// moved far enough (the run refuses when something else has recognised with those fingers).
protocol TwoFingerRecognizer: UIGestureRecognizer {
    /// Measures the fingers after a step of `h` s (its scale or rotation and velocity); true when,
    /// still possible, they have moved far enough to begin.
    func measure(h: Double) -> Bool
    /// Forgets the last gesture's fingers as a new one lands.
    func reset()
    /// Both fingers are down, where they landed: what it measures from.
    func bothLanded()
}

extension TwoFingerRecognizer {
    /// The distance between its two fingers, and the angle of the line from the first to the second
    /// (radians, clockwise on screen), while it holds two.
    var span: (distance: CGFloat, angle: CGFloat)? {
        guard held.count == 2 else { return nil }
        let dx = held[1].point.x - held[0].point.x, dy = held[1].point.y - held[0].point.y
        return (hypot(dx, dy), atan2(dy, dx))
    }

    /// A finger landed in its view: the first two are its own (a new gesture starts with the first).
    func land(_ id: Int, at point: CGPoint) {
        if held.allSatisfy({ !$0.down }) {
            held = []
            reset()
            if state != .possible { state = .possible }
        }
        if held.count < 2 {
            held.append((id, point, true))
            if held.count == 2 { bothLanded() }
        }
    }

    /// The fingers' run: began, then changed at every measured step while both are down; ended
    /// when the last lifts (failed if it never began).
    func step(h: Double, run: UIKitRuntime) {
        // (Fingers that lift are measured where they lifted.)
        let wantsToBegin = held.count == 2 ? measure(h: h) : false
        let lifted = held.allSatisfy { !$0.down }
        switch state {
        case .possible:
            if wantsToBegin, held.allSatisfy(\.down) { run.fingers.begin(self) }
            if state == .possible, lifted { state = .failed }
        case .began, .changed:
            if held.allSatisfy({ !$0.down }) {
                state = .ended
                fire()
            } else if held.allSatisfy(\.down) {
                state = .changed
                fire()
            }
        case .ended, .cancelled, .failed: break
        }
    }
}

/// A pinch: two fingers in the view moving apart or together. `scale` is their distance over
/// their distance when they landed (times the scale you last set), `velocity` its change per
/// second. It begins once the distance has changed by more than 4 pt (Springy's threshold: UIKit
/// does not publish its own), changes at every step the fingers move, and ends when they lift.
open class UIPinchGestureRecognizer: UIGestureRecognizer, TwoFingerRecognizer {
    /// How far the fingers' distance changes before a pinch begins.
    static let threshold: CGFloat = 4
    private var current: CGFloat = 1
    /// The scale and distance the scale is measured from (where they landed, or where it was set).
    private var base: (scale: CGFloat, distance: CGFloat)?
    private var landedDistance: CGFloat?
    open private(set) var velocity: CGFloat = 0

    /// The fingers' distance relative to where they landed; setting it (to 1 after applying it, as
    /// handlers often do) measures from the fingers' distance now, and resets the velocity.
    open var scale: CGFloat {
        get { current }
        set {
            current = newValue
            velocity = 0
            base = span.map { (newValue, $0.distance) }
        }
    }

    func reset() {
        current = 1
        velocity = 0
        base = nil
        landedDistance = nil
    }

    func bothLanded() {
        landedDistance = span?.distance
        base = span.map { (current, $0.distance) }
    }

    func measure(h: Double) -> Bool {
        guard let d = span?.distance else { return false }
        // (Fingers that landed on one point measure from where they first part.)
        if base == nil || base!.distance <= 0 { base = (current, d) }
        guard let base, base.distance > 0 else { return false }
        let next = base.scale * d / base.distance
        velocity = (next - current) / CGFloat(h)
        current = next
        return state == .possible && abs(d - (landedDistance ?? d)) > Self.threshold
    }
}

/// A rotation: two fingers in the view turning about each other. `rotation` is how far the line
/// between them has turned since they landed (radians, clockwise on screen, past a whole turn
/// too; plus the rotation you last set), `velocity` its change per second. It begins once they
/// have turned more than 5° (Springy's threshold: UIKit does not publish its own).
open class UIRotationGestureRecognizer: UIGestureRecognizer, TwoFingerRecognizer {
    static let threshold: CGFloat = 5 * .pi / 180
    private var current: CGFloat = 0
    /// How far the line has turned since the fingers landed (unwrapped), and its angle last step.
    private var turned: CGFloat = 0
    private var lastAngle: CGFloat?
    /// The rotation and the turn it is measured from (0 and 0, or where it was set).
    private var base: (rotation: CGFloat, turned: CGFloat) = (0, 0)
    open private(set) var velocity: CGFloat = 0

    open var rotation: CGFloat {
        get { current }
        set {
            current = newValue
            velocity = 0
            base = (newValue, turned)
        }
    }

    func reset() {
        current = 0
        turned = 0
        lastAngle = nil
        base = (0, 0)
        velocity = 0
    }

    func bothLanded() { lastAngle = span?.angle }

    func measure(h: Double) -> Bool {
        guard let angle = span?.angle else { return false }
        if let last = lastAngle {
            // The shorter way round from last step's angle: fingers turn less than half a turn a step.
            var delta = angle - last
            if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
            turned += delta
        }
        lastAngle = angle
        let next = base.rotation + turned - base.turned
        velocity = (next - current) / CGFloat(h)
        current = next
        return state == .possible && abs(turned) > Self.threshold
    }
}
