#if canImport(UIKit)
    import UIKit
#else
    import SpringyUIKit
#endif

// The springy carousel with inserts (iOS 7 Day-by-Day, day 5), as an iOS engineer writes it
// in Swift: a horizontal flow layout whose cells near the screen hang on springs of a
// UIDynamicAnimator(collectionViewLayout:), sag under a little gravity onto the bottom bound,
// lag a scroll by their distance from the finger, and a "+" that inserts a cell right of the
// centre, dropping in from the top. scenes/springy-carousel-insert.yaml is the same system.

/// The layout: the flow places the cells in one row along the bottom; the animator owns the
/// cells within two cell widths of the screen.
public final class SpringyCarouselLayout: UICollectionViewFlowLayout {
    let cellSize: CGSize
    public private(set) lazy var dynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)
    let gravity = UIGravityBehavior()
    let collision = UICollisionBehavior()
    /// The springs of the cells the animator owns, by index path.
    var springs: [IndexPath: UIAttachmentBehavior] = [:]

    public init(itemSize: CGSize) {
        cellSize = itemSize
        super.init()
        scrollDirection = .horizontal
        gravity.magnitude = 0.3
        collision.collisionMode = .boundaries
        collision.translatesReferenceBoundsIntoBoundary = true
        // The write-up's bouncy item behavior: a child of the collision, never given an item.
        let bouncy = UIDynamicItemBehavior()
        bouncy.elasticity = 1
        collision.addChildBehavior(bouncy)
        dynamicAnimator.addBehavior(gravity)
        dynamicAnimator.addBehavior(collision)
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public override func prepare() {
        UIView.setAnimationsEnabled(false)
        guard let collectionView else { return }
        // One row at the bottom of the view.
        sectionInset = UIEdgeInsets(top: collectionView.bounds.height - cellSize.height, left: 0, bottom: 0, right: 0)
        super.prepare()
        let near = collectionView.bounds.insetBy(dx: -2 * cellSize.width, dy: 0)
        let wanted = super.layoutAttributesForElements(in: near) ?? []
        let paths = Set(wanted.map(\.indexPath))
        for (path, spring) in springs where !paths.contains(path) {
            dynamicAnimator.removeBehavior(spring)
            for item in spring.items {
                gravity.removeItem(item)
                collision.removeItem(item)
            }
            springs[path] = nil
        }
        for attributes in wanted where springs[attributes.indexPath] == nil {
            let spring = UIAttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
            spring.length = 0
            spring.damping = 0.5
            spring.frequency = 0.8
            dynamicAnimator.addBehavior(spring)
            gravity.addItem(attributes)
            collision.addItem(attributes)
            springs[attributes.indexPath] = spring
        }
    }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        dynamicAnimator.items(in: rect).compactMap { $0 as? UICollectionViewLayoutAttributes }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        dynamicAnimator.layoutAttributesForCell(at: indexPath)
    }

    /// A scroll drags each cell by the scroll's delta, less the further it is from the finger.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        let delta = newBounds.origin.x - collectionView.bounds.origin.x
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        for spring in springs.values {
            guard let item = spring.items.first else { continue }
            let factor = min(1, abs(spring.anchorPoint.x - touch.x) / 500)
            item.center.x += delta * factor
            dynamicAnimator.updateItem(usingCurrentState: item)
        }
        return false
    }

    public override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        for update in updateItems where update.updateAction == .insert {
            guard let path = update.indexPathAfterUpdate else { continue }
            shiftCells(from: path)
            // The new cell drops in from the top of the content, above its slot.
            guard let slot = super.initialLayoutAttributesForAppearingItem(at: path),
                let cell = layoutAttributesForItem(at: path)
            else { continue }
            cell.center = CGPoint(x: slot.center.x, y: slot.center.y - (collectionViewContentSize.height - slot.bounds.height))
            dynamicAnimator.updateItem(usingCurrentState: cell)
        }
    }

    public override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        dynamicAnimator.layoutAttributesForCell(at: itemIndexPath)
    }

    /// The cells after an insert move one place on: each takes the place the cell before it
    /// had, so every cell stays where it was on screen and springs to its new slot.
    func shiftCells(from inserted: IndexPath) {
        let managed = springs.keys.sorted()
        for k in stride(from: managed.count - 1, to: 0, by: -1) where managed[k - 1].item >= inserted.item {
            guard let to = layoutAttributesForItem(at: managed[k]), let from = layoutAttributesForItem(at: managed[k - 1])
            else { continue }
            to.center = from.center
            dynamicAnimator.updateItem(usingCurrentState: to)
        }
    }
}

/// A cell showing its number in white on the write-up's red.
final class NumberCell: UICollectionViewCell {
    let number = UILabel(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = UIColor(red: 0.767, green: 0.197, blue: 0.177, alpha: 0.8)
        contentView.layer.cornerRadius = 6
        number.textColor = .white
        number.textAlignment = .center
        number.font = .systemFont(ofSize: 24)
        contentView.addSubview(number)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        number.frame = contentView.bounds
    }
}

/// The carousel's screen: 30 numbered cells, and `addTile()` for the "+" button.
public final class SpringyCarouselViewController: UIViewController, UICollectionViewDataSource,
    UICollectionViewDelegateFlowLayout
{
    public var collectionView: UICollectionView!
    public let layout = SpringyCarouselLayout(itemSize: CGSize(width: 70, height: 70))
    var tiles = Array(0..<30)

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = .white
        collectionView.register(NumberCell.init(frame:), forCellWithReuseIdentifier: "SpringyCell")
        collectionView.dataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)
    }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        tiles.count
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "SpringyCell", for: indexPath)
        (cell as? NumberCell)?.number.text = "\(tiles[indexPath.item])"
        return cell
    }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize { CGSize(width: 70, height: 70) }

    /// The "+" button: a new tile, numbered on, right of the centre.
    public func addTile() {
        let path = indexPathRightOfCenter()
        tiles.insert(tiles.count, at: path.item)
        collectionView.insertItems(at: [path])
    }

    /// The visible cell nearest the middle, or the one after it when that one is left of it.
    func indexPathRightOfCenter() -> IndexPath {
        let middle = collectionView.bounds.midX
        var nearest = 0
        var offset = CGFloat.greatestFiniteMagnitude
        for path in collectionView.indexPathsForVisibleItems {
            guard let cell = collectionView.cellForItem(at: path) else { continue }
            if abs(cell.frame.midX - middle) < abs(offset) {
                offset = cell.frame.midX - middle
                nearest = path.item
            }
        }
        return IndexPath(item: offset < 0 ? nearest + 1 : nearest, section: 0)
    }
}
