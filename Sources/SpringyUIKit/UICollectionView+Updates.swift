import Foundation
import SpringyCore
import SpringyLayout
import SpringyScene

/// One change of a batch update, as a layout's `prepare(forCollectionViewUpdates:)` is told it:
/// a section's change has `NSNotFound` as its item.
open class UICollectionViewUpdateItem: NSObject {
    public enum Action: Int, Sendable { case insert, delete, reload, move, none }
    public let indexPathBeforeUpdate: IndexPath?
    public let indexPathAfterUpdate: IndexPath?
    public let updateAction: Action

    init(before: IndexPath?, after: IndexPath?, action: Action) {
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        updateAction = action
    }
}

/// The changes recorded inside one `performBatchUpdates` block (or one `insertItems` call).
struct BatchRecording {
    var update = BatchUpdate()
    var items: [UICollectionViewUpdateItem] = []
    var site: CallSite
    var completions: [(Bool) -> Void] = []

    /// insertItems, deleteItems or reloadItems: each two-part index path, as the update and as
    /// what the layout is told.
    mutating func items(_ indexPaths: [IndexPath], _ action: UICollectionViewUpdateItem.Action) {
        for ip in indexPaths where ip.count == 2 {
            let path = ItemPath(ip.section, ip.item)
            switch action {
            case .insert: update.insert.append(path)
            case .delete: update.delete.append(path)
            case .reload: update.reload.append(path)
            case .move, .none: continue
            }
            items.append(
                UICollectionViewUpdateItem(
                    before: action == .insert ? nil : ip, after: action == .delete ? nil : ip, action: action))
        }
    }
}

extension UICollectionView {
    /// UIKit's batch animation: 0.3 s, ease-in-out (what scene files' `collection.updates`
    /// default to).
    static let updateDuration = UpdateAnimationSpec().duration

    func record(_ site: CallSite, _ change: (inout BatchRecording) -> Void) {
        if recording != nil {
            change(&recording!)
            return
        }
        var single = BatchRecording(site: site)
        change(&single)
        commit(single)
    }

