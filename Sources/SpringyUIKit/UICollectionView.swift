import Foundation
import SpringyCore
import SpringyScene

/// What a collection view shows: its sections, their items, each item's cell.
public protocol UICollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
    /// Whether the item may move interactively (`beginInteractiveMovementForItem(at:)`).
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// An interactive movement ended with the item at `destinationIndexPath`: move your data.
    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        // UIKit requires this when the layout asks for supplementary views: an empty view stands in.
        UICollectionReusableView(frame: .zero)
    }
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    /// Without your own, a reorder is ignored, as UIKit ignores it: the items go back.
    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) { collectionView.moveIgnored = true }
}

/// Told of a collection view's cells coming and going and of the user's selection (and, as a
/// scroll view's delegate, of its scrolling).
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// Where an interactively moving item goes instead of the layout's proposal (iOS 15's form).
    func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
    /// The same, in its earlier form (asked when the iOS 15 form is not yours).
    func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        self.collectionView(
            collectionView, targetIndexPathForMoveFromItemAt: originalIndexPath, toProposedIndexPath: proposedIndexPath)
    }
    public func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }
}

/// A scroll view of cells placed by its layout. As it scrolls, it asks the layout whether the
/// new bounds invalidate it, then lays out the cells the layout puts in the visible rect,
/// dequeuing them from its data source and reusing those that left.
///
/// Registering a cell class takes its initialiser (`register(MyCell.init(frame:), …)` for
/// UIKit's `register(MyCell.self, …)`): Swift cannot make an instance of a class given only its
/// type without a required initialiser, and UIKit's cells override `init(frame:)`.
open class UICollectionView: UIScrollView {
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }
    weak open var dataSource: (any UICollectionViewDataSource)? { didSet { reloadData() } }

    /// What makes cells and supplementary views, and the cells waiting to be reused.
    let queues = ReuseQueues()
    /// Cells on screen, in the order they were placed (drawing order follows the layout's).
    var shown: [(indexPath: IndexPath, cell: UICollectionViewCell)] = []
    /// Cells a batch update moves out of view: on screen until its animation ends (a layout pass
    /// that shows their items again takes them back).
    var departing: [(indexPath: IndexPath, cell: UICollectionViewCell)] = []
    var shownSupplementary: [(key: String, view: UICollectionReusableView)] = []
    /// Each section's item count as last read from the data source (nil: not read yet).
    var counts: [Int]?
    /// The item moving interactively, if any; set when the data source's default `moveItemAt` ignored its end.
    var movement: InteractiveMovement?
    var moveIgnored = false
    /// The batch update being recorded (inside performBatchUpdates' block).
    var recording: BatchRecording?
    /// Whether a tap selects a cell, and whether it adds it to the selection (a second tap
    /// deselecting it) instead of selecting it alone.
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    /// The selected items, in the order they were selected.
    var selected: [IndexPath] = []
    /// Each section's own scroll view when it scrolls orthogonally (UICollectionView+Rows.swift).
    let rows = OrthogonalRows()

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    /// The layout is asked about new bounds before they take effect (it sees the old ones as the
    /// collection view's, as in UIKit: a springy layout measures the scroll's delta that way).
    open override var bounds: CGRect {
        willSet {
            guard newValue != bounds else { return }
            if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newValue) {
                collectionViewLayout.invalidateLayout(with: collectionViewLayout.invalidationContext(forBoundsChange: newValue))
            }
        }
        didSet { if bounds != oldValue { setNeedsLayout() } }
    }

    // MARK: - Cells

    open func register(_ make: @escaping (CGRect) -> UICollectionViewCell, forCellWithReuseIdentifier identifier: String) {
        queues.cells[identifier] = make
    }
    open func register(
        _ make: @escaping (CGRect) -> UICollectionReusableView, forSupplementaryViewOfKind elementKind: String,
        withReuseIdentifier identifier: String
    ) {
        queues.views[elementKind + "/" + identifier] = make
    }

    /// A reused cell of that identifier, or a new one; a missing registration is refused as
    /// UIKit refuses it (a located error at the end of the step), with a plain cell standing in.
    open func dequeueReusableCell(
        withReuseIdentifier identifier: String, for indexPath: IndexPath, file: String = #fileID, line: Int = #line
    ) -> UICollectionViewCell { queues.cell(identifier, CallSite(file: file, line: line)) }
    open func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath, file: String = #fileID,
        line: Int = #line
    ) -> UICollectionReusableView { queues.view(elementKind, identifier, CallSite(file: file, line: line)) }

    open var numberOfSections: Int { sectionCounts.count }
    open func numberOfItems(inSection section: Int) -> Int {
        section >= 0 && section < sectionCounts.count ? sectionCounts[section] : 0
    }
    /// Each section's items as shown: the data source's, one moved while an item moves between sections.
    var sectionCounts: [Int] {
        var shown = dataCounts
        if let m = movement, m.original.section != m.current.section, shown.indices.contains(m.original.section),
            shown.indices.contains(m.current.section)
        {
            shown[m.original.section] -= 1
            shown[m.current.section] += 1
        }
        return shown
    }
    var dataCounts: [Int] {
        if let counts { return counts }
        guard let dataSource else { return [] }
        let n = max(dataSource.numberOfSections(in: self), 0)
        let made = (0..<n).map { max(dataSource.collectionView(self, numberOfItemsInSection: $0), 0) }
        counts = made
        return made
    }

    // MARK: - Interactive movement (InteractiveMovement, in UICollectionView+Movement.swift)
    /// Lifts the item to follow the target position; false when it cannot move (`canMoveItemAt`).
    open func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool { InteractiveMovement.begin(self, at: indexPath) }
    /// The item follows; the others make room where the layout (and the delegate) put it, animated.
    open func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        InteractiveMovement.update(self, targetPosition)
    }
    /// The data source moves its data (`moveItemAt`; without it the reorder is ignored) and the item
    /// settles; `cancelInteractiveMovement()` puts it back.
    open func endInteractiveMovement() { InteractiveMovement.finish(self, cancelled: false) }
    open func cancelInteractiveMovement() { InteractiveMovement.finish(self, cancelled: true) }

    /// Asks the data source again; the selection is cleared, as UIKit clears it.
    open func reloadData() {
        counts = nil
        selected = []
        for (_, cell) in shown + departing { queues.retire(cell) }
        shown = []
        departing = []
        for (_, v) in shownSupplementary { v.removeFromSuperview() }
        shownSupplementary = []
        collectionViewLayout.invalidateLayout()
    }

    // MARK: - Batch updates

    /// Changes made in `updates` (inserts, deletes, moves, reloads of items and sections) are
    /// checked together against the data source's counts, as UIKit checks them, then animated
    /// at once; `completion` runs when the animation ends. Change the data source inside the
    /// block, before or with the calls.
    open func performBatchUpdates(
        _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil, file: String = #fileID, line: Int = #line
    ) {
        if recording != nil {
            updates?()
            if let completion { recording?.completions.append(completion) }
            return
        }
        recording = BatchRecording(site: CallSite(file: file, line: line))
        updates?()
        var batch = recording!
        recording = nil
        if let completion { batch.completions.append(completion) }
        commit(batch)
    }
    open func insertItems(at indexPaths: [IndexPath], file: String = #fileID, line: Int = #line) {
        record(CallSite(file: file, line: line)) { $0.items(indexPaths, .insert) }
    }
    open func deleteItems(at indexPaths: [IndexPath], file: String = #fileID, line: Int = #line) {
        record(CallSite(file: file, line: line)) { $0.items(indexPaths, .delete) }
    }
    open func reloadItems(at indexPaths: [IndexPath], file: String = #fileID, line: Int = #line) {
        record(CallSite(file: file, line: line)) { $0.items(indexPaths, .reload) }
    }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath, file: String = #fileID, line: Int = #line) {
        record(CallSite(file: file, line: line)) { r in
            guard indexPath.count == 2, newIndexPath.count == 2 else { return }
            r.update.move.append(
                .init(from: ItemPath(indexPath.section, indexPath.item), to: ItemPath(newIndexPath.section, newIndexPath.item)))
            r.items.append(UICollectionViewUpdateItem(before: indexPath, after: newIndexPath, action: .move))
        }
    }
    open func insertSections(_ sections: IndexSet, file: String = #fileID, line: Int = #line) {
        record(CallSite(file: file, line: line)) { r in
            for s in sections {
                r.update.insertSections.append(.init(at: s, section: SectionSpec(labels: [])))
                r.items.append(UICollectionViewUpdateItem(before: nil, after: IndexPath.whole(s), action: .insert))
            }
        }
    }
    open func deleteSections(_ sections: IndexSet, file: String = #fileID, line: Int = #line) {
        record(CallSite(file: file, line: line)) { r in
            for s in sections {
                r.update.deleteSections.append(s)
                r.items.append(UICollectionViewUpdateItem(before: IndexPath.whole(s), after: nil, action: .delete))
            }
        }
    }
    open func reloadSections(_ sections: IndexSet, file: String = #fileID, line: Int = #line) {
        record(CallSite(file: file, line: line)) { r in
            for s in sections {
                r.update.reloadSections.append(s)
                r.items.append(
                    UICollectionViewUpdateItem(before: IndexPath.whole(s), after: IndexPath.whole(s), action: .reload))
            }
        }
    }
    open func moveSection(_ section: Int, toSection newSection: Int, file: String = #fileID, line: Int = #line) {
        record(CallSite(file: file, line: line)) { r in
            r.update.moveSections.append(.init(from: section, to: newSection))
            r.items.append(
                UICollectionViewUpdateItem(before: IndexPath.whole(section), after: IndexPath.whole(newSection), action: .move))
        }
    }

    // MARK: - Selection (UICollectionView+Selection.swift)

    /// The selected items, in the order they were selected (nil when none is).
    open var indexPathsForSelectedItems: [IndexPath]? { selected.isEmpty ? nil : selected }
    /// Selects the item (nil: deselects every item), scrolling to show it at `scrollPosition`
    /// (an empty position leaves the offset); the delegate is not told, as in UIKit.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        select(indexPath, animated: animated, scrollPosition: scrollPosition)
    }
    /// Deselects the item; the delegate is not told, as in UIKit.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) { setSelected(false, indexPath) }
    /// The item whose cell contains `point` (the collection view's coordinates).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? { item(at: point) }

    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { shown.first { $0.indexPath == indexPath }?.cell }
    open var visibleCells: [UICollectionViewCell] { shown.map(\.cell) }
    open var indexPathsForVisibleItems: [IndexPath] { shown.map(\.indexPath) }
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { shown.first { $0.cell === cell }?.indexPath }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Scrolls so the item is at `scrollPosition` (its top, centre, bottom, left or right); an
    /// index path past the data source's items is refused as UIKit refuses it, at the call.
    open func scrollToItem(
        at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool, file: String = #fileID, line: Int = #line
    ) {
        guard isValid(indexPath) else {
            UIKitRuntime.current?.fail(
                CallSite(file: file, line: line),
                "attempt to scroll to invalid index path: \(indexPath.map(String.init).joined(separator: ".")) (\(numberOfSections) sections: \((0..<numberOfSections).map { String(numberOfItems(inSection: $0)) }.joined(separator: ", ")) items)"
            )
            return
        }
        prepareLayout()
        guard let a = collectionViewLayout.layoutAttributesForItem(at: indexPath) else { return }
        var offset = contentOffset
        let f = a.frame
        if scrollPosition.contains(.top) { offset.y = f.minY - adjustedContentInset.top }
        if scrollPosition.contains(.centeredVertically) { offset.y = f.midY - bounds.height / 2 }
        if scrollPosition.contains(.bottom) { offset.y = f.maxY - bounds.height + adjustedContentInset.bottom }
        if scrollPosition.contains(.left) { offset.x = f.minX - adjustedContentInset.left }
        if scrollPosition.contains(.centeredHorizontally) { offset.x = f.midX - bounds.width / 2 }
        if scrollPosition.contains(.right) { offset.x = f.maxX - bounds.width + adjustedContentInset.right }
        // UIKit keeps the offset within the content (with its insets).
        setContentOffset(restingOffset(offset), animated: animated)
        rows.scroll(toShow: f, section: indexPath.section, at: scrollPosition, animated: animated)
    }

    // MARK: - Layout

    func prepareLayout() {
        let layout = collectionViewLayout
        guard layout.needsPrepare else { return }
        layout.needsPrepare = false
        layout.prepare()
        contentSize = layout.collectionViewContentSize
        rows.arrange(self)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        prepareLayout()
        let visible = bounds
        var attributes = collectionViewLayout.layoutAttributesForElements(in: visible) ?? []
        if let m = movement {
            // The moving item where the layout puts it for the finger (on top, shown even out of view).
            attributes.removeAll { $0.representedElementCategory == .cell && $0.indexPath == m.current }
            attributes.append(m.attributes(collectionViewLayout))
        }
        var next: [(indexPath: IndexPath, cell: UICollectionViewCell)] = []
        var zIndexes: [Int] = []
        var nextSupplementary: [(key: String, view: UICollectionReusableView)] = []
        var supplementaryZ: [Int] = []
        // The cells shown, by index path (looked up only; what is left is retired in `shown`'s order).
        var oldCells: [IndexPath: UICollectionViewCell] = [:]
        for e in shown where oldCells[e.indexPath] == nil { oldCells[e.indexPath] = e.cell }
        var taken = Set<IndexPath>()  // asked only
        for a in attributes {
            // A layout's non-finite frame is refused (at the scene: the layout's own method is
            // not a call Springy sees), never drawn nowhere.
            guard a.isFinite else {
                UIKitRuntime.current?.failAtScene(
                    "\(Swift.type(of: collectionViewLayout)) gave \(a.representedElementCategory == .cell ? "item" : a.representedElementKind ?? "an element") \(a.indexPath.map(String.init).joined(separator: ".")) a frame that is not finite: \(a.frame) (center \(a.center), transform \(a.transform))"
                )
                continue
            }
            switch a.representedElementCategory {
            case .cell:
                guard a.indexPath.count == 2, taken.insert(a.indexPath).inserted else { continue }
                let cell: UICollectionViewCell
                if let old = oldCells.removeValue(forKey: a.indexPath) {
                    cell = old
                } else if let k = departing.firstIndex(where: { $0.indexPath == a.indexPath }) {
                    cell = departing.remove(at: k).cell
                } else if let dataSource {
                    // (While an item moves, what shows at a place is the data's item moved there.)
                    let data = movement?.dataPath(a.indexPath) ?? a.indexPath
                    cell = dataSource.collectionView(self, cellForItemAt: data)
                    cell.isSelected = selected.contains(data)
                    (delegate as? UICollectionViewDelegate)?.collectionView(self, willDisplay: cell, forItemAt: a.indexPath)
                } else {
                    continue
                }
                // The moving item follows the finger at once, inside an animation too.
                if let m = movement, a.indexPath == m.current {
                    UIView.performWithoutAnimation { place(cell, a) }
                } else {
                    place(cell, a)
                }
                next.append((a.indexPath, cell))
                zIndexes.append(a.zIndex)
            case .supplementaryView:
                guard let kind = a.representedElementKind, a.indexPath.count >= 1 else { continue }
                let key = "\(kind)/\(a.indexPath)"
                let view: UICollectionReusableView
                if let k = shownSupplementary.firstIndex(where: { $0.key == key }) {
                    view = shownSupplementary.remove(at: k).view
                } else if let dataSource {
                    view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: a.indexPath)
                    // (Made inside an update's animation: it starts where the layout says, else faded out.)
                    if let start = collectionViewLayout.start(ofAppearing: kind, a) {
                        UIView.performWithoutAnimation { place(view, start) }
                    }
                } else {
                    continue
                }
                place(view, a)
                nextSupplementary.append((key, view))
                supplementaryZ.append(a.zIndex)
            case .decorationView:
                continue
            }
        }
        for (ip, cell) in shown where oldCells[ip] === cell {
            (delegate as? UICollectionViewDelegate)?.collectionView(self, didEndDisplaying: cell, forItemAt: ip)
            queues.retire(cell)
        }
        for (_, v) in shownSupplementary { v.removeFromSuperview() }
        shown = next
        shownSupplementary = nextSupplementary
        // Drawing order: by zIndex, then as the layout listed them (orthogonal rows behind, their
        // cells in the same order inside them).
        var placed: [(view: UIView, z: Int)] = []
        for (k, entry) in next.enumerated() { placed.append((entry.cell, zIndexes[k])) }
        for (k, entry) in nextSupplementary.enumerated() { placed.append((entry.view, supplementaryZ[k])) }
        let order = placed.indices.sorted { placed[$0].z != placed[$1].z ? placed[$0].z < placed[$1].z : $0 < $1 }
        rows.bringToFront(order.map { placed[$0].view }, in: self)
    }

    func place(_ view: UICollectionReusableView, _ a: UICollectionViewLayoutAttributes) {
        // Inside an animation block (a layoutIfNeeded() in UIView.animate) the cells move animated.
        let (container, center) = rows.placement(of: a, in: self)
        view.bounds.size = a.size
        view.center = center
        view.transform = a.transform
        view.alpha = a.alpha
        view.isHidden = a.isHidden
        view.shownIndexPath = a.indexPath
        view.shownKind = a.representedElementCategory == .cell ? nil : a.representedElementKind
        view.apply(a)
        if view.superview !== container { container.addSubview(view) }
        view.layoutIfNeeded()
    }
}

