import Foundation
import SpringyCore
import SpringyLayout

/// Told as a scroll view scrolls, is dragged, decelerates and ends an animated scroll.
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}

/// A view whose bounds' origin is its content offset, moved by Springy's scroll physics
/// (SpringyLayout's ScrollAxis: UIKit's deceleration, rubber band, paging and animated
/// scrolls, the same as scene files' collection views) on the run's clock.
open class UIScrollView: UIView {
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    weak open var delegate: (any UIScrollViewDelegate)?
    open var contentSize: CGSize = .zero { didSet { if contentSize != oldValue { syncAxes() } } }
    /// How the safe area (what the scene's chrome covers of the view) adds to the content inset.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable { case automatic, scrollableAxes, never, always }

    open var contentInset: UIEdgeInsets = .zero { didSet { syncAxes() } }
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic { didSet { syncAxes() } }
    /// `contentInset` with the safe area added as `contentInsetAdjustmentBehavior` says: the
    /// insets the offset rests within and the content starts below.
    open private(set) var adjustedContentInset: UIEdgeInsets = .zero
    /// What the safe area added, as last applied.
    private var safePart = UIEdgeInsets.zero
    /// Told when `adjustedContentInset` changed (the delegate is told after).
    open func adjustedContentInsetDidChange() {}
    open var isPagingEnabled = false { didSet { syncAxes() } }
    open var decelerationRate: DecelerationRate = .normal { didSet { syncAxes() } }
    open var bounces = true { didSet { syncAxes() } }
    open var alwaysBounceVertical = false { didSet { syncAxes() } }
    open var alwaysBounceHorizontal = false { didSet { syncAxes() } }
    open var isScrollEnabled = true

    var horizontal: ScrollAxis
    var vertical: ScrollAxis
    /// An animated scroll is running (its end is told to the delegate).
    var animatingScroll = false
    private var movingItself = false

    open override var bounds: CGRect {
        didSet {
            if bounds.size != oldValue.size { syncAxes() }
            if bounds.origin != oldValue.origin && !movingItself {
                // Set from outside (bounds or contentOffset): the motion stops there.
                horizontal.setOffset(Double(bounds.origin.x))
                vertical.setOffset(Double(bounds.origin.y))
            }
        }
    }

    public override init(frame: CGRect) {
        horizontal = ScrollAxis(viewLength: Double(frame.width), contentLength: 0)
        vertical = ScrollAxis(viewLength: Double(frame.height), contentLength: 0)
        super.init(frame: frame)
        UIKitRuntime.current?.register(self)
    }

    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    open func setContentOffset(_ offset: CGPoint, animated: Bool) {
        guard offset.x.isFinite, offset.y.isFinite else { return }
        if animated {
            horizontal.scroll(to: Double(offset.x), animated: true)
            vertical.scroll(to: Double(offset.y), animated: true)
            animatingScroll = true
        } else {
            horizontal.setOffset(Double(offset.x))
            vertical.setOffset(Double(offset.y))
            moved(to: offset)
        }
    }

    open var isDecelerating: Bool { (horizontal.isMoving || vertical.isMoving) && !animatingScroll && !isTracking }
    open var isTracking: Bool { horizontal.isTracking || vertical.isTracking }
    open var isDragging: Bool { isTracking }

    func moved(to offset: CGPoint) {
        guard offset != bounds.origin else { return }
        movingItself = true
        bounds.origin = offset
        movingItself = false
        delegate?.scrollViewDidScroll(self)
    }

    /// Why this scroll view's numbers cannot drive its axes, or nil: a deceleration rate
    /// outside 0 to 1 (both excluded, as a scene file's), or a size or inset that is not finite.
    var axesProblem: String? {
        let r = decelerationRate.rawValue
        guard r > 0 && r < 1 else {
            return "decelerationRate must be greater than 0 and less than 1 (UIKit: 0.998 normal, 0.99 fast), found \(r)"
        }
        let i = contentInset
        for (name, numbers) in [
            ("bounds", [bounds.width, bounds.height]), ("contentSize", [contentSize.width, contentSize.height]),
            ("contentInset", [i.top, i.left, i.bottom, i.right]),
        ] where !numbers.allSatisfy(\.isFinite) {
            return "a scroll view's \(name) is not a finite number: \(numbers)"
        }
        return nil
    }

