import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// The behavior registry: adding, removing and changing behaviors (UIDynamicAnimator's
// addBehavior and friends). Slots live in an array in insertion order, found by id;
// removed slots are compacted away. What each kind builds lives in its own file.

extension Animator {
    /// Adds a behavior; `label` names it in errors (e.g. "behaviors[2].attachment").
    @discardableResult
    public func addBehavior(_ spec: BehaviorSpec, label: String) throws -> BehaviorID {
        try addBehavior(spec, label: label, parent: nil)
    }

    func addBehavior(_ spec: BehaviorSpec, label: String, parent: BehaviorID?) throws -> BehaviorID {
        for id in spec.referencedItems where bodyIndex[id] == nil {
            throw DynamicsError.unknownItem(id, behavior: label)
        }
        let id = BehaviorID(raw: nextBehavior)
        nextBehavior += 1
        var slot = Slot(id: id, spec: spec, label: label)
        slot.parent = parent
        slotIndex[id] = slots.count
        slots.append(slot)
        try spec.animatorBehavior.added(to: self, slot: slots.count - 1, id: id, label: label)
        return id
    }

    public func removeBehavior(_ id: BehaviorID) {
        guard let first = slotIndex[id] else { return }
        for child in slots[first].children { removeBehavior(child) }
        guard let s = slotIndex[id] else { return }  // children may have compacted the slots
        let spec = slots[s].spec
        destroyJoints(s)
        slots[s].active = false
        slotIndex[id] = nil
        spec.animatorBehavior.removed(from: self)
        for item in spec.referencedItems { wake(item) }
        compactSlots()
    }

    /// Destroys a slot's joints and the static or kinematic bodies it made.
    func destroyJoints(_ s: Int) {
        for j in slots[s].joints { sb_joint_destroy(world, j) }
        for b in slots[s].staticBodies { sb_body_destroy(world, b) }
        slots[s].joints = []
        slots[s].staticBodies = []
    }

    public var behaviorIDs: [BehaviorID] { slots.filter(\.active).map(\.id) }

    /// The behavior's current parameters.
    public func spec(of id: BehaviorID) -> BehaviorSpec? { slotIndex[id].map { slots[$0].spec } }

    /// Drops removed behaviors' slots once they outnumber the live ones, so a layout that
    /// adds and removes springs as cells scroll by does not slow down over time.
    func compactSlots() {
        let live = slots.filter { slotIndex[$0.id] != nil }
        guard slots.count - live.count > 64, slots.count - live.count > live.count else { return }
        slots = live
        slotIndex = [:]
        for (k, slot) in slots.enumerated() { slotIndex[slot.id] = k }
    }

    /// Changes a behavior's parameters, as a script's `set` or a layout does: each is a
    /// field assignment on the spec (BehaviorSpec.setting), then the world is rebuilt to match.
    public func set(_ id: BehaviorID, _ parameters: [BehaviorParameter]) throws {
        guard let s = slotIndex[id] else { return }
        let label = slots[s].label
        var spec = slots[s].spec
        for p in parameters {
            if case .push = spec, case .active(let on) = p {
                slots[s].active = on
                continue
            }
            guard let next = spec.setting(p) else {
                throw DynamicsError.invalid("cannot set \(p) on a \(spec.kindName) behavior", behavior: label)
            }
            if case .push = spec {
                // A new magnitude or direction re-arms a push (UIPushBehavior.active).
                switch p {
                case .magnitude, .direction: slots[s].active = true
                default: break
                }
            }
            spec = next
        }
        let old = slots[s].spec
        slots[s].spec = spec
        func change<B: AnimatorBehavior>(_ new: B) throws {
            guard let was = old.animatorBehavior as? B else { return }  // `setting` keeps the kind
            try new.changed(in: self, slot: s, from: was)
        }
        try change(spec.animatorBehavior)
    }

    /// Replaces the items a gravity, collision, push or item behavior acts on
    /// (UIGravityBehavior.addItem / removeItem and friends).
    public func setItems(_ id: BehaviorID, _ items: [String]) throws {
        guard let s = slotIndex[id] else { return }
        for item in items where bodyIndex[item] == nil {
            throw DynamicsError.unknownItem(item, behavior: slots[s].label)
        }
        let old = slots[s].spec.referencedItems
        guard let spec = slots[s].spec.withItems(items) else {
            throw DynamicsError.invalid(
                "only gravity, collision, push and item behaviors hold a list of items", behavior: slots[s].label)
        }
        slots[s].spec = spec
        spec.animatorBehavior.itemsChanged(in: self, from: old)
    }

    func behaviorTouches(_ spec: BehaviorSpec, _ id: String) -> Bool {
        if case .composite = spec { return false }
        return spec.referencedItems.contains(id)
    }

    /// An item left the animator: list behaviors forget it; its attachments and snaps stop.
    func removeItemFromSpec(_ s: Int, _ id: String) {
        slots[s].spec.animatorBehavior.itemRemoved(id, from: self, slot: s)
    }
}
