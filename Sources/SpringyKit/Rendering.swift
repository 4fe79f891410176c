import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline
import SpringyScene

/// Springy's version (`springy --version`), part of what says whether outputs are up to date.
public let springyVersion = SpringyVersion.current

/// Whether ffmpeg is on PATH: mp4, webm and mov need it.
public var ffmpegAvailable: Bool { FFmpeg.path != nil }

extension OutputFormat {
    /// Drawn from kept frames after the run (sheet, trail, still, pdf, svg): they take a `FramePick`.
    public var isStill: Bool { kind.isStill }
}

extension FramePick {
    /// Why this pick does not fit `scene` (more frames than it has, a frame past its last), or nil.
    public func problem(in scene: Scene) -> String? { problem(count: scene.frameCount) }
}

extension VideoCodec {
    /// The codecs a container (`mp4`, `webm`, `mov`) takes; the first is its default.
    public static func allowed(in format: OutputFormat) -> [VideoCodec] { allowed(in: format.rawValue) }
}

extension Shard {
    /// The shard a scheduler gave this process, read from its environment, and which
    /// scheduler said so: a Slurm job array (`SLURM_ARRAY_TASK_ID` within
    /// `SLURM_ARRAY_TASK_MIN`…`MAX`, `SLURM_ARRAY_TASK_STEP`, `SLURM_ARRAY_TASK_COUNT`), a
    /// Kubernetes Indexed Job (`JOB_COMPLETION_INDEX`, 0-based), or a GitHub Actions matrix
    /// (`STRATEGY_JOB_INDEX` and `STRATEGY_JOB_TOTAL`, set in the workflow from
    /// `strategy.job-index` and `strategy.job-total`). `count` is the number of shards when
    /// given (`--shard auto/N`); Kubernetes says only the index, so it needs it (or
    /// `SPRINGY_SHARD_COUNT`). The first scheduler found, in that order, is used.
    public static func fromEnvironment(_ environment: [String: String], count given: Int? = nil) throws -> (
        shard: Shard, source: String
    ) {
        func number(_ name: String) throws -> Int? {
            guard let text = environment[name] else { return nil }
            guard let n = Int(text.trimmingCharacters(in: .whitespaces)), n >= 0, n <= 100_000_000 else {
                throw Problems("--shard auto: \(name)=\(text) is not a whole number of 0 or more")
            }
            return n
        }
        func checked(_ k: Int, _ n: Int, _ source: String) throws -> (shard: Shard, source: String) {
            if let given, given != n {
                throw Problems("--shard auto/\(given): \(source) says there are \(n) shards, not \(given)")
            }
            guard (1...Shard.maxCount).contains(n), (1...n).contains(k) else {
                throw Problems("--shard auto: \(source) gives shard \(k) of \(n), which is not a shard")
            }
            return (Shard(k, of: n), source)
        }
        if let id = try number("SLURM_ARRAY_TASK_ID") {
            guard let low = try number("SLURM_ARRAY_TASK_MIN"), let high = try number("SLURM_ARRAY_TASK_MAX") else {
                throw Problems("--shard auto: SLURM_ARRAY_TASK_ID is set without SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_MAX")
            }
            let step = try number("SLURM_ARRAY_TASK_STEP") ?? 1
            guard step >= 1, low <= id, id <= high, (id - low) % step == 0 else {
                throw Problems("--shard auto: SLURM_ARRAY_TASK_ID=\(id) is not in the array \(low)-\(high):\(step)")
            }
            let n = (high - low) / step + 1
            if let count = try number("SLURM_ARRAY_TASK_COUNT"), count != n {
                throw Problems(
                    "--shard auto: the Slurm array \(low)-\(high):\(step) is not a range of \(count) tasks (SLURM_ARRAY_TASK_COUNT); submit it as --array=A-B or A-B:STEP"
                )
            }
            let k = (id - low) / step + 1
            return try checked(k, n, "Slurm job array (SLURM_ARRAY_TASK_ID \(id) of \(low)-\(high))")
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            guard let n = try given ?? number("SPRINGY_SHARD_COUNT") else {
                throw Problems(
                    "--shard auto: a Kubernetes Indexed Job gives JOB_COMPLETION_INDEX but not the number of completions: write --shard auto/N (N = completions)"
                )
            }
            return try checked(index + 1, n, "Kubernetes Indexed Job (JOB_COMPLETION_INDEX \(index))")
        }
        if let index = try number("STRATEGY_JOB_INDEX") {
            guard let n = try number("STRATEGY_JOB_TOTAL") ?? given else {
                throw Problems("--shard auto: STRATEGY_JOB_INDEX is set without STRATEGY_JOB_TOTAL")
            }
            return try checked(index + 1, n, "GitHub Actions matrix (strategy.job-index \(index) of \(n))")
        }
        throw Problems(
            "--shard auto: no scheduler's index in the environment (looked for SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX and STRATEGY_JOB_INDEX); give --shard K/N"
        )
    }
}

