import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

// Pure layout geometry the collection view asks as it scrolls: where a release rests
// (targetContentOffset, an orthogonal row's group), the rows' own scroll views, and the
// supplementary views that move with the offset. Functions of the layout and plain values.

extension CollectionLayout {
    /// UICollectionViewLayout.targetContentOffset for `snap`: the offset that puts the cell
    /// nearest the proposed rest point at the view's centre (or its leading edge at
    /// `leadingInset`), nil when the layout does not snap.
    func snapTarget(_ proposed: Double, mode: SnapMode?, vertical: Bool, viewSize: Size2, leadingInset: Double) -> Double? {
        guard let mode else { return nil }
        let length = vertical ? viewSize.height : viewSize.width
        let probe =
            vertical
            ? Rect(x: 0, y: proposed - length, width: viewSize.width, height: 3 * length)
            : Rect(x: proposed - length, y: 0, width: 3 * length, height: viewSize.height)
        var best: Double?
        for a in attributes(in: probe) where a.kind == .cell {
            let target =
                mode == .center
                ? (vertical ? a.center.y : a.center.x) - length / 2 : (vertical ? a.frame.minY : a.frame.minX) - leadingInset
            if best.map({ abs(target - proposed) < abs($0 - proposed) }) ?? true { best = target }
        }
        return best
    }

    /// Scroll views for the orthogonal rows of `sectionCount` sections (none for a layout
    /// without them), each at `previous(s)` or its start.
    func rowAxes(sectionCount: Int, viewSize: Size2, scroll: ScrollSpec, previous: (Int) -> Double?) -> [ScrollAxis?] {
        // No orthogonal rows (every layout but a compositional one): nothing to step or search.
        guard (0..<sectionCount).contains(where: { orthogonalRow($0) != nil }) else { return [] }
        return (0..<sectionCount).map { s in
            guard let row = orthogonalRow(s) else { return nil }
            let edge = row.edgeInset(viewWidth: viewSize.width)
            var axis = ScrollAxis(
                viewLength: viewSize.width, contentLength: row.length, bounces: scroll.bounces,
                insetLeading: edge, insetTrailing: edge,
                rate: row.pagesByGroup ? ScrollAxis.fastDeceleration : scroll.decelerationRate,
                paging: row.behavior == .paging)
            axis.setOffset(previous(s) ?? axis.minOffset)
            return axis
        }
    }

    /// Where a release of row `s` comes to rest: its behaviour's rule (group paging moves one
    /// group in the fling's direction past the paging threshold, else to the nearest).
    func rowTarget(_ s: Int, offset: Double, proposed: Double, velocity v: Double, viewWidth: Double) -> Double? {
        orthogonalRow(s)?.restTarget(offset: offset, proposed: proposed, velocity: v, viewWidth: viewWidth)
    }

    /// Section footers (pinned to the view's trailing edge while their section shows, with
    /// `sticky_footers`) and section backgrounds, in section order, viewport coordinates, at
    /// scroll offset `offset`.
    func footersAndBackgrounds(
        sections: [SectionSpec], spec: LayoutSpec, offset: Double, vertical: Bool, viewSize: Size2
    ) -> [HeaderState] {
        var out: [HeaderState] = []
        func viewport(_ r: Rect) -> Rect {
            vertical
                ? Rect(x: r.minX, y: r.minY - offset, width: r.width, height: r.height)
                : Rect(x: r.minX - offset, y: r.minY, width: r.width, height: r.height)
        }
        let visible = Rect(x: 0, y: 0, width: viewSize.width, height: viewSize.height)
        let viewLength = vertical ? viewSize.height : viewSize.width
        for s in 0..<sections.count {
            if let (bg, color) = backgroundAttributes(section: s), viewport(bg.frame).intersects(visible) {
                out.append(
                    HeaderState(
                        id: "background.\(s)", frame: viewport(bg.frame), pinned: false, title: nil, z: -1,
                        kind: .background, color: color))
            }
            guard let footer = footerAttributes(section: s) else { continue }
            let h = spec.footerHeight
            let natural = (vertical ? footer.frame.center.y : footer.frame.center.x) - h / 2
            var lead = natural, pinned = false
            if spec.stickyFooters {
                let span = sectionSpan(s)
                lead = min(max(offset + viewLength - h, span.start + spec.headerHeight), natural)
                pinned = lead < natural - 1e-9
            }
            let frame =
                vertical
                ? Rect(x: 0, y: lead - offset, width: viewSize.width, height: h)
                : Rect(x: lead - offset, y: 0, width: h, height: viewSize.height)
            if frame.intersects(visible) {
                out.append(
                    HeaderState(
                        id: "footer.\(s)", frame: frame, pinned: pinned, title: sections[s].footer, z: 1, kind: .footer,
                        trailingTitle: spec.rightToLeft))
            }
        }
        return out
    }
}

