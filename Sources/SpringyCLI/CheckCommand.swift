import ArgumentParser
import Foundation
import SpringyGolden
import SpringyPipeline

extension Springy {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare scenes' golden frames with golden/<scene>/; --record writes them.",
            discussion: "With no scenes, checks every scene in scenes/. Failures write the actual frame and a diff image under --failures.")

        @Argument(help: "Scene files (default: scenes/*.yaml).")
        var scenes: [String] = []

        @Flag(name: .long, help: "Write new golden images (refused when CI is set).")
        var record = false

        @Option(name: .long, help: "Folder of golden images.")
        var golden: String = "golden"

        @Option(name: .long, help: "Where failing frames and diff images go.")
        var failures: String = ".springy-failures"

        @OptionGroup var limitOptions: LimitOptions

        func run() throws {
            let paths = scenes.isEmpty ? try defaultScenes() : scenes
            let loaded = try loadScenes(paths, limits: limitOptions.limits)
            try refuseSharedNames(loaded) { "\(golden)/\($0.slug)" }
            let store = GoldenStore(goldenRoot: golden, failureRoot: failures)
            if record {
                if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty, ci != "0", ci != "false" {
                    warn("springy: refusing to record golden images with CI set: goldens are recorded on purpose, by a person, and committed with the reason")
                    throw ExitCode(2)
                }
                for scene in loaded {
                    do { for line in try GoldenRun.record(scene, store: store) { print(line) } } catch { throw report(error) }
                }
                return
            }
            var failed = false
            for scene in loaded {
                let results: [GoldenResult]
                do { results = try GoldenRun.check(scene, store: store) } catch { throw report(error) }
                for r in results {
                    if r.passed { print("ok \(r.goldenPath)") } else { warn("FAIL \(r.message)"); failed = true }
                }
            }
            if failed { throw ExitCode(1) }
        }
    }
}
