import Foundation
import SpringyAnimation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyScene

/// A pinch (and rotation) in progress: its fingers, and the free view it transforms.
struct PinchTouch {
    let pinch: PinchGesture
    let start: Double
    /// The view it acts on and that view's transform scale (its model value) and angle when the
    /// fingers landed.
    var view: (id: String, scale: SIMD4<Double>, angle: Double)?
    var fingers: [Vec2] = []

    /// The fingers' numbers, for Swift code's views (their recognisers, not the scene, act on them).
    let touches: (Int, Int)
    var landed = false

    init(pinch: PinchGesture, start: Double, sim: Simulation, touches: (Int, Int)) {
        self.pinch = pinch; self.start = start; self.touches = touches
        if sim.program == nil, let id = pinch.item ?? sim.freeView(at: pinch.center), let s = sim.freeAnimator?.state(of: id) {
            view = (id, sim.viewAnimations.base(id, .scale, sim.animationWorld), s.angle)
        }
    }

    /// Advances to `t`; false once the fingers have lifted.
    mutating func update(time t: Double, sim: Simulation) -> Bool {
        let local = t - start
        let lifted = local >= pinch.duration + pinch.hold - ActiveGesture.timeSlack
        if let program = sim.program {
            // Both fingers land where they start, then move together over each step, as a pan's
            // finger does; they lift together, still.
            let now = pinch.fingers(at: min(local, pinch.duration))
            if !landed {
                landed = true
                let first = pinch.fingers(at: 0)
                program.touchBegan(touches.0, at: first[0])
                program.touchBegan(touches.1, at: first[1])
            }
            if lifted {
                program.touchEnded(touches.0, at: now[0], velocity: .zero)
                program.touchEnded(touches.1, at: now[1], velocity: .zero)
            } else {
                program.touchMoved(touches.0, to: now[0])
                program.touchMoved(touches.1, to: now[1])
            }
        }
        fingers = lifted ? [] : pinch.fingers(at: local)
        if let v = view, let s = sim.freeAnimator?.state(of: v.id) {
            let (scale, rotation) = pinch.transform(at: local)
            // The handler's `view.transform = start.scaledBy(…)`: the model value, which the view
            // animations own (an animation of the scale in flight keeps adding its part).
            sim.viewAnimations.set(v.id, .scale, SIMD4(v.scale.x * scale, v.scale.y * scale, 0, 0))
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
    /// The finger down on Swift code's views, if any.
    var touchDown: Int?

    var point: Vec2? { if case .point(let p) = tap.target { return p } else { return nil } }

    mutating func update(time t: Double, sim: Simulation) throws -> Bool {
        let local = t - start
        let slack = ActiveGesture.timeSlack
        let down = local < tap.touch - slack || (local >= tap.interval - slack && local < tap.recognisedAfter - slack)
        fingers = down ? [sim.tapPoint(tap.target)] : []
        if let program = sim.program {
            // Swift code's views: two touches, one after the other (their tap recognisers count them).
            let p = sim.tapPoint(tap.target)
            if down, touchDown == nil {
                touchDown = sim.newFinger()
                program.touchBegan(touchDown!, at: p)
            } else if let finger = touchDown {
                if down { program.touchMoved(finger, to: p) } else { program.touchEnded(finger, at: p, velocity: .zero) }
                if !down { touchDown = nil }
            }
            if local >= tap.recognisedAfter - slack { tapsDone = 2 }
            return tapsDone < 2
        }
        // Each lift is a tap for a collection; the second lift recognises the double tap.
        if tapsDone == 0 && local >= tap.touch - slack { tapsDone = 1; try sim.doubleTapLifted(tap, second: false, at: t) }
        if tapsDone == 1 && local >= tap.recognisedAfter - slack {
            tapsDone = 2; try sim.doubleTapLifted(tap, second: true, at: t)
        }
        return tapsDone < 2
    }
}

extension Simulation {
    /// A free view's transform scale as shown at `t` (x, y).
    func viewScale(_ id: String, at t: Double) -> SIMD4<Double> {
        viewAnimations.touches(id)
            ? viewAnimations.presentation(id, .scale, at: t, animationWorld) : AnimatedProperty.scale.identity
    }

    /// The topmost free view under a viewport point (the last in the scene's order).
    func freeView(at p: Vec2) -> String? {
        guard let animator = freeAnimator else { return nil }
        for spec in scene.items.reversed() {
            guard let s = animator.state(of: spec.name) else { continue }
            let k = viewScale(spec.name, at: time)
            let local = (p - s.center).rotated(by: -s.angle)
            if abs(local.x) <= spec.size.width * abs(k.x) / 2 && abs(local.y) <= spec.size.height * abs(k.y) / 2 {
                return spec.name
            }
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
            // The usual handler: UIView.animate(withDuration: 0.3) { view.transform = … } — toward
            // the tap's scale from the identity, back to it otherwise (by the model value, so a
            // second double tap mid-zoom turns back); additive, as UIView animations are.
            let model = viewAnimations.base(id, .scale, animationWorld)
            let target = abs(model.x - 1) < 1e-9 && abs(model.y - 1) < 1e-9 ? tap.scale : 1
            viewAnimations.start(
                ViewAnimationSpec(
                    api: .uiView, views: [id], duration: Self.zoomDuration, delay: 0, timing: .cubic(.easeInOut),
                    targets: [PropertyTarget(.scale, SIMD4(target, target, 0, 0))]),
                at: t, animationWorld)
        } else {
            tapCollection(tap.target)
        }
    }

    /// A double tap's zoom: UIKit's animated-scroll-like 0.3 s.
    static let zoomDuration = ScrollAxis.animatedScrollDuration
}

extension DoubleTapGesture: PlayedGesture {
    func start(in sim: Simulation, event: ScriptEvent) { sim.start(DoubleTapTouch(tap: self, start: sim.time)) }
}

extension PinchGesture: PlayedGesture {
    func start(in sim: Simulation, event: ScriptEvent) {
        sim.start(PinchTouch(pinch: self, start: sim.time, sim: sim, touches: (sim.newFinger(), sim.newFinger())))
    }
}

extension RotateGesture: PlayedGesture {
    func start(in sim: Simulation, event: ScriptEvent) { pinch.start(in: sim, event: event) }
}
