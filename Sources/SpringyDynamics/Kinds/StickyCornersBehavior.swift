import SpringyBehaviors
import SpringyCore

// Apple's StickyCornersBehavior: a behavior made of child behaviors (a collision with the
// bounds, an item behavior, four corner spring fields) sized to the animator's reference bounds
// and the item, added and removed with it, made again when its inset changes.

extension StickyCornersSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws {
        try addChildren(to: animator, id: id, label: label)
    }

    func removed(from animator: Animator) {}

    func changed(in animator: Animator, slot s: Int, from old: StickyCornersSpec) throws {
        let id = animator.registry.slots[s].id, label = animator.registry.slots[s].label
        for child in animator.registry.slots[s].children { animator.removeBehavior(child) }
        try addChildren(to: animator, id: id, label: label)
    }

    func itemsChanged(in animator: Animator, from old: [String]) {}
    /// Its children forget the item (the fields and the others hold it in their lists).
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) {}

    func addChildren(to animator: Animator, id: BehaviorID, label: String) throws {
        let size = animator.size(of: item) ?? Size2(0, 0)
        var ids: [BehaviorID] = []
        for (k, child) in children(bounds: animator.bounds, size: size).enumerated() {
            ids.append(try animator.addBehavior(child, label: "\(label).\(child.kindName)[\(k)]", parent: id))
        }
        if let index = animator.registry.index[id] { animator.registry.slots[index].children = ids }
    }
}
