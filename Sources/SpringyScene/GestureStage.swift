import SpringyCore
import SpringyDynamics

/// What a scripted gesture plays on: the running simulation, as its gesture files see it. A
/// gesture is one file (Gestures/<Name>.swift): its values, its keys, how it is read, and how
/// it plays — the input it starts (`ActiveInput`), written against this stage. The simulation
/// conforms; each verb here is one thing a finger or the device does to a scene.
package protocol GestureStage: AnyObject {
    /// Seconds since the scene began (a whole number of steps).
    var time: Double { get }
    /// The scene's Swift program, which takes the script's fingers as touches (its recognisers
    /// decide); nil for a scene file's views.
    var program: (any LiveProgram)? { get }
    /// The free views' animator (UIDynamicAnimator), if the scene has free views or behaviors.
    var freeAnimator: Animator? { get }
    /// The device's turn (radians, clockwise as the user sees it; 0 upright).
    var deviceAngle: Double { get set }
    /// The next finger's number, in the order fingers land (Swift code's views tell them apart).
    func newFinger() -> Int
    /// Starts `input`: it advances with every step, after the inputs of its stage, until it ends.
    func start(_ input: some ActiveInput)
    /// Starts a pan of finger `finger` for the script's `event`: a one-finger input that drags a
    /// free view, scrolls the collection, or (`touchOnly`) only shows.
    func startPan(_ pan: PanGesture, event: ScriptEvent, finger: Int, touchOnly: Bool)
    /// The topmost free view under a viewport point, as drawn now.
    func freeView(at point: Vec2) -> String?
    /// Where a tap lands: its point, or the centre of the view or cell it names.
    func tapPoint(_ target: TapTarget) -> Vec2
    /// A tap on the collection: the cell named, or the one under the point.
    func tapCollection(_ target: TapTarget)
    /// A free view's model value of `property` (what its animations run toward).
    func model(of view: String, _ property: AnimatedProperty) -> SIMD4<Double>
    /// Sets a free view's model value of `property` at once, as a gesture's handler does.
    func setModel(of view: String, _ property: AnimatedProperty, _ value: SIMD4<Double>)
    /// Starts a view animation at `t`, as a gesture's handler's UIView.animate does.
    func animate(_ spec: ViewAnimationSpec, at t: Double)
}

/// Scripted input in progress — a gesture's fingers, or the device's motion. The stage holds
/// every input in one list and advances them by `stage`, then in the order they started.
package protocol ActiveInput {
    /// Where its fingers are now, drawn in this order (none for device motion).
    var fingers: [Vec2] { get }
    /// Advances over the step ending at `t`; false once it has lifted and has nothing left to do.
    mutating func update(time t: Double, stage: any GestureStage) throws -> Bool
    /// Within a step, inputs advance by stage (then in the order they started): device motion,
    /// then one-finger gestures (pans, long presses, reorders, swipes, edge pans, touches), then
    /// pinches and rotations, then double taps.
    static var stage: InputStage { get }
}

package enum InputStage: Int, Comparable, Sendable {
    case motion, oneFinger, twoFinger, doubleTap
    package static func < (a: InputStage, b: InputStage) -> Bool { a.rawValue < b.rawValue }
}

package enum GestureTime {
    /// Times are sums of steps; a moment due at the end of a step counts as reached at it
    /// (0.3 s after 0.1 s is 36 steps of 1/120 s, although 36 × (1/120) − 0.1 < 0.2 in floating
    /// point).
    package static let slack = 1e-9
}
