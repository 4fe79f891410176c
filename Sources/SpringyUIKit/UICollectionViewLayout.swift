import Foundation
import SpringyLayout

/// What a layout attribute describes: a cell, a supplementary view or a decoration view.
extension UICollectionView {
    public enum ElementCategory: UInt, Sendable { case cell, supplementaryView, decorationView }
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}

/// Where and how one element of a collection view is shown; a UIDynamicItem, so a layout can
/// hand its attributes to a UIDynamicAnimator.
open class UICollectionViewLayoutAttributes: NSObject, UIDynamicItem, NSCopying {
    open var center: CGPoint = .zero
    open var size: CGSize = .zero
    open var transform: CGAffineTransform = .identity
    open var alpha: CGFloat = 1
    open var zIndex = 0
    open var isHidden = false
    /// (A change reorders an animator's items only when one holds it: the attributes a layout
    /// makes at every pass do not make the animators sort their items again.)
    open var indexPath: IndexPath {
        didSet { if ordersAnAnimator, indexPath != oldValue { UIKitRuntime.current?.arrangement += 1 } }
    }
    /// An animator's ordered items include it.
    var ordersAnAnimator = false
    public internal(set) var representedElementCategory: UICollectionView.ElementCategory = .cell
    public internal(set) var representedElementKind: String?

    public required override init() {
        indexPath = IndexPath(item: 0, section: 0)
        super.init()
    }
    convenience init(category: UICollectionView.ElementCategory, kind: String?, indexPath: IndexPath) {
        self.init()
        representedElementCategory = category
        representedElementKind = kind
        self.indexPath = indexPath
    }
    public convenience init(forCellWith indexPath: IndexPath) { self.init(category: .cell, kind: nil, indexPath: indexPath) }
    public convenience init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.init(category: .supplementaryView, kind: kind, indexPath: indexPath)
    }
    public convenience init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
        self.init(category: .decorationView, kind: kind, indexPath: indexPath)
    }

    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            size = newValue.size
        }
    }
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let c = Swift.type(of: self).init()
        c.representedElementCategory = representedElementCategory
        c.representedElementKind = representedElementKind
        c.indexPath = indexPath
        c.center = center
        c.size = size
        c.transform = transform
        c.alpha = alpha
        c.zIndex = zIndex
        c.isHidden = isHidden
        return c
    }
    open override func copy() -> Any { copy(with: nil) }

    /// A copy at alpha 0 (where an appearing element starts by default).
    func faded() -> UICollectionViewLayoutAttributes {
        let c = copy() as? UICollectionViewLayoutAttributes ?? self
        c.alpha = 0
        return c
    }

    /// Every number finite (a layout's attributes that are not are refused).
    var isFinite: Bool {
        // (Term by term: no array made for every cell at every pass.)
        let t = transform
        return center.x.isFinite && center.y.isFinite && size.width.isFinite && size.height.isFinite && alpha.isFinite
            && t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
    }

    /// Equal when they describe the same element the same way (UIKit's test: a subclass with
    /// properties of its own overrides this and calls super), so a layout or the collection
    /// view can tell that nothing changed.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        if other === self { return true }
        return Swift.type(of: other) == Swift.type(of: self) && other.indexPath == indexPath
            && other.representedElementCategory == representedElementCategory
            && other.representedElementKind == representedElementKind && other.center == center && other.size == size
            && other.transform == transform && other.alpha == alpha && other.zIndex == zIndex && other.isHidden == isHidden
    }
    /// From what makes them the same element (unseeded: the same in every process).
    open override var hash: Int {
        var h = Int(representedElementCategory.rawValue)
        for part in indexPath { h = h &* 1_000_003 ^ part }
        for byte in (representedElementKind ?? "").utf8 { h = h &* 31 &+ Int(byte) }
        return h
    }
}

/// What changed, for `invalidateLayout(with:)`. Subclass it (and name the subclass in the
/// layout's `invalidationContextClass`) to carry what your layout needs to know. As in UIKit, a
/// context `invalidateLayout()` makes says `invalidateEverything`, one for new data (`reloadData`,
/// a batch update) `invalidateDataSourceCounts`, and one for a bounds change neither.
open class UICollectionViewLayoutInvalidationContext: NSObject {
    public required override init() { super.init() }
    public internal(set) var invalidateEverything = false
    public internal(set) var invalidateDataSourceCounts = false
    public private(set) var invalidatedItemIndexPaths: [IndexPath]?
    public private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
    /// Added to the collection view's content offset when the layout is invalidated with it.
    open var contentOffsetAdjustment: CGPoint = .zero
    /// An interactive movement's items: where they show now and showed before, and the point
    /// they follow (set on the contexts the layout makes for a movement).
    public internal(set) var targetIndexPathsForInteractivelyMovingItems: [IndexPath]?
    public internal(set) var previousIndexPathsForInteractivelyMovingItems: [IndexPath]?
    public internal(set) var interactiveMovementTarget: CGPoint = .zero
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        var all = invalidatedSupplementaryIndexPaths ?? [:]
        all[elementKind, default: []] += indexPaths
        invalidatedSupplementaryIndexPaths = all
    }
}

