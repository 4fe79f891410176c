import SpringyBehaviors
import SpringyCore

// The animator parts of the kinds that hold a list of items, make nothing of their own and act
// through the world: gravity (Forces.swift), item properties (ItemPropertiesBehavior.swift) and
// the composite. Push, field and collision have files of their own here.

extension GravitySpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { animator.applyGravity() }
    func removed(from animator: Animator) { animator.applyGravity() }
    func changed(in animator: Animator, slot s: Int, from old: GravitySpec) throws { animator.applyGravity() }
    func itemsChanged(in animator: Animator, from old: [String]) { animator.applyGravity() }
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }
}

extension ItemBehaviorSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { animator.applyProperties(to: items) }
    func removed(from animator: Animator) { animator.applyProperties(to: items) }
    func changed(in animator: Animator, slot s: Int, from old: ItemBehaviorSpec) throws { animator.applyProperties(to: items) }
    func itemsChanged(in animator: Animator, from old: [String]) { animator.applyProperties(to: old + items) }
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }
}

extension CompositeSpec: AnimatorBehavior {
    /// Its children are added as behaviors of their own, removed with it.
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws {
        var ids: [BehaviorID] = []
        for (k, child) in behaviors.enumerated() {
            ids.append(try animator.addBehavior(child, label: "\(label).behaviors[\(k)]", parent: id))
        }
        if let index = animator.registry.index[id] { animator.registry.slots[index].children = ids }
    }
    func removed(from animator: Animator) {}
    func changed(in animator: Animator, slot s: Int, from old: CompositeSpec) throws {}
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) {}
}

extension Animator {
    func applyProperties(to items: [String]) {
        for item in items { if let b = bodyIndex[item] { applyProperties(b) } }
    }

    func refreshCollisionGroups(of items: [String]) {
        for item in items { if let b = bodyIndex[item] { refreshCollisionGroups(b) } }
    }
}
