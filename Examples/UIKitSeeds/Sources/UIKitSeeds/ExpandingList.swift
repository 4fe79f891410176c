#if canImport(UIKit)
    import UIKit
#else
    import SpringyUIKit
#endif

// Expand and collapse (the custom-layout write-up), as an iOS engineer writes it in Swift: a
// UICollectionViewLayout of full-width rows whose selected row grows, animated by a batch update
// inside a spring animation; the layout's targetContentOffset keeps the grown row on screen; with
// pinned section headers a scroll invalidates only the headers, through a custom invalidation
// context. scenes/expand-collapse.yaml and scenes/expand-sticky.yaml are the same systems.

/// What changed: with `headersOnly`, only the headers' places (the cells' stay cached).
public final class ExpandingListInvalidationContext: UICollectionViewLayoutInvalidationContext {
    public var headersOnly = false
}

/// Rows of `rowHeight`, the selected one `expandedHeight`, sections under headers that can pin
/// to the top while their section shows.
public final class ExpandingListLayout: UICollectionViewLayout {
    public var rowHeight: CGFloat = 100
    public var expandedHeight: CGFloat = 300
    public var headerHeight: CGFloat = 0
    public var pinsHeaders = false
    /// The grown row.
    public var selectedIndexPath: IndexPath?

    private var cells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var headers: [Int: UICollectionViewLayoutAttributes] = [:]
    /// Each section's top and bottom in the content.
    private var sections: [(top: CGFloat, bottom: CGFloat)] = []
    private var contentHeight: CGFloat = 0
    /// Where the cells were before the last update: rows that come into view start there.
    private var previousCells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var cellsAreValid = false

    public override class var invalidationContextClass: AnyClass { ExpandingListInvalidationContext.self }

    public override func prepare() {
        guard let collectionView else { return }
        if !cellsAreValid {
            cells = [:]
            sections = []
            let width = collectionView.bounds.width
            var y: CGFloat = 0
            for section in 0..<collectionView.numberOfSections {
                let top = y
                y += headerHeight
                for item in 0..<collectionView.numberOfItems(inSection: section) {
                    let path = IndexPath(item: item, section: section)
                    let height = path == selectedIndexPath ? expandedHeight : rowHeight
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
                    attributes.frame = CGRect(x: 0, y: y, width: width, height: height)
                    cells[path] = attributes
                    y += height
                }
                sections.append((top, y))
            }
            contentHeight = y
            cellsAreValid = true
        }
        placeHeaders()
    }

    /// Each header at its section's top, or pinned below the view's top until the section's end
    /// pushes it off.
    private func placeHeaders() {
        headers = [:]
        guard headerHeight > 0, let collectionView else { return }
        let top = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
        for (section, span) in sections.enumerated() {
            let header = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                with: IndexPath(item: 0, section: section))
            var y = span.top
            if pinsHeaders { y = min(max(top, span.top), span.bottom - headerHeight) }
            header.frame = CGRect(x: 0, y: y, width: collectionView.bounds.width, height: headerHeight)
            header.zIndex = 1
            headers[section] = header
        }
    }

    public override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let rows = cells.values.filter { $0.frame.intersects(rect) }.sorted { $0.indexPath < $1.indexPath }
        let tops = headers.values.filter { $0.frame.intersects(rect) }.sorted { $0.indexPath < $1.indexPath }
        return rows + tops
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cells[indexPath]
    }

    public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        elementKind == UICollectionView.elementKindSectionHeader ? headers[indexPath.section] : nil
    }

    /// Pinned headers move as the content scrolls; nothing else does.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        pinsHeaders || newBounds.width != collectionView?.bounds.width
    }

    public override func invalidationContext(forBoundsChange newBounds: CGRect)
        -> UICollectionViewLayoutInvalidationContext
    {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        guard let ours = context as? ExpandingListInvalidationContext,
            newBounds.width == collectionView?.bounds.width
        else { return context }
        ours.headersOnly = true
        ours.invalidateSupplementaryElements(
            ofKind: UICollectionView.elementKindSectionHeader, at: sections.indices.map { IndexPath(item: 0, section: $0) })
        return ours
    }

    public override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        if (context as? ExpandingListInvalidationContext)?.headersOnly != true {
            if cellsAreValid { previousCells = cells }
            cellsAreValid = false
        }
    }

    /// A row coming into view during an update slides in from where it was.
    public override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        previousCells[itemIndexPath]
    }

    /// Keeps the grown row on screen: scrolled up so its bottom shows, or down so its top is
    /// below the view's top (and below a pinned header); a collapse leaves the offset.
    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        guard let collectionView, let selectedIndexPath, let frame = cells[selectedIndexPath]?.frame else {
            return proposedContentOffset
        }
        var target = proposedContentOffset
        let height = collectionView.bounds.height
        if frame.maxY > target.y + height { target.y = frame.maxY - height }
        let pinned = pinsHeaders ? headerHeight : 0
        if frame.minY < target.y + pinned { target.y = frame.minY - pinned }
        target.y = min(max(target.y, 0), max(0, contentHeight - height))
        return target
    }
}