/// A collection view's registrations (what makes each identifier's cells and views) and its
/// cells waiting to be reused, by identifier.
final class ReuseQueues {
    var cells: [String: (CGRect) -> UICollectionViewCell] = [:]
    /// By "kind/identifier".
    var views: [String: (CGRect) -> UICollectionReusableView] = [:]
    var reusable: [String: [UICollectionViewCell]] = [:]

    /// A cell that left the screen: out of the view, waiting in its identifier's queue.
    func retire(_ cell: UICollectionViewCell) {
        cell.removeFromSuperview()
        cell.shownIndexPath = nil
        if let id = cell.reuseIdentifier { reusable[id, default: []].append(cell) }
    }

    func cell(_ identifier: String, _ site: CallSite) -> UICollectionViewCell {
        if var pool = reusable[identifier], !pool.isEmpty {
            let cell = pool.removeLast()
            reusable[identifier] = pool
            cell.prepareForReuse()
            return cell
        }
        guard let make = cells[identifier] else {
            UIKitRuntime.current?.fail(
                site, "could not dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier"
            )
            return UICollectionViewCell(frame: .zero)
        }
        let cell = make(.zero)
        cell.reuseIdentifier = identifier
        return cell
    }

    func view(_ elementKind: String, _ identifier: String, _ site: CallSite) -> UICollectionReusableView {
        guard let make = views[elementKind + "/" + identifier] else {
            UIKitRuntime.current?.fail(
                site,
                "could not dequeue a view of kind \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier"
            )
            return UICollectionReusableView(frame: .zero)
        }
        let view = make(.zero)
        view.reuseIdentifier = identifier
        return view
    }
}

extension IndexPath {
    /// A whole section's place in an update item: its item is NSNotFound, as in UIKit.
    static func whole(_ section: Int) -> IndexPath { IndexPath(item: NSNotFound, section: section) }
}
