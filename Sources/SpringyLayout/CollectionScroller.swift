import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// isDirectionalLockEnabled: which axis a drag was locked to when it started.
enum LockedAxis { case undecided, along, across, none }

/// The collection view's scroll view as plain values: one ScrollAxis along the layout's scroll
/// axis and one across it (content larger both ways), the compositional layout's orthogonal
/// rows (a ScrollAxis along x each), and what the current drag decided (its directional lock,
/// the row it moves). It knows no layout: where a release rests (paging, snapping, a row's
/// group) is asked of the rules passed in, which the layout's geometry answers.
package struct CollectionScroller: Sendable {
    /// Along the scroll axis, and across it.
    package var main: ScrollAxis
    package var cross: ScrollAxis
    let vertical: Bool
    let directionalLock: Bool
    var lockedAxis: LockedAxis = .undecided
    var start = Vec2.zero
    /// Compositional sections' own scroll views (nil for a section that does not scroll orthogonally).
    var rows: [ScrollAxis?] = []
    /// The orthogonal row a drag started in, and the one it moves once it went sideways.
    var innerCandidate: Int?
    var innerActive: Int?

    init(spec: ScrollSpec, vertical: Bool, viewSize: Size2, content: Size2) {
        main = Self.axis(spec, vertical: vertical, viewSize: viewSize, content: content)
        cross = Self.axis(spec, vertical: !vertical, viewSize: viewSize, content: content)
        self.vertical = vertical
        directionalLock = spec.directionalLock
    }

    /// The scroll view along the vertical (or horizontal) axis, at its starting offset:
    /// UICollectionView starts at the top-left of its inset content unless told otherwise.
    static func axis(_ s: ScrollSpec, vertical: Bool, viewSize: Size2, content: Size2) -> ScrollAxis {
        let inset = s.contentInset
        var axis = ScrollAxis(
            viewLength: vertical ? viewSize.height : viewSize.width,
            contentLength: vertical ? content.height : content.width, bounces: s.bounces,
            alwaysBounce: vertical ? s.alwaysBounceVertical : s.alwaysBounceHorizontal,
            insetLeading: inset.leading(vertical: vertical), insetTrailing: inset.trailing(vertical: vertical),
            rate: s.decelerationRate, paging: s.paging)
        let start = s.contentOffset.map { vertical ? $0.y : $0.x } ?? axis.minOffset
        if start != 0 { axis.setOffset(start) }
        return axis
    }

    /// A point's coordinate along the scroll axis, and across it.
    func along(_ p: Vec2) -> Double { vertical ? p.y : p.x }
    func across(_ p: Vec2) -> Double { vertical ? p.x : p.y }

    package var contentOffset: Vec2 { vertical ? Vec2(cross.offset, main.offset) : Vec2(main.offset, cross.offset) }

    /// The content's size changed: both axes keep their offsets.
    mutating func contentChanged(_ content: Size2) {
        main.contentLength = vertical ? content.height : content.width
        cross.contentLength = vertical ? content.width : content.height
    }

    /// A finger lands on the scroll view (viewport coordinates) over orthogonal row `row`, if
    /// any: both axes start tracking.
    mutating func begin(at point: Vec2, row: Int?) {
        main.beginTracking(finger: along(point))
        cross.beginTracking(finger: across(point))
        lockedAxis = directionalLock ? .undecided : .none
        start = point
        innerActive = nil
        innerCandidate = row
        if let s = row { rows[s]?.beginTracking(finger: point.x) }
    }

    /// The finger moves: each axis follows it, unless the drag is locked to the other. With
    /// directional lock the first movement decides: one clearly along an axis (the other
    /// component under half of it) locks the drag to that axis; a diagonal one leaves both free.
    mutating func move(to point: Vec2, h: Double) {
        // In an orthogonal row a drag that goes sideways first scrolls the row, not the view.
        if let s = innerCandidate, innerActive == nil {
            let d = point - start
            if d.x != 0 || d.y != 0 {
                if abs(d.x) > abs(d.y) {
                    innerActive = s
                } else {
                    // The row the finger caught stops where it is; the view takes the drag.
                    innerCandidate = nil
                    rows[s]?.release(fingerVelocity: 0)
                }
            }
        }
        if let s = innerActive {
            rows[s]?.track(finger: point.x, h: h)
            return
        }
        if lockedAxis == .undecided {
            let d = point - start
            let a = abs(along(d)), c = abs(across(d))
            if a > 0 || c > 0 { lockedAxis = c < a / 2 ? .along : a < c / 2 ? .across : .none }
        }
        if lockedAxis != .across { main.track(finger: along(point), h: h) }
        if lockedAxis != .along { cross.track(finger: across(point), h: h) }
    }

    /// Where a release along the scroll axis rests, given the proposed rest offset (nil: free).
    typealias Target = (_ proposed: Double) -> Double?
    /// Where a release of row `s` rests: (row, offset at release, proposed, velocity).
    typealias RowTarget = (_ row: Int, _ offset: Double, _ proposed: Double, _ velocity: Double) -> Double?

    /// The finger lifts at `point` moving at `velocity`: each axis releases on its own.
    mutating func end(at point: Vec2, velocity: Vec2, h: Double, target: Target, rowTarget: RowTarget) {
        move(to: point, h: h)
        if let s = innerActive {
            releaseRow(s, fingerVelocity: velocity.x, rowTarget: rowTarget)
            release(fingerVelocity: 0, target: target)
            cross.release(fingerVelocity: 0)
            innerActive = nil; innerCandidate = nil
            return
        }
        innerCandidate = nil
        release(fingerVelocity: lockedAxis == .across ? 0 : along(velocity), target: target)
        cross.release(fingerVelocity: lockedAxis == .along ? 0 : across(velocity))
    }

    /// The finger lifts with `fingerVelocity` along the axis: paging, the layout's snapping
    /// (targetContentOffset) or free deceleration decide where the content comes to rest.
    mutating func release(fingerVelocity: Double, target: Target) {
        main.release(fingerVelocity: fingerVelocity) { proposed, _ in target(proposed) }
    }

    mutating func releaseRow(_ s: Int, fingerVelocity: Double, rowTarget: RowTarget) {
        guard var axis = rows[s] else { return }
        let offset = axis.offset
        axis.release(fingerVelocity: fingerVelocity) { proposed, v in rowTarget(s, offset, proposed, v) }
        rows[s] = axis
    }

    /// Every axis's free motion over one step.
    mutating func advance(h: Double) {
        main.advance(h: h)
        cross.advance(h: h)
        for s in rows.indices where rows[s]?.isMoving == true { rows[s]?.advance(h: h) }
    }

    var isMoving: Bool { main.isMoving || cross.isMoving || rows.contains { $0?.isMoving == true } }

    /// setContentOffset(_:animated:): both axes.
    mutating func scroll(to point: Vec2, animated: Bool) {
        main.scroll(to: along(point), animated: animated)
        if cross.offset != across(point) { cross.scroll(to: across(point), animated: animated) }
    }

    /// scrollToItem(at:at:animated:) for a cell whose frame is `f` (content coordinates) in a view
    /// of `viewSize`: placed at `position` in the inset view along the scroll axis, within the
    /// resting offsets (`nearest` scrolls only as far as shows it whole); across it centred with
    /// `center`, else the least scroll that shows it; and in its orthogonal row, if it has one.
    mutating func scroll(toFrame f: Rect, section: Int, position: ScrollPosition, animated: Bool, viewSize: Size2) {
        let a0 = vertical ? f.minY : f.minX, a1 = vertical ? f.maxY : f.maxX
        let length = vertical ? viewSize.height : viewSize.width
        let lead = main.insetLeading, trail = main.insetTrailing
        var target = main.offset
        switch position {
        case .top, .left: target = a0 - lead
        case .bottom, .right: target = a1 - (length - trail)
        case .center: target = (a0 + a1) / 2 - (lead + (length - lead - trail) / 2)
        case .nearest:
            if a0 < main.offset + lead {
                target = a0 - lead
            } else if a1 > main.offset + length - trail {
                target = a1 - (length - trail)
            }
        }
        main.scroll(to: min(max(target, main.minOffset), main.maxOffset), animated: animated)
        let c0 = vertical ? f.minX : f.minY, c1 = vertical ? f.maxX : f.maxY
        let width = vertical ? viewSize.width : viewSize.height
        let cLead = cross.insetLeading, cTrail = cross.insetTrailing
        var crossTarget = cross.offset
        if position == .center {
            crossTarget = (c0 + c1) / 2 - (cLead + (width - cLead - cTrail) / 2)
        } else if c0 < cross.offset + cLead {
            crossTarget = c0 - cLead
        } else if c1 > cross.offset + width - cTrail {
            crossTarget = c1 - (width - cTrail)
        }
        crossTarget = min(max(crossTarget, cross.minOffset), cross.maxOffset)
        if crossTarget != cross.offset { cross.scroll(to: crossTarget, animated: animated) }
        // Across the main axis in an orthogonal row: centred (`center`) or brought whole into view.
        guard section < rows.count, var row = rows[section] else { return }
        var rowTarget = row.offset
        if position == .center {
            rowTarget = f.center.x - viewSize.width / 2
        } else if f.minX < row.offset {
            rowTarget = f.minX
        } else if f.maxX > row.offset + viewSize.width {
            rowTarget = f.maxX - viewSize.width
        }
        row.scroll(to: min(max(rowTarget, row.minOffset), row.maxOffset), animated: animated)
        rows[section] = row
    }

    /// Section `s`'s orthogonal offset (0 for a section without one).
    package func rowOffset(_ s: Int) -> Double { s >= 0 && s < rows.count ? rows[s]?.offset ?? 0 : 0 }
}
