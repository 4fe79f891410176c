import Foundation

/// A swipe: one finger that moves mostly in an allowed direction, far and fast enough. Discrete:
/// recognised (`.ended`, the targets called once) in the step the finger has travelled 50 pt
/// along a `direction` it allows, at most half that across it, within 0.5 s of landing; failed
/// if the finger lifts first or takes longer (Springy's thresholds: UIKit does not publish its
/// own). `location(in:)` is where the swipe began.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    open var direction: Direction = .right
    /// Fingers that swipe together; the script's one-finger strokes recognise with 1.
    open var numberOfTouchesRequired = 1
    static let distance: CGFloat = 50
    static let maximumDuration = 0.5
    private var landed: (point: CGPoint, time: Double)?
    /// Its finger is down and has not yet gone far enough, nor too long.
    override var isUndecided: Bool { state == .possible && landed != nil }

    /// The finger at `time` (the run's clock): lands, moves, lifts or is taken.
    func touch(_ phase: State, at point: CGPoint, in view: UIView, time: Double) {
        self.view = view
        switch phase {
        case .began:
            state = .possible
            landed = (point, time)
            finger = point
        case .changed, .ended:
            guard state == .possible, let landed else { return }
            if recognises(point, after: time - landed.time) {
                guard mayBegin() else {
                    state = .failed
                    return
                }
                state = .ended
                fire()
            } else if phase == .ended || time - landed.time > Self.maximumDuration + 1e-9 {
                state = .failed
            }
        case .cancelled, .failed, .possible:
            if state == .possible { state = .failed }
        }
    }

    private func recognises(_ point: CGPoint, after elapsed: Double) -> Bool {
        guard let landed, numberOfTouchesRequired == 1, elapsed <= Self.maximumDuration + 1e-9 else { return false }
        let dx = point.x - landed.point.x, dy = point.y - landed.point.y
        let ways: [(Direction, CGFloat, CGFloat)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        return ways.contains { way, along, across in
            direction.contains(way) && along >= Self.distance && abs(across) <= along / 2
        }
    }
}

/// The screen's edges.
public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the screen: it takes only a finger that lands within 20 pt of
/// one of its `edges` (Springy's margin: UIKit does not publish its own), then is a pan.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    open var edges: UIRectEdge = []
    static let margin: CGFloat = 20

    /// Whether a finger landing at `point` (the window's coordinates) starts at one of its edges of `screen`.
    func startsAtEdge(_ point: CGPoint, of screen: CGRect) -> Bool {
        let m = Self.margin
        return (edges.contains(.left) && point.x <= screen.minX + m) || (edges.contains(.right) && point.x >= screen.maxX - m)
            || (edges.contains(.top) && point.y <= screen.minY + m)
            || (edges.contains(.bottom) && point.y >= screen.maxY - m)
    }
}
