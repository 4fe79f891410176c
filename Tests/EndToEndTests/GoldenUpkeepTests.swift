import Foundation
import SpringyCore
import SpringyGolden
import SpringyTestSupport
import XCTest

/// Issue 31: goldens that nothing asks for are listed and, when asked, pruned; every golden set
/// records the environment it was made in, and a failure says when that environment changed.
final class GoldenUpkeepTests: XCTestCase {
    func check(_ args: [String], cwd: String) throws -> RunResult {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["GITHUB_ACTIONS"] = nil
        return try runSpringy(["check"] + args, cwd: cwd, environment: env)
    }

    func write(_ dir: String, _ name: String, golden: String, magnitude: Double = 0.3) throws {
        try scene(
            120, 160, time: "fps: 10, duration: 1",
            """
            golden: \(golden)
            items:
              box: { center: [60, 30], size: [20, 20] }
            behaviors:
              - gravity: { items: [box], magnitude: \(magnitude) }
            """
        ).write(toFile: "\(dir)/scenes/\(name).yaml", atomically: true, encoding: .utf8)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func testStaleGoldensAreListedAndPrunedWhenAsked() throws {
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: "\(dir)/scenes", withIntermediateDirectories: true)
        try write(dir, "fall", golden: "{ frames: [0, 5, last] }")
        try write(dir, "old-name", golden: "{ frames: [0] }")
        XCTAssertEqual(try check(["--record"], cwd: dir).status, 0)
        // The scene drops a frame and its trace golden; another is renamed.
        try write(dir, "fall", golden: "{ frames: [0, last], trace: false }")
        try FileManager.default.moveItem(atPath: "\(dir)/scenes/old-name.yaml", toPath: "\(dir)/scenes/new-name.yaml")
        try "mine".write(toFile: "\(dir)/golden/old-name/notes.txt", atomically: true, encoding: .utf8)
        XCTAssertEqual(try check(["--record", "missing"], cwd: dir).status, 0)
        let r = try check([], cwd: dir)
        XCTAssertEqual(r.status, 0, "stale goldens are listed, not failures: \(r.stderr)")
        for line in [
            "stale golden/fall/frame-00005.png: no frame of scenes/fall.yaml asks for it (remove with: springy check --record all --prune scenes/fall.yaml)",
            "stale golden/fall/trace.tsv.gz: no frame of scenes/fall.yaml asks for it",
            "stale golden/old-name/: no scene here has that name (remove with: springy check --record all --prune)",
        ] {
            XCTAssertTrue(r.stdout.contains(line), "\(line) in\n\(r.stdout)")
        }
        XCTAssertTrue(r.stdout.hasSuffix("recorded, 3 stale\n"), r.stdout)
        // Checking one scene cannot know which folders are gone.
        XCTAssertFalse(try check(["scenes/fall.yaml"], cwd: dir).stdout.contains("old-name"))
        let refused = try check(["--prune"], cwd: dir)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("use it with --record all"), refused.stderr)

        let pruned = try check(["--record", "all", "--prune"], cwd: dir)
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertTrue(pruned.stdout.contains("removed golden/fall/frame-00005.png: no frame asks for it"), pruned.stdout)
        XCTAssertTrue(pruned.stdout.contains("removed golden/old-name/: no scene of this check has that name"), pruned.stdout)
        XCTAssertFalse(exists("\(dir)/golden/fall/frame-00005.png") || exists("\(dir)/golden/fall/trace.tsv.gz"))
        XCTAssertTrue(exists("\(dir)/golden/fall/frame-00000.png") && exists("\(dir)/golden/fall/frame-00009.png"))
        XCTAssertTrue(exists("\(dir)/golden/old-name/notes.txt"), "what is not a golden stays")
        XCTAssertFalse(exists("\(dir)/golden/old-name/frame-00000.png"))
        XCTAssertFalse(try check([], cwd: dir).stdout.contains("stale"))
    }

    func testAGoldenSetRecordsItsEnvironmentAndAFailureSaysWhatChanged() throws {
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: "\(dir)/scenes", withIntermediateDirectories: true)
        try write(dir, "fall", golden: "{ frames: [0, 5] }")
        let rec = try check(["--record"], cwd: dir)
        XCTAssertTrue(rec.stdout.contains("wrote golden/fall/environment.txt"), rec.stdout)
        XCTAssertEqual(rec.status, 0, rec.stderr)
        let text = try String(contentsOfFile: "\(dir)/golden/fall/environment.txt", encoding: .utf8)
        let recorded = GoldenEnvironment(text: text)
        XCTAssertEqual(
            recorded.entries.map(\.name),
            ["springy", "box2d", "cairo", "pixman", "freetype", "libpng", "zlib", "font-dejavu-sans", "font-inter"])
        // The versions the running libraries report, read here another way (pkg-config's .pc
        // files come from the same Debian packages).
        for (name, module) in [("cairo", "cairo"), ("pixman", "pixman-1"), ("libpng", "libpng"), ("zlib", "zlib")] {
            let pc = try runProgram("/usr/bin/pkg-config", ["--modversion", module])
            XCTAssertEqual(
                recorded.entries.first { $0.name == name }?.value, pc.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        XCTAssertEqual(recorded.entries.first?.value, SpringyVersion.current)
        // The goldens were made with another cairo: a failure says so; a pass says nothing.
        let cairo = try XCTUnwrap(recorded.entries.first { $0.name == "cairo" }?.value)
        try text.replacingOccurrences(of: "cairo \(cairo)", with: "cairo 1.14.0").write(
            toFile: "\(dir)/golden/fall/environment.txt", atomically: true, encoding: .utf8)
        let passing = try check(["--json", "p.json"], cwd: dir)
        XCTAssertEqual(passing.status, 0)
        XCTAssertFalse(passing.stderr.contains("environment"))
        try write(dir, "fall", golden: "{ frames: [0, 5] }", magnitude: 0.4)
        let failing = try check(["--json", "f.json"], cwd: dir)
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stderr.contains("  environment differs: cairo 1.14.0 → \(cairo)"), failing.stderr)
        XCTAssertEqual(try CheckReport.read("\(dir)/f.json").scenes[0].environment, ["cairo 1.14.0 → \(cairo)"])
        // Recording again notes the environment it was recorded in now.
        let again = try check(["--record"], cwd: dir)
        XCTAssertTrue(again.stdout.contains("updated golden/fall/environment.txt: cairo 1.14.0 → \(cairo)"), again.stdout)
        XCTAssertEqual(try String(contentsOfFile: "\(dir)/golden/fall/environment.txt", encoding: .utf8), text)
    }
}