extension RenderOptions {
    var settings: RenderJob.Settings {
        var s = RenderJob.Settings()
        s.options = self
        return s
    }
}

/// One scene's render, ready to run: where it writes, and what it would replace.
public struct RenderRun {
    let job: RenderJob

    /// The scene's output folder.
    public var folder: String { job.folder }
    /// The frames it renders (nil: its shard has none).
    public var frameRange: ClosedRange<Int>? { job.frameRange }
    /// An interrupted run of this same render left its folder: running completes it.
    public var resumable: Bool { job.resumable }
    /// Files this render would replace (nil: the folder does not exist).
    public func existingOutputs() -> [String]? { job.existingOutputs() }
    /// Refuses, before anything is written, what would stop it part-way: a frame too large to
    /// draw at this scale, a format's own size limit.
    public func preflight() throws { try Problems.wrapping { try job.preflight() } }

    /// Renders. `cancelled` is asked between frames and stops the run by throwing (what is
    /// kept is said by ``RenderStopped``); `resumed` hears how many frames an earlier run kept;
    /// `progress` hears (done, total).
    public func run(
        cancelled: @escaping @Sendable () throws -> Void = {}, resumed: (Int) -> Void = { _ in },
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> RenderSummary {
        do {
            let s = try job.run(cancelled: cancelled, resumed: resumed, progress: progress)
            return RenderSummary(
                frames: s.frames, folder: s.folder,
                written: s.written.map { ($0.format, $0.files, $0.bytes) },
                warnings: s.warnings)
        } catch let stopped as RenderJob.Stopped {
            throw RenderStopped(
                problems: stopped.underlying is Cancelled ? nil : Problems(stopped.underlying),
                cancelled: stopped.underlying as? Cancelled, framesKept: stopped.framesKept,
                discarded: stopped.discarded)
        } catch { throw Problems(error) }
    }
}

/// What a render wrote.
public struct RenderSummary: Sendable {
    public var frames: Int
    public var folder: String
    /// Each format's files and bytes.
    public var written: [(format: OutputFormat, files: Int, bytes: Int)]
    public var warnings: [String]
    /// Bytes written in all.
    public var bytes: Int { written.reduce(0) { $0 + $1.bytes } }
}

/// A render stopped part-way: by a problem, or cancelled. Only whole PNG frames are kept;
/// animations, videos and stills exist complete or not at all.
public struct RenderStopped: Error, Sendable {
    /// What stopped it, unless it was cancelled.
    public var problems: Problems?
    public var cancelled: Cancelled?
    /// PNG frames written whole before the stop.
    public var framesKept: Int
    /// The formats asked for that left nothing behind.
    public var discarded: [OutputFormat]
}

extension Scene {
    /// The render `options` describe, ready to check and run (a `weights` file is read here).
    public func render(_ options: RenderOptions) throws -> RenderRun {
        var settings = options.settings
        if let weights = options.weights {
            settings.shardCosts = try Problems.wrapping { try ShardWeights.frameCosts(from: weights, for: model) }
        }
        var job = RenderJob(scene: model, settings: settings, version: SpringyVersion.current)
        try Problems.wrapping { try job.settle() }
        return RenderRun(job: job)
    }

    /// Simulates the scene once and writes every frame's state to `path` (whole or not at all;
    /// an existing file only with `overwrite`), for renders to draw from (`RenderOptions.states`).
    /// Returns the frames and bytes written.
    @discardableResult
    public func writeStates(to path: String, overwrite: Bool = false, cancelled: () throws -> Void = {}) throws -> (
        frames: Int, bytes: Int
    ) {
        try Problems.wrapping {
            try AtomicFile.prepare(path, overwrite: overwrite, flag: "--out")
            return try StateStreams.write(model, to: path, cancelled: cancelled)
        }
    }

    /// The folder `render` writes this scene's outputs into under `folder`.
    public func outputFolder(in folder: String) -> String { OutputNames.sceneFolder(folder, model) }
}
