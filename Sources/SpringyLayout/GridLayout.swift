import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// A grid of `columns` columns of one item size, sections stacked top to bottom: the custom
/// layout of a spreadsheet or a photo wall, whose content may be wider than the view as well
/// as taller, so the scroll view scrolls both ways. Every position is arithmetic.
package struct GridLayout: StackedLayout {
    package let spec: LayoutSpec
    package let viewSize: Size2
    package let sectionCounts: [Int]

    var stack = StackedSections()
    package private(set) var contentSize: Size2
    var columns: Int { max(1, spec.columns) }
    var pitch: Size2 { Size2(spec.itemSize.width + spec.interitemSpacing, spec.itemSize.height + spec.lineSpacing) }

    package init(spec: LayoutSpec, sectionCounts: [Int], viewSize: Size2) {
        self.spec = spec
        self.viewSize = viewSize
        self.sectionCounts = sectionCounts
        let columns = max(1, spec.columns)
        var y = 0.0
        for count in sectionCounts {
            let rows = (count + columns - 1) / columns
            let itemsStart = y + spec.headerHeight + spec.sectionInset.top
            let itemsHeight = rows > 0 ? Double(rows) * spec.itemSize.height + Double(rows - 1) * spec.lineSpacing : 0
            let end = itemsStart + itemsHeight + spec.sectionInset.bottom
            stack.append(start: y, itemsStart: itemsStart, end: end, count: count)
            y = end
        }
        let used = min(columns, sectionCounts.max() ?? 0)
        let width =
            spec.sectionInset.left + Double(used) * spec.itemSize.width + Double(max(0, used - 1)) * spec.interitemSpacing
            + spec.sectionInset.right
        contentSize = Size2(max(width, viewSize.width), y)
    }

    func cellFrame(_ s: Int, _ k: Int) -> Rect {
        let row = k / columns, column = k % columns
        return Rect(
            x: spec.sectionInset.left + Double(column) * pitch.width, y: stack.itemsStarts[s] + Double(row) * pitch.height,
            width: spec.itemSize.width, height: spec.itemSize.height)
    }

    package func attributes(in rect: Rect) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        let lo = stack.first(endingBelow: rect.minY)
        let firstColumn = max(0, wholeDown((rect.minX - spec.sectionInset.left) / pitch.width))
        let lastColumn = min(columns - 1, wholeDown((rect.maxX - spec.sectionInset.left) / pitch.width))
        var s = lo
        while s < stack.count, stack.starts[s] < rect.maxY {
            if let h = headerAttributes(section: s), h.frame.intersects(rect) { out.append(h) }
            let rowCount = (stack.counts[s] + columns - 1) / columns
            if firstColumn <= lastColumn,
                let rows = rows(
                    from: rect.minY, to: rect.maxY, itemsStart: stack.itemsStarts[s], pitch: pitch.height, rows: rowCount)
            {
                cells(
                    section: s, rows: rows, columns: firstColumn...lastColumn, perRow: columns, keep: { $0.intersects(rect) },
                    into: &out)
            }
            s += 1
        }
        return out
    }
}
