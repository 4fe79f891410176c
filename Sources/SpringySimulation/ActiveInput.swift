import SpringyCore
import SpringyScene

/// Scripted input in progress as the simulation runs it: the script's own pans, long presses,
/// reorders and swipes (`ActiveGesture`, played on the simulation as its `GestureTarget`), and
/// the inputs gesture files start (`ActiveInput`, played on the simulation as their
/// `GestureStage`). All are held in one list, `Simulation.inputs`, in the order they advance.
protocol RunningInput {
    /// Where its fingers are now, drawn in this order (none for device motion).
    var fingers: [Vec2] { get }
    /// Its family's place in a step (ActiveInput.stage).
    var stage: InputStage { get }
    /// Advances over the step ending at `t`; false once it has lifted and has nothing left to do.
    mutating func update(time t: Double, sim: Simulation) throws -> Bool
}

/// A gesture file's input, run on the simulation as its stage.
struct StagedInput: RunningInput {
    var input: any ActiveInput
    var fingers: [Vec2] { input.fingers }
    var stage: InputStage { type(of: input).stage }
    mutating func update(time t: Double, sim: Simulation) throws -> Bool { try input.update(time: t, stage: sim) }
}

extension Simulation {
    /// Starts `input`, after the inputs of its stage and before later stages'.
    func start(_ input: some RunningInput) {
        let stage = input.stage
        let at = inputs.lastIndex { $0.stage <= stage }.map { $0 + 1 } ?? 0
        inputs.insert(input, at: at)
    }

    /// Starts a gesture file's input (GestureStage).
    package func start(_ input: some ActiveInput) { start(StagedInput(input: input)) }

    /// Every input over the step ending at `t`, dropping those that have ended.
    func advanceInputs(to t: Double) throws {
        var k = 0
        while k < inputs.count {
            if try inputs[k].update(time: t, sim: self) { k += 1 } else { inputs.remove(at: k) }
        }
    }
}

extension ActiveGesture: RunningInput {
    var stage: InputStage { .oneFinger }
    var fingers: [Vec2] { finger.map { [$0] } ?? [] }
    mutating func update(time t: Double, sim: Simulation) throws -> Bool { try update(time: t, target: sim) }
}
