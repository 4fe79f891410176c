import Foundation
import SpringyScene

/// An object that responds to events (UIKit's base of views and view controllers).
open class UIResponder: NSObject {
    public override init() { super.init() }
    open var next: UIResponder? { nil }
}

/// CALayer's corner curves.
public struct CALayerCornerCurve: Equatable, Hashable, Sendable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// The layer behind a view: its corners, border and shadow as drawn.
open class CALayer: NSObject {
    public override init() { super.init() }
    open var cornerRadius: CGFloat = 0
    open var cornerCurve: CALayerCornerCurve = .circular
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor? = CGColor(.init(r: 0, g: 0, b: 0))
    open var masksToBounds = false
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowColor: CGColor? = CGColor(.init(r: 0, g: 0, b: 0))
}

/// A rectangle on screen, in a tree of views: what Springy draws and what UIKit Dynamics moves.
open class UIView: UIResponder {
    /// Its size and the origin of its own coordinates.
    open var bounds: CGRect {
        didSet {
            if bounds.size != oldValue.size {
                setNeedsLayout()
                changed(
                    .size, SIMD4(Double(oldValue.width), Double(oldValue.height), 0, 0),
                    SIMD4(Double(bounds.width), Double(bounds.height), 0, 0))
            }
            // Animatable as UIKit's is: a contentOffset set in an animation block scrolls on its curve.
            if bounds.origin != oldValue.origin {
                changed(
                    .origin, SIMD4(Double(oldValue.minX), Double(oldValue.minY), 0, 0),
                    SIMD4(Double(bounds.minX), Double(bounds.minY), 0, 0))
            }
        }
    }
    /// Its centre in its superview's coordinates.
    open var center: CGPoint {
        didSet {
            changed(.center, SIMD4(Double(oldValue.x), Double(oldValue.y), 0, 0), SIMD4(Double(center.x), Double(center.y), 0, 0))
        }
    }
    open var transform: CGAffineTransform = .identity {
        didSet {
            guard transform != oldValue, let animations = UIKitRuntime.current?.animations else { return }
            for p in [AnimatedProperty.translation, .rotation, .scale] {
                animations.changed(self, p, from: ViewAnimator.value(oldValue, p), to: ViewAnimator.value(transform, p))
            }
        }
    }
    open var alpha: CGFloat = 1 {
        didSet { changed(.alpha, SIMD4(Double(oldValue), 0, 0, 0), SIMD4(Double(alpha), 0, 0, 0)) }
    }
    open var isHidden = false
    open var backgroundColor: UIColor? {
        didSet {
            guard let animations = UIKitRuntime.current?.animations else { return }
            func rgba(_ c: UIColor?) -> SIMD4<Double> {
                guard let v = c?.resolved(animations.appearance) else { return .zero }
                return SIMD4(v.r, v.g, v.b, v.a)
            }
            animations.changed(self, .color, from: rgba(oldValue), to: rgba(backgroundColor))
        }
    }
    /// Its name in the run's view animations, once it has animated.
    var animationName: String?
    /// Its name in frames by its place in the tree, and that place (kept while it stays).
    var pathName: (path: [Int], name: String)?
    func changed(_ p: AnimatedProperty, _ old: SIMD4<Double>, _ new: SIMD4<Double>) {
        UIKitRuntime.current?.animations.changed(self, p, from: old, to: new)
    }
    /// How it lays its content out in its bounds (an image view's picture).
    open var contentMode: ContentMode = .scaleToFill
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    open var tag = 0
    open var accessibilityIdentifier: String?
    open var isUserInteractionEnabled = true
    open var tintColor: UIColor! {
        get { ownTint ?? superview?.tintColor ?? .systemBlue }
        set { ownTint = newValue }
    }
    var ownTint: UIColor?
    public let layer = CALayer()
    public private(set) var subviews: [UIView] = [] { didSet { UIKitRuntime.current?.arrangement += 1 } }
    public private(set) weak var superview: UIView?
    var needsLayout = true
    /// The view controller whose view this is (its layout callbacks run around this view's).
    package weak var controller: UIViewController?

    public init(frame: CGRect) {
        bounds = CGRect(origin: .zero, size: frame.size)
        center = CGPoint(x: frame.midX, y: frame.midY)
        super.init()
    }
    public convenience override init() { self.init(frame: .zero) }

