import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyScene

/// A pinch (and rotation) in progress: its fingers, and the free view it transforms.
struct PinchTouch {
    let pinch: PinchGesture
    let start: Double
    /// The view it acts on and that view's scale and angle when the fingers landed.
    var view: (id: String, scale: Double, angle: Double)?
    var fingers: [Vec2] = []

    init(pinch: PinchGesture, start: Double, sim: Simulation) {
        self.pinch = pinch; self.start = start
        if let id = pinch.item ?? sim.freeView(at: pinch.center), let s = sim.freeAnimator?.state(of: id) {
            view = (id, sim.viewScale(id, at: start), s.angle)
        }
    }

    /// Advances to `t`; false once the fingers have lifted.
    mutating func update(time t: Double, sim: Simulation) -> Bool {
        let local = t - start
        let lifted = local >= pinch.duration + pinch.hold - ActiveGesture.timeSlack
        fingers = lifted ? [] : pinch.fingers(at: local)
        if let v = view, let s = sim.freeAnimator?.state(of: v.id) {
            let (scale, rotation) = pinch.transform(at: local)
            sim.viewScales[v.id] = v.scale * scale
            sim.zooms[v.id] = nil
            // updateItemUsingCurrentState: the body turns with the view (its collision shape keeps the size it was added with).
            sim.freeAnimator?.updateItem(v.id, center: s.center, angle: v.angle + rotation)
        }
        return !lifted
    }
}

/// A double tap in progress: two short touches; recognised when the second lifts.
struct DoubleTapTouch {
    let tap: DoubleTapGesture
    let start: Double
    var fingers: [Vec2] = []
    var tapsDone = 0

    var point: Vec2? { if case .point(let p) = tap.target { return p } else { return nil } }

    mutating func update(time t: Double, sim: Simulation) throws -> Bool {
        let local = t - start
        let slack = ActiveGesture.timeSlack
        let down = local < tap.touch - slack || (local >= tap.interval - slack && local < tap.recognisedAfter - slack)
        fingers = down ? [sim.tapPoint(tap.target)] : []
        // Each lift is a tap for a collection; the second lift recognises the double tap.
        if tapsDone == 0 && local >= tap.touch - slack { tapsDone = 1; try sim.doubleTapLifted(tap, second: false, at: t) }
        if tapsDone == 1 && local >= tap.recognisedAfter - slack {
            tapsDone = 2; try sim.doubleTapLifted(tap, second: true, at: t)
        }
        return tapsDone < 2
    }
}

/// A free view's zoom after a double tap: scale from → to on the 0.3 s ease-in-out curve.
struct ZoomAnimation {
    let from: Double
    let to: Double
    let clock: TimedProgress
    static let duration = ScrollAxis.animatedScrollDuration
    init(from: Double, to: Double, start: Double) {
        self.from = from; self.to = to
        clock = .easeInOut(start: start, duration: Self.duration)
    }
    func scale(at t: Double) -> Double { clock.value(from: from, to: to, at: t) }
}

extension Simulation {
    /// A free view's scale (its transform's) at `t`.
    func viewScale(_ id: String, at t: Double) -> Double {
        if let z = zooms[id] { return z.scale(at: t) }
        return viewScales[id] ?? 1
    }

    /// The topmost free view under a viewport point (the last in the scene's order).
    func freeView(at p: Vec2) -> String? {
        guard let animator = freeAnimator else { return nil }
        for spec in scene.items.reversed() {
            guard let s = animator.state(of: spec.name) else { continue }
            let k = viewScale(spec.name, at: time)
            let local = (p - s.center).rotated(by: -s.angle)
            if abs(local.x) <= spec.size.width * k / 2 && abs(local.y) <= spec.size.height * k / 2 { return spec.name }
        }
        return nil
    }

    func tapPoint(_ target: TapTarget) -> Vec2 {
        switch target {
        case .point(let p): return p
        case .item(let id):
            if let s = freeAnimator?.state(of: id) { return s.center }
            if let c = collection, let ip = ItemPath(string: id), let a = c.layout.attributes(for: ip) {
                return a.center - c.contentOffset
            }
            return .zero
        }
    }

    /// A free view zooms (to the tap's scale, or back to 1); a collection takes each lift as a tap.
    func doubleTapLifted(_ tap: DoubleTapGesture, second: Bool, at t: Double) throws {
        let view: String?
        switch tap.target {
        case .item(let id): view = ItemPath(string: id) == nil ? id : nil
        case .point(let p): view = freeView(at: p)
        }
        if let id = view {
            guard second else { return }
            let now = viewScale(id, at: t)
            let target = abs((zooms[id]?.to ?? now) - 1) < 1e-9 ? tap.scale : 1
            zooms[id] = ZoomAnimation(from: now, to: target, start: t)
            viewScales[id] = target
        } else {
            tapCollection(tap.target)
        }
    }

    /// Drops zooms that have finished.
    func advanceZooms(to t: Double) {
        guard !zooms.isEmpty else { return }
        for id in zooms.keys.sorted() where zooms[id]?.clock.isFinished(at: t) ?? true {
            zooms[id] = nil
        }
    }
}
