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

        /// The command that records `paths`' goldens, keeping this command's own folders.
        func recordCommand(_ paths: [String]) -> String {
            var words = ["springy", "check", "--record"]
            if golden != "golden" { words += ["--golden", golden] }
            if failures != ".springy-failures" { words += ["--failures", failures] }
            return (words + paths).map(shellQuoted).joined(separator: " ")
        }

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
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: golden, isDirectory: &isDir), isDir.boolValue else {
                warn("springy: --golden \(golden): no such folder of golden images (record them with: \(recordCommand(paths)))")
                throw ExitCode(2)
            }
            var failed = false
            var passed = 0, differ = 0, missing = 0
            for (scene, path) in zip(loaded, paths) {
                let results: [GoldenResult]
                do { results = try GoldenRun.check(scene, store: store) } catch { throw report(error) }
                for r in results {
                    if r.passed { passed += 1; print("ok \(r.goldenPath)"); continue }
                    failed = true
                    if r.missing { missing += 1 } else { differ += 1 }
                    warn("FAIL \(r.message(recordCommand: recordCommand([path])))")
                }
            }
            print("check: \(passed) passed, \(differ) failed, \(missing) missing")
            if failed { throw ExitCode(1) }
        }
    }
}
