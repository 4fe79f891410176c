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
        counts = nil
        let fresh = sectionCounts
        var update = batch.update
        // A new section brings as many cells as the data source says it has now.
        for k in update.insertSections.indices {
            let at = update.insertSections[k].at
            let n = at >= 0 && at < fresh.count ? fresh[at] : 0
            update.insertSections[k].section = SectionSpec(labels: Array(repeating: "", count: n))
        }
        var ids = CellIdentities(nextKey: key, nextSectionKey: old.count, numbering: 0)
        let after: [SectionRecord]
        do {
            after = try update.applied(to: records, ids: &ids)
            if let why = Self.countProblem(old: old, new: fresh, records: after, update: update) {
                throw SpringyError(why)
            }
        } catch {
            UIKitRuntime.current?.fail(batch.site, "Invalid update: \((error as? SpringyError)?.message ?? "\(error)")")
            reloadData()
            UIView.animate(withDuration: 0, animations: {}, completion: finish)
            return
        }

        // Where each old cell is now.
        var oldPath: [Int: IndexPath] = [:]
        for (s, r) in records.enumerated() {
            for (i, c) in r.cells.enumerated() { oldPath[c.key] = IndexPath(item: i, section: s) }
        }
        var newPath: [Int: IndexPath] = [:]
        for (s, r) in after.enumerated() {
            for (i, c) in r.cells.enumerated() { newPath[c.key] = IndexPath(item: i, section: s) }
        }
        // A reload's update item goes from the cell's place before to its new cell's place after.
        var items = batch.items
        for (k, item) in items.enumerated() where item.updateAction == .reload {
            guard let before = item.indexPathBeforeUpdate, before.item != NSNotFound,
                let old = records[safe: before.section]?.cells[safe: before.item]?.key,
                let renewed = ids.reloaded.first(where: { $0.old == old })?.new
            else { continue }
            items[k] = UICollectionViewUpdateItem(before: before, after: newPath[renewed], action: .reload)
        }
        var oldKey: [IndexPath: Int] = [:]
        for (k, ip) in oldPath { oldKey[ip] = k }
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
        var inserted = Set<IndexPath>()  // asked only
        for (s, r) in after.enumerated() {
            for (i, c) in r.cells.enumerated() where oldPath[c.key] == nil { inserted.insert(IndexPath(item: i, section: s)) }
        }

        let layout = collectionViewLayout
        let context =
            (Swift.type(of: layout).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)?.init()
            ?? UICollectionViewLayoutInvalidationContext()
        layout.invalidateLayout(with: context)
        prepareLayout()
        layout.prepare(forCollectionViewUpdates: items)
        // Cells that appear (inserted, or moved into view) start from the layout's initial
        // attributes; without any, inserted ones fade in where they go.
        let visible = bounds
        UIView.performWithoutAnimation {
            for a in layout.layoutAttributesForElements(in: visible) ?? [] where a.representedElementCategory == .cell {
                guard a.indexPath.count == 2, !shown.contains(where: { $0.indexPath == a.indexPath }), let dataSource else {
                    continue
                }
                let start: UICollectionViewLayoutAttributes
                if let initial = layout.initialLayoutAttributesForAppearingItem(at: a.indexPath) {
                    start = initial
                } else {
                    start = a.copy() as? UICollectionViewLayoutAttributes ?? a
                    if inserted.contains(a.indexPath) { start.alpha = 0 }
                }
                let cell = dataSource.collectionView(self, cellForItemAt: a.indexPath)
                (delegate as? UICollectionViewDelegate)?.collectionView(self, willDisplay: cell, forItemAt: a.indexPath)
                place(cell, start)
                shown.append((a.indexPath, cell))
            }
        }
        UIView.animate(
            withDuration: Self.updateDuration, delay: 0, options: [],
            animations: {
                self.layoutSubviews()
                // Cells that leave go to the layout's final attributes, else fade where they were.
                for (ip, cell) in leaving {
                    let end =
                        layout.finalLayoutAttributesForDisappearingItem(at: ip)
                        ?? {
                            let a = UICollectionViewLayoutAttributes(forCellWith: ip)
                            a.center = cell.center
                            a.size = cell.bounds.size
                            a.transform = cell.transform
                            a.alpha = 0
                            return a
                        }()
                    cell.shownIndexPath = nil
                    cell.bounds.size = end.size
                    cell.center = end.center
                    cell.transform = end.transform
                    cell.alpha = end.alpha
                }
                layout.finalizeCollectionViewUpdates()
            },
            completion: { done in
                for (ip, cell) in leaving {
                    (self.delegate as? UICollectionViewDelegate)?.collectionView(self, didEndDisplaying: cell, forItemAt: ip)
                    self.retire(cell)
                }
                finish(done)
            })
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
