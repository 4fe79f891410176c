import Foundation

/// A control's actions, as iOS 14 gives them without a selector: `UIAction(handler:)`.
open class UIAction: NSObject {
    public let title: String
    public let handler: (UIAction) -> Void
    /// The control that sent the action while it runs (UIKit's type: `Any?`).
    public var sender: Any? { sending }
    weak var sending: AnyObject?

    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
        super.init()
    }
}

/// A view that sends actions when the script's finger touches it: there is no Objective-C runtime
/// for `addTarget(_:action:for:)`, so actions are `UIAction`s (`addAction(_:for:)`), as on iOS 14.
open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    /// A control's state (UIControl.State), for per-state titles and colours.
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
    /// Its state now: disabled, highlighted, selected, or normal.
    open var state: State {
        var out: State = []
        if !isEnabled { out.insert(.disabled) }
        if isHighlighted { out.insert(.highlighted) }
        if isSelected { out.insert(.selected) }
        return out
    }

    open var isEnabled = true
    /// True while a finger that landed on it is inside it.
    open var isHighlighted = false
    open var isSelected = false
    private var actions: [(action: UIAction, events: Event)] = []

    public override init(frame: CGRect) { super.init(frame: frame) }
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    open func addAction(_ action: UIAction, for controlEvents: Event) { actions.append((action, controlEvents)) }
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.action === action && controlEvents.isSuperset(of: $0.events) }
    }
    /// Runs the actions added for any of `controlEvents`, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        for (action, events) in actions where !events.intersection(controlEvents).isEmpty {
            action.sending = self
            action.handler(action)
            action.sending = nil
        }
    }

    /// The events a touch-up inside sends: a button's primary action is its touch-up inside.
    var touchUpEvents: Event { [.touchUpInside, .primaryActionTriggered] }

    func touch(_ phase: UIGestureRecognizer.State, at point: CGPoint) {
        let inside = bounds.contains(convert(point, from: nil))
        switch phase {
        case .began:
            isHighlighted = true
            sendActions(for: .touchDown)
        case .changed:
            isHighlighted = inside
        case .ended:
            isHighlighted = false
            sendActions(for: inside ? touchUpEvents : .touchUpOutside)
        case .cancelled, .failed, .possible:
            isHighlighted = false
            sendActions(for: .touchCancel)
        }
    }
}

/// A button: a title label over its background, sending its actions on a tap.
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    public private(set) var buttonType: ButtonType = .custom
    /// The label the title is drawn in (centred; the tint colour for a system button).
    public let titleLabel: UILabel?
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    /// The view the current image is drawn in, at the image's size, before the title; nil until
    /// the button has an image, as UIKit's.
    public private(set) var imageView: UIImageView?

    public override init(frame: CGRect) {
        let label = UILabel(frame: .zero)
        label.textAlignment = .center
        label.textColor = .white
        titleLabel = label
        super.init(frame: frame)
        addSubview(label)
    }
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        if buttonType == .system { titleLabel?.textColor = .systemBlue }
    }
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        refresh()
    }
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[0] }
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        refresh()
    }
    open func titleColor(for state: State) -> UIColor? { titleColors[state.rawValue] ?? titleColors[0] }
    open var currentTitle: String? { title(for: currentState) }
    /// The image for `state` (the normal state's when it has none of its own).
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        if image != nil, imageView == nil {
            let view = UIImageView(frame: .zero)
            imageView = view
            addSubview(view)
        }
        refresh()
        setNeedsLayout()
    }
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[0] }
    open var currentImage: UIImage? { image(for: currentState) }

    /// The state a title, colour or image is looked up by: the control's whole state (a pressed
    /// selected button is [.selected, .highlighted]); a state with no value of its own shows the
    /// normal one, as UIKit's (set one for the combination to change that).
    var currentState: State { state }
    open override var isHighlighted: Bool { didSet { refresh() } }
    open override var isEnabled: Bool { didSet { refresh() } }
    open override var isSelected: Bool { didSet { refresh() } }

    func refresh() {
        titleLabel?.text = title(for: currentState)
        if let color = titleColor(for: currentState) { titleLabel?.textColor = color }
        // A highlighted system button dims its title and image, as UIKit's does.
        titleLabel?.alpha = buttonType == .system && isHighlighted ? 0.2 : 1
        if let imageView {
            imageView.image = currentImage
            imageView.alpha = titleLabel?.alpha ?? 1
        }
    }

    /// The title fills the button, centred; with an image, the image (at its size) and then the
    /// title (at its measured width) are centred together, each centred vertically, as UIKit's.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard let image = currentImage, let imageView else {
            imageView?.frame = .zero
            titleLabel?.frame = bounds
            return
        }
        let size = image.size
        var titleWidth: CGFloat = 0
        if let label = titleLabel, !(label.text ?? "").isEmpty {
            titleWidth = min(label.sizeThatFits(bounds.size).width, max(0, bounds.width - size.width))
        }
        let left = bounds.minX + (bounds.width - size.width - titleWidth) / 2
        imageView.frame = CGRect(x: left, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
        titleLabel?.frame = CGRect(x: left + size.width, y: bounds.minY, width: titleWidth, height: bounds.height)
    }
}
