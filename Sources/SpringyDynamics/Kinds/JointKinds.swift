import SpringyCore

// The animator parts of the kinds made of Box2D joints on one item: attachments
// (AttachmentBehavior.swift, AttachmentKinds.swift) and snaps (SnapBehavior.swift).

extension AttachmentSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { try animator.buildAttachment(s, self) }
    func removed(from animator: Animator) {}
    /// Moving only the anchor of an attachment to a point moves the joint's target; anything
    /// else rebuilds it.
    func changed(in animator: Animator, slot s: Int, from old: AttachmentSpec) throws {
        if case .point(let oldPoint) = old.to, case .point(let p) = to,
            old.length == length, old.frequency == frequency, old.damping == damping
        {
            if p != oldPoint { animator.moveAnchor(s, to: p) }
        } else {
            animator.destroyJoints(s)
            try animator.buildAttachment(s, self)
        }
    }
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { animator.stopSlot(s) }
}

extension SnapSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { animator.buildSnap(s, self) }
    func removed(from animator: Animator) {}
    /// A new snap point or damping (iOS 9's settable snapPoint) makes the joints again.
    func changed(in animator: Animator, slot s: Int, from old: SnapSpec) throws {
        animator.destroyJoints(s)
        animator.buildSnap(s, self)
    }
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { animator.stopSlot(s) }
}
