import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// Full-width rows (`row_height`), the selected one `expanded_height`, sections with
/// optional headers and the flow layout's section insets. With at most one
/// expanded row, every position is arithmetic: a rect query costs what is in it.
package struct ListLayout: StackedLayout {
    package let spec: LayoutSpec
    package let viewSize: Size2
    package let sectionCounts: [Int]
    package let expanded: ItemPath?

    var stack = StackedSections()
    package private(set) var contentSize: Size2

    var extra: Double { spec.expandedHeight - spec.rowHeight }
    /// An inset-grouped table's side margins (UIKit's layout margins: 20 pt from 390 pt wide, else 16).
    var margin: Double { spec.insetGrouped ? (viewSize.width >= 390 ? 20 : 16) : 0 }
    /// The corner radius of an inset-grouped section's rows.
    package static let groupRadius = 10.0

    /// The header, inset like its rows in an inset-grouped table (its title lines up with theirs).
    package func headerAttributes(section s: Int) -> LayoutAttributes? {
        guard var h = stack.header(s, height: spec.headerHeight, width: viewSize.width) else { return nil }
        if margin > 0 {
            h.frame = Rect(x: h.frame.minX + margin, y: h.frame.minY, width: h.frame.width - 2 * margin, height: h.frame.height)
        }
        return h
    }

    package init(spec: LayoutSpec, sectionCounts: [Int], viewSize: Size2, expanded: ItemPath?) {
        self.spec = spec
        self.viewSize = viewSize
        self.sectionCounts = sectionCounts
        let valid = expanded.flatMap { $0.section < sectionCounts.count && $0.item < sectionCounts[$0.section] ? $0 : nil }
        self.expanded = valid
        var y = 0.0
        for (s, count) in sectionCounts.enumerated() {
            let itemsStart = y + spec.headerHeight + spec.sectionInset.top
            var end = itemsStart + Double(count) * spec.rowHeight + spec.sectionInset.bottom
            if valid?.section == s { end += spec.expandedHeight - spec.rowHeight }
            stack.append(start: y, itemsStart: itemsStart, end: end, count: count)
            y = end
        }
        contentSize = Size2(viewSize.width, y)
    }

    func cellFrame(_ s: Int, _ k: Int) -> Rect {
        var top = stack.itemsStarts[s] + Double(k) * spec.rowHeight
        var height = spec.rowHeight
        if let e = expanded, e.section == s {
            if k > e.item { top += extra } else if k == e.item { height = spec.expandedHeight }
        }
        // Right to left, the insets swap sides.
        let left = (spec.rightToLeft ? spec.sectionInset.right : spec.sectionInset.left) + margin
        return Rect(
            x: left, y: top, width: viewSize.width - spec.sectionInset.left - spec.sectionInset.right - 2 * margin, height: height
        )
    }

    /// The row containing content position `y` in section `s` (clamped).
    private func row(atY y: Double, section s: Int) -> Int {
        let itemsStart = stack.itemsStarts[s]
        var k = wholeDown((y - itemsStart) / spec.rowHeight)
        if let e = expanded, e.section == s, k > e.item {
            let expandedEnd = itemsStart + Double(e.item) * spec.rowHeight + spec.expandedHeight
            k = y < expandedEnd ? e.item : e.item + 1 + wholeDown((y - expandedEnd) / spec.rowHeight)
        }
        return min(max(k, 0), max(stack.counts[s] - 1, 0))
    }

    package func attributes(in rect: Rect) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        let lo = stack.first(endingBelow: rect.minY)
        var s = lo
        while s < stack.count, stack.starts[s] < rect.maxY {
            if let h = headerAttributes(section: s), h.frame.intersects(rect) { out.append(h) }
            if stack.counts[s] > 0 {
                let first = row(atY: rect.minY, section: s), last = row(atY: rect.maxY, section: s)
                if first <= last {
                    for k in first...last {
                        let f = cellFrame(s, k)
                        if f.intersects(rect) { out.append(LayoutAttributes(kind: .cell, indexPath: ItemPath(s, k), frame: f)) }
                    }
                }
            }
            s += 1
        }
        return out
    }
}
