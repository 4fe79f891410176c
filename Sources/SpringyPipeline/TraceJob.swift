import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyScene
import SpringySimulation

/// `springy trace`: the trace lines of a scene, or content hashes of its trace and pixels.
public enum TraceJob {
    /// Hands each frame's trace line (no newline) to `line`, in order.
    public static func lines(_ scene: Scene, frames range: ClosedRange<Int>? = nil, _ line: (String) throws -> Void) throws {
        try RunCost.check(scene, frames: range, drawn: false, trace: true)
        try Simulation(scene: scene).run(frames: range) { try line(TraceWriter.line($0)) }
    }

    public struct Hashes {
        public var trace: String
        /// Of every frame's PNG bytes, when asked for.
        public var pixels: String?
        public var frames: Int
    }

    /// The FNV-1a 64 hashes of the trace text and (with `pixels`) of every frame's PNG bytes,
    /// made by the render pipeline on `threads` threads.
    public static func hashes(
        _ scene: Scene, frames range: ClosedRange<Int>? = nil, pixels: Bool,
        threads: Int
    ) throws -> Hashes {
        try RunCost.check(scene, frames: range, drawn: pixels)
        var traceHash = ContentHash(), pixelHash = ContentHash()
        var count = 0
        func addTrace(_ state: FrameState) {
            traceHash.add(TraceWriter.line(state)); traceHash.endPart()
            count += 1
        }
        if pixels {
            try FramePipeline(scene: scene, threads: threads).run(frames: range) { _, state, png in
                addTrace(state)
                pixelHash.add(png); pixelHash.endPart()
            }
        } else {
            try Simulation(scene: scene).run(frames: range) { addTrace($0) }
        }
        return Hashes(trace: traceHash.hex, pixels: pixels ? pixelHash.hex : nil, frames: count)
    }

    /// What `validate` checks beyond decoding: what a render of the scene would cost (refused
    /// over its budgets), then the whole simulation to the scene's end, every script event
    /// applied, so that every refusal `render` can meet at run time is reported first, located at
    /// its behavior or event. Returns the estimate. Nothing is drawn.
    @discardableResult
    public static func validate(_ scene: Scene) throws -> (cost: RunCost, warnings: [String]) {
        try RunCost.check(scene)
        var warnings = try SceneWarnings.ofScene(scene)
        var last: (frame: Int, atRest: Bool)?
        try Simulation(scene: scene).run { last = ($0.frame, $0.atRest) }
        if let last { warnings += SceneWarnings.ofRun(scene, lastFrame: last.frame, atRest: last.atRest) }
        return (RunCost(scene), warnings)
    }
}
