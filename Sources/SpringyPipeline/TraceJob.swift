import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyScene
import SpringySimulation

/// `springy trace`: the trace lines of a scene, or content hashes of its trace and pixels.
package enum TraceJob {
    /// Hands each frame's trace line (no newline) to `line`, in order.
    package static func lines(_ scene: Scene, frames range: ClosedRange<Int>? = nil, _ line: (String) throws -> Void) throws {
        try RunCost.check(scene, frames: range, drawn: false, trace: true)
        try Simulation(scene: scene).run(frames: range) { try line(TraceWriter.line($0)) }
    }

    package struct Hashes {
        package var trace: String
        /// Of every frame's pixels as drawn (PixelHash, before encoding), when asked for.
        package var pixels: String?
        package var frames: Int
        /// Each frame's number and hashes: its trace line's, and its pixels' when asked for.
        package var perFrame: [(frame: Int, trace: String, pixels: String?)] = []
    }

    /// The FNV-1a 64 hashes of the trace text and (with `pixels`) of every frame's pixels as
    /// drawn by the render pipeline on `threads` threads — never an encoder's bytes, so the pins
    /// follow what scenes do and show, not a library's output format.
    package static func hashes(
        _ scene: Scene, frames range: ClosedRange<Int>? = nil, pixels: Bool,
        threads: Int
    ) throws -> Hashes {
        try RunCost.check(scene, frames: range, drawn: pixels)
        var traceHash = ContentHash(), pixelHash = ContentHash()
        var perFrame: [(frame: Int, trace: String, pixels: String?)] = []
        func add(_ state: FrameState, _ pixels: UInt64?) {
            let line = TraceWriter.line(state)
            traceHash.add(line); traceHash.endPart()
            var one = ContentHash()
            one.add(line)
            var frameHash: String?
            if let pixels {
                let bytes = (0..<8).map { UInt8(truncatingIfNeeded: pixels >> (8 * $0)) }
                pixelHash.add(bytes); pixelHash.endPart()
                frameHash = ContentHash.hex(pixels)
            }
            perFrame.append((state.frame, one.hex, frameHash))
        }
        if pixels {
            var pipeline = try FramePipeline(scene: scene, threads: threads)
            pipeline.encodePNG = false
            pipeline.hashPixels = true
            try pipeline.runEncoded(frames: range) { _, state, out in add(state, out.pixelHash) }
        } else {
            try Simulation(scene: scene).run(frames: range) { add($0, nil) }
        }
        return Hashes(trace: traceHash.hex, pixels: pixels ? pixelHash.hex : nil, frames: perFrame.count, perFrame: perFrame)
    }

    /// What `validate` checks beyond decoding: what a render of the scene would cost (refused
    /// over its budgets), then the simulation, every script event applied, so that every refusal
    /// `render` can meet at run time is reported first, located at its behavior or event. Nothing
    /// is drawn. A scene whose estimate is over `bodySteps` (render's budget allows far more than
    /// a quick check should run) is simulated only to the last frame within it, and the result
    /// says so (`ranFrames`, with the estimate of the rest): run it all with `bodySteps: .infinity`.
    package static func validate(_ scene: Scene, bodySteps budget: Double = .infinity) throws -> Validated {
        try RunCost.check(scene)
        let cost = RunCost(scene)
        var warnings = try SceneWarnings.ofScene(scene)
        var last: (frame: Int, atRest: Bool)?
        let frames = scene.time.maxFrameCount
        guard cost.bodySteps > budget, frames > 1 else {
            try Simulation(scene: scene).run { last = ($0.frame, $0.atRest) }
            if let last { warnings += SceneWarnings.ofRun(scene, lastFrame: last.frame, atRest: last.atRest) }
            return Validated(cost: cost, warnings: warnings)
        }
        // The last frame whose estimate is within the budget (at least the first frame).
        var lo = 0, hi = frames - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if RunCost(scene, frames: 0...mid, drawn: false).bodySteps <= budget { lo = mid } else { hi = mid - 1 }
        }
        let started = CPUTime.thread
        try Simulation(scene: scene).run(frames: 0...lo) { last = ($0.frame, $0.atRest) }
        let seconds = CPUTime.thread - started
        let ran = (last?.frame ?? lo) + 1
        let part = RunCost(scene, frames: 0...(ran - 1), drawn: false).bodySteps
        let rest = part > 0 ? seconds * (cost.bodySteps - part) / part : 0
        return Validated(
            cost: cost, warnings: warnings, ranFrames: ran,
            unran:
                "validate simulated the first \(counted(ran, "frame")) of \(frames) (about \(RunCost.short(part)) of \(RunCost.short(cost.bodySteps)) body-steps); the rest would take \(RunCost.duration(rest)) at this pace: pass --full to run it to the end"
        )
    }

    /// What `validate` found: the cost estimate, the warnings, and how far it ran when it did
    /// not run to the end (nil: it did).
    package struct Validated {
        package var cost: RunCost
        package var warnings: [String]
        package var ranFrames: Int?
        /// Says how far it ran and what the rest would take (nil: it ran to the end).
        package var unran: String?
        init(cost: RunCost, warnings: [String], ranFrames: Int? = nil, unran: String? = nil) {
            self.cost = cost; self.warnings = warnings; self.ranFrames = ranFrames; self.unran = unran
        }
    }
}
