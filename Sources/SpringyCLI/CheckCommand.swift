import ArgumentParser
import Foundation
import SpringyKit

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
            help:
                "Check only shard K of N (K/N, 1-based): every Nth scene from the Kth, as Playwright's --shard splits tests; auto or auto/N: the scheduler's (as render's).",
            transform: { try ShardArgument.parse($0) })
        var shard: ShardChoice?

        @Option(
            name: .long,
            help:
                "With --shard: deal scenes by what each cost in an earlier check (its --json file or a report's report.json), so the shards finish together."
        )
        var weights: String?

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
            for token in accept where !GoldenCheck.isAcceptToken(token) {
                throw ValidationError(
                    "--accept \(token): expected SLUG/FILE@HASH as a report shows it (e.g. springs/frame-00020.png@0123456789abcdef)"
                )
            }
            if weights != nil && shard == nil { throw ValidationError("--weights deals scenes to shards: use it with --shard") }
            if prune && record != .all {
                throw ValidationError("--prune removes stale goldens while recording: use it with --record all")
            }
            try refuseEmptyPaths(
                [
                    ("--golden", golden), ("--failures", failures), ("--report", report), ("--junit", junit), ("--json", json),
                    ("--weights", weights),
                ],
                scenes: scenes)
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

        var options: CheckOptions {
            var o = CheckOptions()
            o.goldenFolder = golden
            o.failuresFolder = failures
            o.record = record
            o.prune = prune
            o.accept = accept
            o.report = report
            o.junit = junit
            o.json = json
            o.shard = shard?.shard
            o.weights = weights
            o.quiet = quiet
            o.everyScene = scenes.isEmpty
            o.inCI = Console.inCI
            o.limits = limitOptions.limits
            return o
        }

        func run() throws {
            if mergeReports { try merge(); return }
            shard?.announce()
            let paths = scenes.isEmpty ? try defaultScenes() : scenes
            let outcome: CheckOutcome
            do { outcome = try GoldenCheck.run(paths, options: options, messages: .console) } catch {
                throw SpringyCLI.report(error)
            }
            if record == .all || !accept.isEmpty {
                if outcome.hadErrors { throw ExitCode(2) }
                return
            }
            let s = outcome.summary
            say(
                "check: \(s.passed) passed, \(s.failed) failed, \(s.missing) missing, \(s.recorded) recorded\(outcome.stale > 0 ? ", \(outcome.stale) stale" : "")"
            )
            if outcome.hadErrors { throw ExitCode(2) }
            if s.failed + s.missing > 0 { throw ExitCode(1) }
        }

        /// `--merge-reports DIR...`: shard reports into one (--report), and JUnit/JSON from it.
        func merge() throws {
            guard let out = report else { throw ValidationError("--merge-reports needs --report DIR for the merged report") }
            guard !scenes.isEmpty else { throw ValidationError("--merge-reports needs the shard report folders as arguments") }
            let s: CheckSummary
            do { s = try GoldenCheck.mergeReports(scenes, into: out, options: options, messages: .console) } catch {
                throw SpringyCLI.report(error)
            }
            say("check: \(s.passed) passed, \(s.failed) failed, \(s.missing) missing, \(s.recorded) recorded")
            if s.failed + s.missing > 0 { throw ExitCode(1) }
        }
    }
}