    /// The changes against the counts read before them: UIKit's checks (the same as a scene
    /// file's `update`, then the data source's new counts against the old ones plus the
    /// changes), the layout told, the cells moved to their new places over the batch animation.
    func commit(_ batch: BatchRecording) {
        let finish = { (done: Bool) in for c in batch.completions { c(done) } }
        guard let old = counts, dataSource != nil else {
            // Never shown: there is nothing to animate from; the data is read afresh.
            reloadData()
            UIView.animate(withDuration: 0, animations: {}, completion: finish)
            return
        }
        // Where every cell was before the update (the layout still holds its old answers): a cell
        // that stays and comes into view starts there.
        var before: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        let everywhere = CGRect(origin: .zero, size: contentSize).insetBy(dx: -bounds.width, dy: -bounds.height)
        for a in collectionViewLayout.layoutAttributesForElements(in: everywhere) ?? []
        where a.representedElementCategory == .cell && a.indexPath.count == 2 {
            before[a.indexPath] = a.copy() as? UICollectionViewLayoutAttributes ?? a
        }
        counts = nil
        let plan: UpdatePlan
        do {
            plan = try UpdatePlan(old: old, fresh: sectionCounts, batch: batch)
        } catch {
            UIKitRuntime.current?.fail(batch.site, "Invalid update: \((error as? SpringyError)?.message ?? "\(error)")")
            reloadData()
            UIView.animate(withDuration: 0, animations: {}, completion: finish)
            return
        }
        let (oldPath, newPath, oldKey, newKey) = (plan.oldPath, plan.newPath, plan.oldKey, plan.newKey)
        let (items, inserted) = (plan.items, plan.inserted)
        var staying: [(indexPath: IndexPath, cell: UICollectionViewCell)] = []
        var leaving: [(indexPath: IndexPath, cell: UICollectionViewCell)] = []
        for entry in shown {
            if let k = oldKey[entry.indexPath], let to = newPath[k] {
                staying.append((to, entry.cell))
                entry.cell.shownIndexPath = to
            } else {
                leaving.append(entry)
            }
        }
        shown = staying

        let layout = collectionViewLayout
        let context = layout.makeInvalidationContext()
        context.invalidateDataSourceCounts = true
        layout.invalidateLayout(with: context)
        prepareLayout()
        layout.prepare(forCollectionViewUpdates: items)
        var supplementary = SupplementaryUpdate(self, newSection: plan.newSection, layout: layout)
        // The selection follows its items (a deleted one is no longer selected).
        selected = selected.compactMap { ip in oldKey[ip].flatMap { newPath[$0] } }
        // Where the content comes to rest: the layout may choose (targetContentOffset), within
        // the content; the offset moves there on the update's animation.
        let target = restingOffset(layout.targetContentOffset(forProposedContentOffset: contentOffset))
        let visible = CGRect(origin: target, size: bounds.size)
        let arriving = layout.layoutAttributesForElements(in: visible) ?? []
        let onScreen = Set(arriving.filter { $0.representedElementCategory == .cell }.map(\.indexPath))
        supplementary.sendOut(self, arriving: arriving)
        // Cells that stay but leave the view move to their new places, then go.
        var outgoing: [(indexPath: IndexPath, cell: UICollectionViewCell)] = []
        shown.removeAll { entry in
            guard !onScreen.contains(entry.indexPath) else { return false }
            outgoing.append(entry)
            return true
        }
        // Cells that appear start from the layout's initial attributes; without any, an inserted
        // one fades in where it goes and one that was there before starts where it was.
        UIView.performWithoutAnimation {
            for a in arriving where a.representedElementCategory == .cell {
                guard a.indexPath.count == 2, !shown.contains(where: { $0.indexPath == a.indexPath }), let dataSource else {
                    continue
                }
                let start: UICollectionViewLayoutAttributes
                if let initial = layout.initialLayoutAttributesForAppearingItem(at: a.indexPath) {
                    start = initial
                } else if let k = newKey[a.indexPath], let was = oldPath[k],
                    let old = before[was]?.copy() as? UICollectionViewLayoutAttributes
                {
                    old.indexPath = a.indexPath
                    start = old
                } else {
                    start = a.copy() as? UICollectionViewLayoutAttributes ?? a
                    if inserted.contains(a.indexPath) { start.alpha = 0 }
                }
                let cell: UICollectionViewCell
                if let k = departing.firstIndex(where: { $0.indexPath == a.indexPath }) {
                    cell = departing.remove(at: k).cell
                } else {
                    cell = dataSource.collectionView(self, cellForItemAt: a.indexPath)
                    cell.isSelected = selected.contains(a.indexPath)
                    (delegate as? UICollectionViewDelegate)?.collectionView(self, willDisplay: cell, forItemAt: a.indexPath)
                    place(cell, start)
                }
                shown.append((a.indexPath, cell))
            }
        }
        departing += outgoing
        UIView.animate(
            withDuration: Self.updateDuration, delay: 0, options: [],
            animations: {
                if target != self.contentOffset { self.contentOffset = target }
                self.layoutSubviews()
                for (ip, cell) in outgoing {
                    guard let end = layout.layoutAttributesForItem(at: ip) else { continue }
                    self.place(cell, end)
                }
                // Cells that leave go to the layout's final attributes, else fade where they were.
                for (ip, cell) in leaving { cell.leave(to: layout.finalLayoutAttributesForDisappearingItem(at: ip)) }
                supplementary.animate(self, layout: layout)
                layout.finalizeCollectionViewUpdates()
            },
            completion: { done in
                for (ip, cell) in leaving {
                    (self.delegate as? UICollectionViewDelegate)?.collectionView(self, didEndDisplaying: cell, forItemAt: ip)
                    self.queues.retire(cell)
                }
                // Those that went out of view, unless a scroll brought them back meanwhile.
                for (ip, cell) in outgoing where self.departing.contains(where: { $0.cell === cell }) {
                    self.departing.removeAll { $0.cell === cell }
                    (self.delegate as? UICollectionViewDelegate)?.collectionView(self, didEndDisplaying: cell, forItemAt: ip)
                    self.queues.retire(cell)
                }
                supplementary.finish(self)
                finish(done)
            })
    }

    /// An offset within the content (and its insets), as UIKit keeps a layout's target and a
    /// scroll to an item (`0 - inset`: never -0).
    func restingOffset(_ p: CGPoint) -> CGPoint {
        guard p.x.isFinite, p.y.isFinite else { return contentOffset }
        let maxX = max(0 - adjustedContentInset.left, contentSize.width - bounds.width + adjustedContentInset.right)
        let maxY = max(0 - adjustedContentInset.top, contentSize.height - bounds.height + adjustedContentInset.bottom)
        return CGPoint(
            x: min(max(p.x, 0 - adjustedContentInset.left), maxX), y: min(max(p.y, 0 - adjustedContentInset.top), maxY))
    }
}

