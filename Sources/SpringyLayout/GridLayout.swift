import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// A grid of `columns` columns of one item size, sections stacked top to bottom: the custom
/// layout of a spreadsheet or a photo wall, whose content may be wider than the view as well
/// as taller, so the scroll view scrolls both ways. Every position is arithmetic.
public struct GridLayout: CollectionLayout {
    public let spec: LayoutSpec
    public let viewSize: Size2
    public let sectionCounts: [Int]

    struct Section {
        var start: Double
        var itemsStart: Double
        var rows: Int
        var end: Double
        var count: Int
    }
    private var sections: [Section] = []
    private var stack = StackedSections()
    public private(set) var contentSize: Size2
    var columns: Int { max(1, spec.columns) }
    var pitch: Size2 { Size2(spec.itemSize.width + spec.interitemSpacing, spec.itemSize.height + spec.lineSpacing) }

    public init(spec: LayoutSpec, sectionCounts: [Int], viewSize: Size2) {
        self.spec = spec
        self.viewSize = viewSize
        self.sectionCounts = sectionCounts
        let columns = max(1, spec.columns)
        var y = 0.0
        var built: [Section] = []
        built.reserveCapacity(sectionCounts.count)
        for count in sectionCounts {
            let rows = (count + columns - 1) / columns
            let itemsStart = y + spec.headerHeight + spec.sectionInset[0]
            let itemsHeight = rows > 0 ? Double(rows) * spec.itemSize.height + Double(rows - 1) * spec.lineSpacing : 0
            let end = itemsStart + itemsHeight + spec.sectionInset[2]
            built.append(Section(start: y, itemsStart: itemsStart, rows: rows, end: end, count: count))
            y = end
        }
        sections = built
        for sec in built { stack.append(start: sec.start, end: sec.end) }
        let used = min(columns, sectionCounts.max() ?? 0)
        let width = spec.sectionInset[1] + Double(used) * spec.itemSize.width + Double(max(0, used - 1)) * spec.interitemSpacing
            + spec.sectionInset[3]
        contentSize = Size2(max(width, viewSize.width), y)
    }

    private func frame(_ s: Int, _ k: Int) -> Rect {
        let row = k / columns, column = k % columns
        return Rect(x: spec.sectionInset[1] + Double(column) * pitch.width, y: sections[s].itemsStart + Double(row) * pitch.height,
                    width: spec.itemSize.width, height: spec.itemSize.height)
    }

    public func attributes(for ip: ItemPath) -> LayoutAttributes? {
        guard ip.section >= 0, ip.section < sections.count, ip.item >= 0, ip.item < sections[ip.section].count else { return nil }
        return LayoutAttributes(kind: .cell, indexPath: ip, frame: frame(ip.section, ip.item))
    }

    /// Headers span the view (they stay in place when the content scrolls sideways).
    public func headerAttributes(section s: Int) -> LayoutAttributes? {
        stack.header(s, height: spec.headerHeight, width: viewSize.width)
    }

    public func sectionSpan(_ s: Int) -> (start: Double, end: Double) { stack.span(s) }

    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        let lo = stack.first(endingBelow: rect.minY)
        let firstColumn = max(0, Int(((rect.minX - spec.sectionInset[1]) / pitch.width).rounded(.down)))
        let lastColumn = min(columns - 1, Int(((rect.maxX - spec.sectionInset[1]) / pitch.width).rounded(.down)))
        var s = lo
        while s < sections.count, sections[s].start < rect.maxY {
            let sec = sections[s]
            if let h = headerAttributes(section: s), h.frame.intersects(rect) { out.append(h) }
            if sec.rows > 0, firstColumn <= lastColumn {
                let firstRow = max(0, Int(((rect.minY - sec.itemsStart) / pitch.height).rounded(.down)))
                let lastRow = min(sec.rows - 1, Int(((rect.maxY - sec.itemsStart) / pitch.height).rounded(.down)))
                if firstRow <= lastRow {
                    for row in firstRow...lastRow {
                        for column in firstColumn...lastColumn {
                            let k = row * columns + column
                            guard k < sec.count else { break }
                            let f = frame(s, k)
                            if f.intersects(rect) { out.append(LayoutAttributes(kind: .cell, indexPath: ItemPath(s, k), frame: f)) }
                        }
                    }
                }
            }
            s += 1
        }
        return out
    }
}
