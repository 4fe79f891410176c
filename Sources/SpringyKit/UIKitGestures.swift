import Foundation
import SpringyCore
import SpringyScene
import SpringyUIKit

/// Why a scripted gesture cannot run (said at its Swift call site).
struct GestureProblem: Error { let message: String }

extension ScriptStep {
    /// A step made of a scene file's gesture action (`name`), checked as its scene-file keys are.
    private static func gesture(
        _ time: Double, _ file: String, _ line: Int,
        _ make: @escaping @Sendable (Size2) throws(GestureProblem) -> ScriptAction, named name: String
    ) -> ScriptStep {
        var step = ScriptStep(time: time, body: nil, pan: nil, site: CallSite(file: file, line: line))
        step.gesture = { size -> Result<(action: ScriptAction, name: String), GestureProblem> in
            do throws(GestureProblem) { return .success((try make(size), name)) } catch { return .failure(error) }
        }
        return step
    }

    /// `value` is a number the scene file's `key` takes (finite, in its range, above its lower
    /// end where that is open), or the problem. `per`: the Swift value's unit in the key's
    /// (π/180 where Swift gives radians and the file degrees): the range is turned, not the value.
    static func check(_ value: Double, _ key: SceneKey, _ what: String, per: Double = 1) throws(GestureProblem) {
        if let problem = refusal(value, key, what, per: per) { throw GestureProblem(message: problem) }
    }

    /// Why `value` is not one `key` takes (`check`), or nil.
    static func refusal(_ value: Double, _ key: SceneKey, _ what: String, per: Double = 1) -> String? {
        guard let range = key.range else { return value.isFinite ? nil : "\(what) must be a finite number" }
        let lo = range.lowerBound * per, hi = range.upperBound * per
        guard
            !value.isFinite || value < lo || value > hi || (key.lowerOpen && value == lo) || (key.upperOpen && value == hi)
        else { return nil }
        let unit = per == 1 && !key.unit.isEmpty ? " " + key.unit : ""
        let found = value.isFinite ? plain(value) : "\(value)"
        let low = key.lowerOpen ? "greater than \(plain(lo))" : "at least \(plain(lo))"
        let high = key.upperOpen ? "less than \(plain(hi))" : "at most \(plain(hi))"
        return key.lowerOpen || key.upperOpen
            ? "\(what) must be \(low) and \(high)\(unit), found \(found)"
            : "\(what) must be \(plain(lo)) to \(plain(hi))\(unit), found \(found)"
    }

    private static func plain(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }

    private static func vec(_ p: CGPoint, _ what: String) throws(GestureProblem) -> Vec2 {
        guard p.x.isFinite, p.y.isFinite else { throw GestureProblem(message: "\(what) must be finite numbers") }
        return Vec2(Double(p.x), Double(p.y))
    }

    /// The way a swipe goes, as UISwipeGestureRecognizer's directions.
    public enum SwipeDirection: Sendable { case left, right, up, down }

    /// At `time`, a finger lands on `from` and strokes `distance` pt towards `direction` at `speed`
    /// pt/s, lifting as it moves: a scene file's `swipe` (a UISwipeGestureRecognizer recognises it).
    public static func swipe(
        at time: Double, from: CGPoint, direction: SwipeDirection, distance: Double = 100, speed: Double = 1000,
        file: String = #fileID, line: Int = #line
    ) -> ScriptStep {
        gesture(
            time, file, line,
            { _ throws(GestureProblem) in
                try check(distance, ScriptKeys.swipe["distance"], "a swipe's distance")
                try check(speed, ScriptKeys.swipe["speed"], "a swipe's speed")
                let unit: Vec2
                switch direction {
                case .left: unit = Vec2(-1, 0)
                case .right: unit = Vec2(1, 0)
                case .up: unit = Vec2(0, -1)
                case .down: unit = Vec2(0, 1)
                }
                return .pan(
                    .swipe(from: try vec(from, "a swipe's point"), unit: unit, distance: distance, speed: speed, item: nil))
            }, named: "swipe")
    }

    /// A screen edge a finger starts on.
    public enum Edge: Sendable { case left, right, top, bottom }

    /// At `time`, a finger lands on `edge` of the screen (`along` pt along it; its middle when nil)
    /// and moves `distance` pt inward over `duration` seconds: a scene file's `edge_pan` (a
    /// UIScreenEdgePanGestureRecognizer with that edge takes it).
    public static func edgePan(
        at time: Double, edge: Edge, along: Double? = nil, distance: Double, duration: Double, release: Release = .fling,
        hold: Double = 0, file: String = #fileID, line: Int = #line
    ) -> ScriptStep {
        gesture(
            time, file, line,
            { size throws(GestureProblem) in
                let side: ScreenEdge
                switch edge {
                case .left: side = .left
                case .right: side = .right
                case .top: side = .top
                case .bottom: side = .bottom
                }
                let length = side == .left || side == .right ? size.height : size.width
                let at = along ?? length / 2
                // The point lies on the edge, 0 to its length, as a scene file's `at` does.
                let edgeKey = SceneKey("at", "number", range: 0...length, unit: "pt", "")
                try check(at, edgeKey, "an edge pan's point along the edge")
                let keys = EdgePanGesture.keys
                try check(distance, keys["distance"], "an edge pan's distance")
                try check(duration, keys["duration"], "an edge pan's duration")
                try check(hold, keys["hold"], "an edge pan's hold")
                return .gesture(
                    EdgePanGesture(
                        pan: .edgePan(
                            side, along: at, of: size, distance: distance, duration: duration,
                            release: release == .fling ? .fling : .hold,
                            hold: hold, item: nil)))
            }, named: "edge_pan")
    }

