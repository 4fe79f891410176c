import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyScene

/// A collection view: its data (cells with stable identities), layout, scroll view and
/// selection. Layout-driven dynamics (springy, drag) and transitions plug in here.
package final class CollectionView {
    package let spec: CollectionSpec
    package let viewSize: Size2
    package internal(set) var sections: [SectionSpec]
    /// Stable identity of each cell, parallel to `sections[s].labels`.
    package internal(set) var keys: [[Int]]
    /// Stable identity of each section, parallel to `sections`.
    package internal(set) var sectionKeys: [Int]
    var nextKey: Int
    var nextSectionKey: Int
    /// The current (target) layout.
    package private(set) var layout: any CollectionLayout
    /// What is shown: the layout, or a transition toward it.
    package private(set) var presentation: Presentation
    package private(set) var transition: LayoutTransition?
    /// A batch update's animation, while it runs.
    var batch: BatchAnimation?
    /// An interactive movement (reorder), from the lift until the cell has dropped into its slot.
    var movement: InteractiveMovement?
    /// The scroll view: along the layout's scroll axis and across it, and orthogonal rows.
    package internal(set) var scroller: CollectionScroller
    /// The headers the current frame shows, viewport coordinates.
    package private(set) var headers: [HeaderState] = []
    var headersOffset: Double = .nan
    /// Sorted, so iteration order is fixed.
    package internal(set) var selection: [ItemPath]
    /// The layout's dynamics: the springy flow layout's for its whole life (`dynamics.kind:
    /// springy`), or a drag from the moment a long press is recognised until its cells
    /// settle back (`dynamics.kind: drag`).
    package private(set) var dynamics: (any LayoutDynamics)?
    let world: WorldSettings
    /// Whether the layout has section footers or backgrounds to place as the view scrolls.
    let hasFootersOrBackgrounds: Bool

    package var vertical: Bool { spec.layout.direction == .vertical || spec.layout.kind == .list }

    package init(spec: CollectionSpec, viewSize: Size2, world: WorldSettings = .uikit) throws {
        self.spec = spec
        self.world = world
        hasFootersOrBackgrounds =
            spec.layout.footerHeight > 0 || spec.layout.sectionBackgrounds
            || spec.sections.contains { $0.background != nil }
        self.viewSize = viewSize
        sections = spec.sections
        var k = 0
        keys = spec.sections.map { s in
            (0..<s.count).map { _ in
                defer { k += 1 }; return k
            }
        }
        nextKey = k
        sectionKeys = Array(spec.sections.indices)
        nextSectionKey = spec.sections.count
        selection = spec.selection.sorted()
        if spec.layout.kind == .list, selection.count > 1 { selection = [selection[0]] }
        let initial = spec.makeLayout(sections: spec.sections, viewSize: viewSize, selection: selection)
        layout = initial
        presentation = .layout(initial)
        scroller = CollectionScroller(
            spec: spec.scroll, vertical: spec.layout.direction == .vertical || spec.layout.kind == .list,
            viewSize: viewSize, content: initial.contentSize)
        relayoutRows()
        if spec.dynamics.kind == .springy {
            dynamics = try SpringyCarousel(params: spec.dynamics, itemSize: spec.layout.itemSize, world: world, in: geometry)
        }
    }

    /// What the layout's dynamics reads of this view, as plain values.
    package var geometry: CollectionGeometry {
        CollectionGeometry(
            layout: layout, offset: scroller.main.offset, viewSize: viewSize, vertical: vertical, keys: keys,
            crossOffset: scroller.cross.offset)
    }

    // MARK: - Layout dynamics

    /// A long press was recognised at `point` (viewport coordinates): with drag dynamics,
    /// the selected cells are handed to a new drag unless one is still settling.
    package func longPressBegan(at point: Vec2) throws {
        guard spec.dynamics.kind == .drag, dynamics == nil, !selection.isEmpty else { return }
        dynamics = try DragSession(
            params: spec.dynamics, selection: selection, touch: point + contentOffset, world: world,
            in: geometry)
    }

    package func fingerMoved(to point: Vec2, source: FingerSource) {
        dynamics?.fingerMoved(to: point, source: source, in: geometry)
    }

    package func fingerLifted(source: FingerSource) { dynamics?.fingerLifted(source: source) }

    /// One solver step of the layout's dynamics; a finished drag hands its cells back.
    package func stepDynamics() throws {
        guard let d = dynamics else { return }
        try d.step(in: geometry)
        if d.isFinished { dynamics = nil }
    }

    /// After inserts and deletes: the dynamics re-anchors its cells; new cells start at `newCells`.
    package func dynamicsLayoutChanged(newCells: [Int: Vec2]) throws {
        try dynamics?.layoutChanged(in: geometry, newCells: newCells)
    }

    package var contentOffset: Vec2 { scroller.contentOffset }
    package var visibleRect: Rect { Rect(x: contentOffset.x, y: contentOffset.y, width: viewSize.width, height: viewSize.height) }

    /// A point's coordinate along the scroll axis, and across it.
    package func along(_ p: Vec2) -> Double { vertical ? p.y : p.x }
    package func across(_ p: Vec2) -> Double { vertical ? p.x : p.y }

    package func key(_ ip: ItemPath) -> Int? { CollectionGeometry.key(ip, in: keys) }

    package func isSelected(_ ip: ItemPath) -> Bool { selection.contains(ip) }

    package func toggleSelection(_ ip: ItemPath) {
        if let i = selection.firstIndex(of: ip) { selection.remove(at: i) } else { selection.append(ip); selection.sort() }
    }

    package func setSelection(_ items: [ItemPath]) {
        var unique: [ItemPath] = []
        for ip in items.sorted() where unique.last != ip && key(ip) != nil { unique.append(ip) }
        selection = unique
    }

    /// The cell under a viewport point, if any.
    package func item(at point: Vec2) -> ItemPath? { layout.cell(at: point + contentOffset, rowOffset: rowOffset) }

    package func label(_ ip: ItemPath) -> String {
        if spec.layout.kind == .list && sections[ip.section].generated { return "Cell (\(ip.section), \(ip.item))" }
        let labels = sections[ip.section].labels
        return ip.item < labels.count ? labels[ip.item] : String(ip.item)
    }

    // MARK: - Data changes

    /// Inserts `count` cells at `ip`; numeric labels continue the numbering.
    /// Inserts `count` cells at `ip`, labelled `labels` when given, else numbered on from the
    /// largest numeric label.
    package func insert(at ip: ItemPath, count: Int, labels: [String]? = nil) {
        let numbers = sections.flatMap(\.labels).compactMap { Int($0) }
        var next = (numbers.max() ?? -1) + 1
        for k in 0..<count {
            let label: String
            if let labels, k < labels.count { label = labels[k] } else { label = String(next); next += 1 }
            sections[ip.section].labels.insert(label, at: ip.item + k)
            keys[ip.section].insert(nextKey, at: ip.item + k)
            nextKey += 1
        }
        selection = selection.map { s in s.section == ip.section && s.item >= ip.item ? ItemPath(s.section, s.item + count) : s }
        relayout()
    }

    package func delete(_ items: [ItemPath]) {
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
        layout = spec.makeLayout(sections: sections, viewSize: viewSize, selection: selection)
        presentation = .layout(layout)
        transition = nil
        batch = nil
        scroller.contentChanged(layout.contentSize)
        relayoutRows()
        headersOffset = .nan
    }

    // MARK: - Selection in the list layout: expand and collapse with a spring animation

    /// A tap on a row of the list layout: selects it (expands), or deselects it when it was
    /// selected (collapses); the change animates from what is shown now, offset included.
    package func tapList(_ ip: ItemPath, at time: Double) {
        guard key(ip) != nil else { return }
        selection = selection.first == ip ? [] : [ip]
        let current = transition.map { Presentation.transition($0, frozenAt: time) } ?? presentation
        let fromOffset = scroller.main.offset
        batch = nil
        layout = spec.makeLayout(sections: sections, viewSize: viewSize, selection: selection)
        scroller.main.contentLength = layout.contentSize.height
        let target =
            spec.transitions.keepSelectedVisible
            ? ListLayout.targetOffset(
                layout, selected: selection.first, proposed: fromOffset, viewSize: viewSize,
                pinnedHeader: spec.layout.stickyHeaders ? spec.layout.headerHeight : 0,
                insetTop: scroller.main.insetLeading, insetBottom: scroller.main.insetTrailing)
            : min(
                max(fromOffset, -scroller.main.insetLeading),
                max(-scroller.main.insetLeading, layout.contentSize.height - viewSize.height + scroller.main.insetTrailing))
        let t = spec.transitions
        var timing = AnimationTiming.durationSpring(dampingRatio: t.dampingRatio, initialVelocity: t.initialVelocity)
        if let running = transition, !running.isFinished(at: time) {
            // Retargeted mid-flight: from what is shown (frozen above), moving as the offset moves.
            let v = running.clock.rate(at: time) * (running.toOffset - running.fromOffset)
            timing = timing.startingAt(
                velocity: AnimationTiming.carried(SIMD4(v, 0, 0, 0), from: SIMD4(fromOffset, 0, 0, 0), to: SIMD4(target, 0, 0, 0))
            )
        }
        let clock = TimedProgress(start: time, duration: t.duration, timing: timing)
        let tr = LayoutTransition(from: current, to: layout, fromOffset: fromOffset, toOffset: target, clock: clock)
        transition = tr
        presentation = .transition(tr, frozenAt: nil)
        scroller.main.setOffset(fromOffset)
    }

    /// Advances a running transition to `time` (the offset moves on the same curve as the cells).
    package func advance(to time: Double) {
        advanceMovement(to: time)
        if let b = batch {
            if b.isFinished(at: time) { batch = nil }
            headersOffset = .nan
        }
        guard let tr = transition else { return }
        if tr.isFinished(at: time) {
            scroller.main.setOffset(tr.toOffset)
            transition = nil
            presentation = .layout(layout)
        } else {
            scroller.main.setOffset(tr.offset(at: time))
        }
        headersOffset = .nan
    }

    package var isAnimating: Bool { transition != nil || batch != nil || movement != nil }

    // MARK: - Headers

    /// Recomputes the header attributes when the offset or the layout changed; cells are not
    /// recomputed for a pure scroll. With sticky headers a header's leading edge is
    /// min(max(view top, section top), section end − header height).
    package func updateHeaders(at time: Double) {
        guard spec.layout.headerHeight > 0 || hasFootersOrBackgrounds else { return }
        let offset = scroller.main.offset
        if offset == headersOffset { return }
        headersOffset = offset
        let spans: [(start: Double, end: Double)] =
            spec.layout.headerHeight > 0
            ? sections.indices.map { s in
                let span = presentation.sectionSpan(s, at: time)
                return batch.map { $0.span(sectionKey: sectionKeys[s], to: span, at: time) } ?? span
            } : []
        var out = LayoutGeometry.headers(
            spans: spans, titles: sections.map(\.header), spec: spec.layout, offset: offset, vertical: vertical,
            viewSize: viewSize, pinTop: scroller.main.insetLeading)
        if hasFootersOrBackgrounds {
            out += layout.footersAndBackgrounds(
                sections: sections, spec: spec.layout, offset: offset, vertical: vertical, viewSize: viewSize)
        }
        headers = out
    }

    /// The first cell whose centre is right of (below) the middle of the view.
    package func indexRightOfCenter() -> ItemPath {
        layout.cellRightOfCenter(visibleRect, vertical: vertical)
            ?? ItemPath(sections.count - 1, sections[sections.count - 1].count)
    }
}
