import Foundation
import SpringyCore
import SpringyLayout
import SpringyScene

/// Per-section and per-item answers a flow layout asks its collection view's delegate for.
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath)
        -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout: UICollectionViewLayout, insetForSectionAt section: Int)
        -> UIEdgeInsets
    func collectionView(
        _ collectionView: UICollectionView, layout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat
    func collectionView(
        _ collectionView: UICollectionView, layout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(
        _ collectionView: UICollectionView, layout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
    ) -> CGSize { (layout as? UICollectionViewFlowLayout)?.itemSize ?? .zero }
    public func collectionView(_ collectionView: UICollectionView, layout: UICollectionViewLayout, insetForSectionAt section: Int)
        -> UIEdgeInsets
    { (layout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero }
    public func collectionView(
        _ collectionView: UICollectionView, layout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat { (layout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 10 }
    public func collectionView(
        _ collectionView: UICollectionView, layout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat { (layout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10 }
}

/// UIKit's line-based layout: SpringyLayout's FlowLayout (the one scene files' `kind: flow`
/// collections use) computes every frame; subclasses override the attribute methods and call
/// `super` for its answers, as in UIKit.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    open var itemSize = CGSize(width: 50, height: 50) { didSet { if itemSize != oldValue { invalidateLayout() } } }
    open var minimumLineSpacing: CGFloat = 10 { didSet { if minimumLineSpacing != oldValue { invalidateLayout() } } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { if minimumInteritemSpacing != oldValue { invalidateLayout() } } }
    open var sectionInset: UIEdgeInsets = .zero { didSet { if sectionInset != oldValue { invalidateLayout() } } }
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical {
        didSet { if scrollDirection != oldValue { invalidateLayout() } }
    }
    /// A header's (footer's) length along the scroll axis; 0 for none.
    open var headerReferenceSize: CGSize = .zero { didSet { if headerReferenceSize != oldValue { invalidateLayout() } } }
    open var footerReferenceSize: CGSize = .zero { didSet { if footerReferenceSize != oldValue { invalidateLayout() } } }

    var flow: FlowLayout?
    /// The flow before the last prepare, and during an update the one from before it.
    private var previousFlow: FlowLayout?
    private var flowBeforeUpdate: FlowLayout?
    /// Items (and whole sections, item NSNotFound) the update brings in and takes out.
    private var inserted: [IndexPath] = []
    private var deleted: [IndexPath] = []

    public override init() { super.init() }

    open override func prepare() {
        super.prepare()
        previousFlow = flow
        guard let cv = collectionView else {
            flow = nil
            return
        }
        let vertical = scrollDirection == .vertical
        var spec = LayoutSpec()
        spec.kind = .flow
        spec.direction = vertical ? .vertical : .horizontal
        spec.itemSize = Size2(Double(itemSize.width), Double(itemSize.height))
        spec.lineSpacing = Double(minimumLineSpacing)
        spec.interitemSpacing = Double(minimumInteritemSpacing)
        spec.sectionInset = EdgeInsets(
            top: Double(sectionInset.top), left: Double(sectionInset.left), bottom: Double(sectionInset.bottom),
            right: Double(sectionInset.right))
        spec.headerHeight = Double(vertical ? headerReferenceSize.height : headerReferenceSize.width)
        spec.footerHeight = Double(vertical ? footerReferenceSize.height : footerReferenceSize.width)
        let counts = cv.sectionCounts
        var sections: [SectionSpec] = []
        if let d = cv.delegate as? any UICollectionViewDelegateFlowLayout {
            for (s, n) in counts.enumerated() {
                var section = SectionSpec(labels: Array(repeating: "", count: n))
                section.sizes = (0..<n).map {
                    let size = d.collectionView(cv, layout: self, sizeForItemAt: IndexPath(item: $0, section: s))
                    return Size2(Double(size.width), Double(size.height))
                }
                let i = d.collectionView(cv, layout: self, insetForSectionAt: s)
                section.sectionInset = EdgeInsets(
                    top: Double(i.top), left: Double(i.left), bottom: Double(i.bottom), right: Double(i.right))
                section.lineSpacing = Double(d.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: s))
                section.interitemSpacing = Double(d.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: s))
                sections.append(section)
            }
        }
        // The same answers make the same flow: it is computed again only when one changed (and
        // checked then: answers a flow was made from were checked when it was).
        let size = Size2(Double(cv.bounds.width), Double(cv.bounds.height))
        if let f = flow, let last = flowInputs, last.spec == spec, last.counts == counts, last.size == size,
            last.sections == sections
        {
            flow = f
            return
        }
        if let problem = Self.problem(spec, sections: sections) {
            UIKitRuntime.current?.failAtScene(problem)
            flow = nil
            return
        }
        flowInputs = (spec, counts, size, sections)
        flow = FlowLayout(spec: spec, sectionCounts: counts, viewSize: size, sectionSpecs: sections)
    }
    /// Why the flow cannot be laid out, in UIKit's words where it has them: an item size that
    /// is not positive ("negative or zero sizes are not supported in the flow layout"), or a
    /// spacing, inset or header size that is not a finite number. Negative spacings are UIKit's
    /// to take (lines and items overlap).
    static func problem(_ spec: LayoutSpec, sections: [SectionSpec]) -> String? {
        func positive(_ s: Size2) -> Bool { s.width.isFinite && s.height.isFinite && s.width > 0 && s.height > 0 }
        func plain(_ s: Size2) -> String { "(\(s.width), \(s.height))" }
        if sections.isEmpty, !positive(spec.itemSize) {
            return "negative or zero sizes are not supported in the flow layout: itemSize is \(plain(spec.itemSize))"
        }
        for (s, section) in sections.enumerated() {
            if let k = section.sizes?.firstIndex(where: { !positive($0) }) {
                return
                    "negative or zero sizes are not supported in the flow layout: collectionView(_:layout:sizeForItemAt:) gave \(plain(section.sizes![k])) for item \(k) of section \(s)"
            }
        }
        let numbers: [(String, Double?)] =
            [
                ("minimumLineSpacing", spec.lineSpacing), ("minimumInteritemSpacing", spec.interitemSpacing),
                (
                    "sectionInset",
                    spec.sectionInset.top + spec.sectionInset.left + spec.sectionInset.bottom + spec.sectionInset.right
                ),
                ("headerReferenceSize", spec.headerHeight), ("footerReferenceSize", spec.footerHeight),
            ]
            + sections.flatMap { section in
                [
                    ("the section's minimumLineSpacing", section.lineSpacing),
                    ("the section's minimumInteritemSpacing", section.interitemSpacing),
                    ("the section's inset", section.sectionInset.map { $0.top + $0.left + $0.bottom + $0.right }),
                ]
            }
        if let bad = numbers.first(where: { !($0.1?.isFinite ?? true) }) { return "\(bad.0) is not a finite number" }
        return nil
    }

    /// What the flow was last computed from.
    private var flowInputs: (spec: LayoutSpec, counts: [Int], size: Size2, sections: [SectionSpec])?

    open override var collectionViewContentSize: CGSize {
        guard let flow else { return .zero }
        return CGSize(width: flow.contentSize.width, height: flow.contentSize.height)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let flow else { return [] }
        return flow.attributes(
            in: Rect(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
        )
        .compactMap(attributes)
    }
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.item >= 0 else { return nil }
        return flow?.attributes(for: ItemPath(indexPath.section, indexPath.item)).flatMap(attributes)
    }
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard indexPath.count >= 1, indexPath[0] >= 0 else { return nil }
        let s = indexPath[0]
        switch elementKind {
        case UICollectionView.elementKindSectionHeader: return flow?.headerAttributes(section: s).flatMap(attributes)
        case UICollectionView.elementKindSectionFooter: return flow?.footerAttributes(section: s).flatMap(attributes)
        default: return nil  // open set: element kinds are strings; a flow layout has these two
        }
    }
    open override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        flowBeforeUpdate = previousFlow
        // A reload is a cross-fade: its old cell leaves as a deleted one, its new one comes as an inserted one.
        inserted = updateItems.compactMap { [.insert, .reload].contains($0.updateAction) ? $0.indexPathAfterUpdate : nil }
        deleted = updateItems.compactMap { [.delete, .reload].contains($0.updateAction) ? $0.indexPathBeforeUpdate : nil }
    }
    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        flowBeforeUpdate = nil
        inserted = []
        deleted = []
    }
    /// An inserted item fades in where it goes; any other starts where the flow puts it.
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard itemIndexPath.count == 2, itemIndexPath.section >= 0, itemIndexPath.item >= 0,
            let a = flow?.attributes(for: ItemPath(itemIndexPath.section, itemIndexPath.item)).flatMap(attributes)
        else { return nil }
        if inserted.contains(itemIndexPath) || inserted.contains(IndexPath(item: NSNotFound, section: itemIndexPath.section)) {
            a.alpha = 0
        }
        return a
    }
    /// A deleted item fades out where it was; any other ends where the flow had it.
    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard itemIndexPath.count == 2, itemIndexPath.section >= 0, itemIndexPath.item >= 0,
            let a = (flowBeforeUpdate ?? flow)?.attributes(for: ItemPath(itemIndexPath.section, itemIndexPath.item))
                .flatMap(attributes)
        else { return nil }
        if deleted.contains(itemIndexPath) || deleted.contains(IndexPath(item: NSNotFound, section: itemIndexPath.section)) {
            a.alpha = 0
        }
        return a
    }
    /// A flow layout lays out again when the view's size changes, not when it scrolls.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != (collectionView?.bounds.size ?? newBounds.size)
    }

    func attributes(_ a: LayoutAttributes) -> UICollectionViewLayoutAttributes? {
        let made: UICollectionViewLayoutAttributes
        switch a.kind {
        case .cell:
            made = makeAttributes(
                category: .cell, kind: nil, indexPath: IndexPath(item: a.indexPath.item, section: a.indexPath.section))
        case .header:
            made = makeAttributes(
                category: .supplementaryView, kind: UICollectionView.elementKindSectionHeader,
                indexPath: IndexPath(item: 0, section: a.indexPath.section))
        case .footer:
            made = makeAttributes(
                category: .supplementaryView, kind: UICollectionView.elementKindSectionFooter,
                indexPath: IndexPath(item: 0, section: a.indexPath.section))
        case .background: return nil
        }
        made.frame = CGRect(x: a.frame.minX, y: a.frame.minY, width: a.frame.width, height: a.frame.height)
        made.zIndex = a.z
        made.alpha = CGFloat(a.alpha)
        return made
    }
}
