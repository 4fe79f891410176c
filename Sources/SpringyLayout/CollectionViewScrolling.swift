import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

// The collection view as a scroll view: releases (paging, snapping), programmatic scrolls,
// and the supplementary views that move with the offset (footers, section backgrounds).

/// isDirectionalLockEnabled: which axis a drag was locked to when it started.
enum LockedAxis { case undecided, along, across, none }

extension CollectionView {
    /// A finger lands on the scroll view (viewport coordinates): both axes start tracking.
    public func beginScroll(at point: Vec2) {
        scroll.beginTracking(finger: along(point))
        crossScroll.beginTracking(finger: across(point))
        lockedAxis = spec.scroll.directionalLock ? .undecided : .none
        scrollStart = point
        innerActive = nil
        innerCandidate = orthogonalSection(at: point)
        if let s = innerCandidate { rows[s]?.beginTracking(finger: point.x) }
    }

    /// The finger moves: each axis follows it, unless the drag is locked to the other. With
    /// directional lock the first movement decides: one clearly along an axis (the other
    /// component under half of it) locks the drag to that axis; a diagonal one leaves both free.
    public func moveScroll(to point: Vec2, h: Double) {
        // In an orthogonal row a drag that goes sideways first scrolls the row, not the view.
        if let s = innerCandidate, innerActive == nil {
            let d = point - scrollStart
            if d.x != 0 || d.y != 0 { if abs(d.x) > abs(d.y) { innerActive = s } else { innerCandidate = nil } }
        }
        if let s = innerActive {
            rows[s]?.track(finger: point.x, h: h)
            return
        }
        if lockedAxis == .undecided {
            let d = point - scrollStart
            let a = abs(along(d)), c = abs(across(d))
            if a > 0 || c > 0 { lockedAxis = c < a / 2 ? .along : a < c / 2 ? .across : .none }
        }
        if lockedAxis != .across { scroll.track(finger: along(point), h: h) }
        if lockedAxis != .along { crossScroll.track(finger: across(point), h: h) }
    }

    /// The finger lifts at `point` moving at `velocity`: each axis releases on its own.
    public func endScroll(at point: Vec2, velocity: Vec2, h: Double) {
        moveScroll(to: point, h: h)
        if let s = innerActive {
            releaseRow(s, fingerVelocity: velocity.x)
            releaseScroll(fingerVelocity: 0)
            crossScroll.release(fingerVelocity: 0)
            innerActive = nil; innerCandidate = nil
            return
        }
        innerCandidate = nil
        releaseScroll(fingerVelocity: lockedAxis == .across ? 0 : along(velocity))
        crossScroll.release(fingerVelocity: lockedAxis == .along ? 0 : across(velocity))
    }

    /// Both axes' free motion over one step.
    public func advanceScroll(h: Double) {
        scroll.advance(h: h)
        crossScroll.advance(h: h)
        for s in rows.indices where rows[s]?.isMoving == true { rows[s]?.advance(h: h) }
    }

    public var isScrolling: Bool { scroll.isMoving || crossScroll.isMoving || rows.contains { $0?.isMoving == true } }

    /// The finger lifts with `fingerVelocity` along the axis: paging, the layout's snapping
    /// (targetContentOffset) or free deceleration decide where the content comes to rest.
    public func releaseScroll(fingerVelocity: Double) {
        var axis = scroll
        axis.release(fingerVelocity: fingerVelocity) { [self] proposed, _ in snapTarget(proposed) }
        scroll = axis
    }

    /// UICollectionViewLayout.targetContentOffset for `snap`: the offset that puts the cell
    /// nearest the proposed rest point at the view's centre (or its leading edge at the
    /// section inset), nil when the layout does not snap.
    func snapTarget(_ proposed: Double) -> Double? {
        guard let mode = spec.layout.snap else { return nil }
        let length = vertical ? viewSize.height : viewSize.width
        let probe =
            vertical
            ? Rect(x: 0, y: proposed - length, width: viewSize.width, height: 3 * length)
            : Rect(x: proposed - length, y: 0, width: 3 * length, height: viewSize.height)
        let leadingInset = spec.layout.sectionInset.leading(vertical: vertical)
        var best: Double?
        for a in layout.attributes(in: probe) where a.kind == .cell {
            let target = mode == .center ? along(a.center) - length / 2 : (vertical ? a.frame.minY : a.frame.minX) - leadingInset
            if best.map({ abs(target - proposed) < abs($0 - proposed) }) ?? true { best = target }
        }
        return best
    }

