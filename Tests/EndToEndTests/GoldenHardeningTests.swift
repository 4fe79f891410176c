import Foundation
import SpringyGolden
import SpringyTestSupport
import XCTest

/// Issue 26, items 13 and 17: a golden that is damaged, not a PNG, empty, a folder, a FIFO,
/// of another size or a gzip bomb fails its own frame (or trace) with the path and the cause;
/// every other scene still gets its verdict, and the report, JUnit and JSON are written.
final class GoldenHardeningTests: XCTestCase {
    func sceneText(_ colour: String) -> String {
        scene(
            100, 120, time: "fps: 10, duration: 0.6",
            """
            items:
              box: { center: [50, 30], size: [20, 20], fill: "\(colour)" }
            behaviors:
              - gravity: { items: [box] }
            golden: { frames: [0, 1, 2, 3, 4, 5] }
            """)
    }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        return env
    }

    /// Two scenes with recorded goldens in `dir`.
    func recorded(_ dir: String) throws -> (bad: String, good: String) {
        let bad = "\(dir)/bad.yaml", good = "\(dir)/good.yaml"
        try sceneText("#FF3B30").write(toFile: bad, atomically: true, encoding: .utf8)
        try sceneText("#34C759").write(toFile: good, atomically: true, encoding: .utf8)
        let r = try runSpringy(["check", "--record", "--golden", "\(dir)/g", bad, good], environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        return (bad, good)
    }

    func testEachBadGoldenFailsItsOwnFrameAndTheRestIsChecked() throws {
        let dir = temporaryDirectory()
        let (bad, good) = try recorded(dir)
        let g = "\(dir)/g/bad"
        func frame(_ n: Int) -> String { "\(g)/frame-0000\(n).png" }
        // 0: cut short; 1: not a PNG; 2: empty; 3: a folder; 4: a FIFO; 5: a header of 20000 × 20000.
        let whole = try Data(contentsOf: URL(fileURLWithPath: frame(0)))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: frame(0)))
        try Data("hello, not a png".utf8).write(to: URL(fileURLWithPath: frame(1)))
        try Data().write(to: URL(fileURLWithPath: frame(2)))
        try FileManager.default.removeItem(atPath: frame(3))
        try FileManager.default.createDirectory(atPath: frame(3), withIntermediateDirectories: false)
        try FileManager.default.removeItem(atPath: frame(4))
        XCTAssertEqual(mkfifo(frame(4), 0o644), 0)
        var huge = Array(whole.prefix(33))  // signature and IHDR
        for (i, v) in [20000, 20000].enumerated() {
            for k in 0..<4 { huge[16 + 4 * i + k] = UInt8((v >> (24 - 8 * k)) & 0xFF) }
        }
        try Data(huge + Array(repeating: 0, count: 1000)).write(to: URL(fileURLWithPath: frame(5)))
        // The trace golden: a gzip stream that inflates to 64 MiB of zeros.
        let py = try runProgram(
            try requireTool("python3", "the oversized golden is written by python3"),
            ["-c", "import gzip; open('\(g)/trace.tsv.gz','wb').write(gzip.compress(bytes(64 << 20)))"])
        XCTAssertEqual(py.status, 0, py.stderr)

        let r = try runSpringy(
            [
                "check", "--golden", "\(dir)/g", "--failures", "\(dir)/f", "--report", "\(dir)/report",
                "--junit", "\(dir)/junit.xml", "--json", "\(dir)/check.json", bad, good,
            ], timeout: 60)
        XCTAssertFalse(r.timedOut || r.signalled, "no hang (the FIFO) and no crash: \(r.stderr)")
        XCTAssertEqual(r.status, 1, r.stderr)
        for (n, cause) in [
            (0, "cut short or damaged"), (1, "not a PNG"), (2, "is empty"), (3, "is a folder"),
            (4, "not a regular file"), (5, "20000×20000 pixels, the frame 100×120"),
        ] {
            XCTAssertTrue(
                r.stderr.contains("FAIL \(frame(n)): ") && r.stderr.contains(cause), "frame \(n): \(cause) in \(r.stderr)")
        }
        XCTAssertTrue(r.stderr.contains("FAIL \(g)/trace.tsv.gz cannot be read as a trace golden"), r.stderr)
        XCTAssertTrue(r.stderr.contains("over"), "the bomb is cut off at its cap: \(r.stderr)")
        XCTAssertTrue(r.stdout.contains("ok \(dir)/g/good/frame-00005.png"), "the other scene is checked: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("check: 7 passed, 7 failed"), r.stdout)
        let report = try CheckReport.read("\(dir)/check.json")
        XCTAssertEqual(report.scenes.map(\.passed), [false, true])
        XCTAssertEqual(report.scenes[0].frames.filter { $0.status == .failed }.count, 6)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/report/index.html"))
        XCTAssertTrue(try String(contentsOfFile: "\(dir)/junit.xml", encoding: .utf8).contains("is a folder"))
    }

    func testASceneThatDoesNotLoadFailsAlone() throws {
        let dir = temporaryDirectory()
        let (bad, good) = try recorded(dir)
        try (sceneText("#FF3B30") + "\nbogus_key: 1\n").write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try runSpringy([
            "check", "--golden", "\(dir)/g", "--json", "\(dir)/check.json", "--junit", "\(dir)/junit.xml",
            "--report", "\(dir)/report", bad, good,
        ])
        XCTAssertEqual(r.status, 2, "a scene with a bad key is bad input: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("\(bad):") && r.stderr.contains("bogus_key"), r.stderr)
        XCTAssertTrue(r.stdout.contains("ok \(dir)/g/good/frame-00005.png"), r.stdout)
        let report = try CheckReport.read("\(dir)/check.json")
        XCTAssertEqual(report.scenes.count, 2)
        XCTAssertNotNil(report.scenes[0].error)
        XCTAssertTrue(report.scenes[1].passed)
        XCTAssertTrue(try String(contentsOfFile: "\(dir)/junit.xml", encoding: .utf8).contains("scene.error"))
        XCTAssertTrue(try String(contentsOfFile: "\(dir)/report/index.html", encoding: .utf8).contains("bogus_key"))
    }

    func testRecordingReplacesAnUnreadableGolden() throws {
        let dir = temporaryDirectory()
        let (bad, _) = try recorded(dir)
        try Data("junk".utf8).write(to: URL(fileURLWithPath: "\(dir)/g/bad/frame-00001.png"))
        let r = try runSpringy(["check", "--record", "failed", "--golden", "\(dir)/g", bad], environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("replaced \(dir)/g/bad/frame-00001.png: the old golden"), r.stdout)
    }
}