extension CollectionSpec {
    /// The layout of `sections` with `selection` (the list layout expands the selected row).
    func makeLayout(sections: [SectionSpec], viewSize: Size2, selection: [ItemPath])
        -> any CollectionLayout
    {
        switch layout.kind {
        case .flow:
            return FlowLayout(spec: layout, sectionCounts: sections.map(\.count), viewSize: viewSize, sectionSpecs: sections)
        case .list:
            return ListLayout(
                spec: layout, sectionCounts: sections.map(\.count), viewSize: viewSize, expanded: selection.first)
        case .grid: return GridLayout(spec: layout, sectionCounts: sections.map(\.count), viewSize: viewSize)
        case .compositional:
            return CompositionalLayout(
                spec: layout, sectionCounts: sections.map(\.count), viewSize: viewSize, sectionSpecs: sections)
        }
    }
}

extension CollectionLayout {
    /// The cell under a content point, if any, with orthogonal rows moved by `rowOffset`.
    func cell(at p: Vec2, rowOffset: (Int) -> Double) -> ItemPath? {
        let r = Rect(x: p.x - 0.5, y: p.y - 0.5, width: 1, height: 1)
        return attributes(in: r, rowOffset: rowOffset).first { a in
            guard a.kind == .cell else { return false }
            let shift = rowOffset(a.indexPath.section)
            return shift == 0
                || Rect(x: a.frame.minX - shift, y: a.frame.minY, width: a.frame.width, height: a.frame.height).intersects(r)
        }?.indexPath
    }

    /// The first cell whose centre is right of (below) the middle of `visible`, if any.
    func cellRightOfCenter(_ visible: Rect, vertical: Bool) -> ItemPath? {
        let middle = vertical ? visible.center.y : visible.center.x
        let probe =
            vertical
            ? Rect(x: 0, y: middle, width: visible.width, height: visible.height * 2)
            : Rect(x: middle, y: 0, width: visible.width * 2, height: visible.height)
        return attributes(in: probe).first { a in a.kind == .cell && (vertical ? a.center.y : a.center.x) > middle }?
            .indexPath
    }
}

enum LayoutGeometry {
    /// Section headers in viewport coordinates at scroll offset `offset`, given each section's
    /// span along the scroll axis as shown: with sticky headers a header's leading edge is
    /// min(max(view top, section top), section end − header height), the view's top being below
    /// its content inset (`pinTop`: a navigation bar's or the safe area's), as UIKit pins them.
    static func headers(
        spans: [(start: Double, end: Double)], titles: [String?], spec: LayoutSpec, offset: Double, vertical: Bool,
        viewSize: Size2, pinTop: Double = 0
    ) -> [HeaderState] {
        let h = spec.headerHeight
        guard h > 0 else { return [] }
        let viewLength = vertical ? viewSize.height : viewSize.width
        var out: [HeaderState] = []
        for (s, span) in spans.enumerated() {
            guard span.end > offset, span.start < offset + viewLength else { continue }
            var lead = span.start
            var pinned = false
            if spec.stickyHeaders {
                lead = min(max(offset + pinTop, span.start), span.end - h)
                pinned = lead > span.start + 1e-9
            }
            guard lead + h > offset, lead < offset + viewLength else { continue }
            let frame =
                vertical
                ? Rect(x: 0, y: lead - offset, width: viewSize.width, height: h)
                : Rect(x: lead - offset, y: 0, width: h, height: viewSize.height)
            out.append(
                HeaderState(
                    id: "header.\(s)", frame: frame, pinned: pinned, title: titles[s], z: 1,
                    trailingTitle: spec.rightToLeft))
        }
        return out
    }
}

extension ListLayout {
    /// The write-up's targetContentOffset after a tap: with nothing selected the proposed
    /// offset stays; a selected row is scrolled down into view if its bottom is below the view,
    /// and up if its top is above the view or under a pinned header (to the header's bottom);
    /// within the content.
    static func targetOffset(
        _ layout: any CollectionLayout, selected: ItemPath?, proposed: Double, viewSize: Size2, pinnedHeader: Double,
        insetTop: Double = 0, insetBottom: Double = 0
    ) -> Double {
        var target = proposed
        if let selected, let f = layout.attributes(for: selected)?.frame {
            if f.maxY > target + viewSize.height - insetBottom { target = f.maxY - viewSize.height + insetBottom }
            if f.minY < target + insetTop + pinnedHeader { target = f.minY - insetTop - pinnedHeader }
        }
        return min(max(target, -insetTop), max(-insetTop, layout.contentSize.height - viewSize.height + insetBottom))
    }
}