    /// setContentOffset(_:animated:) along the scroll axis.
    public func scroll(to point: Vec2, animated: Bool) {
        scroll.scroll(to: along(point), animated: animated)
        if crossScroll.offset != across(point) { crossScroll.scroll(to: across(point), animated: animated) }
    }

    /// scrollToItem(at:at:animated:): the item's frame placed at `position` in the inset view,
    /// within the resting offsets; `nearest` scrolls only as far as shows it whole.
    public func scroll(toItem ip: ItemPath, position: ScrollPosition, animated: Bool) {
        guard let f = layout.attributes(for: ip)?.frame else { return }
        let a0 = vertical ? f.minY : f.minX, a1 = vertical ? f.maxY : f.maxX
        let length = vertical ? viewSize.height : viewSize.width
        let lead = scroll.insetLeading, trail = scroll.insetTrailing
        var target = scroll.offset
        switch position {
        case .top, .left: target = a0 - lead
        case .bottom, .right: target = a1 - (length - trail)
        case .center: target = (a0 + a1) / 2 - (lead + (length - lead - trail) / 2)
        case .nearest:
            if a0 < scroll.offset + lead {
                target = a0 - lead
            } else if a1 > scroll.offset + length - trail {
                target = a1 - (length - trail)
            }
        }
        scroll.scroll(to: min(max(target, scroll.minOffset), scroll.maxOffset), animated: animated)
        // Across the scroll axis (a grid wider than the view): centred with `center`, else the least scroll that shows it.
        let c0 = vertical ? f.minX : f.minY, c1 = vertical ? f.maxX : f.maxY
        let width = vertical ? viewSize.width : viewSize.height
        let cLead = crossScroll.insetLeading, cTrail = crossScroll.insetTrailing
        var crossTarget = crossScroll.offset
        if position == .center {
            crossTarget = (c0 + c1) / 2 - (cLead + (width - cLead - cTrail) / 2)
        } else if c0 < crossScroll.offset + cLead {
            crossTarget = c0 - cLead
        } else if c1 > crossScroll.offset + width - cTrail {
            crossTarget = c1 - (width - cTrail)
        }
        crossTarget = min(max(crossTarget, crossScroll.minOffset), crossScroll.maxOffset)
        if crossTarget != crossScroll.offset { crossScroll.scroll(to: crossTarget, animated: animated) }
        scrollRow(toItem: ip, position: position, animated: animated)
    }

    /// Section footers (pinned to the view's trailing edge while their section shows, with
    /// `sticky_footers`) and section backgrounds, in section order, viewport coordinates.
    func footersAndBackgrounds(offset: Double, viewLength: Double) -> [HeaderState] {
        guard hasFootersOrBackgrounds else { return [] }
        var out: [HeaderState] = []
        func viewport(_ r: Rect) -> Rect {
            vertical
                ? Rect(x: r.minX, y: r.minY - offset, width: r.width, height: r.height)
                : Rect(x: r.minX - offset, y: r.minY, width: r.width, height: r.height)
        }
        let visible = Rect(x: 0, y: 0, width: viewSize.width, height: viewSize.height)
        for s in 0..<sections.count {
            if let (bg, color) = layout.backgroundAttributes(section: s), viewport(bg.frame).intersects(visible) {
                out.append(
                    HeaderState(
                        id: "background.\(s)", frame: viewport(bg.frame), pinned: false, title: nil, z: -1,
                        kind: .background, color: color))
            }
            guard let footer = layout.footerAttributes(section: s) else { continue }
            let h = spec.layout.footerHeight
            let natural = along(footer.frame.center) - h / 2
            var lead = natural, pinned = false
            if spec.layout.stickyFooters {
                let span = layout.sectionSpan(s)
                lead = min(max(offset + viewLength - h, span.start + spec.layout.headerHeight), natural)
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
                        trailingTitle: spec.layout.rightToLeft))
            }
        }
        return out
    }

}
