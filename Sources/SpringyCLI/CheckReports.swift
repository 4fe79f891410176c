import ArgumentParser
import Foundation
import SpringyCore
import SpringyGolden
import SpringyOutput

/// A check's results, ready for the report, JUnit and JSON writers.
struct CheckResults {
    var report: CheckReport
    var rendered: [String: [(Int, [UInt8])]]
    var hashShots: [String: [(Int, [UInt8])]] = [:]
    var summary: CheckReport.Summary { report.summary }

    /// `recordCommand` gives the command that records a scene's goldens in a mode: `missing` for
    /// a scene whose only trouble is missing goldens, `failed` otherwise (never the broad `all`).
    init(
        checks: [SceneCheck], paths: [String], recorded: [String: [String]], recordCommand: (String, RecordMode) -> String,
        acceptCommand: (String) -> String
    ) {
        report = CheckReport(
            scenes: zip(checks, paths).map { check, path in
                var r = SceneReport(
                    check, file: path, recorded: recorded[path] ?? [],
                    recordCommand: recordCommand(path, check.onlyMissing ? .missing : .failed))
                r.acceptCommand = acceptCommand(path)
                return r
            })
        var rendered: [String: [(Int, [UInt8])]] = [:]
        for c in checks {
            rendered[c.slug] = c.rendered
            if !c.hashShots.isEmpty { hashShots[c.slug] = c.hashShots }
        }
        self.rendered = rendered
    }

    init(report: CheckReport) { self.report = report; rendered = [:] }
}

extension Springy.Check {
    func writeReports(_ results: CheckResults) throws {
        var report = results.report
        var base = "."
        do {
            if let dir = self.report {
                report = try HTMLReport.write(report, rendered: results.rendered, hashShots: results.hashShots, to: dir)
                base = dir
                say("report: \(dir)/index.html")
            }
            try writeMachineReports(report, base: base)
        } catch { throw SpringyCLI.report(error) }
    }

    /// JUnit (its paths from the working folder, as CI reads them) and JSON (its paths from the
    /// JSON file's own folder); `report`'s paths are written from folder `base`.
    func writeMachineReports(_ report: CheckReport, base: String) throws {
        if let junit {
            let xml = JUnitReport.xml(report.rebased(from: base, to: "."), reportPath: self.report.map { "\($0)/index.html" })
            try AtomicFile.write(Array(xml.utf8), to: junit)
            say("junit: \(junit)")
        }
        if let json {
            try AtomicFile.write(Array(try report.rebased(from: base, to: PathText.parent(json)).jsonData()), to: json)
            say("json: \(json)")
        }
    }

    /// `--merge-reports DIR...`: shard reports into one (--report), and JUnit/JSON from it.
    func merge() throws {
        guard let out = report else { throw ValidationError("--merge-reports needs --report DIR for the merged report") }
        guard !scenes.isEmpty else { throw ValidationError("--merge-reports needs the shard report folders as arguments") }
        for dir in scenes where !FileManager.default.fileExists(atPath: "\(dir)/report.json") {
            throw ValidationError("\(dir): no report.json here (write shard reports with check --shard K/N --report DIR)")
        }
        let cwd = FileManager.default.currentDirectoryPath
        if scenes.contains(where: { PathText.absolute($0, cwd: cwd) == PathText.absolute(out, cwd: cwd) }) {
            throw ValidationError("--report \(out) is one of the folders being merged; name a new folder for the merged report")
        }
        let merged: CheckReport
        do {
            try EarlierRun.clearReport(out)
            merged = try HTMLReport.merge(scenes, into: out)
            try writeMachineReports(merged, base: out)
        } catch { throw SpringyCLI.report(error) }
        let s = merged.summary
        say("report: \(out)/index.html")
        say("check: \(s.passed) passed, \(s.failed) failed, \(s.missing) missing, \(s.recorded) recorded")
        if s.failed + s.missing > 0 { throw ExitCode(1) }
    }
}
