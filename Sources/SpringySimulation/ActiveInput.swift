import SpringyCore

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
