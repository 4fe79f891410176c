import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

/// The behaviors an animator holds, as plain values: one slot per behavior in insertion order
/// (found by id; removed slots compacted away), what Box2D objects each made, and the
/// boundary segments of collisions. It knows nothing of Box2D's world: the animator's
/// addBehavior and friends (below) make and unmake the world's part through each kind's
/// AnimatorBehavior, and the step reads the slots.
struct BehaviorRegistry {
    /// The items joined to `id` by an installed item-to-item attachment, in install order.
    func attached(to id: String) -> [String] {
        var out: [String] = []
        for slot in slots where slot.active {
            if case .attachment(let a) = slot.spec, case .item(let o) = a.to, o == id || a.item == id {
                out.append(o == id ? a.item : o)
            }
        }
        return out
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
        /// Replaced by edges of new bounds (its place keeps the other boundaries' tags).
        var replaced = false
    }

    var slots: [Slot] = []
    /// Live slots by id (looked up only, never iterated).
    var index: [BehaviorID: Int] = [:]
    var next = 0
    /// Push behaviors, in the order they were added.
    var pushes: [BehaviorID] = []
    var boundaries: [Boundary] = []

    /// A new slot for `spec`: its id and place.
    mutating func insert(_ spec: BehaviorSpec, label: String, parent: BehaviorID?) -> (id: BehaviorID, slot: Int) {
        let id = BehaviorID(raw: next)
        next += 1
        var slot = Slot(id: id, spec: spec, label: label)
        slot.parent = parent
        index[id] = slots.count
        slots.append(slot)
        return (id, slots.count - 1)
    }

    /// The slot no longer acts and is no longer found by its id.
    mutating func retire(_ s: Int) {
        slots[s].active = false
        index[slots[s].id] = nil
    }

    /// Drops removed behaviors' slots once they outnumber the live ones, so a layout that
    /// adds and removes springs as cells scroll by does not slow down over time.
    mutating func compact() {
        let live = slots.filter { index[$0.id] != nil }
        guard slots.count - live.count > 64, slots.count - live.count > live.count else { return }
        slots = live
        index = [:]
        for (k, slot) in slots.enumerated() { index[slot.id] = k }
    }

    /// The pushes still registered, in the order they were added (removed ones forgotten).
    mutating func livePushes() -> [BehaviorID] {
        pushes.removeAll { index[$0] == nil }
        return pushes
    }

    var activeIDs: [BehaviorID] { slots.filter(\.active).map(\.id) }

    /// Whether a behavior holds item `id` itself (a composite holds it through its children).
    static func touches(_ spec: BehaviorSpec, _ id: String) -> Bool {
        if case .composite = spec { return false }
        return spec.referencedItems.contains(id)
    }

    /// The labels of the active behaviors acting on item `id` (for errors).
    func labels(touching id: String) -> [String] {
        slots.filter { $0.active && (Self.touches($0.spec, id) || $0.springItem == id) }.map(\.label)
    }

    /// Slot `s`'s spec with `parameters` applied as a script's `set` does (a field assignment
    /// each, BehaviorSpec.setting); a push's `active` is its slot's, and a new magnitude or
    /// direction re-arms it (UIPushBehavior.active).
    mutating func setting(_ parameters: [BehaviorParameter], at s: Int) throws -> BehaviorSpec {
        var spec = slots[s].spec
        for p in parameters {
            if case .push = spec, p.key == "active", let on = p.flag {
                slots[s].active = on
                continue
            }
            guard let next = spec.setting(p) else {
                throw DynamicsError.invalid("cannot set \(p) on a \(spec.kindName) behavior", behavior: slots[s].label)
            }
            if case .push = spec {
                // A push given a new force acts again (UIPushBehavior's magnitude or direction).
                if p.key == "magnitude" || p.key == "direction" { slots[s].active = true }
            }
            spec = next
        }
        return spec
    }

    /// The live boundaries' segments.
    var liveBoundaries: [(from: Vec2, to: Vec2)] {
        boundaries.filter { index[$0.behavior] != nil && !$0.replaced }.map { ($0.from, $0.to) }
    }
}

// UIDynamicAnimator's addBehavior and friends: the registry's slots, and each kind's part of the
// world made or unmade through its AnimatorBehavior.

extension Animator {
    /// Adds a behavior; `label` names it in errors (e.g. "behaviors[2].attachment").
    @discardableResult
    package func addBehavior(_ spec: BehaviorSpec, label: String) throws -> BehaviorID {
        try addBehavior(spec, label: label, parent: nil)
    }

    func addBehavior(_ spec: BehaviorSpec, label: String, parent: BehaviorID?) throws -> BehaviorID {
        for id in spec.referencedItems where bodyIndex[id] == nil {
            throw DynamicsError.unknownItem(id, behavior: label)
        }
        let (id, s) = registry.insert(spec, label: label, parent: parent)
        try spec.animatorBehavior.added(to: self, slot: s, id: id, label: label)
        return id
    }

    package func removeBehavior(_ id: BehaviorID) {
        guard let first = registry.index[id] else { return }
        for child in registry.slots[first].children { removeBehavior(child) }
        guard let s = registry.index[id] else { return }  // children may have compacted the slots
        let spec = registry.slots[s].spec
        destroyJoints(s)
        registry.retire(s)
        spec.animatorBehavior.removed(from: self)
        for item in spec.referencedItems { wake(item) }
        registry.compact()
    }

    /// Destroys a slot's joints and the static or kinematic bodies it made.
    func destroyJoints(_ s: Int) {
        for j in registry.slots[s].joints { sb_joint_destroy(world, j) }
        for b in registry.slots[s].staticBodies { sb_body_destroy(world, b) }
        registry.slots[s].joints = []
        registry.slots[s].staticBodies = []
    }

    package var behaviorIDs: [BehaviorID] { registry.activeIDs }

    /// Whether a behavior acts (an instantaneous push stops once it has pushed); false once removed.
    package func isActive(_ id: BehaviorID) -> Bool { registry.index[id].map { registry.slots[$0].active } ?? false }

    /// The behavior's current parameters.
    package func spec(of id: BehaviorID) -> BehaviorSpec? { registry.index[id].map { registry.slots[$0].spec } }

    /// Changes a behavior's parameters, as a script's `set` or a layout does, then the world is
    /// rebuilt to match by its kind.
    package func set(_ id: BehaviorID, _ parameters: [BehaviorParameter]) throws {
        guard let s = registry.index[id] else { return }
        let spec = try registry.setting(parameters, at: s)
        let old = registry.slots[s].spec
        registry.slots[s].spec = spec
        func change<B: AnimatorBehavior>(_ new: B) throws {
            guard let was = old.animatorBehavior as? B else { return }  // `setting` keeps the kind
            try new.changed(in: self, slot: s, from: was)
        }
        try change(spec.animatorBehavior)
    }

    /// Replaces the items a gravity, collision, push or item behavior acts on
    /// (UIGravityBehavior.addItem / removeItem and friends).
    package func setItems(_ id: BehaviorID, _ items: [String]) throws {
        guard let s = registry.index[id] else { return }
        for item in items where bodyIndex[item] == nil {
            throw DynamicsError.unknownItem(item, behavior: registry.slots[s].label)
        }
        let old = registry.slots[s].spec.referencedItems
        guard let spec = registry.slots[s].spec.withItems(items) else {
            throw DynamicsError.invalid(
                "only gravity, collision, push and item behaviors hold a list of items", behavior: registry.slots[s].label)
        }
        registry.slots[s].spec = spec
        spec.animatorBehavior.itemsChanged(in: self, from: old)
    }
}
