#if canImport(UIKit)
    import UIKit
#else
    import SpringyUIKit
#endif

// The springy multi-select drag (the third write-up), as an iOS engineer writes it in Swift: a
// flow layout of numbered cells; taps select several; a long press hands the selected cells to
// a UIDynamicAnimator(collectionViewLayout:), raised, each held by four springs to the corners of
// a square around the finger; the square follows the finger, goes back to where the press began
// when it lifts, and once the animator pauses the cells go back to the grid.
// scenes/drag-many.yaml is the same system.

/// The square the dragged cells hang from: an item of the animator that nothing but the finger
/// moves (anchored), its corners where each cell's four springs are tied.
final class DragSquare: NSObject, UIDynamicItem {
    var center: CGPoint
    var bounds: CGRect { CGRect(x: 0, y: 0, width: 40, height: 40) }
    var transform = CGAffineTransform.identity
    init(center: CGPoint) { self.center = center }
}

/// The layout: UIKit's flow, with the dragged cells where the animator has them. The animator
/// and its anchored square live as long as the layout; a drag adds the springs.
public final class DragGridLayout: UICollectionViewFlowLayout, UIDynamicAnimatorDelegate {
    static let corners = [
        UIOffset(horizontal: -20, vertical: -20), UIOffset(horizontal: 20, vertical: -20),
        UIOffset(horizontal: 20, vertical: 20), UIOffset(horizontal: -20, vertical: 20),
    ]
    public private(set) lazy var animator: UIDynamicAnimator = {
        let animator = UIDynamicAnimator(collectionViewLayout: self)
        animator.delegate = self
        let pinned = UIDynamicItemBehavior(items: [square])
        pinned.isAnchored = true
        animator.addBehavior(pinned)
        return animator
    }()
    let square = DragSquare(center: .zero)
    var springs: [UIAttachmentBehavior] = []
    var dragged: [IndexPath] = []
    /// Where the press began (the collection view's coordinates): the square goes back there.
    var pressedAt = CGPoint.zero
    var released = false

    public override func prepare() {
        super.prepare()
        _ = animator
    }

    /// The press is recognised at `point`: the selected cells are lifted onto springs.
    public func beginDrag(at point: CGPoint, cells: [IndexPath]) {
        guard dragged.isEmpty, !cells.isEmpty else { return }
        pressedAt = point
        released = false
        moveDrag(to: point)
        for path in cells.sorted() {
            guard let attributes = super.layoutAttributesForItem(at: path)?.copy() as? UICollectionViewLayoutAttributes else {
                continue
            }
            attributes.zIndex = 1
            for corner in Self.corners {
                let spring = UIAttachmentBehavior(
                    item: attributes, offsetFromCenter: .zero, attachedTo: square, offsetFromCenter: corner)
                spring.frequency = 8
                spring.damping = 0.6
                animator.addBehavior(spring)
                springs.append(spring)
            }
            dragged.append(path)
        }
        invalidateLayout()
    }

    /// The finger moved: the square with it.
    public func moveDrag(to point: CGPoint) {
        square.center = point
        animator.updateItem(usingCurrentState: square)
    }

    /// The finger lifted: the square goes back to where the press began.
    public func endDrag() {
        guard !dragged.isEmpty else { return }
        released = true
        moveDrag(to: pressedAt)
    }

    /// At rest after the lift: the cells go back to the grid.
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        guard released else { return }
        for spring in springs { animator.removeBehavior(spring) }
        springs = []
        dragged = []
        released = false
        invalidateLayout()
    }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let grid = super.layoutAttributesForElements(in: rect) ?? []
        guard !dragged.isEmpty else { return grid }
        // The dragged cells wherever they are, over the grid's others.
        var out = grid.filter { !dragged.contains($0.indexPath) }
        for path in dragged {
            if let lifted = animator.layoutAttributesForCell(at: path) { out.append(lifted) }
        }
        return out
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        (dragged.contains(indexPath) ? animator.layoutAttributesForCell(at: indexPath) : nil)
            ?? super.layoutAttributesForItem(at: indexPath)
    }
}

/// A grid cell: grey, red while selected, its number in white.
final class GridCell: UICollectionViewCell {
    let number = UILabel(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .systemGray
        contentView.layer.cornerRadius = 6
        number.textColor = .white
        number.textAlignment = .center
        number.font = .systemFont(ofSize: 14)
        contentView.addSubview(number)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override var isSelected: Bool {
        didSet { contentView.backgroundColor = isSelected ? .systemRed : .systemGray }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        number.frame = contentView.bounds
    }
}

/// The screen: a thousand cells; taps select, a long press drags the selection.
public final class DragGridViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    public var collectionView: UICollectionView!
    public let layout = DragGridLayout()

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = .white
        collectionView.allowsMultipleSelection = true
        collectionView.register(GridCell.init(frame:), forCellWithReuseIdentifier: "Cell")
        collectionView.dataSource = self
        collectionView.delegate = self
        // UIKit: UILongPressGestureRecognizer(target: self, action: #selector(pressed(_:))).
        collectionView.addGestureRecognizer(UILongPressGestureRecognizer { [weak self] in self?.pressed($0) })
        view.addSubview(collectionView)
    }

    func pressed(_ press: UIGestureRecognizer) {
        let point = press.location(in: collectionView)
        switch press.state {
        case .began: layout.beginDrag(at: point, cells: collectionView.indexPathsForSelectedItems ?? [])
        case .changed: layout.moveDrag(to: point)
        case .ended, .cancelled: layout.endDrag()
        case .possible, .failed: break
        }
    }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
        (cell as? GridCell)?.number.text = "\(indexPath.item)"
        return cell
    }
}
