import Foundation
import SpringyCore
import SpringyGolden
import SpringyTestSupport
import XCTest

/// Issue 31, "CI output that scales": `check --quiet`, JSON whose paths resolve from the JSON
/// file, and report and failures folders that show this run only.
final class CheckOutputTests: XCTestCase {
    /// A folder with two small scenes and their goldens; then `fall` is changed so it fails.
    func setUp(_ dir: String) throws -> [String] {
        func write(_ name: String, _ magnitude: Double) throws {
            try scene(
                120, 160, time: "fps: 10, duration: 1",
                """
                golden: { frames: [0, 5, last] }
                items:
                  box: { center: [60, 30], size: [20, 20] }
                behaviors:
                  - gravity: { items: [box], magnitude: \(magnitude) }
                """
            ).write(toFile: "\(dir)/\(name).yaml", atomically: true, encoding: .utf8)
        }
        try write("fall", 0.3)
        try write("still", 0)
        let paths = ["\(dir)/fall.yaml", "\(dir)/still.yaml"]
        XCTAssertEqual(try check(["--record", "--golden", "\(dir)/g"] + paths, cwd: dir).status, 0)
        try write("fall", 0.4)
        return paths
    }

    func check(_ args: [String], cwd: String) throws -> RunResult { try checkOutsideCI(args, cwd: cwd) }

    func testQuietPrintsOnlyFailuresAndTheSummary() throws {
        let dir = temporaryDirectory()
        _ = try setUp(dir)
        let loud = try check(["--golden", "g", "fall.yaml", "still.yaml"], cwd: dir)
        XCTAssertEqual(loud.status, 1)
        XCTAssertEqual(loud.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count, 5, loud.stdout)
        for flag in ["--quiet", "-q"] {
            let quiet = try check([flag, "--golden", "g", "fall.yaml", "still.yaml"], cwd: dir)
            XCTAssertEqual(quiet.status, 1)
            XCTAssertEqual(quiet.stdout, "check: 5 passed, 3 failed, 0 missing, 0 recorded\n", flag)
            XCTAssertEqual(quiet.stderr, loud.stderr, "the failures are said in full")
        }
    }

    func testJSONPathsResolveFromTheJSONFile() throws {
        let dir = temporaryDirectory()
        _ = try setUp(dir)
        for (report, json) in [(nil, "out/deep/check.json"), ("rep", "out/check.json"), ("rep", "rep/copy.json")] {
            let r = try check(
                ["--golden", "g", "--json", json] + (report.map { ["--report", $0] } ?? []) + ["fall.yaml", "still.yaml"],
                cwd: dir)
            XCTAssertEqual(r.status, 1, r.stderr)
            let folder = PathText.parent("\(dir)/\(json)")
            let parsed = try CheckReport.read("\(dir)/\(json)")
            var paths: [String] = []
            for scene in parsed.scenes {
                paths.append(scene.file)
                if let t = scene.trace { paths.append(t.path) }
                for f in scene.frames { paths += [f.golden] + [f.expected, f.actual, f.diff].compactMap { $0 } }
                paths += scene.strip.map(\.image)
            }
            XCTAssertGreaterThan(paths.count, 10)
            for p in paths {
                XCTAssertFalse(p.hasPrefix("/"), "\(json): \(p) is relative")
                XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/\(p)"), "\(json): \(p) resolves from \(folder)")
            }
            if let report {
                // The report's own JSON resolves from the report folder.
                let own = try CheckReport.read("\(dir)/\(report)/report.json")
                for scene in own.scenes {
                    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/\(report)/\(scene.file)"), scene.file)
                }
            }
        }
    }

