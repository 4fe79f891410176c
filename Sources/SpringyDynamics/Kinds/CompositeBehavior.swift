import SpringyBehaviors
import SpringyCore

// The animator part of the composite kind: its children are behaviors of their own.

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