    /// Its rectangle in its superview's coordinates (undefined in UIKit when transformed: here,
    /// the box around the transformed bounds).
    open var frame: CGRect {
        get {
            let box = CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
                .applying(CGAffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0))
            return box.offsetBy(dx: center.x, dy: center.y)
        }
        set {
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            bounds.size = newValue.size
        }
    }

    open override var next: UIResponder? { controller ?? superview }
    open var window: UIWindow? { (self as? UIWindow) ?? superview?.window }

    // MARK: - The hierarchy

    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        var index = index
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
            if old < index { index -= 1 }
        } else {
            view.removeFromSuperview()
        }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.didMoveToSuperview()
        didAddSubview(view)
        setNeedsLayout()
    }
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        insertSubview(view, at: i)
    }
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        insertSubview(view, at: i + 1)
    }
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        didMoveToSuperview()
        parent.setNeedsLayout()
    }
    /// `bringSubviewToFront` for each of `views` in turn (those that are its subviews), done at
    /// once: the other subviews first, as they were, then these; nothing moves when that is
    /// already their order (the collection view's drawing order, every layout pass).
    func bringSubviewsToFront(_ views: [UIView]) {
        let front = views.filter { $0.superview === self }
        let ids = Set(front.map(ObjectIdentifier.init))  // asked only
        let arranged = subviews.filter { !ids.contains(ObjectIdentifier($0)) } + front
        if !zip(arranged, subviews).allSatisfy({ $0 === $1 }) { subviews = arranged }
    }
    open func bringSubviewToFront(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
    }
    open func sendSubviewToBack(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
    }
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) { subviews.swapAt(index1, index2) }
    open func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let x = v {
            if x === view { return true }
            v = x.superview
        }
        return false
    }
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for v in subviews { if let found = v.viewWithTag(tag) { return found } }
        return nil
    }
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    open func didMoveToSuperview() {}

    /// What the scene's status bar and home indicator (its chrome) cover of this view, in its own
    /// edges: the screen's safe area met with its frame on screen; zero off the window or with
    /// no chrome.
    open var safeAreaInsets: UIEdgeInsets {
        guard let run = UIKitRuntime.current, let window = run.window as UIWindow?, window.isAncestor(of: self) else {
            return UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        }
        let r = convert(bounds, to: nil), s = run.safeArea, screen = run.screenBounds
        func within(_ x: CGFloat, _ most: CGFloat) -> CGFloat { min(max(x, 0), most) }
        return UIEdgeInsets(
            top: within(screen.minY + s.top - r.minY, r.height), left: within(screen.minX + s.left - r.minX, r.width),
            bottom: within(r.maxY - (screen.maxY - s.bottom), r.height), right: within(r.maxX - (screen.maxX - s.right), r.width))
    }

    /// Whether `view` is this view or below it.
    func isAncestor(of view: UIView) -> Bool {
        var v: UIView? = view
        while let x = v {
            if x === self { return true }
            v = x.superview
        }
        return false
    }

    // MARK: - Hit-testing

    /// Whether `point` (its own coordinates) is inside it: within its bounds. Override it to
    /// take touches outside them (or refuse some inside): the script's fingers ask it.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }
    /// The deepest view under `point` (its own coordinates) that takes touches — not hidden, not
    /// below an alpha of 0.01, interactive, the point inside it — its subviews' first, the last
    /// added on top; else nil. The script's fingers land on what the window's answers.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point, with: event) else { return nil }
        for sub in subviews.reversed() {
            if let hit = sub.hitTest(sub.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    // MARK: - Gesture recognisers

    public private(set) var gestureRecognizers: [UIGestureRecognizer]? = nil
    open func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers = (gestureRecognizers ?? []) + [recognizer]
        recognizer.view = self
    }
    open func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        gestureRecognizers?.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    // MARK: - Layout

    /// Lays out its subviews; UIKit's does nothing (no Auto Layout here), subclasses override.
    open func layoutSubviews() {}
    open func setNeedsLayout() { needsLayout = true }
    /// Runs `layoutSubviews` now where it is needed, this view first, then its subviews.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            controller?.viewWillLayoutSubviews()
            layoutSubviews()
            controller?.viewDidLayoutSubviews()
        }
        for v in subviews { v.layoutIfNeeded() }
    }
    /// The size that best fits `size`: its own, for a plain view (a label's text, an image view's picture).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes it to `sizeThatFits` of its current size, its frame's origin kept.
    open func sizeToFit() { frame.size = sizeThatFits(bounds.size) }
    /// No size of its own, for a plain view (UIKit's `noIntrinsicMetric` both ways).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    public static let noIntrinsicMetric: CGFloat = -1

    // MARK: - UIDynamicItem

    /// Views collide as rectangles unless a subclass says otherwise.
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    open var collisionBoundingPath: UIBezierPath { UIBezierPath() }

    // MARK: - Coordinates

    /// From this view's coordinates to its superview's.
    /// (A point p of this view's coordinates, whose origin is its bounds' origin, lands at
    /// center + transform(p − bounds' midpoint): a scroll view's offset moves its subviews once.)
    var toSuperview: CGAffineTransform {
        CGAffineTransform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(transform)
            .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
    }
    /// From this view's coordinates to its root's (the window's, when it is in one).
    var toRoot: CGAffineTransform {
        guard superview != nil else { return .identity }
        var t = toSuperview
        var v = superview
        while let s = v, s.superview != nil {
            t = t.concatenating(s.toSuperview)
            v = s.superview
        }
        return t
    }
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inRoot = point.applying(toRoot)
        guard let view else { return inRoot }
        return inRoot.applying(view.toRoot.inverted())
    }
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let inRoot = view.map { point.applying($0.toRoot) } ?? point
        return inRoot.applying(toRoot.inverted())
    }
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        let t = view.map { toRoot.concatenating($0.toRoot.inverted()) } ?? toRoot
        return rect.applying(t)
    }
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        let t = view.map { $0.toRoot.concatenating(toRoot.inverted()) } ?? toRoot.inverted()
        return rect.applying(t)
    }
}

/// An event's touches: Springy's scripted fingers come with none (`hitTest(_:with:)` and
/// `point(inside:with:)` are asked with nil).
open class UIEvent: NSObject {}

/// The screen a scene runs on: its viewport, at its scale (outside a scene's run, an empty one).
open class UIScreen: NSObject {
    public let bounds: CGRect
    public let scale: CGFloat
    init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
        super.init()
    }
    /// The running scene's screen.
    open class var main: UIScreen {
        UIKitRuntime.current.map { UIScreen(bounds: $0.screenBounds, scale: CGFloat($0.scale)) }
            ?? UIScreen(bounds: .zero, scale: 1)
    }
}
