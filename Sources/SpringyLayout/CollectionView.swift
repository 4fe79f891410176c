import SpringyCore
import SpringyDynamics
import SpringyScene

/// A collection view: its layout, its scroll view and its selection. Layout-driven
/// dynamics (springy, drag) and transitions plug in here.
public final class CollectionView {
    public let spec: CollectionSpec
    public let viewSize: Size2
    public var sections: [SectionSpec]
    public private(set) var layout: FlowLayout
    public var scroll: ScrollAxis
    /// Sorted, so iteration order is fixed.
    public private(set) var selection: [ItemPath]
    /// Counts of attribute computations, for tests that prove what a scroll recomputes.
    public private(set) var cellLayoutPasses = 0

    var vertical: Bool { spec.layout.direction == .vertical }

    public init(spec: CollectionSpec, viewSize: Size2) {
        self.spec = spec
        self.viewSize = viewSize
        sections = spec.sections
        layout = FlowLayout(spec: spec.layout, sectionCounts: spec.sections.map(\.count), viewSize: viewSize)
        cellLayoutPasses += 1
        let vertical = spec.layout.direction == .vertical
        scroll = ScrollAxis(viewLength: vertical ? viewSize.height : viewSize.width,
                            contentLength: vertical ? layout.contentSize.height : layout.contentSize.width)
        selection = spec.selection.sorted()
    }

    public var contentOffset: Vec2 { vertical ? Vec2(0, scroll.offset) : Vec2(scroll.offset, 0) }
    public var visibleRect: Rect { Rect(x: contentOffset.x, y: contentOffset.y, width: viewSize.width, height: viewSize.height) }

    /// The finger's coordinate along the scroll axis.
    public func along(_ p: Vec2) -> Double { vertical ? p.y : p.x }

    public func isSelected(_ ip: ItemPath) -> Bool { selection.contains(ip) }

    public func toggleSelection(_ ip: ItemPath) {
        if let i = selection.firstIndex(of: ip) { selection.remove(at: i) } else { selection.append(ip); selection.sort() }
    }

    public func setSelection(_ items: [ItemPath]) {
        selection = Array(Set(items)).sorted()
    }

    /// The cell under a viewport point, if any.
    public func item(at point: Vec2) -> ItemPath? {
        let p = point + contentOffset
        let r = Rect(x: p.x - 0.5, y: p.y - 0.5, width: 1, height: 1)
        return layout.attributes(in: r).first { $0.kind == .cell && $0.frame.insetBy(dx: -0.5, dy: -0.5).intersects(r) }?.indexPath
    }

    public func label(_ ip: ItemPath) -> String {
        let labels = sections[ip.section].labels
        return ip.item < labels.count ? labels[ip.item] : String(ip.item)
    }

    public func fill(_ ip: ItemPath, style: Style) -> Color {
        if isSelected(ip) { return style.cellSelected }
        if !style.palette.isEmpty {
            var index = ip.item
            for s in 0..<ip.section { index += sections[s].count }
            return style.palette[index % style.palette.count]
        }
        return style.cell
    }

    /// The cells and headers the frame shows, in viewport coordinates, drawing order.
    public func visibleState(style: Style) -> (items: [ItemState], headers: [HeaderState]) {
        let offset = contentOffset
        var items: [ItemState] = []
        var headers: [HeaderState] = []
        for a in layout.attributes(in: visibleRect) {
            switch a.kind {
            case .cell:
                items.append(ItemState(id: a.indexPath.description, center: a.center - offset, size: a.size,
                                       angle: a.angle, alpha: a.alpha, z: a.z, velocity: .zero,
                                       selected: isSelected(a.indexPath), fill: fill(a.indexPath, style: style),
                                       label: label(a.indexPath), shape: .rectangle, isCell: true))
            case .header:
                headers.append(HeaderState(id: "header.\(a.indexPath.section)", frame: a.frame.offsetBy(-offset),
                                           pinned: false, title: sections[a.indexPath.section].header, z: a.z))
            }
        }
        return (items, headers)
    }
}
