import Foundation
import SpringyCore
import SpringyGolden
import SpringyOutput
import SpringyPipeline
import SpringyScene

/// Counts of goldens: each frame, frame-hash list and trace golden is one.
public struct CheckSummary: Sendable, Equatable {
    public var passed = 0
    public var failed = 0
    public var missing = 0
    public var recorded = 0

    public init() {}

    public init(passed: Int, failed: Int, missing: Int, recorded: Int) {
        self.passed = passed; self.failed = failed; self.missing = missing; self.recorded = recorded
    }

    init(_ s: CheckReport.Summary) { passed = s.passed; failed = s.failed; missing = s.missing; recorded = s.recorded }
}

/// How ``GoldenCheck/run(_:options:messages:)`` checks: what `springy check`'s flags say.
public struct CheckOptions: Sendable {
    /// The folder of golden images, traces and frame hashes (a folder per scene).
    public var goldenFolder = "golden"
    /// Where failing frames' expected and actual pictures and diff images go.
    public var failuresFolder = ".springy-failures"
    public var record = RecordMode.never
    /// With `record: .all`: also remove goldens no frame asks for (and, with `everyScene`,
    /// the folders of scenes that are gone).
    public var prune = false
    /// Goldens to record exactly as a report names them (`SLUG/FILE@HASH`), only if this run
    /// makes the same content hash.
    public var accept: [String] = []
    /// A static HTML report's folder.
    public var report: String?
    /// A JUnit XML file.
    public var junit: String?
    /// A JSON file of the results.
    public var json: String?
    /// Only this shard's scenes: every Nth from the Kth, or with `weights` a share of equal cost.
    public var shard: Shard?
    /// With `shard`: deal scenes by what each cost in an earlier check (its `json` file or a
    /// report's report.json), so shards finish together.
    public var weights: String?
    /// Say failures only, not each passing golden.
    public var quiet = false
    /// The scenes are every scene of the project (stale golden folders are looked for).
    public var everyScene = false
    /// Running under CI: recording and accepting are refused.
    public var inCI = false
    public var limits = Limits()
    public init() {}
}

/// What a check found.
public struct CheckOutcome: Sendable {
    public var summary = CheckSummary()
    /// Goldens (and golden folders) nothing asks for any more.
    public var stale = 0
    /// A scene did not load or could not be checked (bad input: the command line exits 2).
    public var hadErrors = false
    /// Every golden passed (none failed or is missing) and every scene was checked.
    public var passed: Bool { !hadErrors && summary.failed + summary.missing == 0 }
}

/// Golden tests of scenes, as `springy check` runs them: compare each scene's golden frames,
/// frame hashes and trace with its folder of goldens, say what moved, record or accept
/// goldens, and write reports.
public enum GoldenCheck {
    /// Whether `token` is an accept token as a report names a golden (`SLUG/FILE@HASH`).
    public static func isAcceptToken(_ token: String) -> Bool { GoldenRun.parseAcceptToken(token) != nil }

    /// Checks (or records, or accepts) the scene files at `paths`, saying each result through
    /// `messages`. A problem that stops the whole run (a refusal, a folder that cannot be
    /// written) is thrown; a scene that fails alone is counted in the outcome.
    public static func run(_ paths: [String], options: CheckOptions, messages: Messages) throws -> CheckOutcome {
        try Problems.wrapping { try Run(options: options, messages: messages).run(paths) }
    }

    /// Merges shard reports (folders written with `report`) into one report folder `into`,
    /// and writes JUnit and JSON from it when `options` names them.
    public static func mergeReports(_ folders: [String], into out: String, options: CheckOptions, messages: Messages)
        throws -> CheckSummary
    {
        for dir in folders where !FileManager.default.fileExists(atPath: "\(dir)/report.json") {
            throw Problems("\(dir): no report.json here (write shard reports with check --shard K/N --report DIR)")
        }
        let cwd = FileManager.default.currentDirectoryPath
        if folders.contains(where: { PathText.absolute($0, cwd: cwd) == PathText.absolute(out, cwd: cwd) }) {
            throw Problems("--report \(out) is one of the folders being merged; name a new folder for the merged report")
        }
        return try Problems.wrapping {
            try EarlierRun.clearReport(out)
            let merged = try HTMLReport.merge(folders, into: out)
            try Run(options: options, messages: messages).writeMachineReports(merged, base: out)
            messages.say("report: \(out)/index.html")
            return CheckSummary(merged.summary)
        }
    }
}

