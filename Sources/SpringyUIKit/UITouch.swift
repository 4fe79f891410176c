import Foundation

/// A finger on the screen, as a recogniser's delegate is shown it when it lands
/// (`gestureRecognizer(_:shouldReceive:)`): where it is, the view under it, when.
open class UITouch: NSObject {
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }
    public enum TouchType: Int, Sendable { case direct, indirect, pencil, indirectPointer }

    /// Where it is in its phase (the script's fingers are shown as they land).
    public internal(set) var phase: Phase
    /// The run's time (seconds) of its latest change.
    public internal(set) var timestamp: TimeInterval
    /// The deepest view under it that takes touches (UIView.hitTest), where it landed.
    public internal(set) weak var view: UIView?
    public internal(set) weak var window: UIWindow?
    /// The script's fingers are fingers on the glass.
    public var type: TouchType { .direct }
    /// Where it is and was, in the window's coordinates.
    var point: CGPoint
    var previousPoint: CGPoint

    init(landingAt point: CGPoint, in window: UIWindow, time: Double) {
        phase = .began
        timestamp = time
        self.window = window
        self.point = point
        previousPoint = point
        view = window.hitTest(point, with: nil)
        super.init()
    }

    /// Where it is in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint { view?.convert(point, from: nil) ?? point }
    /// Where it was before its latest change (where it landed, as it lands).
    open func previousLocation(in view: UIView?) -> CGPoint { view?.convert(previousPoint, from: nil) ?? previousPoint }
}
