import SpringyCore
import SpringyScene

/// A batch update UIKit would refuse (it raises NSInternalInconsistencyException).
/// A batch update the collection cannot apply (located at its event by the simulation).
package typealias UpdateError = SpringyError

/// The data of one section while a batch update rearranges it: cells by stable key.
package struct SectionRecord {
    package var key: Int
    var spec: SectionSpec
    package var cells: [(key: Int, label: String)]
    package init(key: Int, spec: SectionSpec, cells: [(key: Int, label: String)]) {
        self.key = key; self.spec = spec; self.cells = cells
    }
}

extension CollectionView {
    /// performBatchUpdates: applies every change of `u` to the data in UIKit's order —
    /// reloads, then deletes and move sources (index paths before the update), then section
    /// inserts and moves, then item inserts and move destinations (index paths after it),
    /// each in ascending order — and animates from what is shown now to the new layout.
    package func performBatchUpdates(_ u: BatchUpdate, at time: Double) throws {
        let old = currentRecords()
        let before = BatchAnimation.Before(view: self, time: time)
        let selectedKeys = selection.compactMap(key)
        var ids = CellIdentities(
            nextKey: nextKey, nextSectionKey: nextSectionKey,
            numbering: (sections.flatMap(\.labels).compactMap { Int($0) }.max() ?? -1) + 1)
        let records = try u.applied(to: old, ids: &ids)
        nextKey = ids.nextKey
        nextSectionKey = ids.nextSectionKey
        apply(records)
        var paths: [ItemPath] = []
        for (s, k) in keys.enumerated() {
            for (i, key) in k.enumerated() where selectedKeys.contains(key) { paths.append(ItemPath(s, i)) }
        }
        selection = paths.sorted()
        if spec.layout.kind == .list, selection.count > 1 { selection = [selection[0]] }
        relayout()
        let main = scroller.main
        if !(main.minOffset...main.maxOffset).contains(main.offset) {
            scroller.main.scroll(to: min(max(main.offset, main.minOffset), main.maxOffset), animated: u.animated)
        }
        batch =
            u.animated && spec.updates.duration > 0
            ? BatchAnimation(before: before, after: self, start: time, spec: spec.updates) : nil
        try dynamicsLayoutChanged(newCells: [:])
    }

    func currentRecords() -> [SectionRecord] {
        sections.indices.map { s in
            SectionRecord(key: sectionKeys[s], spec: sections[s], cells: zip(keys[s], sections[s].labels).map { ($0, $1) })
        }
    }

    func apply(_ records: [SectionRecord]) {
        sections = records.map { r in
            var spec = r.spec; spec.labels = r.cells.map(\.label); return spec
        }
        keys = records.map { $0.cells.map(\.key) }
        sectionKeys = records.map(\.key)
    }
}

/// New stable identities while an update runs: cell keys, section keys, and numbers for the
/// labels of inserted cells (on from the largest numeric label).
package struct CellIdentities {
    var nextKey: Int
    var nextSectionKey: Int
    var numbering: Int
    /// Reloaded cells: the key each had, and the new key it got (in the order they were reloaded).
    package var reloaded: [(old: Int, new: Int)] = []
    package init(nextKey: Int, nextSectionKey: Int, numbering: Int) {
        self.nextKey = nextKey; self.nextSectionKey = nextSectionKey; self.numbering = numbering
    }
    mutating func newKey() -> Int { defer { nextKey += 1 }; return nextKey }
    mutating func newSectionKey() -> Int { defer { nextSectionKey += 1 }; return nextSectionKey }
    mutating func newLabel() -> String { defer { numbering += 1 }; return String(numbering) }
}

