import Foundation
import SpringyCore
import SpringyLayout
import SpringyScene

/// Makes section `index`'s description, told the space it lays out in.
public typealias UICollectionViewCompositionalLayoutSectionProvider =
    (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// What a compositional layout's sections share: the scroll direction (Springy's scrolls
/// vertically) and the space between sections.
public final class UICollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying {
    public var scrollDirection: UICollectionView.ScrollDirection = .vertical
    public var interSectionSpacing: CGFloat = 0
    public override init() { super.init() }
    public func copy(with zone: NSZone? = nil) -> Any {
        let c = UICollectionViewCompositionalLayoutConfiguration()
        c.scrollDirection = scrollDirection
        c.interSectionSpacing = interSectionSpacing
        return c
    }
}

/// UIKit's compositional layout, where Springy has it: SpringyLayout's CompositionalLayout (the
/// one scene files' `kind: compositional` collections use) places every group. A section is a
/// grid — a group of one item repeated across the section (`repeatingSubitem:count:`, or as many
/// as fit) in rows `interGroupSpacing` apart — or, with an `orthogonalScrollingBehavior`, one row
/// of groups of one item that scrolls sideways in its own scroll view, resting as UIKit's
/// behaviours rest. Items' content insets, headers and footers (boundary supplementary items at
/// the top or bottom, pinned when asked) and the space between sections are added here. What it
/// does not cover (nested groups, groups of different items, several items per group in an
/// orthogonal row, a horizontal main axis, side-aligned supplementary items) is refused with a
/// located error when the layout prepares.
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    let provider: UICollectionViewCompositionalLayoutSectionProvider
    let site: CallSite
    private var config: UICollectionViewCompositionalLayoutConfiguration
    /// A copy of the configuration; setting one lays the sections out again.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        get { config.copy() as? UICollectionViewCompositionalLayoutConfiguration ?? config }
        set {
            config = newValue.copy() as? UICollectionViewCompositionalLayoutConfiguration ?? newValue
            invalidateLayout()
        }
    }

    public convenience init(section: NSCollectionLayoutSection, file: String = #fileID, line: Int = #line) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration(), file: file, line: line)
    }
    public convenience init(
        section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration,
        file: String = #fileID, line: Int = #line
    ) {
        self.init(sectionProvider: { _, _ in section }, configuration: configuration, file: file, line: line)
    }
    public convenience init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider, file: String = #fileID,
        line: Int = #line
    ) {
        self.init(
            sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration(), file: file,
            line: line)
    }
    public init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
        configuration: UICollectionViewCompositionalLayoutConfiguration, file: String = #fileID, line: Int = #line
    ) {
        provider = sectionProvider
        config = configuration.copy() as? UICollectionViewCompositionalLayoutConfiguration ?? configuration
        site = CallSite(file: file, line: line)
        super.init()
    }

    /// A header or footer as laid out: its kind, place across the view, size and pinning.
    struct Boundary {
        var kind: String
        var x: CGFloat
        var size: CGSize
        var pinned: Bool
        var insets: NSDirectionalEdgeInsets
    }
    /// What the engine's layout does not know of a section.
    struct Extra {
        var header: Boundary?
        var footer: Boundary?
        /// The item's box in the engine's box, and the cell's insets in it.
        var item: CGSize
        var insets: NSDirectionalEdgeInsets
        /// Where the section ends (the space after it excluded).
        var end: CGFloat
    }
    var engine: CompositionalLayout?
    var extras: [Extra] = []

    /// The sections are asked of the provider again only after a full invalidation
    /// (`invalidateLayout()`, new data) or for a new size: a scroll that moves a pinned header
    /// lays out again from what is prepared.
    private var prepared: (size: CGSize, counts: [Int])?

    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { prepared = nil }
        super.invalidateLayout(with: context)
    }

    open override func prepare() {
        super.prepare()
        if let p = prepared, engine != nil, let cv = collectionView, p.size == cv.bounds.size, p.counts == cv.sectionCounts {
            return
        }
        prepared = nil
        engine = nil
        extras = []
        guard let cv = collectionView else { return }
        guard config.scrollDirection == .vertical else {
            return refuse("a compositional layout that scrolls horizontally is not covered: Springy's scrolls vertically")
        }
        let view = cv.bounds.size
        let environment = LayoutEnvironment(
            container: LayoutContainer(contentSize: view),
            traitCollection: UITraitCollection(displayScale: CGFloat(UIKitRuntime.current?.scale ?? 2)))
        let counts = cv.sectionCounts
        var specs: [SectionSpec] = []
        for (s, count) in counts.enumerated() {
            guard let section = provider(s, environment) else { return refuse("the section provider gave no section \(s)") }
            let spacing = s < counts.count - 1 ? config.interSectionSpacing : 0
            guard let (spec, extra) = plan(section, s, count: count, view: view, after: spacing) else { return }
            specs.append(spec)
            extras.append(extra)
        }
        var spec = LayoutSpec()
        spec.kind = .compositional
        spec.headerHeight = 0
        let made = CompositionalLayout(
            spec: spec, sectionCounts: counts, viewSize: Size2(Double(view.width), Double(view.height)), sectionSpecs: specs)
        engine = made
        for s in extras.indices { extras[s].end = CGFloat(made.sectionSpan(s).end) - (extras[s].end) }
        prepared = (view, counts)
    }

    private func refuse(_ message: String, at where: CallSite? = nil) {
        engine = nil
        extras = []
        UIKitRuntime.current?.fail(`where` ?? site, message)
    }

    /// Section `s`'s description as the engine's section and what is added to it (nil: refused).
    /// `after`: the space to the next section. (`Extra.end` holds that space until the engine
    /// has laid the sections out.)
    private func plan(_ section: NSCollectionLayoutSection, _ s: Int, count: Int, view: CGSize, after: CGFloat)
        -> (SectionSpec, Extra)?
    {
        let ins = section.contentInsets
        let group = section.group
        let what = "section \(s)"
        guard ins.isFinite, min(ins.top, ins.leading, ins.bottom, ins.trailing) >= 0 else {
            refuse("\(what)'s contentInsets must be finite and not negative: \(ins)")
            return nil
        }
        let spacing = group.interItemSpacing?.spacing ?? 0
        for (name, x) in [
            ("interGroupSpacing", section.interGroupSpacing), ("interSectionSpacing", after), ("interItemSpacing", spacing),
        ]
        where !(x.isFinite && x >= 0) {
            refuse("\(what)'s \(name) must be finite and not negative: \(x)")
            return nil
        }
        guard let item = group.subitems.first, group.subitems.allSatisfy({ $0 === item }) else {
            refuse(
                "\(what): a group of \(group.subitems.isEmpty ? "no items" : "different items") is not covered: Springy lays out a group of one item, repeated",
                at: group.site)
            return nil
        }
        guard !(item is NSCollectionLayoutGroup) else {
            refuse("\(what): a group inside a group is not covered: Springy lays out a group of items", at: group.site)
            return nil
        }
        // Groups are sized in the section's space inside its insets; items in their group's.
        let container = CGSize(
            width: max(0, view.width - ins.leading - ins.trailing), height: max(0, view.height - ins.top - ins.bottom))
        let box = group.layoutSize.points(in: container)
        var itemSize = item.layoutSize.points(in: box)
        let along = group.vertical ? box.height : box.width
        var each = group.vertical ? itemSize.height : itemSize.width
        let perGroup: Int
        if let n = group.count {
            guard n >= 1 else {
                refuse("\(what): a group repeats its item at least once, not \(n) times", at: group.site)
                return nil
            }
            perGroup = n
            each = (along - CGFloat(n - 1) * spacing) / CGFloat(n)
        } else {
            guard each > 0 else {
                refuse("\(what): an item with no \(group.vertical ? "height" : "width") repeats without end", at: group.site)
                return nil
            }
            // So many that no screen shows them (a group of items 1e-300 pt wide) is refused.
            let fit = ((along + spacing) / (each + spacing) + 1e-9).rounded(.down)
            guard fit <= 10_000 else {
                refuse(
                    "\(what): an item of \(each) pt would repeat \(fit) times in its group, more than the 10000 Springy lays out",
                    at: group.site)
                return nil
            }
            perGroup = max(1, Int(fit))
        }
        if group.vertical { itemSize.height = each } else { itemSize.width = each }
        for x in [box.width, box.height, itemSize.width, itemSize.height] where !(x.isFinite && x >= 0) {
            refuse("\(what)'s group and item sizes must be finite and not negative: group \(box), item \(itemSize)")
            return nil
        }
        guard item.contentInsets.isFinite else {
            refuse("\(what)'s item contentInsets must be finite: \(item.contentInsets)")
            return nil
        }
        var spec = SectionSpec(labels: Array(repeating: "", count: count))
        spec.sectionInset = EdgeInsets(
            top: Double(ins.top), left: Double(ins.leading), bottom: Double(ins.bottom), right: Double(ins.trailing))
        spec.itemSize = Size2(Double(box.width), Double(box.height))
        spec.lineSpacing = Double(section.interGroupSpacing)
        switch section.orthogonalScrollingBehavior {
        case .none: spec.orthogonal = .none
        case .continuous: spec.orthogonal = .continuous
        case .continuousGroupLeadingBoundary: spec.orthogonal = .continuous_group_leading
        case .paging: spec.orthogonal = .paging
        case .groupPaging: spec.orthogonal = .group_paging
        case .groupPagingCentered: spec.orthogonal = .group_paging_centered
        }
        if spec.orthogonal != .none {
            // One row of groups: the engine's items are the groups, interGroupSpacing apart.
            guard perGroup == 1 else {
                refuse(
                    "\(what): an orthogonal row of groups of \(perGroup) items is not covered: give each group one item",
                    at: group.site)
                return nil
            }
            spec.interitemSpacing = Double(section.interGroupSpacing)
        } else {
            // Rows of `perGroup` items `spacing` apart, from the section's leading inset.
            guard !group.vertical || perGroup == 1 else {
                refuse(
                    "\(what): a vertical group of \(perGroup) items is not covered: give each item its own group, or make the group horizontal",
                    at: group.site)
                return nil
            }
            let shared = container.width - CGFloat(perGroup - 1) * spacing
            guard shared > 0 else {
                refuse("\(what): \(perGroup) items \(spacing) pt apart do not fit the section's \(container.width) pt")
                return nil
            }
            spec.columns = perGroup
            spec.interitemSpacing = Double(spacing)
            spec.widthFraction = Double(itemSize.width * CGFloat(perGroup) / shared)
        }
        var extra = Extra(item: itemSize, insets: item.contentInsets, end: after)
        for b in section.boundarySupplementaryItems {
            let top: Bool
            switch b.alignment {
            case .top, .topLeading, .topTrailing: top = true
            case .bottom, .bottomLeading, .bottomTrailing: top = false
            case .none, .leading, .trailing:
                refuse(
                    "\(what): a boundary supplementary item aligned \(b.alignment) is not covered: Springy has headers and footers"
                )
                return nil
            }
            guard (top ? extra.header : extra.footer) == nil else {
                refuse("\(what) has two \(top ? "headers" : "footers"): Springy lays out one of each")
                return nil
            }
            let follow = section.supplementariesFollowContentInsets
            let width = follow ? container.width : view.width, left = follow ? ins.leading : 0
            let size = b.layoutSize.points(in: CGSize(width: width, height: view.height))
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0, b.contentInsets.isFinite else {
                refuse("\(what)'s \(b.elementKind) must have a finite size, not negative: \(size)")
                return nil
            }
            let x: CGFloat
            switch b.alignment {
            case .topLeading, .bottomLeading, .none, .leading: x = left
            case .topTrailing, .bottomTrailing, .trailing: x = left + width - size.width
            case .top, .bottom: x = left + (width - size.width) / 2
            }
            let made = Boundary(kind: b.elementKind, x: x, size: size, pinned: b.pinToVisibleBounds, insets: b.contentInsets)
            if top {
                extra.header = made
                spec.sectionInset?.top += Double(size.height)
            } else {
                extra.footer = made
                spec.sectionInset?.bottom += Double(size.height)
            }
        }
        spec.sectionInset?.bottom += Double(after)
        return (spec, extra)
    }

    open override var collectionViewContentSize: CGSize {
        guard let engine else { return .zero }
        return CGSize(width: engine.contentSize.width, height: engine.contentSize.height)
    }

    /// An orthogonal section's row: the collection view gives it its own scroll view.
    override func orthogonalRow(_ section: Int) -> OrthogonalRow? { engine?.orthogonalRow(section) }

    /// The cell's frame in an item's box (the engine's frame).
    private func cellAttributes(_ a: LayoutAttributes) -> UICollectionViewLayoutAttributes? {
        let s = a.indexPath.section
        guard s >= 0, s < extras.count else { return nil }
        let e = extras[s], i = e.insets
        let made = makeAttributes(category: .cell, kind: nil, indexPath: IndexPath(item: a.indexPath.item, section: s))
        made.frame = CGRect(
            x: CGFloat(a.frame.minX) + i.leading, y: CGFloat(a.frame.minY) + i.top,
            width: e.item.width - i.leading - i.trailing, height: e.item.height - i.top - i.bottom)
        return made
    }

    /// Section `s`'s header (or footer) where it shows at the collection view's offset.
    private func boundaryAttributes(_ s: Int, header: Bool) -> UICollectionViewLayoutAttributes? {
        guard let engine, s >= 0, s < extras.count, let b = header ? extras[s].header : extras[s].footer else { return nil }
        let start = CGFloat(engine.sectionSpan(s).start), end = extras[s].end
        var y = header ? start : end - b.size.height
        if b.pinned, let cv = collectionView {
            let top = cv.contentOffset.y + cv.adjustedContentInset.top
            let bottom = cv.contentOffset.y + cv.bounds.height - cv.adjustedContentInset.bottom
            if header {
                y = min(max(top, start), end - b.size.height)
            } else {
                y = min(max(bottom - b.size.height, start + (extras[s].header?.size.height ?? 0)), y)
            }
        }
        let i = b.insets
        let made = makeAttributes(category: .supplementaryView, kind: b.kind, indexPath: IndexPath(item: 0, section: s))
        made.frame = CGRect(
            x: b.x + i.leading, y: y + i.top, width: b.size.width - i.leading - i.trailing,
            height: b.size.height - i.top - i.bottom)
        made.zIndex = 1
        return made
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let engine else { return [] }
        let r = Rect(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
        let cv = collectionView
        var out: [UICollectionViewLayoutAttributes] = []
        for s in extras.indices {
            for header in [true, false] {
                if let a = boundaryAttributes(s, header: header), a.frame.intersects(rect) { out.append(a) }
            }
        }
        for a in engine.attributes(in: r, rowOffset: { cv?.rows.offset($0) ?? 0 }) where a.kind == .cell {
            if let made = cellAttributes(a) { out.append(made) }
        }
        return out
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.item >= 0,
            let a = engine?.attributes(for: ItemPath(indexPath.section, indexPath.item))
        else { return nil }
        return cellAttributes(a)
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard indexPath.count >= 1 else { return nil }
        for header in [true, false] {
            if let a = boundaryAttributes(indexPath[0], header: header), a.representedElementKind == elementKind { return a }
        }
        return nil
    }

    /// Laid out again when the view's size changes, and as it scrolls while a header or footer is pinned.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != (collectionView?.bounds.size ?? newBounds.size)
            || extras.contains { $0.header?.pinned == true || $0.footer?.pinned == true }
    }
}
