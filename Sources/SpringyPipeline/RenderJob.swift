import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringySimulation
import SpringyTypes

/// One `springy render` of one scene: the frame pipeline into every asked-for format, whole
/// files only, resumable after an interruption.
package struct RenderJob {
    /// What the user asked for (SpringyTypes' RenderOptions, read through as if its fields were
    /// these settings' own), and what only the engine sets.
    @dynamicMemberLookup
    package struct Settings {
        package var options = RenderOptions()
        /// An APNG of every `every`-th frame, each lasting `every` frames (`springy docs`).
        package var every = 1
        /// Every frame's measured cost (`--weights`): shards then split by cost, not by count.
        package var shardCosts: [Double]?
        package init() {}

        package subscript<T>(dynamicMember path: WritableKeyPath<RenderOptions, T>) -> T {
            get { options[keyPath: path] }
            set { options[keyPath: path] = newValue }
        }
    }

    package struct Summary {
        package var frames = 0
        package var folder = ""
        /// What was written, per format in the order asked for: files and their bytes on disk.
        package var written: [(format: OutputFormat, files: Int, bytes: Int)] = []
        /// Things the user should know about the outputs (an mp4 cannot keep alpha, ...).
        package var warnings: [String] = []
        package var bytes: Int { written.reduce(0) { $0 + $1.bytes } }

        mutating func add(_ format: OutputFormat, bytes: Int, files: Int = 1) {
            if let i = written.firstIndex(where: { $0.format == format }) {
                written[i].files += files
                written[i].bytes += bytes
            } else {
                written.append((format, files, bytes))
            }
        }
    }

    /// A run stopped part-way (by `cancelled` throwing): what of it is kept. Only PNG frames
    /// are kept from a stopped run (each is written whole); animations, videos and stills
    /// exist only complete, so none of them is.
    package struct Stopped: Error {
        package var underlying: Error
        /// PNG frames written whole before the stop (0 when PNG was not asked for).
        package var framesKept: Int
        /// The formats asked for that left nothing behind.
        package var discarded: [OutputFormat]
    }

    package var scene: Scene
    package var settings: Settings
    /// Springy's version, part of the key that says whether a folder's partial run is this one.
    package var version: String
    /// The state stream `settings.states` names, opened and checked once (``settle()``).
    package private(set) var stream: StateStream.Reader?
    /// The frames the scene really has, when known before drawing: a state stream's count, or
    /// an `until: rest` scene's simulated end for a merge. Shards split these, and a merge reads
    /// these, so both agree on where the scene ends.
    package private(set) var frameCount: Int?

    package init(scene: Scene, settings: Settings, version: String) {
        self.scene = scene; self.settings = settings; self.version = version
    }

    package var folder: String { OutputNames.sceneFolder(settings.folder, scene) }

    /// Opens the state stream (once: the run and its checks use it) and learns the scene's
    /// real length where it matters: from the stream, or, for a merge of an `until: rest` scene
    /// without one, by simulating it (no drawing).
    package mutating func settle(cancelled: () throws -> Void = {}) throws {
        if let states = settings.states, stream == nil {
            let reader = try StateStreams.open(states, for: scene)
            stream = reader
            frameCount = reader.header.frames
        } else if settings.merge && scene.time.untilRest && frameCount == nil {
            var count = 0
            try Simulation(scene: scene).run(cancelled: cancelled) { _ in count += 1 }
            frameCount = count
        }
    }

    /// The frames this run renders: `frames`, then this shard's contiguous share of them.
    package var frameRange: ClosedRange<Int>? {
        let count = frameCount ?? scene.time.maxFrameCount
        guard count > 0 else { return nil }
        let all = 0...(count - 1)
        if let frames = settings.frames, !frames.overlaps(all) { return nil }
        var range = settings.frames.map { $0.clamped(to: all) } ?? all
        if let shard = settings.shard, let costs = settings.shardCosts, costs.count == scene.time.maxFrameCount {
            return ShardWeights.share(of: range, costs: costs, k: shard.index, n: shard.count)
        }
        if let shard = settings.shard {
            let (k, n) = (shard.index, shard.count)
            let count = range.count
            let lo = range.lowerBound + count * (k - 1) / n, hi = range.lowerBound + count * k / n - 1
            if hi < lo { return nil }
            range = lo...hi
        }
        return range
    }

    /// What identifies this render's output: the scene file, springy's version and the settings.
    package var runKey: String {
        let source = (try? Data(contentsOf: URL(fileURLWithPath: scene.file))) ?? Data()
        let p = settings.png
        let settingsText =
            "\(settings.scale ?? scene.viewport.scale) \(p.encoder.rawValue) \(p.level) \(p.filter.rawValue) \(p.strategy.rawValue) \(settings.formats.map(\.rawValue)) \(EncoderOptions.options.map { $0.key(settings.encoders) }) \(VideoOptions.options.map { $0.key(settings.video) })"
        return ContentHash.key([Array(source), Array(version.utf8), Array(settingsText.utf8)])
    }

    /// This run's resume marker in its folder (nil when it renders no frame).
    var markerPath: String? {
        frameRange.map { "\(folder)/\(OutputNames.partialMarker(frames: $0, of: scene.time.maxFrameCount))" }
    }

    /// An interrupted run of this same command left the folder: complete it instead of refusing.
    package var resumable: Bool {
        guard let markerPath else { return false }
        return (try? String(contentsOfFile: markerPath, encoding: .utf8)) == runKey
    }

    /// Files this render would replace (nil when the folder does not exist).
    package func existingOutputs() -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let kinds = settings.formats.map(\.kind)
        return names.filter { name in kinds.contains { $0.writes(name, job: self) } }.sorted()
    }

    /// What refuses this render before anything of any scene is written: a frame Cairo cannot
    /// draw at this scale, a format's own size limit (WebP: 16383 pixels a side).
    package func preflight() throws { try preflight(try Renderer(scene: scene, scale: settings.scale)) }

    /// The same checks against a renderer already made (the run's own: no second one).
    func preflight(_ renderer: Renderer, streamOpened: Bool = false) throws {
        try RunCost.check(scene, frames: frameRange, scale: settings.scale)
        if let states = settings.states, !streamOpened, stream == nil { _ = try StateStreams.open(states, for: scene) }
        if let timings = settings.timings { try ShardWeights.refuseOtherFile(timings) }
        if settings.merge, let other = settings.formats.first(where: { !MergedFrames.formats.contains($0) }) {
            throw OutputError(
                "--merge makes \(MergedFrames.formats.map(\.rawValue).joined(separator: ", ")) from the shards' PNG frames; \(other.rawValue) is \(other == .png ? "what it reads" : "drawn from frame states: render it with --states")"
            )
        }
        guard let context = context(renderer) else { return }
        for format in settings.formats { try format.kind.preflight(context) }
    }

    /// What the sinks of this run are made from (nil when it renders no frame).
    func context(_ renderer: Renderer) -> SinkContext? {
        frameRange.map { SinkContext(scene: scene, settings: settings, folder: folder, frames: $0, renderer: renderer) }
    }

    /// Renders; `cancelled` is asked between frames and stops the run by throwing;
    /// `progress` hears (done, total).
    package func run(
        cancelled: @escaping @Sendable () throws -> Void = {}, resumed: (Int) -> Void = { _ in },
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> Summary {
        let dir = folder
        var summary = Summary(folder: dir)
        // Everything that can refuse the scene (the frame size at this scale) before any folder is made.
        var pipeline = try FramePipeline(scene: scene, scale: settings.scale, png: settings.png, threads: settings.threads)
        // The stream is read and checked once: here, before any folder is made.
        if let states = settings.states { pipeline.states = .stream(try stream ?? StateStreams.open(states, for: scene)) }
        try preflight(pipeline.renderer, streamOpened: true)
        summary.warnings += try SceneWarnings.ofScene(scene)
        if !settings.toStandardOutput {
            try AtomicFile.makeDirectory(dir)
            AtomicFile.removeLeftovers(in: dir)
        }
        guard let range = frameRange, let context = context(pipeline.renderer) else { return summary }
        for format in settings.formats { summary.warnings += format.kind.warnings(context) }
        let total = range.count
        // Frames an interrupted run of this same command already wrote are kept, not redone.
        var missing: Set<Int>?
        if !settings.overwrite && settings.formats == [.png] && resumable {
            // A kept frame must be whole (an interrupt can cut a file short): checked, not trusted.
            let (w, h) = (pipeline.renderer.pixelWidth, pipeline.renderer.pixelHeight)
            missing = Set(
                range.filter { frame in
                    guard let data = FileManager.default.contents(atPath: "\(dir)/\(OutputNames.frame(frame))") else {
                        return true
                    }
                    return !PNGCodec.isWhole(Array(data), width: w, height: h)
                })
            if let m = missing, m.count < total { resumed(total - m.count) }
        }
        let marker = markerPath ?? "\(dir)/\(OutputNames.partialMarker)"
        // A merge is not resumed (it reads frames that are already whole): it leaves no marker.
        let marks = !settings.toStandardOutput && !settings.merge
        if marks { try AtomicFile.write(Array(runKey.utf8), to: marker) }
        // Every format is a sink fed each frame as it comes: animations and videos are written
        // to their files as they go, so memory stays flat whatever the frame count.
        var sinks: [(format: OutputFormat, sink: any OutputSink)] = []
        var last: (frame: Int, atRest: Bool)?
        var costs: [(frame: Int, seconds: Double)] = []
        do {
            for format in settings.formats { sinks.append((format, try format.kind.make(context))) }
            let needs = sinks.reduce(SinkNeeds()) { $0.union($1.sink.needs) }
            pipeline.encode(for: needs)
            func take(_ index: Int, _ state: FrameState, _ encoded: FramePipeline.Encoded) throws {
                try cancelled()
                let frame = SinkFrame(index: index, position: summary.frames, state: state, encoded: encoded)
                let written = CPUTime.thread  // for --timings only: nothing written depends on it
                for (_, sink) in sinks { try sink.add(frame) }
                summary.frames += 1
                if !settings.merge { last = (state.frame, state.atRest) }
                if settings.timings != nil { costs.append((index, encoded.seconds + CPUTime.thread - written)) }
                progress(summary.frames, total)
                if summary.frames % Heap.trimEvery == 0 { Heap.trim() }
            }
            if settings.merge {
                try MergedFrames.run(
                    folder: dir, frames: range, renderer: pipeline.renderer, needs: needs, scene: scene, cancelled: cancelled,
                    take)
            } else {
                try pipeline.runEncoded(frames: range, only: missing, cancelled: cancelled, sink: take)
            }
            if let last { summary.warnings += SceneWarnings.ofRun(scene, lastFrame: last.frame, atRest: last.atRest) }
            for (format, sink) in sinks {
                let result = try sink.finish()
                if result.files > 0 { summary.add(format, bytes: result.bytes, files: result.files) }
                summary.warnings += result.warnings
            }
        } catch {
            // Whatever stopped the run, nothing half-written is left behind.
            for (_, sink) in sinks { sink.abandon() }
            AtomicFile.removeLeftovers(in: dir)
            let kept = sinks.lazy.compactMap { $0.sink as? PNGFramesOutput.Sink }.first?.written ?? 0
            throw Stopped(underlying: error, framesKept: kept, discarded: settings.formats.filter { $0 != .png })
        }
        if marks { unlink(marker) }
        if let timings = settings.timings { try ShardWeights.writeTimings(scene, costs: costs, to: timings) }
        return summary
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