extension BatchUpdate {
    /// The update applied to the data `old` in UIKit's order, as plain values: what UIKit
    /// would refuse (a cell that is not there, a cell changed twice, a cell changed with its
    /// whole section, an index past the end) throws an UpdateError saying so.
    package func applied(to old: [SectionRecord], ids: inout CellIdentities) throws -> [SectionRecord] {
        // Check what names the data before the update.
        func checkSection(_ s: Int, _ what: String) throws {
            guard s >= 0, s < old.count else {
                throw UpdateError("\(what) section \(s): the collection has \(old.count) sections before the update")
            }
        }
        let goneSections = deleteSections + moveSections.map(\.from)
        for s in goneSections { try checkSection(s, "cannot delete or move") }
        for s in reloadSections { try checkSection(s, "cannot reload") }
        if let d = duplicate(goneSections + reloadSections) {
            throw UpdateError("section \(d) is deleted, moved or reloaded twice in one update")
        }
        let goneItems = delete + move.map(\.from)
        for ip in goneItems + reload {
            guard ip.section < old.count else {
                throw UpdateError("no cell \(ip) before the update: the collection has \(old.count) sections")
            }
            guard ip.item < old[ip.section].cells.count else {
                throw UpdateError(
                    "no cell \(ip) before the update (section \(ip.section) has \(old[ip.section].cells.count) cells)")
            }
            if goneSections.contains(ip.section) || reloadSections.contains(ip.section) {
                throw UpdateError("cell \(ip) is changed, and so is its whole section \(ip.section)")
            }
        }
        if let d = duplicate(goneItems + reload) {
            throw UpdateError("cell \(d) is deleted, moved or reloaded twice in one update")
        }

        // Reloads get new cells (new identities) in place; then the gone cells and sections leave.
        var records = old
        func renew(_ s: Int, _ i: Int) {
            let old = records[s].cells[i].key
            records[s].cells[i].key = ids.newKey()
            ids.reloaded.append((old, records[s].cells[i].key))
        }
        for s in reloadSections { for i in records[s].cells.indices { renew(s, i) } }
        for ip in reload { renew(ip.section, ip.item) }
        let movedCells = move.map { records[$0.from.section].cells[$0.from.item] }
        for s in records.indices {
            let gone = Set(goneItems.filter { $0.section == s }.map(\.item))
            if !gone.isEmpty {
                records[s].cells = records[s].cells.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
            }
        }
        let movedSections = moveSections.map { records[$0.from] }
        let goneSet = Set(goneSections)
        records = records.enumerated().filter { !goneSet.contains($0.offset) }.map(\.element)

        // Sections arrive at their final indices, ascending.
        var arriving: [(at: Int, record: SectionRecord)] = moveSections.enumerated().map {
            ($0.element.to, movedSections[$0.offset])
        }
        for insert in insertSections {
            var spec = insert.section
            if spec.generated { spec.labels = spec.labels.map { _ in ids.newLabel() } }
            let record = SectionRecord(key: ids.newSectionKey(), spec: spec, cells: spec.labels.map { (ids.newKey(), $0) })
            arriving.append((insert.at, record))
        }
        if let d = duplicate(arriving.map(\.at)) { throw UpdateError("two sections are inserted or moved to section \(d)") }
        for (at, record) in arriving.sorted(by: { $0.at < $1.at }) {
            guard at >= 0, at <= records.count else {
                throw UpdateError(
                    "cannot insert or move a section to \(at): the collection would have \(records.count) sections before it")
            }
            records.insert(record, at: at)
        }

        // Cells arrive at their final index paths, ascending.
        var cells: [(at: ItemPath, cell: (key: Int, label: String))] = move.enumerated().map {
            ($0.element.to, movedCells[$0.offset])
        }
        for (ip, label) in zip(insert, insertLabels + Array(repeating: nil, count: max(0, insert.count - insertLabels.count)))
            .sorted(by: { $0.0 < $1.0 })
        {
            cells.append((ip, (ids.newKey(), label ?? ids.newLabel())))
        }
        if let d = duplicate(cells.map(\.at)) { throw UpdateError("two cells are inserted or moved to \(d)") }
        for (at, cell) in cells.sorted(by: { $0.at < $1.at }) {
            guard at.section >= 0, at.section < records.count else {
                throw UpdateError(
                    "cannot insert or move a cell to \(at): the collection has \(records.count) sections after the update")
            }
            guard at.item <= records[at.section].cells.count else {
                throw UpdateError(
                    "cannot insert or move a cell to \(at): section \(at.section) would have \(records[at.section].cells.count) cells before it"
                )
            }
            records[at.section].cells.insert(cell, at: at.item)
        }

        return records
    }
}

/// The first value that occurs twice, in order of first repetition.
func duplicate<T: Hashable>(_ values: [T]) -> T? {
    var seen = Set<T>()
    for v in values where !seen.insert(v).inserted { return v }
    return nil
}
