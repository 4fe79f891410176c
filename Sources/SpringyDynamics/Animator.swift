import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

/// UIDynamicAnimator on Box2D: items become bodies, behaviors become world
/// gravity, fixtures, joints and forces (DYNAMICS.md, "How each behavior maps
/// onto Box2D"). Everything lives in arrays iterated in insertion order.
package final class Animator {
    struct Body {
        let id: String
        let handle: Int32
        var size: Size2
        var shape: ItemShape
        /// A path item's outline, points relative to its centre.
        var outline: [Vec2] = []
        var properties: ItemProperties
        var mass: Double
        /// Gravity this body feels (pt/s² per unit of magnitude), from the gravity behaviors it is in.
        var gravity = Vec2.zero
        var gravityIsWorld = false
        /// Collision behaviors whose mode includes items and that hold this body.
        var itemCollisionGroups: [BehaviorID] = []
        var removed = false
        var hasFixture = false
        /// A kinematic anchor body (no shape, no mass), not an item.
        var isAnchor = false
        /// A UIDynamicItemGroup's body: the items it moves as one.
        var members: [GroupMember] = []
    }

    package internal(set) var bounds: Rect
    /// Box2D's polygon radius (1 pt) less its linear slop (0.5 pt).
    static let boundsSkinOffset = 0.5
    /// Step rate, item defaults and body limit, shared by every animator of a scene.
    package let settings: WorldSettings
    package var stepRate: Int { settings.stepRate }
    package var defaults: ItemProperties { settings.defaults }
    package var h: Double { settings.stepDuration }
    /// Points subtracted before handing positions to Box2D, so float precision stays where the action is.
    package let origin: Vec2

    let world: OpaquePointer
    var bodies: [Body] = []
    var bodyIndex: [String: Int] = [:]
    /// Items moved by a group's body: that body's index and the member's (looked up by name only).
    var memberIndex: [String: (body: Int, member: Int)] = [:]
    /// The behaviors added, in order (UIDynamicAnimator.behaviors).
    var registry = BehaviorRegistry()
    var worldGravity = Vec2.zero
    var events = ContactEventLog()
    var wasAtRest = false
    var movingAnchors: [(body: Int32, x: Float, y: Float)] = []
    /// Items attached to each anchor body, in the order they were attached.
    var anchorDependents: [String: [String]] = [:]
    package internal(set) var stepCount = 0
    /// Items (not anchor bodies) in the world now, held to `settings.maxBodies`.
    var liveItems = 0

    package init(bounds: Rect, settings: WorldSettings = .uikit, origin: Vec2 = .zero) {
        self.bounds = bounds
        self.settings = settings
        self.origin = origin
        world = sb_world_create(0, 0)
        let context = Unmanaged.passUnretained(self).toOpaque()
        sb_world_set_contact_filter(world, context) { context, a, b in
            let animator = Unmanaged<Animator>.fromOpaque(context!).takeUnretainedValue()
            return animator.shouldCollide(a, b) ? 1 : 0
        }
    }

    deinit { sb_world_destroy(world) }

    // MARK: - Units

    func metres(_ p: Vec2) -> (Float, Float) {
        (Float((p.x - origin.x) / Units.pointsPerMetre), Float((p.y - origin.y) / Units.pointsPerMetre))
    }
    func metres(_ d: Double) -> Float { Float(d / Units.pointsPerMetre) }
    func points(_ x: Float, _ y: Float) -> Vec2 {
        Vec2(Double(x) * Units.pointsPerMetre + origin.x, Double(y) * Units.pointsPerMetre + origin.y)
    }

    // MARK: - Items

    package var itemIDs: [String] { bodies.filter { !$0.removed && !$0.isAnchor }.map(\.id) }
    package func hasItem(_ id: String) -> Bool { bodyIndex[id] != nil }

    /// Adds a dynamic item (a body whose collision rectangle is 2 pt smaller than
    /// the item; Box2D's polygon skin adds the 2 pt back).
    package func addItem(
        id: String, center: Vec2, size: Size2, angle: Double = 0, shape: ItemShape = .rectangle,
        velocity: Vec2 = .zero, outline: [Vec2] = []
    ) throws {
        guard bodyIndex[id] == nil else { throw DynamicsError.duplicateItem(id) }
        guard liveItems < settings.maxBodies else {
            throw DynamicsError.invalid(
                "adding \(id) would go over the limit of \(settings.maxBodies) simulated bodies (--max-bodies)",
                behavior: id)
        }
        liveItems += 1
        let (x, y) = metres(center)
        let handle = sb_body_create(world, Int32(SB_DYNAMIC), x, y, Float(angle))
        let p = defaults
        bodyIndex[id] = bodies.count
        bodies.append(
            Body(
                id: id, handle: handle, size: size, shape: shape, outline: outline, properties: p,
                mass: Units.mass(density: p.density ?? 1, size: size)))
        applyProperties(bodies.count - 1)
        if velocity != .zero {
            sb_body_set_velocity(world, handle, metres(velocity.x), metres(velocity.y), 0)
        }
        // A new item is in no gravity behavior yet, and at rest until something acts on it: every
        // behavior wakes the items it acts on when added, a contact wakes what it touches, and a
        // velocity given here wakes it (so a scene where nothing moves is at rest from frame 0).
        sb_body_set_gravity_scale(world, handle, 0)
        if velocity == .zero { sb_body_set_awake(world, handle, 0) }
    }

    /// A kinematic point other items can be attached to (`to: <id>` with `to_offset`),
    /// moved with `moveAnchorBody` — the drag layout's square around the finger.
    package func addAnchorBody(id: String, center: Vec2) throws {
        guard bodyIndex[id] == nil else { throw DynamicsError.duplicateItem(id) }
        let (x, y) = metres(center)
        let handle = sb_body_create(world, Int32(SB_KINEMATIC), x, y, 0)
        bodyIndex[id] = bodies.count
        var body = Body(id: id, handle: handle, size: Size2(0, 0), shape: .rectangle, properties: defaults, mass: 0)
        body.isAnchor = true
        bodies.append(body)
    }

    /// Moves an anchor body to `center` at once, as setting UIAttachmentBehavior.anchorPoint does:
    /// the springs on it see a displacement, not a velocity, and what hangs on it wakes.
    package func moveAnchorBody(_ id: String, to center: Vec2) {
        guard let i = bodyIndex[id], bodies[i].isAnchor else { return }
        let (x, y) = metres(center)
        sb_body_set_transform(world, bodies[i].handle, x, y, 0)
        for item in anchorDependents[id] ?? [] { wake(item) }
    }

    /// Collision shapes are made when an item first joins a collision behavior: items that
    /// never collide cost the broad phase nothing (the drag layout's thousand cells).
    func ensureFixture(_ i: Int) {
        guard !bodies[i].hasFixture, !bodies[i].isAnchor else { return }
        bodies[i].hasFixture = true
        if !bodies[i].members.isEmpty { return addGroupFixtures(i) }
        let b = bodies[i], size = b.size, handle = b.handle
        let tag = Int64(i)
        let friction = Float(b.properties.friction ?? 0.2), restitution = Float(b.properties.elasticity ?? 0.2)
        switch b.shape {
        case .rectangle:
            sb_body_add_box(
                world, handle, metres(max(size.width / 2 - 1, 0.05)), metres(max(size.height / 2 - 1, 0.05)),
                friction, restitution, tag, 0)
        case .ellipse:
            if abs(size.width - size.height) < 1e-9 {
                sb_body_add_circle(world, handle, metres(size.width / 2), friction, restitution, tag, 0)
            } else {
                // Convex polygon approximation (Box2D allows 8 vertices), inside the skin.
                let piece = Polygon.holdable(
                    (0..<8).map { k in
                        let t = Double(k) / 8 * 2 * .pi
                        return Vec2(cos(t) * max(size.width / 2 - 1, 0.05), sin(t) * max(size.height / 2 - 1, 0.05))
                    })
                let xy = piece.flatMap { [metres($0.x), metres($0.y)] }
                sb_body_add_polygon(world, handle, xy, Int32(piece.count), friction, restitution, tag, 0)
            }
        case .path:
            // Convex pieces (a concave outline is triangulated); Box2D's skin adds about 1 pt around them.
            for piece in Polygon.convexPieces(b.outline) {
                let xy = piece.flatMap { [metres($0.x), metres($0.y)] }
                sb_body_add_polygon(world, handle, xy, Int32(piece.count), friction, restitution, tag, 0)
            }
        }
        // Box2D recomputes mass from fixtures (density 0 here); set UIKit's again.
        applyProperties(i)
    }

    /// Removes an item and every behavior's hold on it (joints go with the body).
    package func removeItem(_ id: String) {
        guard let i = bodyIndex[id] else { return }
        // List behaviors forget the item; its attachments and snaps stop.
        for s in registry.slots.indices
        where registry.slots[s].springItem == id || BehaviorRegistry.touches(registry.slots[s].spec, id) {
            registry.slots[s].spec.animatorBehavior.itemRemoved(id, from: self, slot: s)
        }
        sb_body_destroy(world, bodies[i].handle)
        if !bodies[i].isAnchor { liveItems -= 1 }
        bodies[i].removed = true
        bodyIndex[id] = nil
    }

    /// A body's position, angle and velocities in Box2D's units, read without a heap allocation
    /// (this is read for every body on every step).
    struct RawState { var x, y, angle, vx, vy, w: Float }
    func rawState(_ handle: Int32) -> RawState {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 6) { b in
            sb_body_state(world, handle, b.baseAddress!)
            return RawState(x: b[0], y: b[1], angle: b[2], vx: b[3], vy: b[4], w: b[5])
        }
    }

    package func state(of id: String) -> ItemDynamics? {
        if let m = memberIndex[id] { return memberState(m.body, m.member) }
        guard let i = bodyIndex[id] else { return nil }
        let r = rawState(bodies[i].handle)
        return ItemDynamics(
            center: points(r.x, r.y), angle: Double(r.angle),
            velocity: Vec2(Double(r.vx), Double(r.vy)) * Units.pointsPerMetre,
            angularVelocity: Double(r.w))
    }

    /// The size an item was added with (its collision bounds).
    package func size(of id: String) -> Size2? { bodyIndex[id].map { bodies[$0].size } }

    package func mass(of id: String) -> Double? {
        bodyIndex[id].map { Double(sb_body_mass(world, bodies[$0].handle)) }
    }

    /// UIDynamicAnimator's updateItemUsingCurrentState: moves the body to the item's
    /// centre and angle, keeping its velocity, and wakes it.
    package func updateItem(_ id: String, center: Vec2, angle: Double? = nil) {
        guard let i = bodyIndex[id], let s = state(of: id) else { return }
        let (x, y) = metres(center)
        sb_body_set_transform(world, bodies[i].handle, x, y, Float(angle ?? s.angle))
        sb_body_set_awake(world, bodies[i].handle, 1)
        // What hangs on it feels the move (Box2D wakes no joint partner of a body it moves).
        for other in registry.attached(to: id) { wake(other) }
    }

    package func setVelocity(_ id: String, _ v: Vec2, angular: Double = 0) {
        guard let i = bodyIndex[id] else { return }
        sb_body_set_velocity(world, bodies[i].handle, metres(v.x), metres(v.y), Float(angular))
        sb_body_set_awake(world, bodies[i].handle, 1)
    }
}
