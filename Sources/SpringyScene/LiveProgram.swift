import SpringyCore
import SpringyDynamics
import SpringyFrame

/// Swift code a scene runs — SpringyUIKit's view tree, animators and script — made afresh for
/// every run, so two runs (two processes, one thread or two) start from the same objects. The
/// scene's model holds the rest (viewport, time, style, goldens), as for a YAML scene.
package struct SceneProgram: Sendable {
    package let make: @Sendable () -> any LiveProgram
    package init(_ make: @escaping @Sendable () -> any LiveProgram) { self.make = make }
}

/// One run of a scene's program, driven by the Simulation's fixed clock: started once, stepped
/// every 1/step_rate s (its own stage of the step), asked what it shows at each output frame.
package protocol LiveProgram: AnyObject {
    /// Builds its objects before the first step; `h` is the step, `world` what every animator of
    /// the scene shares (step rate, item defaults, limits).
    func start(world: WorldSettings, viewport: Size2, appearance: Appearance, h: Double) throws
    /// The scroll views' own motion over the step from `time` (deceleration, bounce, animated
    /// scrolls), before the fingers move: the `scroll` stage, as a scene file's collection's.
    func scroll(at time: Double) throws
    /// One fixed step from `time` to `time + h`: the script's closures due at `time`, then the
    /// animators, their actions and delegates. Returns the step's contact and pause events.
    func step(at time: Double) throws -> [ContactEvent]
    /// What is on screen now, viewport coordinates, in drawing order.
    func frame() -> ProgramFrame
    /// Nothing moves (its animators are paused, no animation runs).
    var isAtRest: Bool { get }
    /// Every scripted closure has run and every scripted gesture ended.
    var scriptFinished: Bool { get }
    /// The script's fingers (the scene's own gesture player moves them, as for a scene file),
    /// each numbered by the order it landed in: `finger` lands at `point` (viewport coordinates),
    /// moves, lifts moving at `velocity` (pt/s). Several can be down at once (a pinch's two, a
    /// `touches` step's).
    func touchBegan(_ finger: Int, at point: Vec2)
    func touchMoved(_ finger: Int, to point: Vec2)
    func touchEnded(_ finger: Int, at point: Vec2, velocity: Vec2)
}

/// A program's part of one frame.
package struct ProgramFrame {
    package var items: [ItemState] = []
    package var springs: [SpringSnapshot] = []
    package var boundaries: [Segment] = []
    package init() {}
}
