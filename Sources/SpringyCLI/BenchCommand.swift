import ArgumentParser
import Foundation
import SpringyPipeline

extension Springy {
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure a scene: frames/s and ms per stage (simulate, draw, encode, write), bytes per frame, peak memory.",
            discussion: "Build with -c release for meaningful numbers: swift run -c release springy bench scenes/bench/carousel-1m.yaml")

        @Argument(help: "Scene files.")
        var scenes: [String]

        @Option(name: .long, help: "Threads for the full-pipeline run (default: all cores).")
        var threads: Int?

        @Flag(name: .long, help: "One JSON object per scene instead of a table.")
        var json = false

        @Flag(name: .customLong("png-sweep"), help: "Instead: encode 12 frames of each scene with every zlib level 1-9, filter and strategy, and print ms and bytes per frame.")
        var pngSweep = false

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            if let t = threads, !(1...256).contains(t) { throw ValidationError("--threads must be between 1 and 256, not \(t)") }
        }

        func run() throws {
            let loaded = try loadScenes(scenes, limits: limitOptions.limits)
            do {
                if pngSweep { try Benchmark.pngSweep(loaded) { print($0) }; return }
                let n = threads ?? ProcessInfo.processInfo.activeProcessorCount
                for scene in loaded {
                    let r = try Benchmark.measure(scene, threads: n)
                    print(json ? r.json : r.table)
                }
            } catch { throw report(error) }
        }
    }
}
