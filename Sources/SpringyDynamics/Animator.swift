import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

/// UIDynamicAnimator on Box2D: items become bodies, behaviors become world
/// gravity, fixtures, joints and forces (DYNAMICS.md, "How each behavior maps
/// onto Box2D"). Everything lives in arrays iterated in insertion order.
public final class Animator {
    struct Body {
        let id: String
        let handle: Int32
        var size: Size2
        var shape: ItemShape
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
    }

    struct Slot {
        let id: BehaviorID
        var spec: BehaviorSpec
        let label: String
        var joints: [Int32] = []
        var staticBodies: [Int32] = []
        /// For attachments and snaps: where the joint's item end is, for drawing.
        var springItem: String?
        /// The attachment is a target joint (no anchor body).
        var targetJoint = false
        var active = true
        var children: [BehaviorID] = []
        var parent: BehaviorID?
    }

    struct Boundary {
        let behavior: BehaviorID
        let name: String
        let from: Vec2
        let to: Vec2
    }

    public let bounds: Rect
    /// Box2D's polygon radius (1 pt) less its linear slop (0.5 pt).
    static let boundsSkinOffset = 0.5
    public let stepRate: Int
    public let defaults: ItemProperties
    public var h: Double { 1 / Double(stepRate) }
    /// Points subtracted before handing positions to Box2D, so float precision stays where the action is.
    public let origin: Vec2

    private let world: OpaquePointer
    private var bodies: [Body] = []
    private var bodyIndex: [String: Int] = [:]
    private var slots: [Slot] = []
    private var slotIndex: [BehaviorID: Int] = [:]
    private var boundaries: [Boundary] = []
    private var nextBehavior = 0
    private var worldGravity = Vec2.zero
    private var pendingEvents: [ContactEvent] = []
    private var wasAtRest = false
    private var movingAnchors: [(body: Int32, x: Float, y: Float)] = []
    /// Items attached to each anchor body, in the order they were attached.
    private var anchorDependents: [String: [String]] = [:]
    /// Push behaviors, in the order they were added.
    private var pushSlots: [BehaviorID] = []
    public private(set) var stepCount = 0