/// What a batch update does, checked: each old cell's place before and after (by a key of
/// its own), the update items the layout is told, the items inserted. Its checks are a scene
/// file's `update`'s (SpringyLayout's BatchUpdate), then the data source's new counts against
/// the old ones plus the changes, in UIKit's words.
struct UpdatePlan {
    var oldPath: [Int: IndexPath] = [:], newPath: [Int: IndexPath] = [:]
    var oldKey: [IndexPath: Int] = [:], newKey: [IndexPath: Int] = [:]
    var items: [UICollectionViewUpdateItem]
    var inserted = Set<IndexPath>()
    /// Each section that stays (neither deleted nor reloaded): its index after the update.
    var newSection: [Int: Int] = [:]

    init(old: [Int], fresh: [Int], batch: BatchRecording) throws {
        // Cells by key: the old ones numbered in order, through UIKit's order of the changes.
        var key = 0
        let records = old.enumerated().map { (s, n) -> SectionRecord in
            let spec = SectionSpec(labels: Array(repeating: "", count: n))
            let cells = (0..<n).map { _ -> (key: Int, label: String) in
                defer { key += 1 }
                return (key, "")
            }
            return SectionRecord(key: s, spec: spec, cells: cells)
        }
        var update = batch.update
        // A new section brings as many cells as the data source says it has now.
        for k in update.insertSections.indices {
            let at = update.insertSections[k].at
            let n = at >= 0 && at < fresh.count ? fresh[at] : 0
            update.insertSections[k].section = SectionSpec(labels: Array(repeating: "", count: n))
        }
        var ids = CellIdentities(nextKey: key, nextSectionKey: old.count, numbering: 0)
        let after = try update.applied(to: records, ids: &ids)
        if let why = Self.countProblem(old: old, new: fresh, records: after, update: update) { throw SpringyError(why) }
        for (s, r) in records.enumerated() {
            for (i, c) in r.cells.enumerated() { oldPath[c.key] = IndexPath(item: i, section: s) }
        }
        for (s, r) in after.enumerated() {
            for (i, c) in r.cells.enumerated() { newPath[c.key] = IndexPath(item: i, section: s) }
            if r.key < old.count, !update.reloadSections.contains(r.key) { newSection[r.key] = s }
        }
        // A reload's update item goes from the cell's place before to its new cell's place after.
        items = batch.items
        for (k, item) in items.enumerated() where item.updateAction == .reload {
            guard let before = item.indexPathBeforeUpdate, before.item != NSNotFound,
                let old = records[safe: before.section]?.cells[safe: before.item]?.key,
                let renewed = ids.reloaded.first(where: { $0.old == old })?.new
            else { continue }
            items[k] = UICollectionViewUpdateItem(before: before, after: newPath[renewed], action: .reload)
        }
        for (k, ip) in oldPath { oldKey[ip] = k }
        for (k, ip) in newPath { newKey[ip] = k }
        for (k, ip) in newPath where oldPath[k] == nil { inserted.insert(ip) }
    }

    /// UIKit's NSInternalInconsistencyException text when the data source's counts after the
    /// update are not the counts before it plus or minus the changes.
    static func countProblem(old: [Int], new: [Int], records: [SectionRecord], update: BatchUpdate) -> String? {
        if new.count != records.count {
            return
                "invalid number of sections. The number of sections contained in the collection view after the update (\(new.count)) must be equal to the number of sections contained in the collection view before the update (\(old.count)), plus or minus the number of sections inserted or deleted (\(update.insertSections.count) inserted, \(update.deleteSections.count) deleted)."
        }
        for (s, r) in records.enumerated() where r.cells.count != new[s] {
            let inserted = update.insert.filter { $0.section == s }.count
            let deleted = update.delete.filter { $0.section == s }.count
            let movedIn = update.move.filter { $0.to.section == s && $0.from.section != s }.count
            let movedOut = update.move.filter { $0.from.section == s && $0.to.section != s }.count
            let before = r.key < old.count ? old[r.key] : 0
            return
                "invalid number of items in section \(s). The number of items contained in an existing section after the update (\(new[s])) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        }
        return nil
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}
