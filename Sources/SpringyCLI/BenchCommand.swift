import ArgumentParser
import Foundation
import SpringyKit
import SpringyServer

extension Springy {
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure a scene: frames/s and ms per stage (simulate, draw, encode, write), bytes per frame, peak memory.",
            discussion:
                "Build with -c release for meaningful numbers: swift run -c release springy bench scenes/bench/carousel-1m.yaml. "
                + "The whole pipeline runs alternately on one thread and on --threads, the best of at least five runs each; beside "
                + "the N-thread figure, N one-thread renders run at once (sharing no work) say what the machine itself gives N threads."
        )

        @Argument(help: "Scene files (with --check, default: scenes/*.yaml).")
        var scenes: [String] = []

        @Option(name: .long, help: "Threads for the full-pipeline run (default: all cores).")
        var threads: Int?

        @Flag(name: .long, help: "One JSON object per scene instead of a table.")
        var json = false

        @Flag(
            name: .customLong("png-sweep"),
            help:
                "Instead: encode 12 frames of each scene with every zlib level 1-9, filter and strategy, and print ms and bytes per frame."
        )
        var pngSweep = false

        @Flag(
            name: .long,
            help:
                "Instead: the stage table of each scene with libpng as Springy set it before (level 3, up, rle) and with Springy's own PNG encoder, in the same run, side by side."
        )
        var encoders = false

        @Flag(
            name: .long,
            help: "Instead: time golden comparison (decode + compare, one core) and writing a report of 100 failing frames.")
        var check = false

        @Flag(
            name: .long,
            help:
                "Instead: the golden store's footprint (PNG goldens, traces, frame hashes, and every frame as a PNG for comparison) and the frames each covers (default: scenes/*.yaml)."
        )
        var goldens = false

        @Flag(
            name: .long,
            help:
                "Instead: run the seeded set of 100 timing mutations and say what each kind of golden detects and how well check's timing diagnosis does."
        )
        var mutations = false

        @Flag(
            name: .long,
            help:
                "Instead: bytes and ms/frame of the PNG frames (Springy's encoder and libpng as before) and of each animated format (gif, webp, apng, and the vector smil, lottie and dotlottie) against ffmpeg's two-pass palettegen GIF, with both GIFs' PSNR and SSIM (default scenes: the carousel and the drag)."
        )
        var formats = false

        @Flag(
            name: .long,
            help:
                "Instead: time the live preview — edit to first frame, scrubbing a 10 s version, memory (default scene: the carousel)."
        )
        var preview = false

        @Flag(
            name: .customLong("animation-memory"),
            help:
                "Instead: the heap each animated format's writer (apng, gif, webp) holds after 30 and 120 frames of 1920×1080, written into --out."
        )
        var animationMemory = false

        @Option(
            name: .long,
            help:
                "Instead: what N shards of a scene cost, one thread each — simulating from frame 0, drawing from a state stream, split by measured cost — and the stream's cost and size (default scenes: scenes/bench/carousel-60s.yaml, 60 s, and drag-1000.yaml, where simulating is a third of the cost)."
        )
        var shards: Int?

        @Flag(
            name: .long,
            help:
                "Instead: two scenes of the same system (say, your Swift scene and the scene file it mirrors) simulated and drawn on one thread, the best of five runs each, and the second's time per frame as a multiple of the first's."
        )
        var compare = false

        @Option(name: .long, help: "With --animation-memory or --shards: the folder written to (removed after --shards).")
        var out: String = "out/bench"

        @Option(name: .long, help: "With --check or --goldens: the folder of golden images.")
        var golden: String = "golden"

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            try refuseEmptyPaths([("--golden", golden), ("--out", out)], scenes: scenes)
            if let t = threads, !(1...256).contains(t) { throw ValidationError("--threads must be between 1 and 256, not \(t)") }
            if let n = shards, !(1...64).contains(n) { throw ValidationError("--shards must be 1-64, not \(n)") }
            if compare && scenes.count != 2 {
                throw ValidationError("--compare takes two scenes (the first the baseline), not \(scenes.count)")
            }
            if scenes.isEmpty && !check && !goldens && !mutations && !formats && !preview && !animationMemory && shards == nil {
                throw ValidationError("give the scene files to measure")
            }
        }

        var kind: Benchmark.Kind {
            if let shards { return .shards(shards) }
            if compare { return .compare }
            if mutations { return .mutations }
            if animationMemory { return .animationMemory }
            if check { return .check }
            if goldens { return .goldens }
            if formats { return .formats }
            if pngSweep { return .pngSweep }
            if encoders { return .encoders }
            return .stages(json: json)
        }

        func run() throws {
            if preview {
                // The preview's benchmark is SpringyServer's (the library alone builds no server).
                let paths = scenes.isEmpty ? ["scenes/springy-carousel.yaml"] : scenes
                do {
                    try Benchmark.preview(paths, limits: limitOptions.limits, messages: .console)
                } catch { throw report(error) }
                return
            }
            let kind = kind
            var paths = scenes
            if paths.isEmpty && kind != .mutations && kind != .animationMemory {
                paths = try Benchmark.defaultScenes(for: kind) ?? defaultScenes()
            }
            var options = Benchmark.Options()
            options.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
            options.goldenFolder = golden
            options.folder = out
            options.limits = limitOptions.limits
            // Every scene is read first: each bad one is reported, then exit 2.
            _ = try loadScenes(paths, limits: limitOptions.limits)
            do { try Benchmark.run(kind, paths, options: options, messages: .console) } catch { throw report(error) }
        }
    }
}
