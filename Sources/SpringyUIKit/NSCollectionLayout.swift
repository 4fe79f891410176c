import Foundation

// What a compositional layout is described with: sizes made of dimensions, items, groups of
// items, sections of groups, and boundary supplementary items (headers and footers). Plain
// descriptions, as in UIKit: UICollectionViewCompositionalLayout reads them when it prepares,
// and refuses (a located error) what Springy's compositional layout does not cover.

/// Insets by leading and trailing edge (Springy lays out left to right: leading is left).
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init() { top = 0; leading = 0; bottom = 0; trailing = 0 }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static var zero: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets() }
    var isFinite: Bool { top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite }
}

/// One side of a layout size: a fraction of its container's width or height, or points.
/// (Estimated dimensions are not offered: Springy's cells do not size themselves.)
public final class NSCollectionLayoutDimension: NSObject, NSCopying {
    enum Kind { case fractionalWidth, fractionalHeight, absolute }
    let kind: Kind
    public let dimension: CGFloat
    init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
        super.init()
    }
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalWidth, fractionalWidth)
    }
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalHeight, fractionalHeight)
    }
    public static func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.absolute, absoluteDimension)
    }
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    public var isAbsolute: Bool { kind == .absolute }
    public func copy(with zone: NSZone? = nil) -> Any { NSCollectionLayoutDimension(kind, dimension) }

    /// Points, in a container of `size`.
    func points(in size: CGSize) -> CGFloat {
        switch kind {
        case .fractionalWidth: dimension * size.width
        case .fractionalHeight: dimension * size.height
        case .absolute: dimension
        }
    }
}

/// A width and a height, each a dimension.
public final class NSCollectionLayoutSize: NSObject, NSCopying {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
        super.init()
    }
    public func copy(with zone: NSZone? = nil) -> Any {
        NSCollectionLayoutSize(widthDimension: widthDimension, heightDimension: heightDimension)
    }
    /// Points, in a container of `size`.
    func points(in size: CGSize) -> CGSize {
        CGSize(width: widthDimension.points(in: size), height: heightDimension.points(in: size))
    }
}

/// The space between a group's items. (Flexible spacing is not offered.)
public final class NSCollectionLayoutSpacing: NSObject, NSCopying {
    public let spacing: CGFloat
    init(_ spacing: CGFloat) {
        self.spacing = spacing
        super.init()
    }
    public static func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing(fixedSpacing) }
    public var isFixedSpacing: Bool { true }
    public func copy(with zone: NSZone? = nil) -> Any { NSCollectionLayoutSpacing(spacing) }
}

/// One cell's box: its size in its group, and the insets its cell has inside the box.
open class NSCollectionLayoutItem: NSObject, NSCopying {
    public let layoutSize: NSCollectionLayoutSize
    /// The cell's frame is the item's box inset by these.
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    init(size: NSCollectionLayoutSize) {
        layoutSize = size
        super.init()
    }
    public convenience init(layoutSize: NSCollectionLayoutSize) { self.init(size: layoutSize) }
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = NSCollectionLayoutItem(size: layoutSize)
        c.contentInsets = contentInsets
        return c
    }
}

/// Items in a line: side by side (horizontal) or one above another (vertical).
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    public let subitems: [NSCollectionLayoutItem]
    /// How many times `subitems` repeat (`repeatingSubitem:count:`); nil: as many as fit.
    let count: Int?
    let vertical: Bool
    let site: CallSite
    /// The space between the group's items.
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(size: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int?, vertical: Bool, site: CallSite) {
        self.subitems = subitems
        self.count = count
        self.vertical = vertical
        self.site = site
        super.init(size: size)
    }

    /// A horizontal group of `subitems`, repeated as many times as fit its width.
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], file: String = #fileID, line: Int = #line
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            size: layoutSize, subitems: subitems, count: nil, vertical: false, site: CallSite(file: file, line: line))
    }
    /// A horizontal group of `count` items sharing its width (after the spacing between them).
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int,
        file: String = #fileID, line: Int = #line
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            size: layoutSize, subitems: [subitem], count: count, vertical: false, site: CallSite(file: file, line: line))
    }
    /// iOS 13's spelling of `horizontal(layoutSize:repeatingSubitem:count:)`.
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int, file: String = #fileID,
        line: Int = #line
    ) -> NSCollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, repeatingSubitem: subitem, count: count, file: file, line: line)
    }
    /// A vertical group of `subitems`, repeated as many times as fit its height.
    public static func vertical(
        layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], file: String = #fileID, line: Int = #line
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            size: layoutSize, subitems: subitems, count: nil, vertical: true, site: CallSite(file: file, line: line))
    }
    /// A vertical group of `count` items sharing its height.
    public static func vertical(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int,
        file: String = #fileID, line: Int = #line
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            size: layoutSize, subitems: [subitem], count: count, vertical: true, site: CallSite(file: file, line: line))
    }
    /// iOS 13's spelling of `vertical(layoutSize:repeatingSubitem:count:)`.
    public static func vertical(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int, file: String = #fileID,
        line: Int = #line
    ) -> NSCollectionLayoutGroup {
        vertical(layoutSize: layoutSize, repeatingSubitem: subitem, count: count, file: file, line: line)
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = NSCollectionLayoutGroup(size: layoutSize, subitems: subitems, count: count, vertical: vertical, site: site)
        c.contentInsets = contentInsets
        c.interItemSpacing = interItemSpacing
        return c
    }
}

/// Where a boundary supplementary item sits on its section's rectangle.
public enum NSRectAlignment: Int, Sendable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// A section's header or footer: a view of `elementKind` above (`.top…`) or below (`.bottom…`)
/// the section's items, pinned to the visible bounds while its section shows when asked.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String
    public let alignment: NSRectAlignment
    /// Stays in view while its section does (a header at the top, a footer at the bottom).
    open var pinToVisibleBounds = false

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.elementKind = elementKind
        self.alignment = alignment
        super.init(size: layoutSize)
    }
    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: layoutSize, elementKind: elementKind, alignment: alignment)
        c.contentInsets = contentInsets
        c.pinToVisibleBounds = pinToVisibleBounds
        return c
    }
}

/// How a section's groups scroll across the layout's axis (one row of them), and where a
/// release rests.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// A section: its group, repeated for its items, with insets, the space between groups, its
/// headers and footers, and whether it scrolls orthogonally.
open class NSCollectionLayoutSection: NSObject, NSCopying {
    public let group: NSCollectionLayoutGroup
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var interGroupSpacing: CGFloat = 0
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Headers and footers span the section inside its leading and trailing insets (else the
    /// collection view's width).
    open var supplementariesFollowContentInsets = true

    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        super.init()
    }
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = NSCollectionLayoutSection(group: group)
        c.contentInsets = contentInsets
        c.interGroupSpacing = interGroupSpacing
        c.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        c.boundarySupplementaryItems = boundarySupplementaryItems
        c.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        return c
    }
}

/// What a section provider is told of the space it lays out in.
public protocol NSCollectionLayoutContainer {
    /// The collection view's size.
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

public protocol NSCollectionLayoutEnvironment {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

struct LayoutContainer: NSCollectionLayoutContainer {
    var contentSize: CGSize
    var effectiveContentSize: CGSize { contentSize }
    var contentInsets: NSDirectionalEdgeInsets { .zero }
    var effectiveContentInsets: NSDirectionalEdgeInsets { .zero }
}

struct LayoutEnvironment: NSCollectionLayoutEnvironment {
    var container: any NSCollectionLayoutContainer
    var traitCollection: UITraitCollection
}