    /// At `time`, two fingers land `distance` pt apart about `center`, on a line at `angle`
    /// radians; over `duration` seconds their distance becomes `distance × scale` and the line turns
    /// by `rotation` radians (clockwise on screen), then they hold `hold` seconds and lift: a scene
    /// file's `pinch` (UIPinchGestureRecognizer and UIRotationGestureRecognizer measure it).
    public static func pinch(
        at time: Double, center: CGPoint, distance: Double = 100, angle: Double = 0, scale: Double, rotation: Double = 0,
        duration: Double, hold: Double = 0, file: String = #fileID, line: Int = #line
    ) -> ScriptStep {
        gesture(
            time, file, line,
            { _ throws(GestureProblem) in
                .gesture(try twoFingers(center, distance, angle, scale, rotation, duration, hold, "a pinch"))
            }, named: "pinch")
    }

    /// `pinch` with the fingers' distance kept: they turn by `rotation` radians (a scene file's `rotate`).
    public static func rotate(
        at time: Double, center: CGPoint, distance: Double = 100, angle: Double = 0, rotation: Double, duration: Double,
        hold: Double = 0, file: String = #fileID, line: Int = #line
    ) -> ScriptStep {
        gesture(
            time, file, line,
            { _ throws(GestureProblem) in
                .gesture(RotateGesture(pinch: try twoFingers(center, distance, angle, 1, rotation, duration, hold, "a rotate")))
            }, named: "rotate")
    }

    private static func twoFingers(
        _ center: CGPoint, _ distance: Double, _ angle: Double, _ scale: Double, _ rotation: Double, _ duration: Double,
        _ hold: Double, _ what: String
    ) throws(GestureProblem) -> PinchGesture {
        let keys = PinchGesture.keys, radians = Double.pi / 180
        try check(distance, keys["distance"], "\(what)'s distance")
        try check(angle, keys["angle"], "\(what)'s angle (radians)", per: radians)
        try check(scale, keys["scale"], "\(what)'s scale")
        try check(rotation, keys["rotation"], "\(what)'s rotation (radians)", per: radians)
        try check(duration, keys["duration"], "\(what)'s duration")
        try check(hold, keys["hold"], "\(what)'s hold")
        return PinchGesture(
            center: try vec(center, "\(what)'s center"), distance: distance, angle: angle, scale: scale, rotation: rotation,
            duration: duration, hold: hold, item: nil)
    }

    /// At `time`, one to ten fingers land together, each moving through its own points at
    /// constant speed for `duration` seconds, then lift: a scene file's `touches`.
    public static func touches(
        at time: Double, fingers: [[CGPoint]], duration: Double, release: Release = .fling, hold: Double = 0,
        file: String = #fileID, line: Int = #line
    ) -> ScriptStep {
        gesture(
            time, file, line,
            { _ throws(GestureProblem) in
                guard (1...10).contains(fingers.count) else {
                    throw GestureProblem(message: "a touch has 1 to 10 fingers, found \(fingers.count)")
                }
                try check(duration, TouchesGesture.keys["duration"], "a touch's duration")
                try check(hold, TouchesGesture.keys["hold"], "a touch's hold")
                var pans: [PanGesture] = []
                for f in fingers {
                    var path: [Vec2] = []
                    for p in f { path.append(try vec(p, "a finger's points")) }
                    if path.isEmpty { throw GestureProblem(message: "a finger's path needs at least one point") }
                    if path.count == 1 { path.append(path[0]) }
                    pans.append(
                        PanGesture(
                            item: nil, path: path, duration: duration, release: release == .fling ? .fling : .hold, hold: hold))
                }
                return .gesture(TouchesGesture(fingers: pans))
            }, named: "touches")
    }

    /// At `time`, a finger taps `point` twice: each touch lasts `touch` seconds, the second lands
    /// `interval` seconds after the first (a tap recogniser with two taps required recognises it).
    public static func doubleTap(
        at time: Double, _ point: CGPoint, interval: Double = 0.2, touch: Double = 0.08,
        file: String = #fileID, line: Int = #line
    ) -> ScriptStep {
        gesture(
            time, file, line,
            { _ throws(GestureProblem) in
                try check(interval, DoubleTapGesture.keys["interval"], "a double tap's interval")
                try check(touch, DoubleTapGesture.keys["touch"], "a double tap's touch")
                guard interval > touch else {
                    throw GestureProblem(
                        message:
                            "the second tap starts \(interval) s after the first, before the first lifts (\(touch) s): a double tap is two touches"
                    )
                }
                return .gesture(
                    DoubleTapGesture(
                        target: .point(try vec(point, "a double tap's point")), interval: interval, touch: touch, scale: 2))
            }, named: "double_tap")
    }
}
