import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyScene

/// What a layout's dynamics may read of its collection view: plain values, handed in on
/// every call, so the dynamics never holds a reference back to the view.
package struct CollectionGeometry {
    package let layout: any CollectionLayout
    /// The content offset along the scroll axis.
    package let offset: Double
    package let viewSize: Size2
    package let vertical: Bool
    /// Stable identity of each cell, by section and item.
    let keys: [[Int]]
    /// The content offset across the scroll axis (non-zero only when the content is wider, or taller, both ways).
    package let crossOffset: Double

    package init(
        layout: any CollectionLayout, offset: Double, viewSize: Size2, vertical: Bool, keys: [[Int]], crossOffset: Double = 0
    ) {
        self.layout = layout; self.offset = offset; self.viewSize = viewSize; self.vertical = vertical; self.keys = keys
        self.crossOffset = crossOffset
    }

    package var contentOffset: Vec2 { vertical ? Vec2(crossOffset, offset) : Vec2(offset, crossOffset) }
    package var visibleRect: Rect { Rect(x: contentOffset.x, y: contentOffset.y, width: viewSize.width, height: viewSize.height) }
    /// A point's coordinate along the scroll axis.
    package func along(_ p: Vec2) -> Double { vertical ? p.y : p.x }
    package func key(_ ip: ItemPath) -> Int? { Self.key(ip, in: keys) }

    static func key(_ ip: ItemPath, in keys: [[Int]]) -> Int? {
        guard ip.section >= 0, ip.section < keys.count, ip.item >= 0, ip.item < keys[ip.section].count else { return nil }
        return keys[ip.section][ip.item]
    }

    /// `rect` widened by `margin` on both sides along the scroll axis.
    package func widened(_ rect: Rect, by margin: Double) -> Rect {
        vertical
            ? Rect(x: rect.minX, y: rect.minY - margin, width: rect.width, height: rect.height + 2 * margin)
            : Rect(x: rect.minX - margin, y: rect.minY, width: rect.width + 2 * margin, height: rect.height)
    }
}

/// Which recogniser a finger belongs to: the collection view's pan (scrolling) or a long press.
package enum FingerSource: Sendable { case pan, longPress }

/// Dynamics a layout runs on its cells (the springy flow layout, the multi-select drag):
/// it owns an animator in content coordinates and names cells by stable key.
package protocol LayoutDynamics: AnyObject {
    /// Runs one solver step, after the scroll view moved.
    func step(in geometry: CollectionGeometry) throws
    /// A finger moved, viewport coordinates.
    func fingerMoved(to point: Vec2, source: FingerSource, in geometry: CollectionGeometry)
    /// A finger lifted.
    func fingerLifted(source: FingerSource)
    /// Cells were inserted or deleted: the new layout's slots are the anchors; new cells
    /// start where `newCells` says (key → content point).
    func layoutChanged(in geometry: CollectionGeometry, newCells: [Int: Vec2]) throws
    /// Where the body of the cell with stable key `key` is, when the dynamics holds it.
    func state(ofKey key: Int) -> ItemDynamics?
    /// How far beyond the viewport (along the scroll axis) the cells it moves may be drawn.
    var reach: Double { get }
    /// Cells it holds that may be anywhere, so they are always considered for drawing.
    var cellsDrawnAnywhere: [ItemPath] { get }
    /// The z its cells are drawn at.
    var cellZ: Int { get }
    /// Whether its cells are lifted off the layout (a drag in progress), so they cast a shadow.
    var liftsCells: Bool { get }
    /// Its springs, items named by index path, content coordinates.
    var springs: [SpringSnapshot] { get }
    /// Contacts begun or ended since the last call, cells named by index path, content coordinates.
    func drainContacts() -> [ContactEvent]
    var isAtRest: Bool { get }
    /// True once it has handed every cell back to the layout and can be dropped.
    var isFinished: Bool { get }
}
