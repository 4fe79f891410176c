import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// UICollectionViewFlowLayout: lines of items with the spacing, insets and headers
/// of the scene. Per section only a few numbers are stored, so a query for a rect
/// finds the sections by binary search and the items by arithmetic.
public struct FlowLayout: CollectionLayout {
    public let spec: LayoutSpec
    public let viewSize: Size2
    public let sectionCounts: [Int]

    struct Section {
        var start: Double        // along the scroll axis
        var itemsStart: Double   // first line's leading edge
        var end: Double
        var count: Int
        var perLine: Int
        var lines: Int
    }

    private var sections: [Section] = []
    /// Cross-axis positions of the items in a line.
    private let crossPositions: [Double]
    private let perLine: Int
    public private(set) var contentSize: Size2

    var vertical: Bool { spec.direction == .vertical }
    var itemAlong: Double { vertical ? spec.itemSize.height : spec.itemSize.width }
    var itemAcross: Double { vertical ? spec.itemSize.width : spec.itemSize.height }
    var insetLead: Double { vertical ? spec.sectionInset[0] : spec.sectionInset[1] }
    var insetTrail: Double { vertical ? spec.sectionInset[2] : spec.sectionInset[3] }
    var insetCrossLead: Double { vertical ? spec.sectionInset[1] : spec.sectionInset[0] }
    var insetCrossTrail: Double { vertical ? spec.sectionInset[3] : spec.sectionInset[2] }

    public init(spec: LayoutSpec, sectionCounts: [Int], viewSize: Size2) {
        self.spec = spec
        self.viewSize = viewSize
        self.sectionCounts = sectionCounts
        let vertical = spec.direction == .vertical
        let across = (vertical ? viewSize.width : viewSize.height)
        let itemAcross = vertical ? spec.itemSize.width : spec.itemSize.height
        let lead = vertical ? spec.sectionInset[1] : spec.sectionInset[0]
        let trail = vertical ? spec.sectionInset[3] : spec.sectionInset[2]
        let available = across - lead - trail
        var n = max(1, Int(((available + spec.interitemSpacing) / (itemAcross + spec.interitemSpacing)).rounded(.down)))
        if !vertical && spec.alignBottom { n = 1 }
        perLine = n
        if !vertical && spec.alignBottom {
            crossPositions = [across - trail - itemAcross]
        } else if n == 1 {
            // A line with room for one item centres it, as UIKit's flow layout does.
            crossPositions = [lead + (available - itemAcross) / 2]
        } else {
            // Full lines are justified: the leftover space goes between the items.
            let spacing = (available - Double(n) * itemAcross) / Double(n - 1)
            crossPositions = (0..<n).map { lead + Double($0) * (itemAcross + spacing) }
        }
        var position = 0.0
        var built: [Section] = []
        built.reserveCapacity(sectionCounts.count)
        let along = vertical ? spec.itemSize.height : spec.itemSize.width
        let insetLead = vertical ? spec.sectionInset[0] : spec.sectionInset[1]
        let insetTrail = vertical ? spec.sectionInset[2] : spec.sectionInset[3]
        for count in sectionCounts {
            let lines = (count + n - 1) / n
            let itemsStart = position + spec.headerHeight + insetLead
            let body = lines == 0 ? 0 : Double(lines) * along + Double(lines - 1) * spec.lineSpacing
            let end = itemsStart + body + insetTrail
            built.append(Section(start: position, itemsStart: itemsStart, end: end, count: count, perLine: n, lines: lines))
            position = end
        }
        sections = built
        contentSize = vertical ? Size2(viewSize.width, position) : Size2(position, viewSize.height)
    }

    private func frame(section s: Int, item k: Int) -> Rect {
        let sec = sections[s]
        let line = k / perLine, col = k % perLine
        let a = sec.itemsStart + Double(line) * (itemAlong + spec.lineSpacing)
        let c = crossPositions[col]
        return vertical ? Rect(x: c, y: a, width: spec.itemSize.width, height: spec.itemSize.height)
                        : Rect(x: a, y: c, width: spec.itemSize.width, height: spec.itemSize.height)
    }

    public func attributes(for ip: ItemPath) -> LayoutAttributes? {
        guard ip.section < sections.count, ip.item < sections[ip.section].count else { return nil }
        return LayoutAttributes(kind: .cell, indexPath: ip, frame: frame(section: ip.section, item: ip.item))
    }

    public func headerAttributes(section s: Int) -> LayoutAttributes? {
        guard spec.headerHeight > 0, s < sections.count else { return nil }
        let sec = sections[s]
        let f = vertical ? Rect(x: 0, y: sec.start, width: viewSize.width, height: spec.headerHeight)
                         : Rect(x: sec.start, y: 0, width: spec.headerHeight, height: viewSize.height)
        return LayoutAttributes(kind: .header, indexPath: ItemPath(s, 0), frame: f, z: 1)
    }

    public func sectionSpan(_ s: Int) -> (start: Double, end: Double) { (sections[s].start, sections[s].end) }

    /// The first section whose end is past `position`.
    private func firstSection(endingAfter position: Double) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].end <= position { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        var out: [LayoutAttributes] = []
        var s = firstSection(endingAfter: lo)
        while s < sections.count, sections[s].start < hi {
            let sec = sections[s]
            if let h = headerAttributes(section: s), h.frame.intersects(rect) { out.append(h) }
            if sec.lines > 0 {
                let pitch = itemAlong + spec.lineSpacing
                let first = max(0, Int(((lo - sec.itemsStart - itemAlong) / pitch).rounded(.down)))
                let last = min(sec.lines - 1, Int(((hi - sec.itemsStart) / pitch).rounded(.down)))
                if first <= last {
                    for line in first...last {
                        for col in 0..<perLine {
                            let k = line * perLine + col
                            if k >= sec.count { break }
                            let f = frame(section: s, item: k)
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
