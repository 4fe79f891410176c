import Foundation

/// A view a collection view reuses: cells and supplementary views.
open class UICollectionReusableView: UIView {
    public internal(set) var reuseIdentifier: String?
    public override init(frame: CGRect) { super.init(frame: frame) }
    open func prepareForReuse() {}
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
    /// Where the collection view shows it (frames and traces name a cell by it: "section.item").
    var shownIndexPath: IndexPath?
}

/// A collection view's cell: its content goes in `contentView`.
open class UICollectionViewCell: UICollectionReusableView {
    public let contentView: UIView
    open var isSelected = false
    open var isHighlighted = false
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let v = backgroundView {
                v.frame = bounds
                insertSubview(v, at: 0)
            }
        }
    }

    public override init(frame: CGRect) {
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        addSubview(contentView)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
    }
}
