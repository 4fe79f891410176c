import SpringyCore

/// One `update` script event: UICollectionView.performBatchUpdates with every kind of change.
/// As in UIKit, deletes, reloads and move sources name index paths before the update;
/// inserts and move destinations name them after it.
package struct BatchUpdate: Sendable {
    package struct SectionInsert: Sendable {
        package var at: Int
        package var section: SectionSpec
        package init(at: Int, section: SectionSpec) { self.at = at; self.section = section }
    }
    package struct Move<T: Sendable & Comparable>: Sendable {
        package var from: T
        package var to: T
        package init(from: T, to: T) { self.from = from; self.to = to }
    }
    package var deleteSections: [Int] = []
    package var insertSections: [SectionInsert] = []
    package var moveSections: [Move<Int>] = []
    package var reloadSections: [Int] = []
    package var delete: [ItemPath] = []
    package var insert: [ItemPath] = []
    /// The labels of inserted cells that give one, by their place in `insert` (nil: numbered).
    package var insertLabels: [String?] = []
    package var move: [Move<ItemPath>] = []
    package var reload: [ItemPath] = []
    /// False: the change shows at once (UIView.performWithoutAnimation).
    package var animated = true
    package init() {}

    package var isEmpty: Bool {
        deleteSections.isEmpty && insertSections.isEmpty && moveSections.isEmpty && reloadSections.isEmpty
            && delete.isEmpty && insert.isEmpty && move.isEmpty && reload.isEmpty
    }
}

/// How appearing cells enter (and disappearing ones leave) in a batch update's animation.
package enum UpdateAppearance: String, Sendable, CaseIterable {
    /// UICollectionViewFlowLayout's default: at their own place, alpha 0 → 1.
    case fade
    /// Also scaled up from 0.1 (a common initialLayoutAttributesForAppearingItem override).
    case scale
}

/// `collection.updates`: the animation of batch updates.
package struct UpdateAnimationSpec: Sendable, Equatable {
    /// Seconds; UIKit's collection-view update animations last about 0.3 s.
    package var duration = 0.3
    package var appearance: UpdateAppearance = .fade
    package init() {}
}

/// `collection.reorder`: how a cell looks while it is moved interactively.
package struct ReorderSpec: Sendable, Equatable {
    /// The lifted cell's scale.
    package var liftScale = 1.1
    /// How high it is lifted (pt): the length of its shadow.
    package var elevation = 8.0
    package init() {}
}

/// A `reorder` gesture: a long press that lifts the cell under it, moves it along a path and
/// drops it (or is cancelled and puts it back).
package struct ReorderGesture: Sendable {
    package var press: LongPressGesture
    package var cancelled: Bool
    package init(press: LongPressGesture, cancelled: Bool) { self.press = press; self.cancelled = cancelled }
}
