import Foundation
import SpringyCore
import SpringyOutput

/// A check's results as data: what `--json` writes, what the HTML report and `--merge-reports`
/// read back (report.json), and what JUnit is made from.
package struct CheckReport: Codable, Sendable, Equatable {
    package var version = 1
    package var scenes: [SceneReport]

    package struct Summary: Equatable, Sendable { package var passed = 0, failed = 0, missing = 0, recorded = 0 }

    /// Goldens counted one by one: each frame and each trace golden.
    package var summary: Summary {
        var s = Summary()
        for scene in scenes {
            for f in scene.frames {
                switch f.status {
                case .passed: s.passed += 1;
                case .failed: s.failed += 1;
                case .missing: s.missing += 1
                }
            }
            for status in [scene.trace?.status, scene.hashes?.status].compactMap({ $0 }) {
                switch status {
                case .passed: s.passed += 1;
                case .failed: s.failed += 1;
                case .missing: s.missing += 1
                }
            }
            if scene.error != nil { s.failed += 1 }
            s.recorded += scene.recorded.filter { $0.hasPrefix("recorded ") || $0.hasPrefix("replaced ") }.count
        }
        return s
    }

    package init(scenes: [SceneReport]) { self.scenes = scenes }

    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The report with every path it holds rewritten by `move` — the scene files, goldens and
    /// trace goldens, and (with `pictures`) the expected, actual, diff and strip pictures — so
    /// that a JSON file's paths resolve from the folder it is written to.
    package func mappingPaths(pictures: Bool, _ move: (String) -> String) -> CheckReport {
        var r = self
        for k in r.scenes.indices {
            r.scenes[k].file = move(r.scenes[k].file)
            r.scenes[k].stale = r.scenes[k].stale?.map(move)
            if let h = r.scenes[k].hashes {
                r.scenes[k].hashes?.path = move(h.path)
                if pictures {
                    r.scenes[k].hashes?.shots = h.shots.map {
                        var s = $0; s.image = s.image.map(move); return s
                    }
                }
            }
            if let t = r.scenes[k].trace { r.scenes[k].trace?.path = move(t.path) }
            for f in r.scenes[k].frames.indices {
                r.scenes[k].frames[f].golden = move(r.scenes[k].frames[f].golden)
                guard pictures else { continue }
                r.scenes[k].frames[f].expected = r.scenes[k].frames[f].expected.map(move)
                r.scenes[k].frames[f].actual = r.scenes[k].frames[f].actual.map(move)
                r.scenes[k].frames[f].diff = r.scenes[k].frames[f].diff.map(move)
            }
            if pictures {
                r.scenes[k].strip = r.scenes[k].strip.map {
                    var s = $0; s.image = move(s.image); return s
                }
            }
        }
        return r
    }

    /// Every path, written relative to folder `from`, rewritten relative to folder `to`.
    package func rebased(from: String, to: String, pictures: Bool = true) -> CheckReport {
        let cwd = FileManager.default.currentDirectoryPath
        return mappingPaths(pictures: pictures) { PathText.rebased($0, from: from, to: to, cwd: cwd) }
    }

    package static func read(_ path: String) throws -> CheckReport {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        do { return try JSONDecoder().decode(CheckReport.self, from: data) } catch {
            throw OutputError("\(path): not a Springy check report (\(error))")
        }
    }
}

package enum GoldenStatus: String, Codable, Sendable { case passed, failed, missing }

package struct SceneReport: Codable, Sendable, Equatable {
    package var file: String
    package var slug: String
    package var frames: [FrameReport]
    package var trace: TraceReport?
    /// What moved, from the trace (the explanation shown above the frames).
    package var explanation: [String]
    /// The lines `--record` printed for this scene.
    package var recorded: [String]
    package var recordCommand: String
    /// Every golden frame's actual picture, for the report's frame strip (report-relative paths).
    package var strip: [StripFrame] = []
    /// Why the scene could not be checked (it does not load or render); nil when it was.
    package var error: String?
    /// When the run departs from its trace golden: the first differing frame, a time shift, the
    /// per-frame departure (the report's sparkline).
    package var timing: TimingDiagnosis?
    /// The line of the scene's `golden` key.
    package var goldenLine: Int?
    /// How this environment differs from the one the goldens were recorded in (when it fails).
    package var environment: [String]?
    /// Golden files of this scene no frame asks for.
    package var stale: [String]?
    /// The frame-hash golden's verdict (`golden.hashes`).
    package var hashes: HashReport?
    /// The command that accepts chosen goldens of this scene, `ACCEPT` standing for the
    /// `--accept` flags (the static report fills them in).
    package var acceptCommand: String?
    /// How long the scene took to check, rendering included (seconds, for JUnit's `time`).
    package var seconds: Double?
    package var passed: Bool {
        error == nil && frames.allSatisfy { $0.status == .passed } && (trace.map { $0.status == .passed } ?? true)
            && (hashes.map { $0.status == .passed } ?? true)
    }

    package init(
        file: String, slug: String, frames: [FrameReport], trace: TraceReport?, explanation: [String], recorded: [String],
        recordCommand: String
    ) {
        self.file = file; self.slug = slug; self.frames = frames; self.trace = trace; self.explanation = explanation
        self.recorded = recorded; self.recordCommand = recordCommand
    }
}

