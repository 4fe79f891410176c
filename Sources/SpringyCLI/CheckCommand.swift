import ArgumentParser
import Foundation
import SpringyCore
import SpringyGolden
import SpringyPipeline
import SpringyScene

extension RecordMode: ExpressibleByArgument {}

extension Springy {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare scenes' golden frames and trace goldens with golden/<scene>/; --record writes them.",
            discussion: """
                With no scenes, checks every scene in scenes/. Failures write the expected and actual frames and a diff \
                image under --failures, and say what moved (from the trace). --record all|missing|failed|never \
                (bare --record is all) writes goldens, listing each file written and how much it changed; any mode but \
                never is refused when CI is set.
                """)

        @Argument(help: "Scene files (default: scenes/*.yaml).")
        var scenes: [String] = []

        @Option(name: .long, help: "Write goldens: all, missing, failed or never (the default; bare --record is all).")
        var record: RecordMode = .never

        @Option(name: .long, help: "Folder of golden images.")
        var golden: String = "golden"

        @Option(name: .long, help: "Where failing frames and diff images go.")
        var failures: String = ".springy-failures"

        @Option(name: .long, help: "Write a static HTML report (index.html, report.json, images) to this folder.")
        var report: String?

        @Option(name: .long, help: "Write JUnit XML: one test case per scene, a failure per frame.")
        var junit: String?

        @Option(name: .long, help: "Write the results as JSON.")
        var json: String?

        @Option(
            name: .long,
            help: "Check only shard K of N (K/N, 1-based): every Nth scene from the Kth, as Playwright's --shard splits tests.",
            transform: { try Shard.parse($0) })
        var shard: Shard?

        @Flag(name: .long, help: "Merge the report folders given as arguments into --report (and --junit/--json).")
        var mergeReports = false

        @Flag(name: .shortAndLong, help: "Print failures and the summary only (no line per passing golden).")
        var quiet = false

        @Flag(
            name: .long,
            help:
                "With --record all: also remove goldens no frame asks for (and, checking every scene, golden folders of scenes that are gone)."
        )
        var prune = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Record exactly this golden, as a report names it (SLUG/FILE@HASH), if this run makes what was reviewed: the same content hash; repeatable.",
                valueName: "golden@hash"))
        var accept: [String] = []

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            if !accept.isEmpty && (record != .never || prune || mergeReports) {
                throw ValidationError(
                    "--accept records the goldens it names: use it without --record, --prune or --merge-reports")
            }
            for token in accept where Self.acceptToken(token) == nil {
                throw ValidationError(
                    "--accept \(token): expected SLUG/FILE@HASH as a report shows it (e.g. springs/frame-00020.png@0123456789abcdef)"
                )
            }
            if prune && record != .all {
                throw ValidationError("--prune removes stale goldens while recording: use it with --record all")
            }
            try refuseEmptyPaths(
                [("--golden", golden), ("--failures", failures), ("--report", report), ("--junit", junit), ("--json", json)],
                scenes: scenes)
        }

        /// The command that records `paths`' goldens, keeping this command's own folders.
        func recordCommand(_ paths: [String], mode: RecordMode = .all, prune: Bool = false) -> String {
            var words = ["springy", "check", "--record", mode.rawValue] + (prune ? ["--prune"] : [])
            if golden != "golden" { words += ["--golden", golden] }
            if failures != ".springy-failures" { words += ["--failures", failures] }
            return (words + paths).map(shellQuoted).joined(separator: " ")
        }

        static func acceptToken(_ token: String) -> (slug: String, name: String, hash: String)? {
            GoldenRun.parseAcceptToken(token)
        }

        /// `--accept`: every named golden checked against what this run makes, then all written.
        func acceptReviewed(_ loaded: [Scene], store: GoldenStore) throws {
            let wanted = accept.compactMap(Self.acceptToken)
            var plans: [GoldenRun.Acceptance] = []
            for slug in wanted.map(\.slug).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
                guard let scene = loaded.first(where: { $0.slug == slug }) else {
                    throw ValidationError("--accept names \(slug), which is not one of the scenes checked (name its scene file)")
                }
                let mine = wanted.filter { $0.slug == slug }.map { ($0.name, $0.hash) }
                do { plans.append(try GoldenRun.acceptance(scene, store: store, mine)) } catch { throw SpringyCLI.report(error) }
            }
            do { for plan in plans { for line in try plan.write() { say(line) } } } catch { throw SpringyCLI.report(error) }
        }

        /// The command that accepts goldens of the scene at `path`, `ACCEPT` standing for the flags.
        func acceptCommand(_ path: String) -> String {
            var words = ["springy", "check"]
            if golden != "golden" { words += ["--golden", golden] }
            return (words.map(shellQuoted) + ["ACCEPT", shellQuoted(path)]).joined(separator: " ")
        }

        /// `--record` with no mode after it means `--record all`.
        static func normalized(_ args: [String]) -> [String] {
            guard args.first == "check" else { return args }
            var out: [String] = []
            for (i, a) in args.enumerated() {
                if a == "--record" {
                    let next = i + 1 < args.count ? args[i + 1] : nil
                    if next == nil || !RecordMode.allCases.map(\.rawValue).contains(next!) {
                        out.append("--record=all"); continue
                    }
                }
                out.append(a)
            }
            return out
        }

        func run() throws {
            if mergeReports { try merge(); return }
            var paths = scenes.isEmpty ? try defaultScenes() : scenes
            if let shard { paths = shard.scenes(paths) }
            // Recording needs every scene; a check goes on past a scene that does not load, which
            // fails on its own (its error in the report, JUnit and JSON; exit 2 at the end).
            var loaded: [Scene?] = []
            var loadErrors: [String: String] = [:]  // by scene file, looked up only
            for p in paths {
                do { loaded.append(try SceneLoader.load(path: p, limits: limitOptions.limits)) } catch {
                    warn("\(error)")
                    loadErrors[p] = "\(error)"
                    loaded.append(nil)
                }
            }
            if record == .all && !loadErrors.isEmpty { throw ExitCode(2) }
            try refuseSharedNames(loaded.compactMap { $0 }, flag: "--golden") { "\(golden)/\($0.slug)" }
            let store = GoldenStore(goldenRoot: golden, failureRoot: failures)
            if record != .never || !accept.isEmpty, let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty, ci != "0",
                ci != "false"
            {
                warn(
                    "springy: refusing to record golden images with CI set (\(accept.isEmpty ? "--record \(record.rawValue)" : "--accept")): goldens are recorded on purpose, by a person, and committed with the reason"
                )
                throw ExitCode(2)
            }
            if !accept.isEmpty {
                if !loadErrors.isEmpty { throw ExitCode(2) }
                try acceptReviewed(loaded.compactMap { $0 }, store: store)
                return
            }
            // Folders of scenes that are gone, looked for only when every scene is checked.
            let everyScene = scenes.isEmpty && shard == nil
            let goneFolders = everyScene ? store.staleFolders(keeping: loaded.compactMap { $0?.slug }) : []
            if record == .all {
                do {
                    for scene in loaded.compactMap({ $0 }) {
                        for line in try GoldenRun.record(scene, store: store, mode: .all, prune: prune) { say(line) }
                    }
                    if prune { for line in try store.prune(goneFolders) { say(line) } }
                } catch { throw SpringyCLI.report(error) }
                return
            }
            var isDir: ObjCBool = false
            if record == .never, !(FileManager.default.fileExists(atPath: golden, isDirectory: &isDir) && isDir.boolValue) {
                warn(
                    "springy: --golden \(golden): no such folder of golden images (record them with: \(recordCommand(paths, mode: .missing)))"
                )
                throw ExitCode(2)
            }
            // The report and failures folders show this run only (a shard clears its own scenes'
            // failures: other shards may be writing theirs into the same folder).
            do {
                if let dir = report { try EarlierRun.clearReport(dir) }
                try EarlierRun.clearFailures(failures, slugs: shard.map { _ in loaded.compactMap { $0?.slug } })
            } catch { throw SpringyCLI.report(error) }
            var checks: [SceneCheck] = []
            var recorded: [String: [String]] = [:]  // by scene file, looked up when reporting
            for (scene, path) in zip(loaded, paths) {
                guard let scene else { checks.append(.failed(scene: path, error: loadErrors[path] ?? "does not load")); continue }
                var check: SceneCheck
                do {
                    check = try GoldenRun.check(scene, store: store)
                    if record != .never && !check.passed {
                        let lines = try GoldenRun.record(scene, store: store, mode: record)
                        for line in lines { say(line) }
                        recorded[path] = lines
                        // What was recorded now passes; what was not still fails.
                        check = try GoldenRun.check(scene, store: store)
                    }
                } catch {
                    // A scene that cannot be rendered or whose failures cannot be written fails alone.
                    let message = error is LocatedError ? "\(error)" : "\(path): \(error)"
                    warn("FAIL \(message)")
                    checks.append(.failed(scene: path, error: message))
                    continue
                }
                checks.append(check)
                printResult(check, path: path)
                for file in check.stale {
                    say("stale \(file): no frame of \(path) asks for it (remove with: \(recordCommand([path], prune: true)))")
                }
            }
            for folder in goneFolders {
                say("stale \(folder)/: no scene here has that name (remove with: \(recordCommand([], prune: true)))")
            }
            let results = CheckResults(
                checks: checks, paths: paths, recorded: recorded, recordCommand: { recordCommand([$0], mode: $1) },
                acceptCommand: { acceptCommand($0) })
            try writeReports(results)
            let s = results.summary
            let stale = checks.map(\.stale.count).reduce(goneFolders.count, +)
            say(
                "check: \(s.passed) passed, \(s.failed) failed, \(s.missing) missing, \(s.recorded) recorded\(stale > 0 ? ", \(stale) stale" : "")"
            )
            if checks.contains(where: { $0.error != nil }) { throw ExitCode(2) }
            if s.failed + s.missing > 0 { throw ExitCode(1) }
        }

        /// The frame-hash golden's verdict: the frames that differ, and what moved at the first few.
        func printHashes(_ h: HashResult, _ check: SceneCheck, path: String) {
            if h.passed {
                if !quiet { say("ok \(h.path)") }
                return
            }
            let mode: RecordMode = h.missing ? .missing : .failed
            var lines = [
                "FAIL \(h.summary); \(h.missing ? "record it" : "if the change is meant, record it") with: \(recordCommand([path], mode: mode))"
            ]
            for (frame, _) in check.hashShots {
                lines += check.explanation(atFrame: frame).map { "  what moved at frame \(frame): \($0)" }
            }
            warn(lines.joined(separator: "\n"))
            annotate(path, line: check.goldenLine, h.summary)
        }

        func printResult(_ check: SceneCheck, path: String) {
            for r in check.frames {
                if r.passed {
                    if !quiet { say("ok \(r.goldenPath)") }
                    continue
                }
                var lines = ["FAIL \(r.message(recordCommand: recordCommand([path], mode: r.missing ? .missing : .failed)))"]
                if !r.missing && r.problem == nil {
                    lines += check.explanation(atFrame: r.frame).map { "  what moved at frame \(r.frame): \($0)" }
                    lines += r.regions.map { "  \($0)" }
                    if !check.environmentChanges.isEmpty {
                        lines.append("  environment differs: \(check.environmentChanges.joined(separator: ", "))")
                    }
                }
                warn(lines.joined(separator: "\n"))
                annotate(
                    path, line: check.goldenLine,
                    "\(r.goldenPath) "
                        + (r.missing ? "is missing" : r.problem ?? "differs: \(check.explanation(atFrame: r.frame).first ?? "")"))
            }
            if let h = check.hashes { printHashes(h, check, path: path) }
            guard let trace = check.trace else { return }
            if trace.passed {
                if !quiet { say("ok \(trace.path)") }
                return
            }
            if let problem = trace.problem {
                warn("FAIL \(trace.path) \(problem); record it again with: \(recordCommand([path], mode: .failed))")
                annotate(path, line: check.goldenLine, "\(trace.path) \(problem)")
                return
            }
            if trace.missing {
                warn("FAIL \(trace.path) is missing; record it with: \(recordCommand([path], mode: .missing))")
                annotate(path, line: check.goldenLine, "\(trace.path) is missing")
                return
            }
            let pixels =
                check.frames.allSatisfy(\.passed) && (check.hashes?.passed ?? true)
                ? " (the pixels pass: a change the eye cannot see yet)" : ""
            warn(
                (["FAIL \(trace.path): the trace departs from its golden\(pixels):"]
                    + ((trace.timing?.sentences ?? []) + TraceDiff.explain(trace.changes)).map { "  \($0)" })
                    .joined(separator: "\n"))
            annotate(
                path, line: check.goldenLine, "trace departs from its golden\(pixels): \(trace.changes.first?.description ?? "")")
        }
    }
}
