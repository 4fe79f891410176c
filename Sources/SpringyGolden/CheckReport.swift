import Foundation
import SpringyCore
import SpringyOutput

/// A check's results as data: what `--json` writes, what the HTML report and `--merge-reports`
/// read back (report.json), and what JUnit is made from.
public struct CheckReport: Codable, Sendable, Equatable {
    public var version = 1
    public var scenes: [SceneReport]

    public struct Summary: Equatable, Sendable { public var passed = 0, failed = 0, missing = 0, recorded = 0 }

    /// Goldens counted one by one: each frame and each trace golden.
    public var summary: Summary {
        var s = Summary()
        for scene in scenes {
            for f in scene.frames {
                switch f.status {
                case .passed: s.passed += 1;
                case .failed: s.failed += 1;
                case .missing: s.missing += 1
                }
            }
            if let t = scene.trace {
                switch t.status {
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

    public init(scenes: [SceneReport]) { self.scenes = scenes }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    public static func read(_ path: String) throws -> CheckReport {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        do { return try JSONDecoder().decode(CheckReport.self, from: data) } catch {
            throw OutputError("\(path): not a Springy check report (\(error))")
        }
    }
}

public enum GoldenStatus: String, Codable, Sendable { case passed, failed, missing }

public struct SceneReport: Codable, Sendable, Equatable {
    public var file: String
    public var slug: String
    public var frames: [FrameReport]
    public var trace: TraceReport?
    /// What moved, from the trace (the explanation shown above the frames).
    public var explanation: [String]
    /// The lines `--record` printed for this scene.
    public var recorded: [String]
    public var recordCommand: String
    /// Every golden frame's actual picture, for the report's frame strip (report-relative paths).
    public var strip: [StripFrame] = []
    /// Why the scene could not be checked (it does not load or render); nil when it was.
    public var error: String?
    /// When the run departs from its trace golden: the first differing frame, a time shift, the
    /// per-frame departure (the report's sparkline).
    public var timing: TimingDiagnosis?
    public var passed: Bool {
        error == nil && frames.allSatisfy { $0.status == .passed } && (trace.map { $0.status == .passed } ?? true)
    }

    public init(
        file: String, slug: String, frames: [FrameReport], trace: TraceReport?, explanation: [String], recorded: [String],
        recordCommand: String
    ) {
        self.file = file; self.slug = slug; self.frames = frames; self.trace = trace; self.explanation = explanation
        self.recorded = recorded; self.recordCommand = recordCommand
    }
}

public struct StripFrame: Codable, Sendable, Equatable {
    public var frame: Int
    public var image: String
    public var failed: Bool
}

public struct FrameReport: Codable, Sendable, Equatable {
    public var frame: Int
    public var status: GoldenStatus
    public var golden: String
    public var summary: String?
    public var fraction: Double?
    public var largestDelta: Int?
    /// Where the expected and actual frames and the diff image are (report-relative in a report).
    public var expected: String?
    public var actual: String?
    public var diff: String?
    /// What moved at this frame, with this frame's own deltas (from the trace).
    public var moved: [String]?

    public init(
        frame: Int, status: GoldenStatus, golden: String, summary: String?, fraction: Double?, largestDelta: Int?,
        expected: String?, actual: String?, diff: String?
    ) {
        self.frame = frame; self.status = status; self.golden = golden; self.summary = summary; self.fraction = fraction
        self.largestDelta = largestDelta; self.expected = expected; self.actual = actual; self.diff = diff
    }
}

public struct TraceReport: Codable, Sendable, Equatable {
    public var path: String
    public var status: GoldenStatus
    public var changes: [String]
}

extension SceneReport {
    /// A scene's report from its check.
    public init(_ check: SceneCheck, file: String, recorded: [String], recordCommand: String) {
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
            return f
        }
        timing = check.trace?.timing
        trace = check.trace.map { t in
            TraceReport(
                path: t.path, status: t.passed ? .passed : t.missing ? .missing : .failed,
                changes: t.problem.map { ["\(t.path) \($0)"] } ?? t.changes.map(\.description))
        }
        explanation = check.passed ? [] : check.explanation
    }
}

/// JUnit XML: one test suite, one test case per scene, a failure per failing golden.
public enum JUnitReport {
    static func escape(_ s: String) -> String {
        escaped(s) { u in
            switch u {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "\n": return "&#10;"
            // XML 1.0 forbids most control characters even escaped.
            default: return u.value < 0x20 && u != "\t" ? "?" : nil
            }
        }
    }

    public static func xml(_ report: CheckReport, reportPath: String?) -> String {
        let failedScenes = report.scenes.filter { !$0.passed }.count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"springy check\" tests=\"\(report.scenes.count)\" failures=\"\(failedScenes)\" errors=\"0\">",
            "  <testsuite name=\"springy check\" tests=\"\(report.scenes.count)\" failures=\"\(failedScenes)\" errors=\"0\" skipped=\"0\">",
        ]
        for scene in report.scenes {
            lines.append(
                "    <testcase classname=\"springy.check\" name=\"\(escape(scene.file))\" file=\"\(escape(scene.file))\">")
            let whereText = reportPath.map { "; report: \($0)#\(scene.slug)" } ?? ""
            if let error = scene.error {
                lines.append("      <failure type=\"scene.error\" message=\"\(escape(error))\">\(escape(error))</failure>")
            }
            for f in scene.frames where f.status != .passed {
                let message =
                    f.status == .missing
                    ? "frame \(f.frame): \(f.golden) is missing\(whereText)"
                    : "frame \(f.frame) differs: \(f.summary ?? "")\(whereText)"
                let body = ((f.moved ?? scene.explanation) + ["record with: \(scene.recordCommand)"]).joined(separator: "\n")
                lines.append(
                    "      <failure type=\"golden.\(f.status.rawValue)\" message=\"\(escape(message))\">\(escape(body))</failure>"
                )
            }
            if let t = scene.trace, t.status != .passed {
                let message =
                    t.status == .missing ? "\(t.path) is missing\(whereText)" : "the trace departs from its golden\(whereText)"
                let body = ((scene.timing?.sentences ?? []) + t.changes).joined(separator: "\n")
                lines.append(
                    "      <failure type=\"trace.\(t.status.rawValue)\" message=\"\(escape(message))\">\(escape(body))</failure>"
                )
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }
}
