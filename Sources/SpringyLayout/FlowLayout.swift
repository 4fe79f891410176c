import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// UICollectionViewFlowLayout: lines of items with the spacing, insets, headers and footers
/// of the scene, each section with its own values where the scene gives them. A section of
/// one item size stores only a few numbers (a query for a rect finds the sections by binary
/// search and the items by arithmetic); a section with per-item sizes keeps its frames.
package struct FlowLayout: CollectionLayout {
    package let spec: LayoutSpec
    package let viewSize: Size2
    package let sectionCounts: [Int]

    struct Section {
        var start: Double  // along the scroll axis
        var itemsStart: Double  // first line's leading edge
        var itemsEnd: Double  // last line's trailing edge
        var insetEnd: Double  // after the trailing inset: where the footer starts
        var end: Double
        var count: Int
        // One item size: lines of `perLine` at `crossPositions`, the last line (a one-line
        // section's only line included) at `lastLinePositions`.
        var perLine: Int
        var lines: Int
        var crossPositions: [Double]
        var lastLinePositions: [Double] = []
        var size: Size2
        var lineSpacing: Double
        /// Per-item sizes: every frame, in item order (lines in order along the axis).
        var frames: [Rect]?
        var background: Color?
    }

    private var sections: [Section] = []
    package private(set) var contentSize: Size2

    var vertical: Bool { spec.direction == .vertical }

    package init(spec: LayoutSpec, sectionCounts: [Int], viewSize: Size2, sectionSpecs: [SectionSpec] = []) {
        self.spec = spec
        self.viewSize = viewSize
        self.sectionCounts = sectionCounts
        let vertical = spec.direction == .vertical
        var position = 0.0
        var built: [Section] = []
        built.reserveCapacity(sectionCounts.count)
        for (s, count) in sectionCounts.enumerated() {
            let own = s < sectionSpecs.count ? sectionSpecs[s] : nil
            let section = Self.section(
                count: count, start: position, spec: spec, own: own, viewSize: viewSize, vertical: vertical)
            built.append(section)
            position = section.end
        }
        sections = built
        contentSize = vertical ? Size2(viewSize.width, position) : Size2(position, viewSize.height)
    }

    /// One section's geometry: header, leading inset, lines of items, trailing inset, footer.
    static func section(count: Int, start: Double, spec: LayoutSpec, own: SectionSpec?, viewSize: Size2, vertical: Bool)
        -> Section
    {
        let inset = own?.sectionInset ?? spec.sectionInset  // top, left, bottom, right
        let size = own?.itemSize ?? spec.itemSize
        let lineSpacing = own?.lineSpacing ?? spec.lineSpacing
        let interitem = own?.interitemSpacing ?? spec.interitemSpacing
        let across = vertical ? viewSize.width : viewSize.height
        let lead = vertical ? inset.left : inset.top, trail = vertical ? inset.right : inset.bottom
        let insetLead = vertical ? inset.top : inset.left, insetTrail = vertical ? inset.bottom : inset.right
        let available = across - lead - trail
        let itemsStart = start + spec.headerHeight + insetLead
        var section = Section(
            start: start, itemsStart: itemsStart, itemsEnd: itemsStart, insetEnd: 0, end: 0, count: count,
            perLine: 1, lines: 0, crossPositions: [lead], size: size, lineSpacing: lineSpacing,
            frames: nil, background: own?.background)
        if let sizes = own?.sizes {
            section.frames = Self.flow(
                sizes: (0..<count).map { sizes[$0 % sizes.count] }, from: itemsStart, lead: lead,
                available: available, lineSpacing: lineSpacing, interitem: interitem, vertical: vertical,
                centreLastLone: spec.lastLineColumns)
            section.itemsEnd = section.frames?.map { vertical ? $0.maxY : $0.maxX }.max() ?? itemsStart
        } else {
            let itemAcross = vertical ? size.width : size.height, along = vertical ? size.height : size.width
            // Items that advance by nothing or less (a spacing of minus their size) all share a line.
            let advance = itemAcross + interitem
            var n = advance > 0 ? max(1, wholeDown((available + interitem) / advance)) : max(1, count)
            if !vertical && spec.alignBottom { n = 1 }
            section.perLine = n
            if !vertical && spec.alignBottom {
                section.crossPositions = [across - trail - itemAcross]
            } else if n == 1 {
                // A line with room for one item centres it, as UIKit's flow layout does.
                section.crossPositions = [lead + (available - itemAcross) / 2]
            } else {
                // Full lines are justified: the leftover space goes between the items.
                let spacing = (available - Double(n) * itemAcross) / Double(n - 1)
                section.crossPositions = (0..<n).map { lead + Double($0) * (itemAcross + spacing) }
            }
            section.lines = (count + n - 1) / n
            // UIKit's last line: at the minimum spacing from the leading inset, never justified
            // or centred (a one-line section's only line is its last) — unless every line holds
            // one item: then it is centred as the others are.
            if !(!vertical && spec.alignBottom) && !spec.lastLineColumns && n > 1 {
                section.lastLinePositions = (0..<n).map { lead + Double($0) * (itemAcross + interitem) }
            }
            let body = section.lines == 0 ? 0 : Double(section.lines) * along + Double(section.lines - 1) * lineSpacing
            section.itemsEnd = itemsStart + body
        }
        section.insetEnd = section.itemsEnd + insetTrail
        section.end = section.insetEnd + spec.footerHeight
        return section
    }

    /// Items of their own sizes in lines: as many as fit with the minimum spacing; a line is
    /// justified, or centred when it holds one item, except the last, which starts at the
    /// leading inset with the minimum spacing (UIKit's) — unless it holds one item after lines
    /// that each held one: then it is centred as they are; items centred across their line's
    /// thickness.
    static func flow(
        sizes: [Size2], from start: Double, lead: Double, available: Double, lineSpacing: Double,
        interitem: Double, vertical: Bool, centreLastLone: Bool = false
    ) -> [Rect] {
        func across(_ s: Size2) -> Double { vertical ? s.width : s.height }
        func along(_ s: Size2) -> Double { vertical ? s.height : s.width }
        var frames: [Rect] = []
        frames.reserveCapacity(sizes.count)
        var i = 0, position = start
        var everyLineLone = true
        while i < sizes.count {
            var j = i + 1, used = across(sizes[i])
            while j < sizes.count, used + interitem + across(sizes[j]) <= available {
                used += interitem + across(sizes[j]); j += 1
            }
            let line = sizes[i..<j]
            let thickness = line.map(along).max() ?? 0
            let last = j == sizes.count
            let spacing =
                line.count > 1 && !last ? (available - line.map(across).reduce(0, +)) / Double(line.count - 1) : interitem
            // (A last line of one item is centred too after lines that each held one item.)
            let afterLoneLines = i > 0 && everyLineLone
            if line.count > 1 { everyLineLone = false }
            var c =
                line.count == 1 && (!last || centreLastLone || afterLoneLines)
                ? lead + (available - across(line[line.startIndex])) / 2 : lead
            for s in line {
                let a = position + (thickness - along(s)) / 2
                frames.append(
                    vertical
                        ? Rect(x: c, y: a, width: s.width, height: s.height) : Rect(x: a, y: c, width: s.width, height: s.height))
                c += across(s) + spacing
            }
            position += thickness + lineSpacing
            i = j
        }
        return frames
    }

    /// A frame as drawn: mirrored across the view when the layout runs right to left.
    private func placed(_ r: Rect) -> Rect {
        spec.rightToLeft ? Rect(x: viewSize.width - r.maxX, y: r.minY, width: r.width, height: r.height) : r
    }

    private func frame(section s: Int, item k: Int) -> Rect { placed(leftToRightFrame(section: s, item: k)) }

    private func leftToRightFrame(section s: Int, item k: Int) -> Rect {
        let sec = sections[s]
        if let frames = sec.frames { return frames[k] }
        let line = k / sec.perLine, col = k % sec.perLine
        let along = vertical ? sec.size.height : sec.size.width
        let a = sec.itemsStart + Double(line) * (along + sec.lineSpacing)
        let c = line == sec.lines - 1 && !sec.lastLinePositions.isEmpty ? sec.lastLinePositions[col] : sec.crossPositions[col]
        return vertical
            ? Rect(x: c, y: a, width: sec.size.width, height: sec.size.height)
            : Rect(x: a, y: c, width: sec.size.width, height: sec.size.height)
    }

    package func attributes(for ip: ItemPath) -> LayoutAttributes? {
        guard ip.section < sections.count, ip.item < sections[ip.section].count else { return nil }
        return LayoutAttributes(kind: .cell, indexPath: ip, frame: frame(section: ip.section, item: ip.item))
    }

    /// A band across the view along the scroll axis.
    private func band(_ from: Double, _ length: Double) -> Rect {
        vertical
            ? Rect(x: 0, y: from, width: viewSize.width, height: length)
            : Rect(x: from, y: 0, width: length, height: viewSize.height)
    }

    package func headerAttributes(section s: Int) -> LayoutAttributes? {
        guard spec.headerHeight > 0, s < sections.count else { return nil }
        return LayoutAttributes(kind: .header, indexPath: ItemPath(s, 0), frame: band(sections[s].start, spec.headerHeight), z: 1)
    }

    package func footerAttributes(section s: Int) -> LayoutAttributes? {
        guard spec.footerHeight > 0, s < sections.count else { return nil }
        return LayoutAttributes(
            kind: .footer, indexPath: ItemPath(s, 0), frame: band(sections[s].insetEnd, spec.footerHeight), z: 1)
    }

    /// The decoration view behind a section's insets and items, when it has one.
    package func backgroundAttributes(section s: Int) -> (LayoutAttributes, Color?)? {
        guard s < sections.count, spec.sectionBackgrounds || sections[s].background != nil else { return nil }
        let sec = sections[s]
        let from = sec.start + spec.headerHeight
        return (
            LayoutAttributes(kind: .background, indexPath: ItemPath(s, 0), frame: band(from, sec.insetEnd - from), z: -1),
            sec.background
        )
    }

    package func sectionSpan(_ s: Int) -> (start: Double, end: Double) { (sections[s].start, sections[s].end) }

    /// The first section whose end is past `position`.
    private func firstSection(endingAfter position: Double) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].end <= position { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    package func attributes(in rect: Rect) -> [LayoutAttributes] {
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        var out: [LayoutAttributes] = []
        var s = firstSection(endingAfter: lo)
        while s < sections.count, sections[s].start < hi {
            let sec = sections[s]
            if let h = headerAttributes(section: s), h.frame.intersects(rect) { out.append(h) }
            if let frames = sec.frames {
                for (k, f) in frames.enumerated() where placed(f).intersects(rect) {
                    out.append(LayoutAttributes(kind: .cell, indexPath: ItemPath(s, k), frame: placed(f)))
                }
            } else if sec.lines > 0 {
                let along = vertical ? sec.size.height : sec.size.width
                let pitch = along + sec.lineSpacing
                // Lines that advance by nothing or less overlap: every one is looked at.
                let first = pitch > 0 ? max(0, wholeDown((lo - sec.itemsStart - along) / pitch)) : 0
                let last = pitch > 0 ? min(sec.lines - 1, wholeDown((hi - sec.itemsStart) / pitch)) : sec.lines - 1
                if first <= last {
                    for line in first...last {
                        for col in 0..<sec.perLine {
                            let k = line * sec.perLine + col
                            if k >= sec.count { break }
                            let f = frame(section: s, item: k)
                            if f.intersects(rect) {
                                out.append(LayoutAttributes(kind: .cell, indexPath: ItemPath(s, k), frame: f))
                            }
                        }
                    }
                }
            }
            s += 1
        }
        return out
    }
}
