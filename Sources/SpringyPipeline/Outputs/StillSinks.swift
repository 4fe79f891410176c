import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyTypes

/// The states a still keeps of a run. When the run's length is known (a fixed duration) only
/// the picked ones are kept; a scene that runs until rest keeps every state (plain values, no
/// pixels), its length known only at its end.
struct PickedStates {
    let pick: FramePick
    private let positions: Set<Int>?  // asked only
    private var states: [Int: FrameState] = [:]  // by position; looked up only
    private var count = 0

    init(_ context: SinkContext, fallback: FramePick) {
        pick = context.settings.pick ?? fallback
        positions = context.scene.time.untilRest ? nil : Set(pick.resolve(count: context.frames.count))
    }

    mutating func add(_ frame: SinkFrame) {
        if positions?.contains(frame.position) ?? true { states[frame.position] = frame.state }
        count += 1
    }

    /// The picked states, in pick order.
    var picked: [FrameState] { pick.resolve(count: count).compactMap { states[$0] } }
}

/// A still: states kept as the frames pass, drawn and written at `finish` (nothing before).
final class StillSink: OutputSink {
    private var states: PickedStates
    private let draw: ([FrameState]) throws -> SinkResult
    init(_ states: PickedStates, draw: @escaping ([FrameState]) throws -> SinkResult) { self.states = states; self.draw = draw }
    var needs: SinkNeeds { [] }
    func add(_ frame: SinkFrame) throws { states.add(frame) }
    func finish() throws -> SinkResult { try draw(states.picked) }
    func abandon() {}

    static func write(_ data: [UInt8], _ name: String, _ context: SinkContext) throws -> Int {
        try AtomicFile.write(data, to: context.path(name))
        return data.count
    }
}

/// `--format sheet`: the picked frames (8 evenly spaced unless `--pick`) side by side.
enum SheetOutput: OutputKind {
    static var format: OutputFormat { .sheet }
    static var isStill: Bool { true }
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.sheet(job.scene) }
    static func make(_ context: SinkContext) throws -> any OutputSink {
        StillSink(PickedStates(context, fallback: .evenly(8))) { picked in
            let canvas = try Stills.sheet(picked, renderer: context.renderer, columns: context.settings.columns)
            return SinkResult(
                files: 1, bytes: try StillSink.write(try PNGCodec.encode(canvas), OutputNames.sheet(context.scene), context))
        }
    }
}

/// `--format trail`: the picked frames laid over each other, earlier ones fainter.
enum TrailOutput: OutputKind {
    static var format: OutputFormat { .trail }
    static var isStill: Bool { true }
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.trail(job.scene) }
    static func make(_ context: SinkContext) throws -> any OutputSink {
        StillSink(PickedStates(context, fallback: .evenly(8))) { picked in
            let trail = try Stills.trail(picked, renderer: context.renderer)
            var result = SinkResult(
                files: 1,
                bytes: try StillSink.write(try PNGCodec.encode(trail.canvas), OutputNames.trail(context.scene), context))
            if !trail.showsMotion {
                result.warnings.append(
                    "\(context.scene.file): the trail shows no motion: nothing moved between the picked frames, or every earlier position is hidden under the last one (pick other frames with --pick, or use --format sheet)"
                )
            }
            return result
        }
    }
}

/// `--format pdf` / `svg`: each picked frame (the scene's golden frames unless `--pick`) as a
/// vector drawing, one file each.
enum VectorStillOutput {
    /// `--format pdf`: each picked frame (the golden frames unless `--pick`) as a vector PDF.
    enum PDF: OutputKind {
        static var format: OutputFormat { .pdf }
        static var isStill: Bool { true }
        static func writes(_ name: String, job: RenderJob) -> Bool { name.hasPrefix("frame-") && name.hasSuffix(".pdf") }
        static func make(_ context: SinkContext) throws -> any OutputSink { VectorStillOutput.make(context, pdf: true) }
    }

    /// `--format svg`: each picked frame (the golden frames unless `--pick`) as an SVG drawing.
    enum SVG: OutputKind {
        static var format: OutputFormat { .svg }
        static var isStill: Bool { true }
        static func writes(_ name: String, job: RenderJob) -> Bool { name.hasPrefix("frame-") && name.hasSuffix(".svg") }
        static func make(_ context: SinkContext) throws -> any OutputSink { VectorStillOutput.make(context, pdf: false) }
    }

    static func make(_ context: SinkContext, pdf: Bool) -> any OutputSink {
        StillSink(PickedStates(context, fallback: .frames(context.scene.golden.frames))) { picked in
            var result = SinkResult(files: 0, bytes: 0)
            for state in picked {
                let data = try Stills.vector(state, renderer: context.renderer, pdf: pdf)
                result.bytes += try StillSink.write(data, OutputNames.frame(state.frame, extension: pdf ? "pdf" : "svg"), context)
                result.files += 1
            }
            return result
        }
    }
}
