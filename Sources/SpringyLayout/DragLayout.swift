import SpringyCore
import SpringyFrame
import SpringyDynamics
import SpringyScene

/// The springy multi-select drag (the third write-up): a long press hands every selected
/// cell to a fresh animator, raises it (z 1) and holds it by four springs to the corners
/// of a square around the finger. The springs' lengths are UIKit's default — the distance
/// when they are made — so each cell keeps its offset from the finger. The square
/// follows the finger, returns to where the press began when it lifts, and once the
/// animator rests the cells go back to the grid.
public final class DragSession {
    public let animator: Animator
    /// The dragged cells: key and index path, in index order.
    public let cells: [(key: Int, indexPath: ItemPath)]
    let origin: Vec2          // the touch when the press was recognised, content coordinates
    public private(set) var released = false
    static let square = "drag.square"

    public init(collection: CollectionView, touch: Vec2, stepRate: Int, defaults: ItemProperties, maxBodies: Int) throws {
        let params = collection.spec.dynamics
        if collection.selection.count > maxBodies {
            throw DynamicsError.invalid("dragging \(collection.selection.count) selected cells is over the limit of \(maxBodies) simulated bodies (--max-bodies)",
                                        behavior: "long_press")
        }
        animator = Animator(bounds: Rect(x: 0, y: 0, width: collection.layout.contentSize.width,
                                         height: collection.layout.contentSize.height),
                            stepRate: stepRate, defaults: defaults, origin: collection.contentOffset)
        origin = touch
        try animator.addAnchorBody(id: Self.square, center: touch)
        var cells: [(Int, ItemPath)] = []
        var springs: [BehaviorSpec] = []
        let hw = params.cornerSquare.width / 2, hh = params.cornerSquare.height / 2
        let corners = [Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh)]
        for ip in collection.selection {
            guard let key = collection.key(ip), let a = collection.layout.attributes(for: ip) else { continue }
            let id = "cell:\(key)"
            try animator.addItem(id: id, center: a.center, size: a.size)
            for c in corners {
                springs.append(.attachment(item: id, to: .item(Self.square), length: nil, frequency: params.cornerFrequency,
                                           damping: params.cornerDamping, offset: .zero, toOffset: c))
            }
            cells.append((key, ip))
        }
        self.cells = cells
        try animator.addBehavior(.composite(springs), label: "collection.dynamics (drag)")
    }

    /// The finger moved (content coordinates).
    public func move(to touch: Vec2) { animator.moveAnchorBody(Self.square, to: touch) }

    /// The finger lifted: the square goes back to where the press began.
    public func release() {
        released = true
        animator.moveAnchorBody(Self.square, to: origin)
    }

    public func step() throws { try animator.step() }

    public func state(ofKey key: Int) -> ItemDynamics? { animator.state(of: "cell:\(key)") }

    /// Done when the press has ended and everything rests.
    public var isFinished: Bool { released && animator.isAtRest }
}
