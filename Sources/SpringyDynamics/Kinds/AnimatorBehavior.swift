import CBox2D
import SpringyCore

/// How one behavior kind acts in the animator: the Dynamics part of the kind's spec type, in
/// the kind's own file. The registry (BehaviorRegistry.swift) calls only these.
protocol AnimatorBehavior {
    /// Just added in slot `s` (labelled `label`): make what it needs (joints, static bodies,
    /// world settings) and wake what it touches.
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws
    /// Just removed (its joints and bodies are already destroyed): undo its settings.
    func removed(from animator: Animator)
    /// Its parameters changed from `old` by a `set`.
    func changed(in animator: Animator, slot s: Int, from old: Self) throws
    /// Its list of items changed from `old` (behaviors holding one).
    func itemsChanged(in animator: Animator, from old: [String])
    /// Item `id` left the animator; `s` is this behavior's slot.
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int)
}

/// What list behaviors do when an item leaves: forget it.
extension AnimatorBehavior where Self: BehaviorKindSpec {
    func forgetItem(_ id: String, in animator: Animator, slot s: Int) {
        if let next = withItems(referencedItems.filter { $0 != id }) { animator.registry.slots[s].spec = next.behavior }
    }
}

/// What one-item behaviors (attachments, snaps) do when their item leaves: the joint died with
/// the body; the behavior no longer acts.
extension Animator {
    func stopSlot(_ s: Int) {
        registry.slots[s].joints = []
        for b in registry.slots[s].staticBodies { sb_body_destroy(world, b) }
        registry.slots[s].staticBodies = []
        registry.slots[s].springItem = nil
        registry.retire(s)
    }
}

/// A behavior made of others (a composite, sticky corners, a pendulum): its children are
/// behaviors of their own in the animator, under it, removed with it.
extension Animator {
    /// Adds `children` under `parent`, the `k`-th labelled `label(k, child)`.
    func addChildren(_ children: [BehaviorSpec], of parent: BehaviorID, label: (Int, BehaviorSpec) -> String) throws {
        var ids: [BehaviorID] = []
        for (k, child) in children.enumerated() { ids.append(try addBehavior(child, label: label(k, child), parent: parent)) }
        if let index = registry.index[parent] { registry.slots[index].children = ids }
    }
}
