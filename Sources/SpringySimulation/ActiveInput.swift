import SpringyCore
import SpringyScene

/// Scripted input in progress — a gesture's fingers, or the device's motion: one protocol for
/// every family, held in one list by the simulation (`Simulation.inputs`). A new gesture is a
/// type conforming to it in its own file, started by its script action in `fire`.
protocol ActiveInput {
    /// Where its fingers are now, drawn in this order (none for device motion).
    var fingers: [Vec2] { get }
    /// Advances over the step ending at `t`; false once it has lifted and has nothing left to do.
    mutating func update(time t: Double, sim: Simulation) throws -> Bool
    /// Within a step, inputs advance by stage (then in the order they started): device motion,
    /// then one-finger gestures (pans, long presses, reorders, swipes, edge pans, touches), then
    /// pinches and rotations, then double taps.
    static var stage: InputStage { get }
}

enum InputStage: Int, Comparable {
    case motion, oneFinger, twoFinger, doubleTap
    static func < (a: InputStage, b: InputStage) -> Bool { a.rawValue < b.rawValue }
}

extension Simulation {
    /// Starts `input`, after the inputs of its stage and before later stages'.
    func start(_ input: some ActiveInput) {
        let stage = type(of: input).stage
        let at = inputs.lastIndex { type(of: $0).stage <= stage }.map { $0 + 1 } ?? 0
        inputs.insert(input, at: at)
    }

    /// Every input over the step ending at `t`, dropping those that have ended.
    func advanceInputs(to t: Double) throws {
        var k = 0
        while k < inputs.count {
            if try inputs[k].update(time: t, sim: self) { k += 1 } else { inputs.remove(at: k) }
        }
    }
}

extension ActiveGesture: ActiveInput {
    static var stage: InputStage { .oneFinger }
    var fingers: [Vec2] { finger.map { [$0] } ?? [] }
    mutating func update(time t: Double, sim: Simulation) throws -> Bool { try update(time: t, target: sim) }
}

extension PinchTouch: ActiveInput {
    static var stage: InputStage { .twoFinger }
}

extension DoubleTapTouch: ActiveInput {
    static var stage: InputStage { .doubleTap }
}

/// How a `ScriptedGesture` plays: the input it starts when its event fires. Conformed to in the
/// file of its input (DeviceTilt.swift for `tilt`); `play` (generated) calls it.
protocol PlayedGesture: ScriptedGesture {
    /// Starts its input (or acts at once) for the script's `event`.
    func start(in sim: Simulation, event: ScriptEvent)
}

/// Plays the script's `ScriptedGesture`s: `play(_:in:)` is generated, one case per gesture file.
enum GesturePlayer {
    /// `gesture` as the type its action registers (springy-generate's switch names both).
    static func play<G: PlayedGesture>(
        _ gesture: any ScriptedGesture, as registered: G.Type, event: ScriptEvent, in sim: Simulation
    ) {
        guard let g = gesture as? G else {
            preconditionFailure("\(type(of: gesture)) says it is \(G.action), which \(G.self) is registered as")
        }
        g.start(in: sim, event: event)
    }
}
