import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// A subset of UICollectionViewCompositionalLayout: sections stacked top to bottom, each a
/// grid of `columns` items sharing its width (a horizontal group with a count) or one row that
/// scrolls orthogonally (`orthogonal`), its items of a fixed or fractional width (each item is
/// one group). Frames are in the content's coordinates with every orthogonal row at offset 0:
/// the collection view moves those rows by their own scroll offsets.
package struct CompositionalLayout: StackedLayout {
    package let spec: LayoutSpec
    package let viewSize: Size2
    package let sectionCounts: [Int]

    /// What a section lays out beyond its place in the stack.
    struct Section {
        var columns: Int
        var size: Size2
        var lineSpacing: Double
        var interitem: Double
        var left: Double
        var orthogonal: OrthogonalScrolling
        /// An orthogonal row's length, insets included.
        var rowLength: Double
    }
    private var sections: [Section] = []
    var stack = StackedSections()
    package private(set) var contentSize: Size2

    package init(spec: LayoutSpec, sectionCounts: [Int], viewSize: Size2, sectionSpecs: [SectionSpec]) {
        self.spec = spec
        self.viewSize = viewSize
        self.sectionCounts = sectionCounts
        var y = 0.0
        var built: [Section] = []
        for (s, count) in sectionCounts.enumerated() {
            let own = s < sectionSpecs.count ? sectionSpecs[s] : nil
            let inset = own?.sectionInset ?? spec.sectionInset
            let interitem = own?.interitemSpacing ?? spec.interitemSpacing, lineSpacing = own?.lineSpacing ?? spec.lineSpacing
            let available = max(0, viewSize.width - inset.left - inset.right)
            let orthogonal = own?.orthogonal ?? .none
            // An orthogonal section is one row: as many columns as it has items.
            let columns = orthogonal == .none ? max(1, own?.columns ?? 1) : max(1, count)
            let given = own?.itemSize ?? spec.itemSize
            var width = own?.widthFraction.map { $0 * available } ?? given.width
            if orthogonal == .none, own?.columns != nil || own?.widthFraction != nil {
                width = (available - Double(columns - 1) * interitem) / Double(columns) * (own?.widthFraction ?? 1)
            }
            let size = Size2(max(0, width), given.height)
            let rows = (count + columns - 1) / columns
            let itemsStart = y + spec.headerHeight + inset.top
            let itemsHeight = rows > 0 ? Double(rows) * size.height + Double(rows - 1) * lineSpacing : 0
            let end = itemsStart + itemsHeight + inset.bottom
            let rowLength = inset.left + Double(count) * size.width + Double(max(0, count - 1)) * interitem + inset.right
            stack.append(start: y, itemsStart: itemsStart, end: end, count: count)
            built.append(
                Section(
                    columns: columns, size: size,
                    lineSpacing: lineSpacing, interitem: interitem, left: inset.left, orthogonal: orthogonal,
                    rowLength: rowLength))
            y = end
        }
        sections = built
        contentSize = Size2(viewSize.width, y)
    }

    func cellFrame(_ s: Int, _ k: Int) -> Rect {
        let sec = sections[s]
        let row = k / sec.columns, column = k % sec.columns
        return Rect(
            x: sec.left + Double(column) * (sec.size.width + sec.interitem),
            y: stack.itemsStarts[s] + Double(row) * (sec.size.height + sec.lineSpacing),
            width: sec.size.width, height: sec.size.height)
    }

    /// How a section scrolls orthogonally, and its row's length and item pitch when it does.
    package func orthogonalRow(_ s: Int) -> OrthogonalRow? {
        guard s >= 0, s < sections.count, sections[s].orthogonal != .none else { return nil }
        let sec = sections[s]
        return OrthogonalRow(
            behavior: sec.orthogonal, length: sec.rowLength, pitch: sec.size.width + sec.interitem,
            itemWidth: sec.size.width, left: sec.left, top: stack.itemsStarts[s], height: sec.size.height)
    }

    /// Cells and headers in `rect`; an orthogonal row's cells are all returned when the rect
    /// reaches its band (the collection view places them by the row's offset).
    package func attributes(in rect: Rect) -> [LayoutAttributes] { attributes(in: rect, rowOffset: nil) }

    /// With the rows' offsets: an orthogonal row's cells are found by column arithmetic from the
    /// rect moved by the row's offset, so a query costs what is in the rect, not the row's length
    /// (a row of two million items answers with the dozen on screen).
    package func attributes(in rect: Rect, rowOffset: (Int) -> Double) -> [LayoutAttributes] {
        withoutActuallyEscaping(rowOffset) { attributes(in: rect, rowOffset: Optional($0)) }
    }

    func attributes(in rect: Rect, rowOffset: ((Int) -> Double)?) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        var s = stack.first(endingBelow: rect.minY)
        while s < stack.count, stack.starts[s] < rect.maxY {
            let sec = sections[s]
            if let h = headerAttributes(section: s), h.frame.intersects(rect) { out.append(h) }
            if let rows = rows(
                from: rect.minY, to: rect.maxY, itemsStart: stack.itemsStarts[s],
                pitch: sec.size.height + sec.lineSpacing, rows: (stack.counts[s] + sec.columns - 1) / sec.columns)
            {
                let across = sec.orthogonal != .none
                var columns = 0...(sec.columns - 1)
                var keep: (Rect) -> Bool = { across ? $0.maxY > rect.minY && $0.minY < rect.maxY : $0.intersects(rect) }
                if across, let rowOffset {
                    let shift = rowOffset(s), pitch = sec.size.width + sec.interitem
                    let first = Int(
                        max(0, min(Double(sec.columns - 1), ((rect.minX + shift - sec.left) / pitch).rounded(.down) - 1)))
                    let last = Int(
                        max(0, min(Double(sec.columns - 1), ((rect.maxX + shift - sec.left) / pitch).rounded(.down) + 1)))
                    columns = first...last
                    keep = {
                        $0.maxY > rect.minY && $0.minY < rect.maxY && $0.maxX - shift > rect.minX && $0.minX - shift < rect.maxX
                    }
                }
                cells(section: s, rows: rows, columns: columns, perRow: sec.columns, keep: keep, into: &out)
            }
            s += 1
        }
        return out
    }
}
