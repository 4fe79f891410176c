import Foundation
import SpringyAnimation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyScene

/// How view animations meet the rest of the scene: free views' bodies follow an animated
/// centre, and frames show the presentation values.
struct AnimatedViews {
    let scene: Scene
    let freeAnimator: Animator?
    let collection: CollectionView?
    let viewAnimations: ViewAnimationEngine
    /// Free views with an alpha or scale of their own (not 1), by name: looked up, never iterated.
    let ownLooks: [String: (alpha: Double, scale: Vec2)]

    init(scene: Scene, freeAnimator: Animator?, collection: CollectionView?, viewAnimations: ViewAnimationEngine) {
        self.scene = scene; self.freeAnimator = freeAnimator; self.collection = collection
        self.viewAnimations = viewAnimations
        var own: [String: (alpha: Double, scale: Vec2)] = [:]
        for spec in scene.items where spec.alpha != 1 || spec.scale != Vec2(1, 1) { own[spec.name] = (spec.alpha, spec.scale) }
        ownLooks = own
    }

    /// The values animations start from and the velocities they inherit.
    var world: AnimationWorld {
        let freeAnimator = freeAnimator, scene = scene, ownLooks = ownLooks
        return AnimationWorld(
            base: { view, p in
                switch p {
                case .center:
                    let c = freeAnimator?.state(of: view)?.center ?? .zero
                    return SIMD4(c.x, c.y, 0, 0)
                case .size:
                    let s = scene.items.first { $0.name == view }?.size ?? Size2(0, 0)
                    return SIMD4(s.width, s.height, 0, 0)
                case .color:
                    let c = self.baseColor(view)
                    return SIMD4(c.r, c.g, c.b, c.a)
                case .alpha:
                    // A free view's own alpha and scale before anything animates them.
                    guard let own = ownLooks[view] else { return p.identity }
                    return SIMD4(own.alpha, 0, 0, 0)
                case .scale:
                    guard let own = ownLooks[view] else { return p.identity }
                    return SIMD4(own.scale.x, own.scale.y, 0, 0)
                case .rotation, .translation, .origin:
                    return p.identity
                }
            },
            velocity: { view, p in
                guard p == .center, let v = freeAnimator?.state(of: view)?.velocity else { return .zero }
                return SIMD4(v.x, v.y, 0, 0)
            })
    }

    /// A view's own colour, or the colour the style gives a cell.
    func baseColor(_ view: String) -> Color {
        if let spec = scene.items.first(where: { $0.name == view }) { return spec.fill }
        let style = scene.style
        if let c = collection, let ip = ItemPath(string: view), let key = c.key(ip), !style.palette.isEmpty {
            return style.palette[key % style.palette.count]
        }
        return style.cell
    }

    /// After a step: animations that ended finish, and free views whose centre an animation
    /// drives are put where it shows them, moving at its speed (released ones come to rest).
    func apply(at t: Double) {
        guard !viewAnimations.isEmpty, let animator = freeAnimator else { viewAnimations.finish(at: t); return }
        viewAnimations.finish(at: t)
        let world = self.world
        for view in viewAnimations.drainReleased() {
            let c = viewAnimations.base(view, .center, world)
            animator.updateItem(view, center: Vec2(c.x, c.y))
            animator.setVelocity(view, .zero, angular: animator.state(of: view)?.angularVelocity ?? 0)
            viewAnimations.releaseCenter(view)
        }
        for spec in scene.items where viewAnimations.drivesCenter(spec.name) {
            let c = viewAnimations.presentation(spec.name, .center, at: t, world)
            let v = viewAnimations.velocity(spec.name, .center, at: t, world)
            animator.updateItem(spec.name, center: Vec2(c.x, c.y))
            animator.setVelocity(spec.name, Vec2(v.x, v.y), angular: animator.state(of: spec.name)?.angularVelocity ?? 0)
        }
    }

    /// Frames show each animated view's presentation: its size, alpha, transform and colour.
    func present(_ items: inout [ItemState], at time: Double) {
        // Free views with an alpha or scale of their own show it whether or not it animates.
        let own = Set(scene.items.filter { $0.alpha != 1 || $0.scale != Vec2(1, 1) }.map(\.name))  // asked only
        guard !viewAnimations.isEmpty || !own.isEmpty else { return }
        let world = self.world
        for i in items.indices where viewAnimations.touches(items[i].id) || (items[i].kind == .view && own.contains(items[i].id))
        {
            let id = items[i].id
            func value(_ p: AnimatedProperty) -> SIMD4<Double> { viewAnimations.presentation(id, p, at: time, world) }
            if viewAnimations.has(id, .size), items[i].kind == .view, let spec = scene.items.first(where: { $0.name == id }) {
                let s = value(.size)
                let k = items[i].size.width / max(spec.size.width, 1e-9)
                let fx = abs(s.x) / max(spec.size.width, 1e-9), fy = abs(s.y) / max(spec.size.height, 1e-9)
                items[i].size = Size2(abs(s.x) * k, abs(s.y) * k)
                items[i].outline = items[i].outline.map { Vec2($0.x * fx, $0.y * fy) }
            }
            if viewAnimations.drivesCenter(id) {
                // Where the animation has it, exactly (its body holds it in single precision).
                let c = value(.center), v = viewAnimations.velocity(id, .center, at: time, world)
                items[i].center = Vec2(c.x, c.y)
                items[i].velocity = Vec2(v.x, v.y)
            }
            let scale = value(.scale)
            items[i].size = Size2(items[i].size.width * abs(scale.x), items[i].size.height * abs(scale.y))
            items[i].outline = items[i].outline.map { Vec2($0.x * abs(scale.x), $0.y * abs(scale.y)) }
            items[i].alpha *= min(max(value(.alpha).x, 0), 1)
            items[i].angle += value(.rotation).x
            let tr = value(.translation)
            items[i].center = items[i].center + Vec2(tr.x, tr.y)
            guard viewAnimations.has(id, .color) else { continue }
            let c = value(.color)
            items[i].color = Color(r: min(max(c.x, 0), 1), g: min(max(c.y, 0), 1), b: min(max(c.z, 0), 1), a: min(max(c.w, 0), 1))
        }
    }
}