    func testReportAndFailureFoldersShowThisRunOnly() throws {
        let dir = temporaryDirectory()
        let paths = try setUp(dir)
        let args = ["--golden", "\(dir)/g", "--failures", "\(dir)/f", "--report", "\(dir)/r"]
        XCTAssertEqual(try check(args + paths, cwd: dir).status, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/f/fall/frame-00005-diff.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/r/images/fall/frame-00005-actual.png"))
        // What the user keeps there, and a link, stay; the earlier run's pictures go.
        try "mine".write(toFile: "\(dir)/r/notes.txt", atomically: true, encoding: .utf8)
        try "mine".write(toFile: "\(dir)/f/fall/notes.txt", atomically: true, encoding: .utf8)
        let outside = temporaryDirectory() + "/frame-00001-diff.png"
        try Data([1]).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/f/fall/frame-00001-diff.png", withDestinationPath: outside)
        try FileManager.default.createDirectory(atPath: "\(dir)/f/gone", withIntermediateDirectories: true)
        try Data([1]).write(to: URL(fileURLWithPath: "\(dir)/f/gone/frame-00002-actual.png"))
        // The change is put back: now everything passes, and nothing of the failing run is left.
        try String(contentsOfFile: "\(dir)/fall.yaml", encoding: .utf8).replacingOccurrences(of: "0.4", with: "0.3")
            .write(toFile: "\(dir)/fall.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try check(args + paths, cwd: dir).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/f/fall/frame-00005-diff.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/f/gone"), "another scene's old failures go too")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/r/images"), "a passing report has no pictures")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/r/notes.txt"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/f/fall/notes.txt"))
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: "\(dir)/f/fall/frame-00001-diff.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside), "a link is never followed")
        let html = try String(contentsOfFile: "\(dir)/r/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("8 passed") && html.contains("0 failed"), "the report is this run's")
        // A merged report may not overwrite one of the folders it merges.
        let merge = try check(["--merge-reports", "--report", "\(dir)/r", "\(dir)/r"], cwd: dir)
        XCTAssertEqual(merge.status, 2, merge.stderr)
        XCTAssertTrue(merge.stderr.contains("is one of the folders being merged"), merge.stderr)
    }

    /// Issue 31: a colour change moves nothing; its changed pixels say whose they are.
    func testAColourChangeIsADrawingChangeNotMotion() throws {
        let dir = temporaryDirectory()
        let text = scene(
            120, 160, time: "fps: 10, duration: 0.5",
            """
            golden: { frames: [0] }
            items:
              box: { center: [60, 40], size: [20, 20], fill: "#FF2D55" }
              other: { center: [60, 120], size: [20, 20], fill: "#34C759" }
            """)
        try text.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try check(["--record", "--golden", "g", "s.yaml"], cwd: dir).status, 0)
        try text.replacingOccurrences(of: "#FF2D55", with: "#007AFF").write(
            toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let r = try check(["--golden", "g", "s.yaml"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        // The box's 20 pt square, less what its rounded corners leave unchanged.
        let line = try XCTUnwrap(r.stderr.split(separator: "\n").first { $0.contains("changed pixels in ") })
        XCTAssertTrue(line.hasPrefix("  changed pixels in 20×20 pt at (50, 30), "), String(line))
        XCTAssertTrue(line.hasSuffix(" px: item box: a drawing change, not motion"), String(line))
        XCTAssertFalse(r.stderr.contains("item other"), "the other item's pixels did not change")
    }

    /// Issue 31: a missing golden shows this run's frame full size, and the command to record it
    /// is `--record missing`, never the broad `all`.
    func testAMissingGoldenShowsTheFrameFullSizeAndSaysRecordMissing() throws {
        let dir = temporaryDirectory()
        try scene(
            120, 160, time: "fps: 10, duration: 0.5",
            "golden: { frames: [0, last] }\nitems:\n  box: { center: [60, 40], size: [20, 20] }"
        )
        .write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "\(dir)/g", withIntermediateDirectories: true)
        let r = try check(["--golden", "g", "--report", "rep", "s.yaml"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(
            r.stderr.contains(
                "FAIL g/s/frame-00000.png is missing; record it with: springy check --record missing --golden g s.yaml"), r.stderr
        )
        XCTAssertFalse(r.stderr.contains("--record all"), r.stderr)
        let html = try String(contentsOfFile: "\(dir)/rep/index.html", encoding: .utf8)
        let figure = try XCTUnwrap(html.range(of: "<figure class=\"missing-actual\"><img src=\""))
        let image = String(html[figure.upperBound...].prefix { $0 != "\"" })
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/rep/\(image)"), image)
        XCTAssertTrue(
            html.contains("<code>springy check --record missing --golden g s.yaml</code>"), "the scene's own suggestion")
    }
}