    func syncAxes() {
        // The axes keep their last numbers; the run stops at the end of the step, at the scene.
        if let problem = axesProblem {
            UIKitRuntime.current?.failAtScene(problem)
            return
        }
        horizontal.viewLength = Double(bounds.width)
        vertical.viewLength = Double(bounds.height)
        horizontal.contentLength = Double(contentSize.width)
        vertical.contentLength = Double(contentSize.height)
        let before = adjustedContentInset
        adjustedContentInset = adjusted()
        horizontal.insetLeading = Double(adjustedContentInset.left)
        horizontal.insetTrailing = Double(adjustedContentInset.right)
        vertical.insetLeading = Double(adjustedContentInset.top)
        vertical.insetTrailing = Double(adjustedContentInset.bottom)
        for k in [0, 1] {
            var a = k == 0 ? horizontal : vertical
            a.bounces = bounces
            a.alwaysBounce = k == 0 ? alwaysBounceHorizontal : alwaysBounceVertical
            a.rate = Double(decelerationRate.rawValue)
            a.paging = isPagingEnabled
            if k == 0 { horizontal = a } else { vertical = a }
        }
        guard adjustedContentInset != before else { return }
        // When the safe area's part changes, content resting at its top (or left) stays there:
        // it starts below the new inset, as UIKit's does under a bar. (A contentInset you set
        // moves nothing, as in UIKit.)
        let a = adjustedContentInset, c = contentInset
        let part = UIEdgeInsets(top: a.top - c.top, left: a.left - c.left, bottom: a.bottom - c.bottom, right: a.right - c.right)
        if part != safePart {
            var offset = bounds.origin
            if !vertical.isTracking, offset.y == -before.top { offset.y = 0 - adjustedContentInset.top }
            if !horizontal.isTracking, offset.x == -before.left { offset.x = 0 - adjustedContentInset.left }
            safePart = part
            if offset != bounds.origin && !isMoving { setContentOffset(offset, animated: false) }
        }
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// `contentInset` and the safe area's part: every edge (`always`), none (`never`), or the
    /// edges along an axis the content scrolls on — longer than the view, or always bouncing
    /// (`scrollableAxes`, and `automatic`: Springy has no navigation or tab bar controllers,
    /// whose content views UIKit's automatic behaviour always adjusts vertically).
    private func adjusted() -> UIEdgeInsets {
        var out = contentInset
        let both: (vertical: Bool, horizontal: Bool)
        switch contentInsetAdjustmentBehavior {
        case .never: both = (false, false)
        case .always: both = (true, true)
        case .automatic, .scrollableAxes:
            both = (
                contentSize.height > bounds.height || alwaysBounceVertical,
                contentSize.width > bounds.width || alwaysBounceHorizontal
            )
        }
        // (No chrome, no safe area: nothing to measure.)
        guard both.vertical || both.horizontal, let run = UIKitRuntime.current, run.safeArea != .zero else { return out }
        let safe = safeAreaInsets
        if both.vertical {
            out.top += safe.top
            out.bottom += safe.bottom
        }
        if both.horizontal {
            out.left += safe.left
            out.right += safe.right
        }
        return out
    }

    /// The safe area is known once the view is on screen: the insets follow it at every layout.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if adjusted() != adjustedContentInset { syncAxes() }
    }

    /// One step of its free motion (deceleration, bounce, an animated scroll).
    func advance(h: Double) {
        guard horizontal.isMoving || vertical.isMoving else { return }
        horizontal.advance(h: h)
        vertical.advance(h: h)
        moved(to: CGPoint(x: horizontal.offset, y: vertical.offset))
        if !horizontal.isMoving && !vertical.isMoving {
            if animatingScroll {
                animatingScroll = false
                delegate?.scrollViewDidEndScrollingAnimation(self)
            } else {
                delegate?.scrollViewDidEndDecelerating(self)
            }
        }
    }

    var isMoving: Bool { horizontal.isMoving || vertical.isMoving }

    /// Where a release along x rests when the scroll view has a rule of its own (an orthogonal
    /// row's behaviour), from the offset at the release, the proposed rest point and the
    /// content's velocity; nil: the layout and the delegate choose (targetContentOffset).
    var restRule: ((_ offset: Double, _ proposed: Double, _ velocity: Double) -> Double?)? { nil }

    // MARK: - Dragged by the script's finger

    /// The recogniser that drags it: where the finger is, how far and how fast it has moved.
    public let panGestureRecognizer = UIPanGestureRecognizer()

    /// Where the finger landed, how far from there it has been, and whether it caught moving
    /// content: a finger that lifts within 10 pt of where it landed on still content taps.
    private var landing: (point: CGPoint, farthest: CGFloat, caughtMoving: Bool)?

