import SpringyCore
import SpringyDynamics
import SpringyScene

/// A collection view: its data (cells with stable identities), layout, scroll view and
/// selection. Layout-driven dynamics (springy, drag) and transitions plug in here.
public final class CollectionView {
    public let spec: CollectionSpec
    public let viewSize: Size2
    public private(set) var sections: [SectionSpec]
    /// Stable identity of each cell, parallel to `sections[s].labels`.
    public private(set) var keys: [[Int]]
    private var nextKey: Int
    public private(set) var layout: FlowLayout
    public var scroll: ScrollAxis
    /// Sorted, so iteration order is fixed.
    public private(set) var selection: [ItemPath]
    /// Counts of full layout computations, for tests that prove what a scroll recomputes.
    public private(set) var cellLayoutPasses = 0
    /// The springy layout's dynamics, when `dynamics.kind` is springy.
    public private(set) var springy: SpringyCarousel?

    public var vertical: Bool { spec.layout.direction == .vertical }

    public init(spec: CollectionSpec, viewSize: Size2, stepRate: Int, defaults: ItemProperties) throws {
        self.spec = spec
        self.viewSize = viewSize
        sections = spec.sections
        var k = 0
        keys = spec.sections.map { s in (0..<s.count).map { _ in defer { k += 1 }; return k } }
        nextKey = k
        layout = FlowLayout(spec: spec.layout, sectionCounts: spec.sections.map(\.count), viewSize: viewSize)
        cellLayoutPasses = 1
        let vertical = spec.layout.direction == .vertical
        scroll = ScrollAxis(viewLength: vertical ? viewSize.height : viewSize.width,
                            contentLength: vertical ? layout.contentSize.height : layout.contentSize.width)
        selection = spec.selection.sorted()
        if spec.dynamics.kind == .springy {
            springy = try SpringyCarousel(collection: self, stepRate: stepRate, defaults: defaults)
        }
    }

    public var contentOffset: Vec2 { vertical ? Vec2(0, scroll.offset) : Vec2(scroll.offset, 0) }
    public var visibleRect: Rect { Rect(x: contentOffset.x, y: contentOffset.y, width: viewSize.width, height: viewSize.height) }

    /// A point's coordinate along the scroll axis.
    public func along(_ p: Vec2) -> Double { vertical ? p.y : p.x }

    public func key(_ ip: ItemPath) -> Int? {
        guard ip.section < keys.count, ip.item < keys[ip.section].count else { return nil }
        return keys[ip.section][ip.item]
    }

    public func isSelected(_ ip: ItemPath) -> Bool { selection.contains(ip) }

    public func toggleSelection(_ ip: ItemPath) {
        if let i = selection.firstIndex(of: ip) { selection.remove(at: i) } else { selection.append(ip); selection.sort() }
    }

    public func setSelection(_ items: [ItemPath]) {
        var unique: [ItemPath] = []
        for ip in items.sorted() where unique.last != ip && key(ip) != nil { unique.append(ip) }
        selection = unique
    }

    /// The cell under a viewport point, if any.
    public func item(at point: Vec2) -> ItemPath? {
        let p = point + contentOffset
        let r = Rect(x: p.x - 0.5, y: p.y - 0.5, width: 1, height: 1)
        return layout.attributes(in: r).first { $0.kind == .cell }?.indexPath
    }

    public func label(_ ip: ItemPath) -> String {
        let labels = sections[ip.section].labels
        return ip.item < labels.count ? labels[ip.item] : String(ip.item)
    }

    public func fill(_ ip: ItemPath, style: Style) -> Color {
        if isSelected(ip) { return style.cellSelected }
        if !style.palette.isEmpty, let k = key(ip) { return style.palette[k % style.palette.count] }
        return style.cell
    }

    // MARK: - Data changes

    /// Inserts `count` cells at `ip`; numeric labels continue the numbering.
    public func insert(at ip: ItemPath, count: Int) {
        let numbers = sections.flatMap(\.labels).compactMap { Int($0) }
        var next = (numbers.max() ?? -1) + 1
        for k in 0..<count {
            sections[ip.section].labels.insert(String(next), at: ip.item + k)
            keys[ip.section].insert(nextKey, at: ip.item + k)
            next += 1
            nextKey += 1
        }
        selection = selection.map { s in s.section == ip.section && s.item >= ip.item ? ItemPath(s.section, s.item + count) : s }
        relayout()
    }

    public func delete(_ items: [ItemPath]) {
        for ip in items.sorted().reversed() where key(ip) != nil {
            sections[ip.section].labels.remove(at: ip.item)
            keys[ip.section].remove(at: ip.item)
            selection = selection.compactMap { s in
                if s == ip { return nil }
                return s.section == ip.section && s.item > ip.item ? ItemPath(s.section, s.item - 1) : s
            }
        }
        relayout()
    }

    func relayout() {
        layout = FlowLayout(spec: spec.layout, sectionCounts: sections.map(\.count), viewSize: viewSize)
        cellLayoutPasses += 1
        scroll.contentLength = vertical ? layout.contentSize.height : layout.contentSize.width
    }

    /// The first cell whose centre is right of (below) the middle of the view.
    public func indexRightOfCenter() -> ItemPath {
        let middle = along(visibleRect.center)
        let probe = vertical ? Rect(x: 0, y: middle, width: viewSize.width, height: viewSize.height * 2)
                             : Rect(x: middle, y: 0, width: viewSize.width * 2, height: viewSize.height)
        for a in layout.attributes(in: probe) where a.kind == .cell && along(a.center) > middle { return a.indexPath }
        let last = sections.count - 1
        return ItemPath(last, sections[last].count)
    }

    // MARK: - What a frame shows

    /// The cells and headers the frame shows, in viewport coordinates, in index order.
    public func visibleState(style: Style) -> (items: [ItemState], headers: [HeaderState]) {
        let offset = contentOffset
        let visible = visibleRect
        var items: [ItemState] = []
        var headers: [HeaderState] = []
        // Cells the dynamics moves may be drawn away from their slots: look a little wider.
        let margin = springy?.margin ?? 0
        let search = vertical ? Rect(x: visible.minX, y: visible.minY - margin, width: visible.width, height: visible.height + 2 * margin)
                              : Rect(x: visible.minX - margin, y: visible.minY, width: visible.width + 2 * margin, height: visible.height)
        for a in layout.attributes(in: search) {
            switch a.kind {
            case .cell:
                var center = a.center, angle = a.angle, velocity = Vec2.zero
                if let k = key(a.indexPath), let d = springy?.state(ofKey: k) {
                    center = d.center; angle = d.angle; velocity = d.velocity
                }
                let frame = Rect(center: center, size: a.size)
                guard frame.intersects(visible) else { continue }
                items.append(ItemState(id: a.indexPath.description, center: center - offset, size: a.size,
                                       angle: angle, alpha: a.alpha, z: a.z, velocity: velocity,
                                       selected: isSelected(a.indexPath), fill: fill(a.indexPath, style: style),
                                       label: label(a.indexPath), shape: .rectangle, isCell: true))
            case .header:
                guard a.frame.intersects(visible) else { continue }
                headers.append(HeaderState(id: "header.\(a.indexPath.section)", frame: a.frame.offsetBy(-offset),
                                           pinned: false, title: sections[a.indexPath.section].header, z: a.z))
            }
        }
        return (items, headers)
    }
}
