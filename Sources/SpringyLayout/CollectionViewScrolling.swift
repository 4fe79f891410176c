import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

// The collection view as a scroll view: its CollectionScroller moved by the fingers and the
// script, asking the layout's geometry (LayoutGeometry.swift) where a release rests.

extension CollectionView {
    /// A finger lands on the scroll view (viewport coordinates): both axes start tracking.
    package func beginScroll(at point: Vec2) { scroller.begin(at: point, row: orthogonalSection(at: point)) }

    package func moveScroll(to point: Vec2, h: Double) { scroller.move(to: point, h: h) }

    /// The finger lifts at `point` moving at `velocity`: each axis releases on its own.
    package func endScroll(at point: Vec2, velocity: Vec2, h: Double) {
        let (target, rowTarget) = (restTarget, rowRestTarget)
        scroller.end(at: point, velocity: velocity, h: h, target: target, rowTarget: rowTarget)
    }

    /// Every axis's free motion over one step.
    package func advanceScroll(h: Double) { scroller.advance(h: h) }

    package var isScrolling: Bool { scroller.isMoving }

    /// The finger lifts with `fingerVelocity` along the axis (paging, snapping or free deceleration).
    package func releaseScroll(fingerVelocity: Double) {
        let target = restTarget
        scroller.release(fingerVelocity: fingerVelocity, target: target)
    }

    /// Where a release along the scroll axis rests: the layout's snapping, if it snaps.
    var restTarget: CollectionScroller.Target {
        let (layout, mode, vertical, viewSize) = (layout, spec.layout.snap, vertical, viewSize)
        let inset = spec.layout.sectionInset.leading(vertical: vertical)
        return { layout.snapTarget($0, mode: mode, vertical: vertical, viewSize: viewSize, leadingInset: inset) }
    }

    /// Where a release of an orthogonal row rests: its behaviour's rule.
    var rowRestTarget: CollectionScroller.RowTarget {
        let (layout, width) = (layout, viewSize.width)
        return { layout.rowTarget($0, offset: $1, proposed: $2, velocity: $3, viewWidth: width) }
    }

    /// setContentOffset(_:animated:).
    package func scroll(to point: Vec2, animated: Bool) { scroller.scroll(to: point, animated: animated) }

    /// scrollToItem(at:at:animated:).
    package func scroll(toItem ip: ItemPath, position: ScrollPosition, animated: Bool) {
        guard let f = layout.attributes(for: ip)?.frame else { return }
        scroller.scroll(toFrame: f, section: ip.section, position: position, animated: animated, viewSize: viewSize)
    }

    /// Section `s`'s orthogonal offset (0 for a section without one).
    package func rowOffset(_ s: Int) -> Double { scroller.rowOffset(s) }

    /// Rebuilds the orthogonal rows after the layout changed, keeping the offsets of sections
    /// that had one (by section identity).
    func relayoutRows() {
        var previous: [Int: Double] = [:]
        for (s, row) in scroller.rows.enumerated() where s < sectionKeys.count {
            if let row { previous[sectionKeys[s]] = row.offset }
        }
        let keys = sectionKeys
        scroller.rows = layout.rowAxes(sectionCount: sections.count, viewSize: viewSize, scroll: spec.scroll) {
            previous[keys[$0]]
        }
    }

    /// The orthogonal section whose row is under a viewport point, if any.
    func orthogonalSection(at point: Vec2) -> Int? {
        guard scroller.rows.contains(where: { $0 != nil }) else { return nil }
        let p = point + contentOffset
        let band = Rect(x: 0, y: p.y - 0.5, width: viewSize.width, height: 1)
        let rows = scroller.rows
        return layout.attributes(in: band).first { $0.kind == .cell && rows[$0.indexPath.section] != nil }?.indexPath.section
    }
}
