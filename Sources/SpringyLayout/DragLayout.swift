import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyScene

/// The springy multi-select drag (the third write-up): a long press hands every selected
/// cell to a fresh animator, raises it (z 1) and holds it by four springs to the corners
/// of a square around the finger. The springs' lengths are UIKit's default — the distance
/// when they are made — so each cell keeps its offset from the finger. The square
/// follows the finger, returns to where the press began when it lifts, and once the
/// animator rests the cells go back to the grid.
package final class DragSession: LayoutDynamics {
    package let animator: Animator
    /// The dragged cells: key and index path, in index order.
    package let cells: [(key: Int, indexPath: ItemPath)]
    let origin: Vec2  // the touch when the press was recognised, content coordinates
    package private(set) var released = false
    static let square = "drag.square"

    /// `touch` is in content coordinates; `selection` the selected cells, in index order.
    package init(
        params: CollectionDynamicsSpec, selection: [ItemPath], touch: Vec2, world: WorldSettings,
        in geometry: CollectionGeometry
    ) throws {
        if selection.count > world.maxBodies {
            throw DynamicsError.invalid(
                "dragging \(selection.count) selected cells is over the limit of \(world.maxBodies) simulated bodies (--max-bodies)",
                behavior: "long_press")
        }
        let content = geometry.layout.contentSize
        animator = Animator(
            bounds: Rect(x: 0, y: 0, width: content.width, height: content.height),
            settings: world, origin: geometry.contentOffset)
        origin = touch
        try animator.addAnchorBody(id: Self.square, center: touch)
        var cells: [(Int, ItemPath)] = []
        var springs: [BehaviorSpec] = []
        let hw = params.cornerSquare.width / 2, hh = params.cornerSquare.height / 2
        let corners = [Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh)]
        for ip in selection {
            guard let key = geometry.key(ip), let a = geometry.layout.attributes(for: ip) else { continue }
            let id = "cell:\(key)"
            try animator.addItem(id: id, center: a.center, size: a.size)
            for c in corners {
                springs.append(
                    .attachment(
                        item: id, to: .item(Self.square), length: nil, frequency: params.cornerFrequency,
                        damping: params.cornerDamping, offset: .zero, toOffset: c))
            }
            cells.append((key, ip))
        }
        self.cells = cells
        try animator.addBehavior(.composite(springs), label: "collection.dynamics (drag)")
    }

    /// The long-press finger moved: the square follows it until the press ends.
    package func fingerMoved(to point: Vec2, source: FingerSource, in geometry: CollectionGeometry) {
        guard source == .longPress, !released else { return }
        animator.moveAnchorBody(Self.square, to: point + geometry.contentOffset)
    }

    /// The long press ended: the square goes back to where the press began.
    package func fingerLifted(source: FingerSource) {
        guard source == .longPress, !released else { return }
        released = true
        animator.moveAnchorBody(Self.square, to: origin)
    }

    package func step(in geometry: CollectionGeometry) throws { try animator.step() }

    /// The dragged cells keep their bodies while the layout changes under them.
    package func layoutChanged(in geometry: CollectionGeometry, newCells: [Int: Vec2]) throws {}

    package func state(ofKey key: Int) -> ItemDynamics? { animator.state(of: "cell:\(key)") }

    package var reach: Double { 0 }
    package var cellsDrawnAnywhere: [ItemPath] { cells.map(\.indexPath) }
    package var cellZ: Int { 1 }
    package var liftsCells: Bool { !released }

    package var springs: [SpringSnapshot] {
        var names: [String: String] = [:]
        for cell in cells { names["cell:\(cell.key)"] = cell.indexPath.description }
        return animator.springs.map { SpringSnapshot(item: names[$0.item] ?? $0.item, anchor: $0.anchor, point: $0.point) }
    }

    /// The drag has no collisions; the animator's pause and resume events are not contacts.
    package func drainContacts() -> [ContactEvent] {
        animator.drainEvents().filter { $0.kind == .began || $0.kind == .ended }
    }

    package var isAtRest: Bool { isFinished }
    /// Done when the press has ended and everything rests.
    package var isFinished: Bool { released && animator.isAtRest }
}
