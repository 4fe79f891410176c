import SpringyCore

/// An animator's reference area changing under it, as a UIDynamicAnimator(collectionViewLayout:)
/// follows its layout's content size: collisions with the bounds move their edges there; every
/// other behavior keeps what it made.
package enum ReferenceBounds {
    package static func move(_ animator: Animator, to r: Rect) throws {
        guard r != animator.bounds else { return }
        animator.bounds = r
        for s in animator.registry.slots.indices where animator.registry.index[animator.registry.slots[s].id] != nil {
            if case .collision(let c) = animator.registry.slots[s].spec { try c.boundsChanged(in: animator, slot: s) }
        }
    }
}