/// A row: its number on a colour of its own.
final class RowCell: UICollectionViewCell {
    let title = UILabel(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        title.font = .systemFont(ofSize: 20)
        title.textColor = .white
        contentView.addSubview(title)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override var isSelected: Bool {
        didSet { contentView.layer.borderWidth = isSelected ? 3 : 0 }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = CGRect(x: 16, y: 0, width: contentView.bounds.width - 32, height: 100)
    }
}

/// A section's header: its title on a dark band.
final class HeaderView: UICollectionReusableView {
    let title = UILabel(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(red: 0.227, green: 0.227, blue: 0.235, alpha: 1)
        title.textColor = .white
        title.font = .boldSystemFont(ofSize: 17)
        addSubview(title)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = bounds.insetBy(dx: 16, dy: 0)
    }
}

/// The screen: sections of rows; a tap grows a row, a second tap shrinks it again.
public final class ExpandingListViewController: UIViewController, UICollectionViewDataSource,
    UICollectionViewDelegate
{
    public var collectionView: UICollectionView!
    public let layout = ExpandingListLayout()
    let counts: [Int]
    let colors: [UIColor] = [.systemBlue, .systemGreen, .systemIndigo, .systemOrange, .systemPink, .systemTeal]

    /// `counts` rows per section; `headerHeight` 0 for none.
    public init(counts: [Int], headerHeight: CGFloat = 0, pinsHeaders: Bool = false) {
        self.counts = counts
        super.init(nibName: nil, bundle: nil)
        layout.headerHeight = headerHeight
        layout.pinsHeaders = pinsHeaders
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = .white
        collectionView.register(RowCell.init(frame:), forCellWithReuseIdentifier: "Row")
        collectionView.register(
            HeaderView.init(frame:), forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "Header")
        collectionView.dataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)
    }

    public func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Row", for: indexPath)
        cell.contentView.backgroundColor = colors[(indexPath.section + indexPath.item) % colors.count]
        (cell as? RowCell)?.title.text = "\(indexPath.item)"
        return cell
    }

    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
        (header as? HeaderView)?.title.text = "Section \(indexPath.section)"
        return header
    }

    /// A tap grows the row, or shrinks it when it was the grown one, on a critically damped
    /// 0.4 s spring; the batch update inside the block takes the block's spring.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        if layout.selectedIndexPath == indexPath {
            collectionView.deselectItem(at: indexPath, animated: true)
            layout.selectedIndexPath = nil
        } else {
            layout.selectedIndexPath = indexPath
        }
        UIView.animate(
            withDuration: 0.4, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [],
            animations: { collectionView.performBatchUpdates(nil) })
    }
}
