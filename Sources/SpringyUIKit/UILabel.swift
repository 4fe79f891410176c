import Foundation
import SpringyFrame

/// Where a line of text sits in its box.
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}

/// How a label ends a line that does not fit.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A view that draws text.
open class UILabel: UIView {
    open var text: String?
    open var font: UIFont! = .systemFont(ofSize: 17)
    open var textColor: UIColor! = .label
    open var textAlignment: NSTextAlignment = .natural
    /// Lines at most (0: as many as fit).
    open var numberOfLines = 1
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail

    /// As UIKit's, a label takes no touches unless you enable them (they go to the view under it).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The size its text takes, measured in the scene's pinned face as it is drawn: one line at its
    /// whole width when `numberOfLines` is 1, else broken within `size.width` (unbounded when 0),
    /// at most `numberOfLines` lines; whole pixels, rounded up. No text: zero. (Outside a scene's
    /// run there is no face to measure with: the view's own size, as UIView's.)
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let width = numberOfLines == 1 || size.width <= 0 ? Double.greatestFiniteMagnitude : Double(size.width)
        guard let run = UIKitRuntime.current, let measure = run.measure,
            let m = measure(text, Double(font?.pointSize ?? 17), width, numberOfLines, lineBreakMode.mode, run.scale)
        else { return bounds.size }
        let k = Double(run.scale)
        func up(_ x: Double) -> CGFloat { CGFloat((x * k).rounded(.up) / k) }
        return CGSize(width: up(m.widths.max() ?? 0), height: up(m.lineHeight * Double(m.widths.count)))
    }

    /// Its text's size on one line (as with no width to fit).
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
    }
}

extension NSLineBreakMode {
    /// The drawing's name for it.
    var mode: LineBreak {
        switch self {
        case .byWordWrapping: .wordWrap
        case .byCharWrapping: .charWrap
        case .byClipping: .clip
        case .byTruncatingHead: .truncateHead
        case .byTruncatingTail: .truncateTail
        case .byTruncatingMiddle: .truncateMiddle
        }
    }
}

/// A window: the root of a view tree, the size of the screen.
open class UIWindow: UIView {
    open var rootViewController: UIViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            if let vc = rootViewController {
                vc.view.frame = bounds
                addSubview(vc.view)
            }
        }
    }
    public override init(frame: CGRect) { super.init(frame: frame) }
    open func makeKeyAndVisible() { isHidden = false }
    open override func layoutSubviews() {
        super.layoutSubviews()
        rootViewController?.view.frame = bounds
    }
}

/// A view controller: a view made on first use (`loadView`, then `viewDidLoad`), laid out by
/// its window (`viewDidLayoutSubviews` after each layout of its view), and child controllers.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?
    open var title: String?

    public override init() { super.init() }
    public init(nibName: String?, bundle: Bundle?) { super.init() }

    /// The view, made by `loadView` (then `viewDidLoad`) the first time it is asked for.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: UIKitRuntime.current?.screenBounds ?? .zero) }
                loadedView?.controller = self
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.controller = self
        }
    }
    open var viewIfLoaded: UIView? { loadedView }
    open var isViewLoaded: Bool { loadedView != nil }
    open func loadViewIfNeeded() { _ = view }

    /// Makes the view: a plain, empty UIView the size of the screen (the scene's viewport),
    /// unless overridden (and set to `view`).
    open func loadView() { loadedView = UIView(frame: UIKitRuntime.current?.screenBounds ?? .zero) }
    open func viewDidLoad() {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    open func addChild(_ child: UIViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }
    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}
}
