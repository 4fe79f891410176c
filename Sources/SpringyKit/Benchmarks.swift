import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline
import SpringyScene

/// `springy bench`: what Springy measures about itself, each kind a table of text. Build in
/// release for meaningful numbers.
public enum Benchmark {
    /// What to measure.
    public enum Kind: Sendable, Equatable {
        /// Frames/s and ms per stage (simulate, draw, encode, write), bytes per frame, peak
        /// memory; a table per scene, or JSON with `json`.
        case stages(json: Bool)
        /// The stage table with libpng as Springy set it before and with Springy's own PNG
        /// encoder, measured in the same run, side by side.
        case encoders
        /// 12 frames of each scene encoded with every zlib level, filter and strategy.
        case pngSweep
        /// Golden comparison (decode + compare, one core), a report of 100 failing frames, and
        /// verifying frame hashes.
        case check
        /// The golden store's footprint and the frames each kind of golden covers.
        case goldens
        /// The seeded set of 100 timing mutations: what each kind of golden detects.
        case mutations
        /// Bytes and ms/frame of each animated format against ffmpeg's GIF, with PSNR and SSIM.
        case formats
        /// The heap each animated format's writer holds (30 and 120 frames of 1920×1080).
        case animationMemory
        /// What N shards of a scene cost (one thread each): simulating from frame 0, from a
        /// state stream, and split by measured cost; the stream's cost and size.
        case shards(Int)
        /// Two scenes of the same system — your Swift scene and the scene file it mirrors —
        /// simulated and drawn on one thread, and the second's time per frame as a multiple of
        /// the first's.
        case compare
    }

    /// Where a benchmark reads and writes, and how wide it runs.
    public struct Options: Sendable {
        /// Threads of the full-pipeline run (stages) and of the footprint (goldens).
        public var threads = 1
        /// The folder of golden images (check, goldens).
        public var goldenFolder = "golden"
        /// Where animationMemory writes its files.
        public var folder = "out/bench"
        public var limits = Limits()
        public init() {}
    }

    /// The scenes a kind measures when none are named (nil: it needs them named, or takes none).
    public static func defaultScenes(for kind: Kind) -> [String]? {
        switch kind {
        case .formats: return ["scenes/springy-carousel.yaml", "scenes/drag-many.yaml"]
        case .shards: return ["scenes/bench/carousel-60s.yaml", "scenes/bench/drag-1000.yaml"]
        case .check, .goldens: return nil
        case .stages, .encoders, .pngSweep, .mutations, .animationMemory, .compare: return nil
        }
    }

    /// Runs `kind` on the scene files at `paths` (read from them), each table said through
    /// `messages` as it is ready.
    public static func run(_ kind: Kind, _ paths: [String], options: Options, messages: Messages) throws {
        func load(_ paths: [String]) throws -> [SpringyScene.Scene] {
            try paths.map { try Scene(contentsOfFile: $0, limits: options.limits).model }
        }
        try Problems.wrapping {
            switch kind {
            case .mutations:
                messages.say(try TimingMutations.measure().table)
            case .animationMemory:
                messages.say(
                    AnimationMemoryBenchmark.table(try AnimationMemoryBenchmark.run(into: options.folder), frames: 30))
            case .check:
                var r = try CheckBenchmark.run(try load(paths), goldenRoot: options.goldenFolder)
                let hashScene = "scenes/bench/carousel-2x.yaml"
                (r.hashFrames, r.hashMillisecondsPerFrame) = try CheckBenchmark.hashVerification(try load([hashScene])[0])
                r.hashScene = hashScene
                messages.say(r.table)
            case .goldens:
                messages.say(
                    try GoldenFootprint.run(try load(paths), goldenRoot: options.goldenFolder, threads: options.threads).table)
            case .formats:
                if FFmpeg.path == nil {
                    messages.warn("springy: ffmpeg is not on PATH: its GIF and the quality figures are left out")
                }
                for scene in try load(paths) {
                    let (frames, rows) = try FormatBenchmark.run(scene, ffmpeg: FFmpeg.path)
                    messages.say(FormatBenchmark.table(scene, frames: frames, rows: rows))
                }
            case .encoders:
                for scene in try load(paths) {
                    messages.say(try SpringyPipeline.Benchmark.encoders(scene, threads: options.threads).table)
                }
            case .pngSweep:
                try SpringyPipeline.Benchmark.pngSweep(try load(paths)) { messages.say($0) }
            case .shards(let n):
                for (i, scene) in try load(paths).enumerated() {
                    messages.say(try ShardBenchmark.run(scene, shards: n, folder: "\(options.folder)/shards-\(i)").table)
                }
            case .compare:
                let scenes = try load(paths)
                guard scenes.count == 2 else {
                    throw SpringyError("--compare takes two scenes (the first the baseline), not \(scenes.count)")
                }
                messages.say(try CompareBenchmark.run(scenes[0], scenes[1]).table)
            case .stages(let json):
                for scene in try load(paths) {
                    let r = try SpringyPipeline.Benchmark.measure(scene, threads: options.threads)
                    messages.say(json ? r.json : r.table)
                }
            }
        }
    }
}