/// A collection view's layout: subclass it and answer where each element goes. The collection
/// view asks `prepare()` after an invalidation, then `collectionViewContentSize` and
/// `layoutAttributesForElements(in:)` for what is on screen, and `shouldInvalidateLayout(forBoundsChange:)`
/// as it scrolls.
open class UICollectionViewLayout: NSObject {
    public internal(set) weak var collectionView: UICollectionView?
    /// The layout must prepare again before it is asked.
    var needsPrepare = true

    public override init() { super.init() }

    open func prepare() {}
    open var collectionViewContentSize: CGSize { .zero }
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { nil }
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        makeInvalidationContext()
    }
    /// The context class `invalidateLayout()` makes (it must be a UICollectionViewLayoutInvalidationContext).
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    open func invalidateLayout() {
        let context = makeInvalidationContext()
        context.invalidateEverything = true
        context.invalidateDataSourceCounts = true
        invalidateLayout(with: context)
    }
    /// A context of the layout's class (`invalidationContextClass`).
    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        (Swift.type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)?.init()
            ?? UICollectionViewLayoutInvalidationContext()
    }
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        needsPrepare = true
        guard let cv = collectionView else { return }
        let d = context.contentOffsetAdjustment
        if d != .zero { cv.contentOffset = CGPoint(x: cv.contentOffset.x + d.x, y: cv.contentOffset.y + d.y) }
        cv.setNeedsLayout()
    }
    /// Told of a batch update's changes after the layout prepared for the new data.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}
    /// Called inside the update's animation block, after the cells were given their new places.
    open func finalizeCollectionViewUpdates() {}
    /// Where an item appearing in an update starts (nil: where it goes; an inserted item fades in).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }
    /// Where a supplementary view appearing in an update starts (nil: where it goes, fading in).
    open func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { nil }
    /// Where a supplementary view made inside an update's animation starts: the layout's
    /// initial attributes for it, else faded out where it goes (nil outside an animation).
    func start(ofAppearing kind: String, _ a: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes? {
        guard UIKitRuntime.current?.animations.inBlock == true else { return nil }
        return initialLayoutAttributesForAppearingSupplementaryElement(ofKind: kind, at: a.indexPath) ?? a.faded()
    }
    /// Where a supplementary view leaving in an update ends — its section deleted or reloaded,
    /// or named by `indexPathsToDeleteForSupplementaryView(ofKind:)` (nil: where it was, fading out).
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }
    /// Supplementary views of `elementKind` an update removes besides those of deleted sections
    /// (index paths before the update), asked after `prepare(forCollectionViewUpdates:)`.
    open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }
    /// Supplementary views of `elementKind` an update makes anew (index paths after it): one shown
    /// at such a path leaves and a new one appears.
    open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }
    /// Where an item leaving in an update ends (nil: where it was, fading out).
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    )
        -> CGPoint
    { proposedContentOffset }
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }
    /// A section whose items scroll in one row of their own (a compositional layout's orthogonal
    /// section): the collection view gives it a scroll view.
    func orthogonalRow(_ section: Int) -> OrthogonalRow? { nil }

    // MARK: - Interactive movement

    /// Where an item moving interactively goes for the finger at `position`: the item whose
    /// frame holds the point, else where it is.
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint)
        -> IndexPath
    {
        let probe = CGRect(x: position.x - 0.5, y: position.y - 0.5, width: 1, height: 1)
        let under = (layoutAttributesForElements(in: probe) ?? []).first {
            $0.representedElementCategory == .cell && $0.frame.contains(position)
        }
        return under?.indexPath ?? previousIndexPath
    }

    /// The moving item's attributes: its own, centred on the finger's `position` and above the others.
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint)
        -> UICollectionViewLayoutAttributes
    {
        let own = layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes
        let a = own ?? makeAttributes(category: .cell, kind: nil, indexPath: indexPath)
        a.center = position
        a.zIndex = Int(Int32.max)
        return a
    }

    /// The context a movement's step invalidates the layout with: the items it moved between.
    open func invalidationContext(
        forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: CGPoint,
        previousIndexPaths: [IndexPath], previousPosition: CGPoint
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.targetIndexPathsForInteractivelyMovingItems = targetIndexPaths
        context.previousIndexPathsForInteractivelyMovingItems = previousIndexPaths
        context.interactiveMovementTarget = targetPosition
        context.invalidateItems(
            at: previousIndexPaths == targetIndexPaths ? targetIndexPaths : previousIndexPaths + targetIndexPaths)
        return context
    }

    /// The context the end of a movement invalidates the layout with.
    open func invalidationContextForEndingInteractiveMovementOfItems(
        toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath], movementCancelled: Bool
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.targetIndexPathsForInteractivelyMovingItems = indexPaths
        context.previousIndexPathsForInteractivelyMovingItems = previousIndexPaths
        context.invalidateItems(at: previousIndexPaths == indexPaths ? indexPaths : previousIndexPaths + indexPaths)
        return context
    }

    /// An attributes object of the layout's class (`layoutAttributesClass`).
    func makeAttributes(category: UICollectionView.ElementCategory, kind: String?, indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes
    {
        let cls =
            (Swift.type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type)
            ?? UICollectionViewLayoutAttributes.self
        let a = cls.init()
        a.representedElementCategory = category
        a.representedElementKind = kind
        a.indexPath = indexPath
        return a
    }
}
