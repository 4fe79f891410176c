import Foundation

/// A view a collection view reuses: cells and supplementary views.
open class UICollectionReusableView: UIView {
    public internal(set) var reuseIdentifier: String?
    public override init(frame: CGRect) { super.init(frame: frame) }
    open func prepareForReuse() {}
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
    /// Where the collection view shows it (frames and traces name a cell by it: "section.item").
    var shownIndexPath: IndexPath? { didSet { if shownIndexPath != oldValue { shownName = name() } } }
    /// Its kind when it is a supplementary view (frames name a section's header `header.S`, as
    /// scene files' headers are named).
    var shownKind: String? { didSet { if shownKind != oldValue { shownName = name() } } }

    /// How frames and traces name it where the collection view shows it (made when its place
    /// changes, not at every frame).
    private(set) var shownName: String?
    private func name() -> String? {
        guard let ip = shownIndexPath else { return nil }
        switch shownKind {
        case nil: return ip.count == 2 ? "\(ip.section).\(ip.item)" : nil
        case UICollectionView.elementKindSectionHeader?: return ip.count >= 1 ? "header.\(ip[0])" : nil
        case UICollectionView.elementKindSectionFooter?: return ip.count >= 1 ? "footer.\(ip[0])" : nil
        case let kind?: return "\(kind).\(ip.map(String.init).joined(separator: "."))"
        }
    }
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

extension UICollectionReusableView {
    /// Leaving in a batch update (inside its animation block): to the layout's final attributes
    /// `end`, else fading out where it is; no longer named in frames.
    func leave(to end: UICollectionViewLayoutAttributes?) {
        shownIndexPath = nil
        guard let end else {
            alpha = 0
            return
        }
        bounds.size = end.size
        center = end.center
        transform = end.transform
        alpha = end.alpha
    }
}