package struct StripFrame: Codable, Sendable, Equatable {
    package var frame: Int
    package var image: String
    package var failed: Bool
}

package struct FrameReport: Codable, Sendable, Equatable {
    package var frame: Int
    package var status: GoldenStatus
    package var golden: String
    package var summary: String?
    package var fraction: Double?
    package var largestDelta: Int?
    /// Where the expected and actual frames and the diff image are (report-relative in a report).
    package var expected: String?
    package var actual: String?
    package var diff: String?
    /// What moved at this frame, with this frame's own deltas (from the trace).
    package var moved: [String]?
    /// How long reading and comparing this golden took (seconds).
    package var seconds: Double?
    /// Its regions of changed pixels and what is drawn there.
    package var regions: [String]?
    /// What accepting this run's version names: `slug/file@hash` (`check --accept`).
    package var accept: String?

    package init(
        frame: Int, status: GoldenStatus, golden: String, summary: String?, fraction: Double?, largestDelta: Int?,
        expected: String?, actual: String?, diff: String?
    ) {
        self.frame = frame; self.status = status; self.golden = golden; self.summary = summary; self.fraction = fraction
        self.largestDelta = largestDelta; self.expected = expected; self.actual = actual; self.diff = diff
    }
}

package struct HashReport: Codable, Sendable, Equatable {
    package var path: String
    package var status: GoldenStatus
    package var summary: String
    /// The frames that differ.
    package var differing: [Int]
    /// The first few differing frames, drawn again (report-relative in a report), with what moved there.
    package var shots: [HashShot]
    package var seconds: Double?
    package var accept: String?
}

package struct HashShot: Codable, Sendable, Equatable {
    package var frame: Int
    package var image: String?
    package var moved: [String]
}

package struct TraceReport: Codable, Sendable, Equatable {
    package var path: String
    package var status: GoldenStatus
    package var changes: [String]
    /// How long reading and comparing the trace golden took (seconds).
    package var seconds: Double?
    package var accept: String?
}

extension SceneReport {
    /// A scene's report from its check.
    package init(_ check: SceneCheck, file: String, recorded: [String], recordCommand: String) {
        self.file = file
        slug = check.slug
        self.recordCommand = recordCommand
        self.recorded = recorded
        trace = nil
        explanation = []
        error = check.error
        frames = check.frames.map { r in
            var f = FrameReport(
                frame: r.frame, status: r.passed ? .passed : r.missing ? .missing : .failed, golden: r.goldenPath,
                summary: r.problem ?? r.difference?.summary, fraction: r.difference?.fraction,
                largestDelta: r.difference?.largestDelta,
                expected: r.expectedPath, actual: r.actualPath, diff: r.diffPath)
            if !r.passed && !r.missing && r.problem == nil { f.moved = check.explanation(atFrame: r.frame) }
            f.seconds = r.seconds
            f.regions = r.regions.isEmpty ? nil : r.regions
            f.accept = check.acceptToken(PathText.lastComponent(r.goldenPath))
            return f
        }
        goldenLine = check.goldenLine
        seconds = check.seconds
        environment = check.environmentChanges.isEmpty ? nil : check.environmentChanges
        hashes = check.hashes.map { h in
            HashReport(
                path: h.path, status: h.passed ? .passed : h.missing ? .missing : .failed, summary: h.summary,
                differing: Array(h.differing.prefix(10_000)),
                shots: check.hashShots.map { HashShot(frame: $0.0, image: nil, moved: check.explanation(atFrame: $0.0)) },
                seconds: h.seconds, accept: check.acceptToken(FrameHashes.fileName))
        }
        stale = check.stale.isEmpty ? nil : check.stale
        timing = check.trace?.timing
        trace = check.trace.map { t in
            TraceReport(
                path: t.path, status: t.passed ? .passed : t.missing ? .missing : .failed,
                changes: t.problem.map { ["\(t.path) \($0)"] } ?? t.changes.map(\.description), seconds: t.seconds,
                accept: check.acceptToken("trace.tsv.gz"))
        }
        explanation = check.passed ? [] : check.explanation
    }
}

