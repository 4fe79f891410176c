import SpringyCore
import SpringyFrame
import SpringyScene

/// UICollectionViewLayoutAttributes: where one cell or header is, in content coordinates.
package struct LayoutAttributes: Equatable, Sendable {
    package enum Kind: Sendable { case cell, header, footer, background }
    package var kind: Kind
    package var indexPath: ItemPath
    package var frame: Rect
    package var angle: Double = 0
    package var alpha: Double = 1
    package var z: Int = 0
    package var center: Vec2 { frame.center }
    package var size: Size2 { frame.size }

    package init(kind: Kind, indexPath: ItemPath, frame: Rect, z: Int = 0) {
        self.kind = kind; self.indexPath = indexPath; self.frame = frame; self.z = z
    }
}

/// A layout computes attributes; querying a rect costs in proportion to what is in it.
package protocol CollectionLayout {
    var contentSize: Size2 { get }
    var sectionCounts: [Int] { get }
    /// Cells and (unpinned) headers intersecting `rect`, in index order, headers before their cells.
    func attributes(in rect: Rect) -> [LayoutAttributes]
    /// The same with orthogonal rows scrolled by `rowOffset(section)`: a row's cells are those
    /// whose scrolled frames meet `rect` (frames are still given unscrolled). Layouts without
    /// orthogonal rows answer `attributes(in:)`.
    func attributes(in rect: Rect, rowOffset: (Int) -> Double) -> [LayoutAttributes]
    func attributes(for indexPath: ItemPath) -> LayoutAttributes?
    func headerAttributes(section: Int) -> LayoutAttributes?
    /// The content-coordinate span (along the scroll axis) of a whole section: header, items, insets.
    func sectionSpan(_ section: Int) -> (start: Double, end: Double)
    func footerAttributes(section: Int) -> LayoutAttributes?
    /// A decoration view behind the section, with its own colour when it has one.
    func backgroundAttributes(section: Int) -> (LayoutAttributes, Color?)?
    /// A section whose items scroll in one row across the main axis: how, the row's length,
    /// the items' pitch and width, and the row's leading inset.
    func orthogonalRow(_ section: Int) -> OrthogonalRow?
}

/// One orthogonally scrolling section's row (compositional layouts).
package struct OrthogonalRow: Sendable {
    package var behavior: OrthogonalScrolling
    /// The row's length, its insets included.
    package var length: Double
    /// From one item's leading edge to the next's.
    package var pitch: Double
    package var itemWidth: Double
    /// The leading inset.
    package var left: Double
    /// The row's band along y (content coordinates): where its items start, and their height.
    package var top: Double
    package var height: Double

    /// The inset each end of the row's scroll view has: centred group paging can centre the
    /// first and last groups, so the row is inset by what that takes; other behaviours none.
    package func edgeInset(viewWidth: Double) -> Double {
        behavior == .group_paging_centered ? max(0, (viewWidth - itemWidth) / 2 - left) : 0
    }

    /// Whether it pages by group (and decelerates at the fast rate).
    package var pagesByGroup: Bool { behavior == .group_paging || behavior == .group_paging_centered }

    /// Where a release of the row comes to rest, from `offset` at the release, the proposed rest
    /// point and the content's velocity: its behaviour's rule (group paging moves one group in the
    /// fling's direction past the paging threshold, else to the nearest); nil: where it decelerates to.
    package func restTarget(offset: Double, proposed: Double, velocity v: Double, viewWidth: Double) -> Double? {
        let first: Double  // the offset that shows the first group where the behaviour rests it
        switch behavior {
        case .none, .continuous, .paging: return nil
        case .continuous_group_leading:
            return (proposed / pitch).rounded() * pitch
        case .group_paging: first = 0
        case .group_paging_centered: first = left + itemWidth / 2 - viewWidth / 2
        }
        return first + ScrollAxis.page(from: (offset - first) / pitch, velocity: v) * pitch
    }
}

extension CollectionLayout {
    package func attributes(in rect: Rect, rowOffset: (Int) -> Double) -> [LayoutAttributes] { attributes(in: rect) }
    package func orthogonalRow(_ section: Int) -> OrthogonalRow? { nil }
    package func footerAttributes(section: Int) -> LayoutAttributes? { nil }
    package func backgroundAttributes(section: Int) -> (LayoutAttributes, Color?)? { nil }
}