    public init(bounds: Rect, stepRate: Int = 120, defaults: ItemProperties = .uikit, origin: Vec2 = .zero) {
        self.bounds = bounds
        self.stepRate = stepRate
        self.defaults = ItemProperties.uikit.merged(with: defaults)
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

    private func metres(_ p: Vec2) -> (Float, Float) {
        (Float((p.x - origin.x) / Units.pointsPerMetre), Float((p.y - origin.y) / Units.pointsPerMetre))
    }
    private func metres(_ d: Double) -> Float { Float(d / Units.pointsPerMetre) }
    private func points(_ x: Float, _ y: Float) -> Vec2 {
        Vec2(Double(x) * Units.pointsPerMetre + origin.x, Double(y) * Units.pointsPerMetre + origin.y)
    }

    // MARK: - Items

    public var itemIDs: [String] { bodies.filter { !$0.removed && !$0.isAnchor }.map(\.id) }
    public func hasItem(_ id: String) -> Bool { bodyIndex[id] != nil }

    /// Adds a dynamic item (a body whose collision rectangle is 2 pt smaller than
    /// the item; Box2D's polygon skin adds the 2 pt back).
    public func addItem(id: String, center: Vec2, size: Size2, angle: Double = 0, shape: ItemShape = .rectangle,
                        velocity: Vec2 = .zero) throws {
        guard bodyIndex[id] == nil else { throw DynamicsError.duplicateItem(id) }
        let (x, y) = metres(center)
        let handle = sb_body_create(world, Int32(SB_DYNAMIC), x, y, Float(angle))
        let p = defaults
        bodyIndex[id] = bodies.count
        bodies.append(Body(id: id, handle: handle, size: size, shape: shape, properties: p,
                           mass: Units.mass(density: p.density ?? 1, size: size)))
        applyProperties(bodies.count - 1)
        if velocity != .zero {
            sb_body_set_velocity(world, handle, metres(velocity.x), metres(velocity.y), 0)
        }
        // A new item is in no gravity behavior yet.
        sb_body_set_gravity_scale(world, handle, 0)
    }

    /// A kinematic point other items can be attached to (`to: <id>` with `to_offset`),
    /// moved with `moveAnchorBody` — the drag layout's square around the finger.
    public func addAnchorBody(id: String, center: Vec2) throws {
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
    public func moveAnchorBody(_ id: String, to center: Vec2) {
        guard let i = bodyIndex[id], bodies[i].isAnchor else { return }
        let (x, y) = metres(center)
        sb_body_set_transform(world, bodies[i].handle, x, y, 0)
        for item in anchorDependents[id] ?? [] { wake(item) }
    }

    /// Collision shapes are made when an item first joins a collision behavior: items that
    /// never collide cost the broad phase nothing (the drag layout's thousand cells).
    private func ensureFixture(_ i: Int) {
        guard !bodies[i].hasFixture, !bodies[i].isAnchor else { return }
        bodies[i].hasFixture = true
        let b = bodies[i], size = b.size, handle = b.handle
        let tag = Int64(i)
        let friction = Float(b.properties.friction ?? 0.2), restitution = Float(b.properties.elasticity ?? 0.2)
        switch b.shape {
        case .rectangle:
            sb_body_add_box(world, handle, metres(max(size.width / 2 - 1, 0.05)), metres(max(size.height / 2 - 1, 0.05)),
                            friction, restitution, tag, 0)
        case .ellipse:
            if abs(size.width - size.height) < 1e-9 {
                sb_body_add_circle(world, handle, metres(size.width / 2), friction, restitution, tag, 0)
            } else {
                // Convex polygon approximation (Box2D allows 8 vertices), inside the skin.
                var xy: [Float] = []
                for k in 0..<8 {
                    let t = Double(k) / 8 * 2 * .pi
                    xy.append(metres(cos(t) * max(size.width / 2 - 1, 0.05)))
                    xy.append(metres(sin(t) * max(size.height / 2 - 1, 0.05)))
                }
                sb_body_add_polygon(world, handle, xy, 8, friction, restitution, tag, 0)
            }
        }
        // Box2D recomputes mass from fixtures (density 0 here); set UIKit's again.
        applyProperties(i)
    }

    /// Removes an item and every behavior's hold on it (joints go with the body).
    public func removeItem(_ id: String) {
        guard let i = bodyIndex[id] else { return }
        for s in slots.indices where slots[s].springItem == id || behaviorTouches(slots[s].spec, id) {
            removeItemFromSpec(s, id)
        }
        sb_body_destroy(world, bodies[i].handle)
        bodies[i].removed = true
        bodyIndex[id] = nil
    }

    /// A body's position, angle and velocities in Box2D's units, read without a heap allocation
    /// (this is read for every body on every step).
    private struct RawState { var x, y, angle, vx, vy, w: Float }
    private func rawState(_ handle: Int32) -> RawState {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 6) { b in
            sb_body_state(world, handle, b.baseAddress!)
            return RawState(x: b[0], y: b[1], angle: b[2], vx: b[3], vy: b[4], w: b[5])
        }
    }

    public func state(of id: String) -> ItemDynamics? {
        guard let i = bodyIndex[id] else { return nil }
        let r = rawState(bodies[i].handle)
        return ItemDynamics(center: points(r.x, r.y), angle: Double(r.angle),
                            velocity: Vec2(Double(r.vx), Double(r.vy)) * Units.pointsPerMetre,
                            angularVelocity: Double(r.w))
    }


    public func mass(of id: String) -> Double? {
        bodyIndex[id].map { Double(sb_body_mass(world, bodies[$0].handle)) }
    }

    /// UIDynamicAnimator's updateItemUsingCurrentState: moves the body to the item's
    /// centre and angle, keeping its velocity, and wakes it.
    public func updateItem(_ id: String, center: Vec2, angle: Double? = nil) {
        guard let i = bodyIndex[id], let s = state(of: id) else { return }
        let (x, y) = metres(center)
        sb_body_set_transform(world, bodies[i].handle, x, y, Float(angle ?? s.angle))
        sb_body_set_awake(world, bodies[i].handle, 1)
    }

    public func setVelocity(_ id: String, _ v: Vec2, angular: Double = 0) {
        guard let i = bodyIndex[id] else { return }
        sb_body_set_velocity(world, bodies[i].handle, metres(v.x), metres(v.y), Float(angular))
        sb_body_set_awake(world, bodies[i].handle, 1)
    }

    // MARK: - Behaviors

    /// Adds a behavior; `label` names it in errors (e.g. "behaviors[2].attachment").
    @discardableResult
    public func addBehavior(_ spec: BehaviorSpec, label: String) throws -> BehaviorID {
        try addBehavior(spec, label: label, parent: nil)
    }

    private func addBehavior(_ spec: BehaviorSpec, label: String, parent: BehaviorID?) throws -> BehaviorID {
        for id in referencedItems(spec) where bodyIndex[id] == nil {
            throw DynamicsError.unknownItem(id, behavior: label)
        }
        let id = BehaviorID(raw: nextBehavior)
        nextBehavior += 1
        var slot = Slot(id: id, spec: spec, label: label)
        slot.parent = parent
        slotIndex[id] = slots.count
        slots.append(slot)
        let s = slots.count - 1
        switch spec {
        case .gravity:
            applyGravity()
        case let .collision(items, mode, hasBounds, insets, segments):
            try buildCollision(s, items: items, mode: mode, hasBounds: hasBounds, insets: insets, segments: segments)
        case let .attachment(item, to, length, frequency, damping, offset, toOffset):
            try buildAttachment(s, item: item, to: to, length: length, frequency: frequency, damping: damping,
                                offset: offset, toOffset: toOffset)
        case let .snap(item, point, damping):
            buildSnap(s, item: item, point: point, damping: damping)
        case .push:
            pushSlots.append(id)
            for item in referencedItems(spec) { wake(item) }
        case .item(let items, _):
            for item in items { if let b = bodyIndex[item] { applyProperties(b) } }
        case .composite(let children):
            var ids: [BehaviorID] = []
            for (k, child) in children.enumerated() {
                ids.append(try addBehavior(child, label: "\(label).behaviors[\(k)]", parent: id))
            }
            slots[slotIndex[id]!].children = ids
        }
        return id
    }

    public func removeBehavior(_ id: BehaviorID) {
        guard let first = slotIndex[id] else { return }
        for child in slots[first].children { removeBehavior(child) }
        guard let s = slotIndex[id] else { return } // children may have compacted the slots
        let spec = slots[s].spec
        for j in slots[s].joints { sb_joint_destroy(world, j) }
        for b in slots[s].staticBodies { sb_body_destroy(world, b) }
        slots[s].joints = []
        slots[s].staticBodies = []
        slots[s].active = false
        slotIndex[id] = nil
        switch spec {
        case .gravity: applyGravity()
        case .collision(let items, _, _, _, _):
            for item in items { if let b = bodyIndex[item] { refreshCollisionGroups(b) } }
        case .item(let items, _):
            for item in items { if let b = bodyIndex[item] { applyProperties(b) } }
        default: break
        }
        for item in referencedItems(spec) { wake(item) }
        compactSlots()
    }

    public var behaviorIDs: [BehaviorID] { slots.filter(\.active).map(\.id) }

    /// Drops removed behaviors' slots once they outnumber the live ones, so a layout that
    /// adds and removes springs as cells scroll by does not slow down over time.
    private func compactSlots() {
        let live = slots.filter { slotIndex[$0.id] != nil }
        guard slots.count - live.count > 64, slots.count - live.count > live.count else { return }
        slots = live
        slotIndex = [:]
        for (k, slot) in slots.enumerated() { slotIndex[slot.id] = k }
    }

    /// Changes a behavior's parameters, as a script's `set` or a layout does.
    public func set(_ id: BehaviorID, _ parameters: [BehaviorParameter]) throws {
        guard let s = slotIndex[id] else { return }
        let label = slots[s].label
        var spec = slots[s].spec
        for p in parameters {
            switch (spec, p) {
            case let (.gravity(items, v), .magnitude(m)):
                let len = v.length
                spec = .gravity(items: items, vector: len > 0 ? v / len * m : Vec2(0, m))
            case let (.gravity(items, v), .angle(a)):
                spec = .gravity(items: items, vector: Vec2(cos(a), sin(a)) * v.length)
            case let (.gravity(items, _), .direction(d)):
                spec = .gravity(items: items, vector: d)
            case let (.push(items, mode, v, off), .magnitude(m)):
                let len = v.length
                spec = .push(items: items, mode: mode, vector: len > 0 ? v / len * m : Vec2(m, 0), offset: off)
                slots[s].active = true
            case let (.push(items, mode, v, off), .angle(a)):
                spec = .push(items: items, mode: mode, vector: Vec2(cos(a), sin(a)) * v.length, offset: off)
            case let (.push(items, mode, _, off), .direction(d)):
                spec = .push(items: items, mode: mode, vector: d, offset: off)
                slots[s].active = true
            case (.push, .active(let on)):
                slots[s].active = on
            case let (.attachment(item, to, _, f, d, off, toOff), .length(l)):
                spec = .attachment(item: item, to: to, length: l, frequency: f, damping: d, offset: off, toOffset: toOff)
            case let (.attachment(item, to, l, _, d, off, toOff), .frequency(f)):
                spec = .attachment(item: item, to: to, length: l, frequency: f, damping: d, offset: off, toOffset: toOff)
            case let (.attachment(item, to, l, f, _, off, toOff), .damping(d)):
                spec = .attachment(item: item, to: to, length: l, frequency: f, damping: d, offset: off, toOffset: toOff)
            case let (.attachment(item, .point, l, f, d, off, toOff), .anchor(p)):
                spec = .attachment(item: item, to: .point(p), length: l, frequency: f, damping: d, offset: off, toOffset: toOff)
            case let (.snap(item, _, d), .snapPoint(p)):
                spec = .snap(item: item, to: p, damping: d)
            case let (.snap(item, p, _), .damping(d)):
                spec = .snap(item: item, to: p, damping: d)
            case let (.item(items, props), .properties(change)):
                spec = .item(items: items, properties: props.merged(with: change))
            default:
                throw DynamicsError.invalid("cannot set \(p) on a \(spec.kindName) behavior", behavior: label)
            }
        }
        let old = slots[s].spec
        slots[s].spec = spec
        switch spec {
        case .gravity:
            applyGravity()
        case .push:
            for item in referencedItems(spec) { wake(item) }
        case .item(let items, _):
            for item in items { if let b = bodyIndex[item] { applyProperties(b) } }
        case let .attachment(item, to, length, frequency, damping, offset, toOffset):
            if case .attachment(_, .point(let oldPoint), let oldLength, let oldF, let oldD, _, _) = old,
               case .point(let p) = to, oldLength == length, oldF == frequency, oldD == damping {
                if p != oldPoint { moveAnchor(s, to: p) }
            } else {
                for j in slots[s].joints { sb_joint_destroy(world, j) }
                for b in slots[s].staticBodies { sb_body_destroy(world, b) }
                slots[s].joints = []; slots[s].staticBodies = []
                try buildAttachment(s, item: item, to: to, length: length, frequency: frequency, damping: damping,
                                    offset: offset, toOffset: toOffset)
            }
        case let .snap(item, point, damping):
            for j in slots[s].joints { sb_joint_destroy(world, j) }
            for b in slots[s].staticBodies { sb_body_destroy(world, b) }
            slots[s].joints = []; slots[s].staticBodies = []
            buildSnap(s, item: item, point: point, damping: damping)
        default: break
        }
    }

    /// Replaces the items a gravity, collision, push or item behavior acts on
    /// (UIGravityBehavior.addItem / removeItem and friends).
    public func setItems(_ id: BehaviorID, _ items: [String]) throws {
        guard let s = slotIndex[id] else { return }
        for item in items where bodyIndex[item] == nil {
            throw DynamicsError.unknownItem(item, behavior: slots[s].label)
        }
        let old = referencedItems(slots[s].spec)
        switch slots[s].spec {
        case let .gravity(_, v):
            slots[s].spec = .gravity(items: items, vector: v)
            applyGravity()
        case let .collision(_, m, b, i, seg):
            slots[s].spec = .collision(items: items, mode: m, bounds: b, insets: i, boundaries: seg)
            for id in old + items { if let b = bodyIndex[id] { refreshCollisionGroups(b) } }
        case let .push(_, m, v, o):
            slots[s].spec = .push(items: items, mode: m, vector: v, offset: o)
        case let .item(_, p):
            slots[s].spec = .item(items: items, properties: p)
            for id in old + items { if let b = bodyIndex[id] { applyProperties(b) } }
        default:
            throw DynamicsError.invalid("only gravity, collision, push and item behaviors hold a list of items", behavior: slots[s].label)
        }
    }

    /// Moves a point attachment's anchor (the layouts' and gestures' hot path).
    public func setAnchor(_ id: BehaviorID, _ point: Vec2) {
        guard let s = slotIndex[id] else { return }
        if case let .attachment(item, .point(old), l, f, d, off, toOff) = slots[s].spec, old != point {
            slots[s].spec = .attachment(item: item, to: .point(point), length: l, frequency: f, damping: d,
                                        offset: off, toOffset: toOff)
            moveAnchor(s, to: point)
        }
    }

    public func anchor(of id: BehaviorID) -> Vec2? {
        guard let s = slotIndex[id], case .attachment(_, .point(let p), _, _, _, _, _) = slots[s].spec else { return nil }
        return p
    }

    /// The anchor travels to `point` over the next step, then stops there.
    private func moveAnchor(_ s: Int, to point: Vec2) {
        if slots[s].targetJoint, let j = slots[s].joints.first {
            let (x, y) = metres(point)
            sb_joint_set_target(world, j, x, y)
            return
        }
        guard let anchorBody = slots[s].staticBodies.first else { return }
        let current = rawState(anchorBody)
        let (x, y) = metres(point)
        sb_body_set_velocity(world, anchorBody, (x - current.x) / Float(h), (y - current.y) / Float(h), 0)
        movingAnchors.removeAll { $0.body == anchorBody }
        movingAnchors.append((anchorBody, x, y))
        if let item = slots[s].springItem { wake(item) }
    }

    /// Anchors given a velocity for this step: stopped exactly at their targets afterwards.
    private func settleAnchors() {
        for a in movingAnchors {
            sb_body_set_velocity(world, a.body, 0, 0, 0)
            sb_body_set_transform(world, a.body, a.x, a.y, 0)
        }
        movingAnchors.removeAll(keepingCapacity: true)
    }

    // MARK: - Stepping

    /// Advances one fixed step of 1/stepRate s.
    public func step() throws {
        applyForces()
        sb_world_step(world, Float(h), Units.velocityIterations, Units.positionIterations)
        settleAnchors()
        stepCount += 1
        collectContactEvents()
        try checkFinite()
        let rest = isAtRest
        if rest != wasAtRest {
            pendingEvents.append(ContactEvent(kind: rest ? .paused : .resumed, item: "", with: "", point: nil))
            wasAtRest = rest
        }
    }

    /// True when every dynamic body sleeps (Box2D: under 1 pt/s and 2°/s for 0.5 s).
    public var isAtRest: Bool {
        for i in bodies.indices where !bodies[i].removed {
            let handle = bodies[i].handle
            if sb_body_type(world, handle) == Int32(SB_DYNAMIC) && sb_body_is_awake(world, handle) != 0 { return false }
        }
        return true
    }

    /// The live collision boundaries' segments, in points (for drawing).
    public var boundarySegments: [(from: Vec2, to: Vec2)] {
        boundaries.filter { slotIndex[$0.behavior] != nil }.map { ($0.from, $0.to) }
    }

    /// Contact and pause/resume events since the last call.
    public func drainEvents() -> [ContactEvent] {
        defer { pendingEvents.removeAll(keepingCapacity: true) }
        return pendingEvents
    }

    /// Every attachment, from its anchor to its point on the item, in behavior order.
    public var springs: [SpringSnapshot] {
        var out: [SpringSnapshot] = []
        var a = [Float](repeating: 0, count: 4)
        for slot in slots where slot.active {
            guard case .attachment = slot.spec, let item = slot.springItem, let j = slot.joints.first else { continue }
            sb_joint_anchors(world, j, &a)
            // Joints are built anchor (A) to item (B).
            out.append(SpringSnapshot(item: item, anchor: points(a[0], a[1]), point: points(a[2], a[3])))
        }
        return out
    }

    private func applyForces() {
        pushSlots.removeAll { slotIndex[$0] == nil }
        for id in pushSlots {
            guard let s = slotIndex[id], slots[s].active, case let .push(items, mode, vector, offset) = slots[s].spec else { continue }
            for id in items {
                guard let i = bodyIndex[id], let st = state(of: id) else { continue }
                let at = metres(st.center + offset.rotated(by: st.angle))
                // Magnitude is in Box2D's units directly: newtons (continuous) or N·s (instantaneous).
                if mode == .continuous {
                    sb_body_apply_force(world, bodies[i].handle, Float(vector.x), Float(vector.y), at.0, at.1)
                } else {
                    sb_body_apply_impulse(world, bodies[i].handle, Float(vector.x), Float(vector.y), at.0, at.1)
                }
            }
            if mode == .instantaneous { slots[s].active = false }
        }
        for i in bodies.indices where !bodies[i].removed && !bodies[i].gravityIsWorld && bodies[i].gravity != .zero {
            let handle = bodies[i].handle
            let g = bodies[i].gravity * Units.gravityMetresPerSecond2
            let m = Double(sb_body_mass(world, handle))
            let r = rawState(handle)
            sb_body_apply_force(world, handle, Float(g.x * m), Float(g.y * m), r.x, r.y)
        }
    }

    private func collectContactEvents() {
        let n = sb_world_contact_event_count(world)
        guard n > 0 else { return }
        for k in 0..<n {
            let e = sb_world_contact_event(world, k)
            var (a, b) = (e.tagA, e.tagB)
            if a < 0 && b >= 0 { swap(&a, &b) }            // the item first
            if a >= 0 && b >= 0 && b < a { swap(&a, &b) }  // lower index first
            guard a >= 0, Int(a) < bodies.count else { continue }
            let other: String
            if b >= 0 { other = Int(b) < bodies.count ? bodies[Int(b)].id : "?" } else {
                let bi = Int(-b - 1)
                other = bi < boundaries.count ? boundaries[bi].name : "?"
            }
            pendingEvents.append(ContactEvent(kind: e.began != 0 ? .began : .ended, item: bodies[Int(a)].id,
                                              with: other, point: e.began != 0 ? points(e.x, e.y) : nil))
        }
        sb_world_clear_contact_events(world)
    }

    private func checkFinite() throws {
        for i in bodies.indices where !bodies[i].removed {
            let r = rawState(bodies[i].handle)
            if !(r.x.isFinite && r.y.isFinite && r.angle.isFinite && r.vx.isFinite && r.vy.isFinite && r.w.isFinite) {
                let id = bodies[i].id
                let labels = slots.filter { $0.active && (behaviorTouches($0.spec, id) || $0.springItem == id) }.map(\.label)
                throw DynamicsError.nonFinite(item: id, behaviors: labels, step: stepCount)
            }
        }
    }


    private func wake(_ id: String) {
        if let i = bodyIndex[id] { sb_body_set_awake(world, bodies[i].handle, 1) }
    }

    // MARK: - Building behaviors

    private func buildCollision(_ s: Int, items: [String], mode: CollisionMode, hasBounds: Bool, insets: [Double],
                                segments: [NamedSegment]) throws {
        if mode.includesBoundaries {
            let body = sb_body_create(world, Int32(SB_STATIC), 0, 0, 0)
            slots[s].staticBodies.append(body)
            func edge(_ name: String, _ a: Vec2, _ b: Vec2) {
                let tag = -Int64(boundaries.count) - 1
                boundaries.append(Boundary(behavior: slots[s].id, name: name, from: a, to: b))
                let (x1, y1) = metres(a), (x2, y2) = metres(b)
                // Boundaries lend the item its own friction and have no bounce of their own.
                sb_body_add_edge(world, body, x1, y1, x2, y2, 1, 0, tag, 1)
            }
            if hasBounds {
                // The edges sit half a point outside the bounds: Box2D gives an edge a 1 pt skin
                // and lets a resting body sink 0.5 pt into it, so items at rest end flush with
                // the bounds, where UIKit draws them.
                let r = Rect(x: bounds.minX + insets[1], y: bounds.minY + insets[0],
                             width: bounds.width - insets[1] - insets[3], height: bounds.height - insets[0] - insets[2])
                    .insetBy(dx: -Self.boundsSkinOffset, dy: -Self.boundsSkinOffset)
                let tl = Vec2(r.minX, r.minY), tr = Vec2(r.maxX, r.minY), br = Vec2(r.maxX, r.maxY), bl = Vec2(r.minX, r.maxY)
                edge("bounds", tl, tr); edge("bounds", tr, br); edge("bounds", br, bl); edge("bounds", bl, tl)
            }
            for seg in segments { edge(seg.name, seg.from, seg.to) }
        }
        for item in items { if let b = bodyIndex[item] { refreshCollisionGroups(b) } }
    }

    private func buildAttachment(_ s: Int, item: String, to: AttachTarget, length: Double?, frequency: Double,
                                 damping: Double, offset: Vec2, toOffset: Vec2) throws {
        guard let bi = bodyIndex[item], let st = state(of: item) else {
            throw DynamicsError.unknownItem(item, behavior: slots[s].label)
        }
        let itemPoint = st.center + offset.rotated(by: st.angle)
        slots[s].targetJoint = false
        if frequency > 0, case .point(let p) = to, (length ?? p.distance(to: itemPoint)) < 1 {
            // A zero-length spring to a point: Box2D's target ("mouse") joint is exactly a
            // 2-D linear spring, without the distance joint's dead zone below 0.5 pt.
            let (k, d) = SpringMapping.coefficients(frequency: frequency, dampingRatio: damping, mass: bodies[bi].mass, h: h)
            let (px, py) = metres(itemPoint), (tx, ty) = metres(p)
            slots[s].joints.append(sb_joint_create_target(world, bodies[bi].handle, px, py, tx, ty, Float(k), Float(d)))
            slots[s].springItem = item
            slots[s].targetJoint = true
            wake(item)
            return
        }
        let anchorBody: Int32
        let anchorPoint: Vec2
        var anchorLocal = Vec2.zero
        var reducedMass = bodies[bi].mass
        switch to {
        case .point(let p):
            // A kinematic anchor: moved by velocity over a step, so a dragged item follows
            // the finger through its joint instead of lagging behind a teleported anchor.
            let (x, y) = metres(p)
            anchorBody = sb_body_create(world, Int32(SB_KINEMATIC), x, y, 0)
            slots[s].staticBodies.append(anchorBody)
            anchorPoint = p
        case .item(let other):
            guard let oi = bodyIndex[other], let os = state(of: other) else {
                throw DynamicsError.unknownItem(other, behavior: slots[s].label)
            }
            anchorBody = bodies[oi].handle
            anchorPoint = os.center + toOffset.rotated(by: os.angle)
            if bodies[oi].isAnchor { anchorDependents[other, default: []].append(item) }
            anchorLocal = toOffset
            let ma = bodies[oi].mass, mb = bodies[bi].mass
            if sb_body_type(world, anchorBody) == Int32(SB_DYNAMIC) { reducedMass = ma * mb / (ma + mb) }
        }
        slots[s].springItem = item
        // UIKit: the length defaults to the distance between the two points when the behavior is created.
        let restLength = length ?? anchorPoint.distance(to: itemPoint)
        let joint: Int32
        if frequency == 0, length == nil, restLength < 1, case .point = to {
            let (x, y) = metres(anchorPoint)
            joint = sb_joint_create_revolute(world, anchorBody, bodies[bi].handle, x, y, 1)
        } else if frequency == 0 {
            let l = metres(restLength)
            joint = sb_joint_create_distance(world, anchorBody, bodies[bi].handle,
                                             metres(anchorLocal.x), metres(anchorLocal.y), metres(offset.x), metres(offset.y),
                                             l, l, l, 0, 0, 1)
        } else {
            let (k, d) = SpringMapping.coefficients(frequency: frequency, dampingRatio: damping, mass: reducedMass, h: h)
            joint = sb_joint_create_distance(world, anchorBody, bodies[bi].handle,
                                             metres(anchorLocal.x), metres(anchorLocal.y), metres(offset.x), metres(offset.y),
                                             metres(restLength), 0, Float.greatestFiniteMagnitude, Float(k), Float(d), 1)
        }
        slots[s].joints.append(joint)
        wake(item)
    }

    /// UIKit's snap: a static body of the item's size at the snap point and four soft
    /// distance joints (4 Hz, ratio = damping, rest length 50 pt) from two opposite
    /// corners of the item to points 50 pt out along x and y from the matching corners.
    private func buildSnap(_ s: Int, item: String, point: Vec2, damping: Double) {
        guard let bi = bodyIndex[item] else { return }
        let body = bodies[bi]
        let (x, y) = metres(point)
        let target = sb_body_create(world, Int32(SB_STATIC), x, y, 0)
        slots[s].staticBodies.append(target)
        let hw = body.size.width / 2, hh = body.size.height / 2
        let (k, d) = SpringMapping.coefficients(frequency: 4, dampingRatio: damping, mass: body.mass, h: h)
        let pairs: [(Vec2, Vec2)] = [
            (Vec2(-hw, -hh), Vec2(-hw - 50, -hh)), (Vec2(-hw, -hh), Vec2(-hw, -hh - 50)),
            (Vec2(hw, hh), Vec2(hw + 50, hh)), (Vec2(hw, hh), Vec2(hw, hh + 50)),
        ]
        for (corner, out) in pairs {
            let j = sb_joint_create_distance(world, target, body.handle, metres(out.x), metres(out.y),
                                             metres(corner.x), metres(corner.y), metres(50), 0,
                                             Float.greatestFiniteMagnitude, Float(k), Float(d), 0)
            slots[s].joints.append(j)
        }
        wake(item)
    }

    // MARK: - Derived per-body state

    private func referencedItems(_ spec: BehaviorSpec) -> [String] {
        switch spec {
        case .gravity(let items, _), .collision(let items, _, _, _, _), .push(let items, _, _, _), .item(let items, _):
            return items
        case let .attachment(item, to, _, _, _, _, _):
            if case .item(let other) = to { return [item, other] }
            return [item]
        case .snap(let item, _, _):
            return [item]
        case .composite(let children):
            return children.flatMap(referencedItems)
        }
    }

    private func behaviorTouches(_ spec: BehaviorSpec, _ id: String) -> Bool {
        if case .composite = spec { return false }
        return referencedItems(spec).contains(id)
    }

    private func removeItemFromSpec(_ s: Int, _ id: String) {
        switch slots[s].spec {
        case let .gravity(items, v): slots[s].spec = .gravity(items: items.filter { $0 != id }, vector: v)
        case let .collision(items, m, b, i, seg): slots[s].spec = .collision(items: items.filter { $0 != id }, mode: m, bounds: b, insets: i, boundaries: seg)
        case let .push(items, m, v, o): slots[s].spec = .push(items: items.filter { $0 != id }, mode: m, vector: v, offset: o)
        case let .item(items, p): slots[s].spec = .item(items: items.filter { $0 != id }, properties: p)
        case .attachment, .snap:
            // The joint dies with the body; the behavior no longer acts.
            slots[s].joints = []
            for b in slots[s].staticBodies { sb_body_destroy(world, b) }
            slots[s].staticBodies = []
            slots[s].active = false
            slots[s].springItem = nil
            slotIndex[slots[s].id] = nil
        case .composite: break
        }
    }

    private func applyProperties(_ i: Int) {
        if bodies[i].isAnchor { return }
        var p = defaults
        for slot in slots where slot.active {
            if case let .item(items, props) = slot.spec, items.contains(bodies[i].id) { p = p.merged(with: props) }
        }
        let b = bodies[i]
        bodies[i].properties = p
        let anchored = p.anchored ?? false
        sb_body_set_type(world, b.handle, Int32(anchored ? SB_STATIC : SB_DYNAMIC))
        sb_body_set_material(world, b.handle, Float(p.friction ?? 0.2), Float(p.elasticity ?? 0.2))
        let mass = Units.mass(density: p.density ?? 1, size: b.size)
        bodies[i].mass = mass
        let allows = p.allowsRotation ?? true
        sb_body_set_fixed_rotation(world, b.handle, allows ? 0 : 1)
        // Box2D's SetMassData ignores rotational inertia on fixed-rotation bodies.
        sb_body_set_mass(world, b.handle, Float(mass), Float(Units.inertia(mass: mass, size: b.size, shape: b.shape)))
        // UIKit's resistance is Box2D's damping: per step v ← v / (1 + h·c).
        sb_body_set_damping(world, b.handle, Float(p.resistance ?? 0.1), Float(p.angularResistance ?? 0.1))
    }

    /// One world gravity (the first gravity behavior's); a body in a gravity behavior with
    /// another vector gets that as a force each step; bodies in none feel none.
    private func applyGravity() {
        var first: Vec2?
        for b in bodies.indices { bodies[b].gravity = .zero }
        for slot in slots where slot.active {
            guard case let .gravity(items, v) = slot.spec else { continue }
            if first == nil { first = v }
            for id in items { if let b = bodyIndex[id] { bodies[b].gravity = bodies[b].gravity + v } }
        }
        worldGravity = first ?? .zero
        let g = worldGravity * Units.gravityMetresPerSecond2
        sb_world_set_gravity(world, Float(g.x), Float(g.y))
        for i in bodies.indices where !bodies[i].removed && !bodies[i].isAnchor {
            let isWorld = bodies[i].gravity == worldGravity && worldGravity != .zero
            bodies[i].gravityIsWorld = isWorld
            sb_body_set_gravity_scale(world, bodies[i].handle, isWorld ? 1 : 0)
            sb_body_set_awake(world, bodies[i].handle, 1)
        }
    }

    private func refreshCollisionGroups(_ i: Int) {
        let id = bodies[i].id
        var inCollision = false
        bodies[i].itemCollisionGroups = slots.filter { slot in
            guard slot.active, case let .collision(items, mode, _, _, _) = slot.spec, items.contains(id) else { return false }
            inCollision = true
            return mode.includesItems
        }.map(\.id)
        if inCollision { ensureFixture(i) }
        sb_body_refilter(world, bodies[i].handle)
        sb_body_set_awake(world, bodies[i].handle, 1)
    }

    /// UIKit's collision rules: two items touch when some collision behavior whose mode
    /// includes items holds both; an item touches a boundary of a behavior that holds it
    /// and whose mode includes boundaries.
    fileprivate func shouldCollide(_ a: Int64, _ b: Int64) -> Bool {
        if a >= 0 && b >= 0 {
            let ga = bodies[Int(a)].itemCollisionGroups, gb = bodies[Int(b)].itemCollisionGroups
            return ga.contains { gb.contains($0) }
        }
        if a < 0 && b < 0 { return false }
        let item = Int(a >= 0 ? a : b), boundary = Int(-(a >= 0 ? b : a) - 1)
        guard let s = slotIndex[boundaries[boundary].behavior] else { return false }
        let slot = slots[s]
        guard slot.active, case let .collision(items, mode, _, _, _) = slot.spec, mode.includesBoundaries else { return false }
        return items.contains(bodies[item].id)
    }
}
