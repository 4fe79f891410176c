import Foundation
import SpringyCore
import SpringyGolden
import SpringyTestSupport
import XCTest

/// Issue 31: goldens that nothing asks for are listed and, when asked, pruned; every golden set
/// records the environment it was made in, and a failure says when that environment changed.
final class GoldenUpkeepTests: XCTestCase {
    func check(_ args: [String], cwd: String) throws -> RunResult { try checkOutsideCI(args, cwd: cwd) }

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

    /// Issue 43: when a change moved an `until: rest` scene's end, check said "frame-00179.png is
    /// missing" and listed frame-00177.png as stale. It compares the end with the golden end and
    /// says by how many frames the end moved, with the before and after pictures.
    func testAMovedRestFrameIsComparedWithTheGoldenEnd() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/scenes", withIntermediateDirectories: true)
        func write(_ y: Double) throws {
            try scene(
                120, 200, time: "fps: 30, until: rest, max_duration: 8",
                """
                golden: { frames: [0, last], trace: false }
                items:
                  box: { center: [60, \(y)], size: [20, 20] }
                behaviors:
                  - gravity: { items: [box] }
                  - collision: { items: [box], bounds: true }
                """
            ).write(toFile: "\(dir)/scenes/rest.yaml", atomically: true, encoding: .utf8)
        }
        try write(30)
        XCTAssertEqual(try check(["--record"], cwd: dir).status, 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/golden/rest").filter { $0.hasPrefix("frame-") }
            .sorted()
        XCTAssertEqual(before.count, 2)
        let oldEnd = Int(before[1].dropFirst(6).dropLast(4))!
        // Dropped from higher: it lands later, and rests later.
        try write(10)
        let r = try check([], cwd: dir)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let all = r.stdout + r.stderr
        XCTAssertFalse(all.contains("is missing"), all)
        XCTAssertTrue(all.contains("the scene's end moved by +"), all)
        XCTAssertTrue(all.contains("its golden end is frame \(oldEnd)"), all)
        let failures = (try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/.springy-failures/rest")) ?? []
        XCTAssertTrue(
            failures.contains { $0.hasSuffix("-expected.png") } && failures.contains { $0.hasSuffix("-actual.png") },
            "\(failures)")
        // Recorded again (and pruned), the new end is the golden and the check passes.
        XCTAssertEqual(try check(["--record", "all", "--prune"], cwd: dir).status, 0)
        XCTAssertEqual(try check([], cwd: dir).status, 0)
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

/// Issue 31: every frame covered by a hash of its pixels, PNGs only for the frames a person looks at.
final class FrameHashGoldenTests: XCTestCase {
    func testTheHashFileRoundTripsRunsAndRefusesWhatItIsNot() throws {
        let hashes: [UInt64] = [1, 1, 1, 0xdead_beef_0000_0001, 7, 7]
        let text = FrameHashes.text(hashes)
        XCTAssertTrue(text.hasSuffix("0000000000000001*3,deadbeef00000001,0000000000000007*2\n"), text)
        XCTAssertEqual(try FrameHashes.parse(text, maxFrames: 6), hashes)
        XCTAssertThrowsError(try FrameHashes.parse(text, maxFrames: 5), "more frames than the scene could have")
        XCTAssertThrowsError(try FrameHashes.parse("springy-frame-hashes 1\nxyz\n", maxFrames: 10))
        XCTAssertThrowsError(try FrameHashes.parse("hello\n", maxFrames: 10))
        XCTAssertThrowsError(try FrameHashes.parse("springy-frame-hashes 1\n0000000000000001*0\n", maxFrames: 10))
        XCTAssertEqual(FrameHashes.runs([3, 4, 5, 9, 11, 12]), "3–5, 9, 11–12")
    }

    func check(_ args: [String], cwd: String) throws -> RunResult { try checkOutsideCI(args, cwd: cwd) }

    func testAFrameNoPNGKeepsIsCheckedByItsHashAndDrawnAgainForTheReport() throws {
        let dir = temporaryDirectory()
        func write(at: String) throws {
            try scene(
                200, 240, time: "fps: 20, duration: 1.5",
                """
                golden: { frames: [0, last], hashes: true }
                items:
                  box: { center: [100, 40], size: [30, 30] }
                script:
                  - { at: \(at), animate: { views: [box], duration: 0.2, to: { center: [100, 200] } } }
                  - { at: \(at), animate: { views: [box], delay: 0.2, duration: 0.2, to: { center: [100, 40] } } }
                """
            ).write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        }
        try write(at: "0.5")
        let rec = try check(["--record", "--golden", "g", "s.yaml"], cwd: dir)
        XCTAssertTrue(rec.stdout.contains("recorded g/s/frames.tsv"), rec.stdout)
        let pngs = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/g/s").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(pngs, ["frame-00000.png", "frame-00029.png"], "PNGs only for golden.frames")
        XCTAssertEqual(
            try FrameHashes.parse(String(contentsOfFile: "\(dir)/g/s/frames.tsv", encoding: .utf8), maxFrames: 30).count, 30)
        XCTAssertEqual(try check(["--golden", "g", "s.yaml"], cwd: dir).status, 0)
        // The box goes down and back 0.1 s later: frames 0 and 29 are the same, the middle not.
        try write(at: "0.6")
        let r = try check(["--golden", "g", "--report", "rep", "--json", "c.json", "s.yaml"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("ok g/s/frame-00000.png") && r.stdout.contains("ok g/s/frame-00029.png"), r.stdout)
        XCTAssertTrue(r.stderr.contains("FAIL g/s/frames.tsv: "), r.stderr)
        XCTAssertTrue(r.stderr.contains(" frames differ from their hashes (frames 11–"), r.stderr)
        XCTAssertTrue(r.stderr.contains("what moved at frame 11: item box: center.y "), r.stderr)
        let report = try CheckReport.read("\(dir)/c.json")
        let hashes = try XCTUnwrap(report.scenes[0].hashes)
        XCTAssertEqual(hashes.status, .failed)
        XCTAssertEqual(hashes.differing.first, 11)
        XCTAssertEqual(hashes.shots.map(\.frame), [11, 12, 13])
        for shot in hashes.shots {
            let image = try XCTUnwrap(shot.image)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/\(image)"), "frame \(shot.frame) drawn again: \(image)")
        }
        XCTAssertTrue(try String(contentsOfFile: "\(dir)/rep/index.html", encoding: .utf8).contains("class=\"hash-shot\""))
        XCTAssertEqual(report.summary.failed, 2, "the hash file and the trace")
        // Recording the change says how many frames changed; a missing file is missing.
        let again = try check(["--record", "failed", "--golden", "g", "s.yaml"], cwd: dir)
        XCTAssertTrue(again.stdout.contains("replaced g/s/frames.tsv: "), again.stdout)
        try FileManager.default.removeItem(atPath: "\(dir)/g/s/frames.tsv")
        let missing = try check(["--golden", "g", "s.yaml"], cwd: dir)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(
            missing.stderr.contains("FAIL g/s/frames.tsv is missing; record it with: springy check --record missing"),
            missing.stderr)
    }
}
