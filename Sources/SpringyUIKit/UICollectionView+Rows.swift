import Foundation
import SpringyLayout

// A compositional layout's orthogonal sections, as UIKit has them: each section's row is a
// scroll view of its own inside the collection view, spanning the view's width over the row,
// its cells its subviews. A drag that lands in a row and first moves more sideways than up or
// down scrolls the row; any other scrolls the collection view (as scene files' rows do). A
// release rests where the section's behaviour rests it (SpringyLayout's OrthogonalRow).

/// An orthogonal section's scroll view.
final class OrthogonalScrollView: UIScrollView {
    weak var owner: UICollectionView?
    private(set) var row: OrthogonalRow?
    /// Which scroll view a finger that landed here drags: undecided (where it landed) until it
    /// moves, then the row or the collection view.
    private enum Drag {
        case undecided(CGPoint)
        case row, outer
    }
    private var dragging: Drag?

    init(owner: UICollectionView) {
        self.owner = owner
        super.init(frame: .zero)
        // (Its insets are its row's; the collection view takes the safe area.)
        contentInsetAdjustmentBehavior = .never
    }

    /// The row as the layout now lays it out, `width` wide, scrolling as the collection view does
    /// unless its behaviour says otherwise; a new row starts at its first resting offset.
    func configure(_ row: OrthogonalRow, width: CGFloat, isNew: Bool) {
        self.row = row
        let edge = CGFloat(row.edgeInset(viewWidth: Double(width)))
        frame = CGRect(x: 0, y: CGFloat(row.top), width: width, height: CGFloat(row.height))
        contentSize = CGSize(width: CGFloat(row.length), height: CGFloat(row.height))
        contentInset = UIEdgeInsets(top: 0, left: edge, bottom: 0, right: edge)
        bounces = owner?.bounces ?? true
        decelerationRate = row.pagesByGroup ? .fast : owner?.decelerationRate ?? .normal
        isPagingEnabled = row.behavior == .paging
        if isNew { contentOffset = CGPoint(x: -edge, y: 0) }
    }

    /// The collection view shows the cells where the row has scrolled them.
    override var bounds: CGRect {
        didSet { if bounds.origin != oldValue.origin { owner?.setNeedsLayout() } }
    }

    override var restRule: ((_ offset: Double, _ proposed: Double, _ velocity: Double) -> Double?)? {
        guard let row else { return nil }
        let width = Double(bounds.width)
        return { row.restTarget(offset: $0, proposed: $1, velocity: $2, viewWidth: width) }
    }

    override func beginDrag(at point: CGPoint) {
        dragging = .undecided(point)
        owner?.catchMotion(at: point)
        super.beginDrag(at: point)
    }

    /// The first movement decides: sideways, the row; up or down, the collection view, which
    /// starts where the finger landed (the row stops where it is).
    private func decide(_ point: CGPoint, h: Double) {
        guard case .undecided(let landing)? = dragging else { return }
        let dx = abs(point.x - landing.x), dy = abs(point.y - landing.y)
        guard dx > 0 || dy > 0 else { return }
        if dx > dy {
            dragging = .row
        } else {
            dragging = .outer
            super.cancelDrag(at: landing, h: h)
            owner?.beginDrag(at: landing)
        }
    }

    override func drag(to point: CGPoint, h: Double) {
        decide(point, h: h)
        if case .outer? = dragging { owner?.drag(to: point, h: h) } else { super.drag(to: point, h: h) }
    }

    override func cancelDrag(at point: CGPoint, h: Double) {
        if case .outer? = dragging {
            owner?.cancelDrag(at: point, h: h)
        } else {
            super.cancelDrag(at: point, h: h)
            owner?.letGo()
        }
        dragging = nil
    }

    override func endDrag(at point: CGPoint, velocity: CGPoint, h: Double) {
        decide(point, h: h)
        if case .outer? = dragging {
            owner?.endDrag(at: point, velocity: velocity, h: h)
        } else {
            // (A finger that never moved taps: the collection view selects under it.)
            dragging = .row
            super.endDrag(at: point, velocity: velocity, h: h)
            owner?.letGo()
        }
        dragging = nil
    }
}

/// A collection view's orthogonal rows: each orthogonal section's scroll view, by section.
final class OrthogonalRows {
    private(set) var views: [OrthogonalScrollView?] = []

    /// Gives each orthogonal section of `cv`'s prepared layout its scroll view (a section that had
    /// one keeps it, and its offset); rows the layout no longer has are removed.
    func arrange(_ cv: UICollectionView) {
        var next: [OrthogonalScrollView?] = []
        for s in cv.sectionCounts.indices {
            guard let row = cv.collectionViewLayout.orthogonalRow(s) else {
                next.append(nil)
                continue
            }
            let old = view(s)
            let made = old ?? OrthogonalScrollView(owner: cv)
            made.configure(row, width: cv.bounds.width, isNew: old == nil)
            if made.superview !== cv { cv.insertSubview(made, at: 0) }
            next.append(made)
        }
        for (s, old) in views.enumerated() {
            guard let old, s >= next.count || next[s] !== old else { continue }
            old.removeFromSuperview()
        }
        views = next
    }

    /// Where a view the layout places at `a` goes, and its centre there: a cell of an orthogonal
    /// section in its row's scroll view; any other in the collection view.
    func placement(of a: UICollectionViewLayoutAttributes, in cv: UICollectionView) -> (UIView, CGPoint) {
        guard a.representedElementCategory == .cell, let row = view(a.indexPath.section) else { return (cv, a.center) }
        return (row, CGPoint(x: a.center.x, y: a.center.y - row.frame.minY))
    }

    /// Brings `views` (in drawing order) to the front of the collection view and of the rows
    /// they are in, the rows behind everything else.
    func bringToFront(_ views: [UIView], in cv: UICollectionView) {
        guard !self.views.isEmpty else { return cv.bringSubviewsToFront(views) }
        let rows = self.views.compactMap { $0 }
        cv.bringSubviewsToFront(rows + views)
        for row in rows { row.bringSubviewsToFront(views) }
    }

    /// Section `s`'s scroll view, when it scrolls orthogonally.
    func view(_ s: Int) -> OrthogonalScrollView? { s >= 0 && s < views.count ? views[s] : nil }

    /// Section `s`'s orthogonal offset (0 for a section without one).
    func offset(_ s: Int) -> Double { Double(view(s)?.contentOffset.x ?? 0) }

    /// scrollToItem's part in an orthogonal row: the item centred (`centeredHorizontally`), at the
    /// row's left or right, else brought whole into view; within the row's resting offsets.
    func scroll(toShow frame: CGRect, section s: Int, at position: UICollectionView.ScrollPosition, animated: Bool) {
        guard let row = view(s) else { return }
        let offset = row.contentOffset.x, width = row.bounds.width
        var target = offset
        if position.contains(.centeredHorizontally) {
            target = frame.midX - width / 2
        } else if position.contains(.left) {
            target = frame.minX
        } else if position.contains(.right) {
            target = frame.maxX - width
        } else if frame.minX < offset {
            target = frame.minX
        } else if frame.maxX > offset + width {
            target = frame.maxX - width
        }
        let low = -row.contentInset.left
        let high = max(low, row.contentSize.width - width + row.contentInset.right)
        target = min(max(target, low), high)
        if target != offset { row.setContentOffset(CGPoint(x: target, y: 0), animated: animated) }
    }
}
