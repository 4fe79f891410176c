import SpringyCore
import SpringyFrame
import SpringyScene

/// Sections stacked top to bottom, each a span of the content's height (list, grid and
/// compositional layouts): the first section a rect reaches is found by binary search, and
/// headers span the view.
struct StackedSections {
    var starts: [Double] = []
    /// Where each section's first row of items starts (after its header and top inset).
    var itemsStarts: [Double] = []
    var ends: [Double] = []
    var counts: [Int] = []

    mutating func append(start: Double, itemsStart: Double, end: Double, count: Int) {
        starts.append(start); itemsStarts.append(itemsStart); ends.append(end); counts.append(count)
    }
    var count: Int { starts.count }
    var contentEnd: Double { ends.last ?? 0 }

    /// The first section that ends below `y`.
    func first(endingBelow y: Double) -> Int {
        var lo = 0, hi = ends.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ends[mid] <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func header(_ s: Int, height: Double, width: Double) -> LayoutAttributes? {
        guard height > 0, s < starts.count else { return nil }
        return LayoutAttributes(
            kind: .header, indexPath: ItemPath(s, 0), frame: Rect(x: 0, y: starts[s], width: width, height: height), z: 1)
    }

    func span(_ s: Int) -> (start: Double, end: Double) { (starts[s], ends[s]) }
}

/// A layout of stacked sections whose cells are found by arithmetic: it gives each
/// section's item count and a cell's frame; headers, spans and lookups by index path follow.
protocol StackedLayout: CollectionLayout {
    var spec: LayoutSpec { get }
    var viewSize: Size2 { get }
    var stack: StackedSections { get }
    func cellFrame(_ section: Int, _ item: Int) -> Rect
}

extension StackedLayout {
    package func attributes(for ip: ItemPath) -> LayoutAttributes? {
        guard ip.section >= 0, ip.section < stack.count, ip.item >= 0, ip.item < stack.counts[ip.section] else { return nil }
        return LayoutAttributes(kind: .cell, indexPath: ip, frame: cellFrame(ip.section, ip.item))
    }

    /// Headers span the view (in a grid they stay in place when the content scrolls sideways).
    package func headerAttributes(section s: Int) -> LayoutAttributes? {
        stack.header(s, height: spec.headerHeight, width: viewSize.width)
    }

    package func sectionSpan(_ s: Int) -> (start: Double, end: Double) { stack.span(s) }

    /// The cells of section `s` in rows `rows` and columns `columns` of a row-major grid of
    /// `perRow` columns, in index order, that `keep` accepts.
    func cells(
        section s: Int, rows: ClosedRange<Int>, columns: ClosedRange<Int>, perRow: Int,
        keep: (Rect) -> Bool, into out: inout [LayoutAttributes]
    ) {
        let n = stack.counts[s]
        for row in rows {
            for column in columns {
                let k = row * perRow + column
                guard k < n else { break }
                let f = cellFrame(s, k)
                if keep(f) { out.append(LayoutAttributes(kind: .cell, indexPath: ItemPath(s, k), frame: f)) }
            }
        }
    }

    /// The rows of a section whose items start at `itemsStart`, `pitch` apart, that a rect
    /// from `minY` to `maxY` reaches; nil when none.
    func rows(from minY: Double, to maxY: Double, itemsStart: Double, pitch: Double, rows: Int) -> ClosedRange<Int>? {
        // Rows that advance by nothing or less overlap: every one is looked at.
        guard pitch > 0 else { return rows > 0 ? 0...(rows - 1) : nil }
        let first = max(0, wholeDown((minY - itemsStart) / pitch))
        let last = min(rows - 1, wholeDown((maxY - itemsStart) / pitch))
        return first <= last ? first...last : nil
    }
}