/// One check run: its options, and how it speaks.
private struct Run {
    let options: CheckOptions
    let messages: Messages

    var golden: String { options.goldenFolder }
    var failures: String { options.failuresFolder }
    func say(_ s: String) { messages.say(s) }
    func warn(_ s: String) { messages.warn(s) }
    func annotate(_ file: String, line: Int?, _ message: String) { messages.annotate(file, line, message) }

    /// The command that records `paths`' goldens, keeping this run's own folders.
    func recordCommand(_ paths: [String], mode: RecordMode = .all, prune: Bool = false) -> String {
        var words = ["springy", "check", "--record", mode.rawValue] + (prune ? ["--prune"] : [])
        if golden != "golden" { words += ["--golden", golden] }
        if failures != ".springy-failures" { words += ["--failures", failures] }
        return (words + paths).map(shellQuoted).joined(separator: " ")
    }

    /// The command that accepts goldens of the scene at `path`, `ACCEPT` standing for the flags.
    func acceptCommand(_ path: String) -> String {
        var words = ["springy", "check"]
        if golden != "golden" { words += ["--golden", golden] }
        return (words.map(shellQuoted) + ["ACCEPT", shellQuoted(path)]).joined(separator: " ")
    }

    /// `accept`: every named golden checked against what this run makes, then all written.
    func acceptReviewed(_ loaded: [SpringyScene.Scene], store: GoldenStore) throws {
        let wanted = options.accept.compactMap(GoldenRun.parseAcceptToken)
        var plans: [GoldenRun.Acceptance] = []
        for slug in wanted.map(\.slug).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            guard let scene = loaded.first(where: { $0.slug == slug }) else {
                throw Problems("--accept names \(slug), which is not one of the scenes checked (name its scene file)")
            }
            let mine = wanted.filter { $0.slug == slug }.map { ($0.name, $0.hash) }
            plans.append(try GoldenRun.acceptance(scene, store: store, mine))
        }
        for plan in plans { for line in try plan.write() { say(line) } }
    }

    func run(_ given: [String]) throws -> CheckOutcome {
        var paths = given
        if let shard = options.shard {
            if let weights = options.weights {
                let costs = try ShardWeights.sceneCosts(from: weights)
                paths = ShardWeights.scenes(paths, costs: costs, k: shard.index, n: shard.count)
            } else {
                paths = paths.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            }
        }
        let record = options.record
        var outcome = CheckOutcome()
        // Recording needs every scene; a check goes on past a scene that does not load, which
        // fails on its own (its error in the report, JUnit and JSON; exit 2 at the end).
        var loaded: [SpringyScene.Scene?] = []
        var loadErrors: [String: String] = [:]  // by scene file, looked up only
        for p in paths {
            do { loaded.append(try SceneLoader.load(path: p, limits: options.limits)) } catch {
                let text = Problems(error).problems.map { $0.file.isEmpty ? "springy: \($0)" : "\($0)" }
                    .joined(separator: "\n")
                warn(text)
                loadErrors[p] = "\(error)"
                loaded.append(nil)
            }
        }
        outcome.hadErrors = !loadErrors.isEmpty
        if record == .all && !loadErrors.isEmpty { return outcome }
        try Scene.refuseSharedFolders(loaded.compactMap { $0 }.map(Scene.init(model:)), flag: "--golden") {
            "\(golden)/\($0.slug)"
        }
        let store = GoldenStore(goldenRoot: golden, failureRoot: failures)
        if record != .never || !options.accept.isEmpty, options.inCI {
            throw Problems(
                "refusing to record golden images with CI set (\(options.accept.isEmpty ? "--record \(record.rawValue)" : "--accept")): goldens are recorded on purpose, by a person, and committed with the reason"
            )
        }
        if !options.accept.isEmpty {
            if !loadErrors.isEmpty { return outcome }
            try acceptReviewed(loaded.compactMap { $0 }, store: store)
            return outcome
        }
        // Folders of scenes that are gone, looked for only when every scene is checked.
        let everyScene = options.everyScene && options.shard == nil
        let goneFolders = everyScene ? store.staleFolders(keeping: loaded.compactMap { $0?.slug }) : []
        if record == .all {
            for scene in loaded.compactMap({ $0 }) {
                for line in try GoldenRun.record(scene, store: store, mode: .all, prune: options.prune) { say(line) }
            }
            if options.prune { for line in try store.prune(goneFolders) { say(line) } }
            return outcome
        }
        var isDir: ObjCBool = false
        if record == .never, !(FileManager.default.fileExists(atPath: golden, isDirectory: &isDir) && isDir.boolValue) {
            throw Problems(
                "--golden \(golden): no such folder of golden images (record them with: \(recordCommand(paths, mode: .missing)))")
        }
        // The report and failures folders show this run only (a shard clears its own scenes'
        // failures: other shards may be writing theirs into the same folder).
        if let dir = options.report { try EarlierRun.clearReport(dir) }
        try EarlierRun.clearFailures(failures, slugs: options.shard.map { _ in loaded.compactMap { $0?.slug } })
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
        try writeReports(report(checks, paths: paths, recorded: recorded), checks: checks)
        outcome.summary = summary(checks, paths: paths, recorded: recorded)
        outcome.stale = checks.map(\.stale.count).reduce(goneFolders.count, +)
        if checks.contains(where: { $0.error != nil }) { outcome.hadErrors = true }
        return outcome
    }

    func report(_ checks: [SceneCheck], paths: [String], recorded: [String: [String]]) -> CheckReport {
        CheckReport(
            scenes: zip(checks, paths).map { check, path in
                var r = SceneReport(
                    check, file: path, recorded: recorded[path] ?? [],
                    recordCommand: recordCommand([path], mode: check.onlyMissing ? .missing : .failed))
                r.acceptCommand = acceptCommand(path)
                return r
            })
    }

    func summary(_ checks: [SceneCheck], paths: [String], recorded: [String: [String]]) -> CheckSummary {
        CheckSummary(report(checks, paths: paths, recorded: recorded).summary)
    }

    /// The HTML report (with the pictures drawn for it), JUnit and JSON, as asked.
    func writeReports(_ report: CheckReport, checks: [SceneCheck]) throws {
        var report = report
        var base = "."
        if let dir = options.report {
            var rendered: [String: [(Int, [UInt8])]] = [:], hashShots: [String: [(Int, [UInt8])]] = [:]
            for c in checks {
                rendered[c.slug] = c.rendered
                if !c.hashShots.isEmpty { hashShots[c.slug] = c.hashShots }
            }
            report = try HTMLReport.write(report, rendered: rendered, hashShots: hashShots, to: dir)
            base = dir
            say("report: \(dir)/index.html")
        }
        try writeMachineReports(report, base: base)
    }

    /// JUnit (its paths from the working folder, as CI reads them) and JSON (its paths from the
    /// JSON file's own folder); `report`'s paths are written from folder `base`.
    func writeMachineReports(_ report: CheckReport, base: String) throws {
        if let junit = options.junit {
            let xml = JUnitReport.xml(
                report.rebased(from: base, to: "."), reportPath: options.report.map { "\($0)/index.html" })
            try AtomicFile.write(Array(xml.utf8), to: junit)
            say("junit: \(junit)")
        }
        if let json = options.json {
            try AtomicFile.write(Array(try report.rebased(from: base, to: PathText.parent(json)).jsonData()), to: json)
            say("json: \(json)")
        }
    }

    /// The frame-hash golden's verdict: the frames that differ, and what moved at the first few.
    func printHashes(_ h: HashResult, _ check: SceneCheck, path: String) {
        if h.passed {
            if !options.quiet { say("ok \(h.path)") }
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
                if !options.quiet { say("ok \(r.goldenPath)") }
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
            if !options.quiet { say("ok \(trace.path)") }
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