/// JUnit XML: a test suite per scene (its `time` the whole check of it, rendering included), a
/// test case per golden — each frame and the trace golden — with its own `time`, and a failure
/// for each golden that does not pass; a scene that could not be checked is one failing case.
package enum JUnitReport {
    static func escape(_ s: String) -> String {
        escaped(s) { u in
            switch u {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "\n": return "&#10;"
            // XML 1.0 forbids most control characters even escaped.
            default: return u.value < 0x20 && u != "\t" ? "?" : nil  // open set: characters
            }
        }
    }

    static func time(_ seconds: Double?) -> String { String(format: "%.3f", seconds ?? 0) }

    package static func xml(_ report: CheckReport, reportPath: String?) -> String {
        struct Case { var name: String, seconds: Double?, failure: String? }
        var suites: [(SceneReport, [Case])] = []
        for scene in report.scenes {
            let whereText = reportPath.map { "; report: \($0)#\(scene.slug)" } ?? ""
            func failure(_ type: String, _ message: String, _ body: String) -> String {
                "<failure type=\"\(type)\" message=\"\(escape(message))\">\(escape(body))</failure>"
            }
            var cases: [Case] = []
            if let error = scene.error {
                cases.append(Case(name: scene.file, seconds: scene.seconds, failure: failure("scene.error", error, error)))
            }
            for f in scene.frames {
                var c = Case(name: f.golden, seconds: f.seconds, failure: nil)
                if f.status != .passed {
                    let message =
                        f.status == .missing
                        ? "frame \(f.frame): \(f.golden) is missing\(whereText)"
                        : "frame \(f.frame) differs: \(f.summary ?? "")\(whereText)"
                    let environment = scene.environment.map { ["environment differs: " + $0.joined(separator: ", ")] } ?? []
                    let body =
                        ((f.moved ?? scene.explanation) + (f.regions ?? []) + environment + [
                            "record with: \(scene.recordCommand)"
                        ])
                        .joined(separator: "\n")
                    c.failure = failure("golden.\(f.status.rawValue)", message, body)
                }
                cases.append(c)
            }
            if let t = scene.trace {
                var c = Case(name: t.path, seconds: t.seconds, failure: nil)
                if t.status != .passed {
                    let message =
                        t.status == .missing
                        ? "\(t.path) is missing\(whereText)" : "the trace departs from its golden\(whereText)"
                    c.failure = failure(
                        "trace.\(t.status.rawValue)", message,
                        ((scene.timing?.sentences ?? []) + t.changes).joined(separator: "\n"))
                }
                cases.append(c)
            }
            if let h = scene.hashes {
                var c = Case(name: h.path, seconds: h.seconds, failure: nil)
                if h.status != .passed {
                    let moved = h.shots.flatMap { shot in shot.moved.map { "frame \(shot.frame): \($0)" } }
                    c.failure = failure(
                        "hashes.\(h.status.rawValue)", h.summary + whereText,
                        (moved + ["record with: \(scene.recordCommand)"]).joined(separator: "\n"))
                }
                cases.append(c)
            }
            suites.append((scene, cases))
        }
        let tests = suites.map(\.1.count).reduce(0, +)
        let failures = suites.map { $0.1.filter { $0.failure != nil }.count }.reduce(0, +)
        let total = report.scenes.compactMap(\.seconds).reduce(0, +)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"springy check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"\(time(total))\">",
        ]
        for (scene, cases) in suites {
            let file = escape(scene.file)
            lines.append(
                "  <testsuite name=\"\(file)\" tests=\"\(cases.count)\" failures=\"\(cases.filter { $0.failure != nil }.count)\" errors=\"0\" skipped=\"0\" time=\"\(time(scene.seconds))\" file=\"\(file)\">"
            )
            let line = scene.goldenLine.map { " line=\"\($0)\"" } ?? ""
            for c in cases {
                let open =
                    "    <testcase classname=\"\(file)\" name=\"\(escape(c.name))\" file=\"\(file)\"\(line) time=\"\(time(c.seconds))\""
                if let f = c.failure {
                    lines += [open + ">", "      " + f, "    </testcase>"]
                } else {
                    lines.append(open + "/>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
