import SpringyBehaviors
import SpringyCore

// The animator part of the gravity kind: it acts through the world's forces (Forces.swift).

extension GravitySpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { animator.applyGravity() }
    func removed(from animator: Animator) { animator.applyGravity() }
    func changed(in animator: Animator, slot s: Int, from old: GravitySpec) throws { animator.applyGravity() }
    func itemsChanged(in animator: Animator, from old: [String]) { animator.applyGravity() }
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }
}
