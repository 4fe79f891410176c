import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyScene

/// The springy flow layout (the carousel, and iOS 7 Messages' bubbles): every cell in
/// the viewport widened by `margin` item lengths hangs on a spring at its flow
/// position, shares one gravity and one boundary collision, and a scroll drags each
/// one by scrollDelta × min(1, distance from the touch / resistance) before the
/// solver runs, so cells near the finger follow it and far ones lag.
package final class SpringyCarousel: LayoutDynamics {
    struct Managed {
        let key: Int
        let body: String
        let spring: BehaviorID
        var indexPath: ItemPath
    }

    let params: CollectionDynamicsSpec
    let itemSize: Size2
    let world: WorldSettings
    package private(set) var animator: Animator
    private var gravity: BehaviorID?
    private var collision: BehaviorID?
    private var propertiesBehavior: BehaviorID?
    /// Managed cells in index order, and where each key is in that list.
    private var managed: [Managed] = []
    private var position: [Int: Int] = [:]
    private var lastOffset: Double
    /// Where the finger last touched, in viewport coordinates (UIKit's pan recogniser
    /// keeps reporting its last location after the finger lifts).
    package private(set) var touch: Vec2?
    /// How far beyond the viewport cells are managed, along the scroll axis.
    let margin: Double

    package init(params: CollectionDynamicsSpec, itemSize: Size2, world: WorldSettings, in geometry: CollectionGeometry) throws {
        self.params = params
        self.itemSize = itemSize
        self.world = world
        margin = params.margin * (geometry.vertical ? itemSize.height : itemSize.width)
        lastOffset = geometry.offset
        animator = Animator(bounds: Rect(x: 0, y: 0, width: 0, height: 0), settings: world)
        try rebuildWorldBehaviors(geometry)
        try sync(geometry)
    }

    func body(_ key: Int) -> String { "cell:\(key)" }

    package var managedCount: Int { managed.count }
    package var reach: Double { margin }
    package var cellsDrawnAnywhere: [ItemPath] { [] }
    package var cellZ: Int { 0 }
    package var liftsCells: Bool { false }
    package var isFinished: Bool { false }

    /// The layout's animator works in content coordinates; its bounds are the content.
    private func rebuildWorldBehaviors(_ geometry: CollectionGeometry) throws {
        let content = geometry.layout.contentSize
        let bounds = Rect(x: 0, y: 0, width: content.width, height: content.height)
        if animator.bounds != bounds {
            // A new content size is a new reference area: carry the managed bodies over.
            let old = animator
            let next = Animator(bounds: bounds, settings: world, origin: geometry.contentOffset)
            var carried: [Managed] = []
            for m in managed {
                guard let s = old.state(of: m.body) else { continue }
                let anchor = old.anchor(of: m.spring) ?? s.center
                try next.addItem(id: m.body, center: s.center, size: itemSize, angle: s.angle, velocity: s.velocity)
                next.setVelocity(m.body, s.velocity, angular: s.angularVelocity)
                let spring = try next.addBehavior(springSpec(m.body, anchor), label: "collection.dynamics.spring")
                carried.append(Managed(key: m.key, body: m.body, spring: spring, indexPath: m.indexPath))
            }
            animator = next
            managed = carried
            let ids = managed.map(\.body)
            gravity = try animator.addBehavior(
                .gravity(items: ids, vector: Vec2(0, params.gravity)), label: "collection.dynamics.gravity")
            if params.collisionEnabled {
                collision = try animator.addBehavior(
                    .collision(
                        items: ids, mode: params.collisionMode, bounds: true,
                        insets: .zero, boundaries: []),
                    label: "collection.dynamics.collision")
            }
            // The write-up makes an elasticity-1 item behavior but never gives it an item, so its
            // cells keep the item defaults; `apply_elasticity: true` gives it the cells, as its prose reads.
            if params.applyElasticity {
                propertiesBehavior = try animator.addBehavior(
                    .item(items: ids, properties: ItemProperties(elasticity: params.elasticity)),
                    label: "collection.dynamics.item")
            }
        }
    }

    func springSpec(_ body: String, _ anchor: Vec2) -> BehaviorSpec {
        .attachment(
            item: body, to: .point(anchor), length: params.spring.length, frequency: params.spring.frequency,
            damping: params.spring.damping, offset: .zero, toOffset: .zero)
    }

    /// The cells whose slots are within the widened viewport, in index order.
    private func window(_ geometry: CollectionGeometry) -> [LayoutAttributes] {
        let r = geometry.widened(geometry.visibleRect, by: margin)
        return geometry.layout.attributes(in: r).filter { $0.kind == .cell }
    }

    /// Adds cells entering the window and removes cells leaving it, in index order;
    /// moves every managed spring's anchor to its cell's current slot.
    func sync(_ geometry: CollectionGeometry, newCells: [Int: Vec2] = [:]) throws {
        let wanted = window(geometry)
        if wanted.count > world.maxBodies {
            throw DynamicsError.invalid(
                "\(wanted.count) cells in the springy window is over the limit of \(world.maxBodies) simulated bodies (--max-bodies; or a smaller collection.dynamics.margin)",
                behavior: "collection.dynamics")
        }
        var keep: [Managed] = []
        var wantedKeys: [Int: LayoutAttributes] = [:]
        for a in wanted { if let k = geometry.key(a.indexPath) { wantedKeys[k] = a } }
        for m in managed {
            if wantedKeys[m.key] == nil {
                animator.removeItem(m.body)
                animator.removeBehavior(m.spring)
            }
        }
        var added = false
        for a in wanted {
            guard let k = geometry.key(a.indexPath) else { continue }
            if let i = position[k], managed[i].key == k {
                var m = managed[i]
                m.indexPath = a.indexPath
                keep.append(m)
                animator.setAnchor(managed[i].spring, a.center)
            } else {
                let start = newCells[k] ?? a.center
                try animator.addItem(id: body(k), center: start, size: a.size)
                let spring = try animator.addBehavior(springSpec(body(k), a.center), label: "collection.dynamics.spring")
                keep.append(Managed(key: k, body: body(k), spring: spring, indexPath: a.indexPath))
                added = true
            }
        }
        let changed = added || keep.count != managed.count
        managed = keep
        position = [:]
        for (i, m) in managed.enumerated() { position[m.key] = i }
        if changed {
            let ids = managed.map(\.body)
            if let g = gravity { try animator.setItems(g, ids) }
            if let c = collision { try animator.setItems(c, ids) }
            if let p = propertiesBehavior { try animator.setItems(p, ids) }
        }
    }

    /// Called once per step after the scroll view moved and before the solver runs.
    package func step(in geometry: CollectionGeometry) throws {
        let offset = geometry.offset
        let delta = offset - lastOffset
        lastOffset = offset
        // As UIKit runs the write-up's layout: shouldInvalidateLayout(forBoundsChange:) drags the
        // cells it manages before the bounds move (so `panGestureRecognizer.location(in:
        // collectionView)` is the finger over the content as it was before this step's scroll);
        // the next prepare() then brings in the cells that entered the window, at their slots.
        if delta != 0, let t = touch {
            let touchAlong = geometry.along(t) + offset - delta
            for m in managed {
                guard let anchor = animator.anchor(of: m.spring), let s = animator.state(of: m.body) else { continue }
                let distance = abs(geometry.along(anchor) - touchAlong)
                let factor = min(1, distance / params.scrollResistance)
                let shift = delta * factor
                let moved = geometry.vertical ? s.center + Vec2(0, shift) : s.center + Vec2(shift, 0)
                animator.updateItem(m.body, center: moved)
            }
        }
        if delta != 0 { try sync(geometry) }
        try animator.step()
    }

    /// After cells were inserted or deleted: the new layout's slots become the springs' anchors
    /// (cells keep where they are and spring there); new cells start where `newCells` says.
    package func layoutChanged(in geometry: CollectionGeometry, newCells: [Int: Vec2]) throws {
        try rebuildWorldBehaviors(geometry)
        try sync(geometry, newCells: newCells)
    }

    /// The scrolling finger is what the springs lag behind; a long press is not.
    package func fingerMoved(to point: Vec2, source: FingerSource, in geometry: CollectionGeometry) {
        if source == .pan { touch = point }
    }

    /// The pan recogniser keeps its last location: nothing changes when the finger lifts.
    package func fingerLifted(source: FingerSource) {}

    package func drainContacts() -> [ContactEvent] {
        animator.drainEvents().filter { $0.kind == .began || $0.kind == .ended }.map { e in
            var e = e
            e.item = indexPath(ofBody: e.item)?.description ?? e.item
            e.with = indexPath(ofBody: e.with)?.description ?? e.with
            return e
        }
    }

    package func state(ofKey key: Int) -> ItemDynamics? {
        guard position[key] != nil else { return nil }
        return animator.state(of: body(key))
    }

    package var isAtRest: Bool { animator.isAtRest }

    /// The index path of a managed cell's body ("cell:<key>"), as the trace names cells.
    package func indexPath(ofBody body: String) -> ItemPath? {
        guard body.hasPrefix("cell:"), let k = Int(body.dropFirst(5)), let i = position[k] else { return nil }
        return managed[i].indexPath
    }

    package var springs: [SpringSnapshot] {
        animator.springs.map { s in
            SpringSnapshot(item: indexPath(ofBody: s.item)?.description ?? s.item, anchor: s.anchor, point: s.point)
        }
    }
}
