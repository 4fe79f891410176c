import SpringyBehaviors
import SpringyCore

// The animator part of the item-properties kind: it sets its items' bodies
// (ItemPropertiesBehavior.swift).

extension ItemBehaviorSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { animator.applyProperties(to: items) }
    func removed(from animator: Animator) { animator.applyProperties(to: items) }
    func changed(in animator: Animator, slot s: Int, from old: ItemBehaviorSpec) throws { animator.applyProperties(to: items) }
    func itemsChanged(in animator: Animator, from old: [String]) { animator.applyProperties(to: old + items) }
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }
}

extension Animator {
    func applyProperties(to items: [String]) {
        for item in items { if let b = bodyIndex[item] { applyProperties(b) } }
    }

    func refreshCollisionGroups(of items: [String]) {
        for item in items { if let b = bodyIndex[item] { refreshCollisionGroups(b) } }
    }
}
