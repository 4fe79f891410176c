import ArgumentParser
import Foundation
import SpringyCore
import SpringyGolden
import SpringyLayout
import SpringyOutput
import SpringyScene

extension Springy {
    struct Trace: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the scene's trace: one JSON object per frame (JSON Lines); or, with --hash, a content hash per scene.",
            discussion: """
            --hash prints one line per scene: the FNV-1a 64 hash of its trace text, the hash of every frame's \
            PNG bytes (with --pixels; '-' without), the frame count and the scene path. The pinned table \
            golden/pinned-hashes.tsv is made this way (scripts/record-hashes) and checked by the tests.
            """)

        @OptionGroup var limitOptions: LimitOptions

        @Argument(help: "Scene files (one, unless --hash).")
        var scenes: [String]

        @Option(name: .long, help: "Only these frames, e.g. 30-59.")
        var frames: FrameRange?

        @Flag(name: .long, help: "Print content hashes instead of the trace.")
        var hash = false

        @Flag(name: .long, help: "With --hash, also hash every frame's PNG bytes, made by the render pipeline.")
        var pixels = false

        @Option(name: .long, help: "With --pixels, draw and encode on this many threads.")
        var threads: Int = 1

        func validate() throws {
            if !hash && scenes.count != 1 { throw ValidationError("trace prints one scene; --hash takes several") }
            if pixels && !hash { throw ValidationError("--pixels goes with --hash") }
            if !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, not \(threads)") }
        }

        func run() throws {
            let loaded = try loadScenes(scenes, limits: limitOptions.limits)
            if hash {
                for (s, path) in zip(loaded, scenes) { try printHash(s, path: path) }
                return
            }
            let s = loaded[0]
            var out = ""
            do {
                try Simulation(scene: s).run(frames: frames?.range) { state in
                    out += SpringyLayout.Trace.line(state)
                    out += "\n"
                    if out.utf8.count > 1 << 16 { FileHandle.standardOutput.write(Data(out.utf8)); out = "" }
                }
            } catch let e as SimulationError {
                FileHandle.standardOutput.write(Data(out.utf8))
                warn("\(e)"); throw ExitCode(2)
            }
            FileHandle.standardOutput.write(Data(out.utf8))
        }

        func printHash(_ s: Scene, path: String) throws {
            var traceHash = ContentHash(), pixelHash = ContentHash()
            var count = 0
            do {
                if pixels {
                    let pipeline = try FramePipeline(scene: s, threads: threads)
                    try pipeline.run(frames: frames?.range) { _, state, png in
                        traceHash.add(SpringyLayout.Trace.line(state)); traceHash.endPart()
                        pixelHash.add(png); pixelHash.endPart()
                        count += 1
                    }
                } else {
                    try Simulation(scene: s).run(frames: frames?.range) { state in
                        traceHash.add(SpringyLayout.Trace.line(state)); traceHash.endPart()
                        count += 1
                    }
                }
            } catch let e as SimulationError {
                warn("\(e)"); throw ExitCode(2)
            }
            print("\(traceHash.hex)\t\(pixels ? pixelHash.hex : "-")\t\(count)\t\(path)")
        }
    }

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check scene files; print every problem; exit 2 if any is bad.")

        @OptionGroup var limitOptions: LimitOptions

        @Argument(help: "Scene files.")
        var scenes: [String]

        func run() throws {
            var bad = false
            for path in scenes {
                do {
                    let scene = try SceneLoader.load(path: path, limits: limitOptions.limits)
                    _ = try Simulation(scene: scene)
                    print("ok \(path)")
                } catch {
                    warn("\(error)")
                    bad = true
                }
            }
            if bad { throw ExitCode(2) }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare scenes' golden frames with golden/<scene>/; --record writes them.",
            discussion: "With no scenes, checks every scene in scenes/. Failures write the actual frame and a diff image under --failures.")

        @OptionGroup var limitOptions: LimitOptions

        @Argument(help: "Scene files (default: scenes/*.yaml).")
        var scenes: [String] = []

        @Flag(name: .long, help: "Write new golden images (refused when CI is set).")
        var record = false

        @Option(name: .long, help: "Folder of golden images.")
        var golden: String = "golden"

        @Option(name: .long, help: "Where failing frames and diff images go.")
        var failures: String = ".springy-failures"

        func run() throws {
            let paths = scenes.isEmpty ? try defaultScenes() : scenes
            let loaded = try loadScenes(paths, limits: limitOptions.limits)
            let store = GoldenStore(goldenRoot: golden, failureRoot: failures)
            if record {
                if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty, ci != "0", ci != "false" {
                    warn("springy: refusing to record golden images with CI set: goldens are recorded on purpose, by a person, and committed with the reason")
                    throw ExitCode(2)
                }
                for scene in loaded {
                    do { for line in try store.record(scene) { print(line) } } catch {
                        warn("\(error)"); throw ExitCode(2)
                    }
                }
                return
            }
            var failed = false
            for scene in loaded {
                let results: [GoldenResult]
                do { results = try store.check(scene) } catch {
                    warn("\(error)"); throw ExitCode(2)
                }
                for r in results {
                    if r.passed { print("ok \(r.goldenPath)") } else { warn("FAIL \(r.message)"); failed = true }
                }
            }
            if failed { throw ExitCode(1) }
        }
    }
}
