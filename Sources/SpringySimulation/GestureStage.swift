import Foundation
import SpringyAnimation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyScene

/// The simulation is the stage the script's gestures play on (SpringyScene's GestureStage): each
/// gesture file starts its input through these verbs.
extension Simulation: GestureStage {
    package func startPan(_ pan: PanGesture, event: ScriptEvent, finger: Int, touchOnly: Bool) {
        var g = ActiveGesture(pan: pan, start: time, event: event).touching(finger)
        g.touchOnly = touchOnly
        start(g)
    }

    package func model(of view: String, _ property: AnimatedProperty) -> SIMD4<Double> {
        viewAnimations.base(view, property, animationWorld)
    }

    package func setModel(of view: String, _ property: AnimatedProperty, _ value: SIMD4<Double>) {
        viewAnimations.set(view, property, value)
    }

    package func animate(_ spec: ViewAnimationSpec, at t: Double) { viewAnimations.start(spec, at: t, animationWorld) }

    /// A free view's transform scale as shown at `t` (x, y).
    func viewScale(_ id: String, at t: Double) -> SIMD4<Double> {
        viewAnimations.touches(id)
            ? viewAnimations.presentation(id, .scale, at: t, animationWorld) : AnimatedProperty.scale.identity
    }

    /// The topmost free view under a viewport point (the last in the scene's order).
    package func freeView(at p: Vec2) -> String? {
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

    package func tapPoint(_ target: TapTarget) -> Vec2 {
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
}