    /// A finger lands at `point` (the window's coordinates): the content is caught where it is.
    func beginDrag(at point: CGPoint) {
        landing = (point, 0, isMoving)
        animatingScroll = false
        horizontal.beginTracking(finger: Double(point.x))
        vertical.beginTracking(finger: Double(point.y))
        panGestureRecognizer.touch(.began, at: point, in: self)
        delegate?.scrollViewWillBeginDragging(self)
    }
    func drag(to point: CGPoint, h: Double) {
        if let l = landing {
            landing?.farthest = max(l.farthest, hypot(point.x - l.point.x, point.y - l.point.y))
        }
        horizontal.track(finger: Double(point.x), h: h)
        vertical.track(finger: Double(point.y), h: h)
        panGestureRecognizer.touch(.changed, at: point, in: self, h: h)
        moved(to: CGPoint(x: horizontal.offset, y: vertical.offset))
    }
    /// A finger landed on a scroll view inside this one (an orthogonal row): this one's motion
    /// stops where it is while the finger is down, as UIKit's scroll view stops for a touch
    /// anywhere in it; the drag itself may still become this one's (`beginDrag`).
    func catchMotion(at point: CGPoint) {
        animatingScroll = false
        horizontal.beginTracking(finger: Double(point.x))
        vertical.beginTracking(finger: Double(point.y))
    }
    /// That finger lifted, the drag having been the inner one's: the motion goes on from rest
    /// (back from an overscroll, if it was past an edge).
    func letGo() {
        vertical.release(fingerVelocity: 0) { _, _ in nil }
        horizontal.release(fingerVelocity: 0) { _, _ in nil }
    }

    /// Another recogniser took the finger (a long press under it was recognised): the drag
    /// ends where it is, with no fling and no tap.
    func cancelDrag(at point: CGPoint, h: Double) {
        landing = nil
        vertical.release(fingerVelocity: 0) { _, _ in nil }
        horizontal.release(fingerVelocity: 0) { _, _ in nil }
        panGestureRecognizer.touch(.cancelled, at: point, in: self, velocity: .zero, h: h)
        delegate?.scrollViewDidEndDragging(self, willDecelerate: isMoving)
    }

    /// The finger lifts moving at `velocity` (pt/s): the layout and the delegate may choose where
    /// the content comes to rest (targetContentOffset), then it decelerates, bounces or pages.
    func endDrag(at point: CGPoint, velocity: CGPoint, h: Double) {
        drag(to: point, h: h)
        panGestureRecognizer.touch(.ended, at: point, in: self, velocity: velocity, h: h)
        // UIKit's velocity here is the content's, in points per millisecond.
        let contentVelocity = CGPoint(x: -velocity.x / 1000, y: -velocity.y / 1000)
        var chosen: CGPoint?
        func choose(_ proposedX: Double?, _ proposedY: Double?) -> CGPoint? {
            if let chosen { return chosen }
            var target = CGPoint(x: proposedX ?? horizontal.offset, y: proposedY ?? vertical.offset)
            if let cv = self as? UICollectionView {
                target = cv.collectionViewLayout.targetContentOffset(
                    forProposedContentOffset: target, withScrollingVelocity: contentVelocity)
            }
            withUnsafeMutablePointer(to: &target) {
                delegate?.scrollViewWillEndDragging(self, withVelocity: contentVelocity, targetContentOffset: $0)
            }
            chosen = target
            return target
        }
        if let rule = restRule {
            let offset = horizontal.offset
            vertical.release(fingerVelocity: Double(velocity.y)) { _, _ in nil }
            horizontal.release(fingerVelocity: Double(velocity.x)) { proposed, v in rule(offset, proposed, v) }
        } else {
            let proposedY = vertical.proposedRest(velocity: -Double(velocity.y))
            let proposedX = horizontal.proposedRest(velocity: -Double(velocity.x))
            vertical.release(fingerVelocity: Double(velocity.y)) { _, _ in
                choose(proposedX, proposedY).map { Double($0.y) }.flatMap { $0 == proposedY ? nil : $0 }
            }
            horizontal.release(fingerVelocity: Double(velocity.x)) { _, _ in
                choose(proposedX, proposedY).map { Double($0.x) }.flatMap { $0 == proposedX ? nil : $0 }
            }
        }
        delegate?.scrollViewDidEndDragging(self, willDecelerate: isMoving)
        // A tap on a collection view's cell selects it (a tap that stopped a scroll does not), in
        // an orthogonal row too.
        if let l = landing, !l.caughtMoving, l.farthest <= UITapGestureRecognizer.allowableMovement,
            let collection = self as? UICollectionView ?? (self as? OrthogonalScrollView)?.owner
        {
            collection.tapped(at: point)
        }
        landing = nil
    }
}
