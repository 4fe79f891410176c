import SpringyCore

/// One `update` script event: UICollectionView.performBatchUpdates with every kind of change.
/// As in UIKit, deletes, reloads and move sources name index paths before the update;
/// inserts and move destinations name them after it.
public struct BatchUpdate: Sendable {
    public struct SectionInsert: Sendable {
        public var at: Int
        public var section: SectionSpec
        public init(at: Int, section: SectionSpec) { self.at = at; self.section = section }
    }
    public struct Move<T: Sendable & Comparable>: Sendable {
        public var from: T
        public var to: T
        public init(from: T, to: T) { self.from = from; self.to = to }
    }
    public var deleteSections: [Int] = []
    public var insertSections: [SectionInsert] = []
    public var moveSections: [Move<Int>] = []
    public var reloadSections: [Int] = []
    public var delete: [ItemPath] = []
    public var insert: [ItemPath] = []
    /// The labels of inserted cells that give one, by their place in `insert` (nil: numbered).
    public var insertLabels: [String?] = []
    public var move: [Move<ItemPath>] = []
    public var reload: [ItemPath] = []
    /// False: the change shows at once (UIView.performWithoutAnimation).
    public var animated = true
    public init() {}

    public var isEmpty: Bool {
        deleteSections.isEmpty && insertSections.isEmpty && moveSections.isEmpty && reloadSections.isEmpty
            && delete.isEmpty && insert.isEmpty && move.isEmpty && reload.isEmpty
    }
}

/// How appearing cells enter (and disappearing ones leave) in a batch update's animation.
public enum UpdateAppearance: String, Sendable, CaseIterable {
    /// UICollectionViewFlowLayout's default: at their own place, alpha 0 → 1.
    case fade
    /// Also scaled up from 0.1 (a common initialLayoutAttributesForAppearingItem override).
    case scale
}

/// `collection.updates`: the animation of batch updates.
public struct UpdateAnimationSpec: Sendable, Equatable {
    /// Seconds; UIKit's collection-view update animations last about 0.3 s.
    public var duration = 0.3
    public var appearance: UpdateAppearance = .fade
    public init() {}
}

/// `collection.reorder`: how a cell looks while it is moved interactively.
public struct ReorderSpec: Sendable, Equatable {
    /// The lifted cell's scale.
    public var liftScale = 1.1
    /// How high it is lifted (pt): the length of its shadow.
    public var elevation = 8.0
    public init() {}
}

/// A `reorder` gesture: a long press that lifts the cell under it, moves it along a path and
/// drops it (or is cancelled and puts it back).
public struct ReorderGesture: Sendable {
    public var press: LongPressGesture
    public var cancelled: Bool
    public init(press: LongPressGesture, cancelled: Bool) { self.press = press; self.cancelled = cancelled }
}
