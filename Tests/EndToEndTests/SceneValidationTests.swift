import Foundation
import SpringyScene
import SpringyTestSupport
import XCTest

/// Ten kinds of bad scene: each exits 2 with one `file:line:column:` line and writes nothing.
final class SceneValidationTests: XCTestCase {
    let good = """
        springy: 1
        viewport: { size: [375, 667] }
        items:
          box: { center: [100, 100], size: [50, 50] }

        """

    func assertRejected(
        _ name: String, _ contents: String?, expect fragment: String, line: Int? = nil,
        file: StaticString = #filePath, testLine: UInt = #line
    ) throws {
        let dir = temporaryDirectory(name)
        let path = "\(dir)/\(name).yaml"
        if let contents {
            try contents.write(toFile: path, atomically: true, encoding: .utf8)
        } else {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let out = "\(dir)/out"
        let r = try runSpringy(["render", path, "--out", out, "--quiet"])
        XCTAssertEqual(r.status, 2, "exit status for \(name): \(r.stderr)", file: file, line: testLine)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one line for \(name): \(r.stderr)", file: file, line: testLine)
        let first = String(lines.first ?? "")
        XCTAssertTrue(first.hasPrefix(path + ":"), "names the file: \(first)", file: file, line: testLine)
        XCTAssertTrue(first.contains(fragment), "\(first) should mention \(fragment)", file: file, line: testLine)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written for \(name)", file: file, line: testLine)
        if line == 0 {
            // A problem with the file as a whole: no made-up line and column.
            XCTAssertTrue(first.hasPrefix(path + ": "), "no location: \(first)", file: file, line: testLine)
            return
        }
        let location = first.dropFirst(path.count + 1).split(separator: ":")
        XCTAssertGreaterThanOrEqual(location.count, 2, file: file, line: testLine)
        XCTAssertNotNil(Int(location[0]), "a line number in \(first)", file: file, line: testLine)
        XCTAssertNotNil(Int(location[1]), "a column number in \(first)", file: file, line: testLine)
        if let line { XCTAssertEqual(Int(location[0]), line, first, file: file, line: testLine) }
        XCTAssertTrue(first.contains(fragment), "\(first) should mention \(fragment)", file: file, line: testLine)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written for \(name)", file: file, line: testLine)
    }

    func testWrongType() throws {
        try assertRejected(
            "wrong-type", good + "time: { fps: \"sixty\" }\n", expect: "time.fps: expected a whole number", line: 5)
    }

    func testUnknownKeyGetsADidYouMean() throws {
        try assertRejected("unknown-key", good + "tiem: { fps: 30 }\n", expect: "did you mean \"time\"", line: 5)
    }

    func testMissingRequiredKey() throws {
        try assertRejected(
            "missing-key", "springy: 1\nitems:\n  box: { center: [1, 1], size: [5, 5] }\n",
            expect: "missing required key \"viewport\"")
    }

    func testBadVersionSaysWhichAreSupported() throws {
        try assertRejected(
            "bad-version", good.replacingOccurrences(of: "springy: 1", with: "springy: 7"),
            expect: "reads version 1", line: 1)
    }

    func testNegativeSize() throws {
        try assertRejected(
            "negative-size", good.replacingOccurrences(of: "size: [50, 50]", with: "size: [50, -50]"),
            expect: "items.box.size: width and height must be greater than 0", line: 4)
    }

    func testNonNumericNumber() throws {
        try assertRejected(
            "non-numeric", good.replacingOccurrences(of: "center: [100, 100]", with: "center: [100, abc]"),
            expect: "items.box.center: expected [x, y]", line: 4)
    }

    func testEmptyFile() throws {
        try assertRejected("empty", "", expect: "is empty", line: 1)
    }

    func testNotYAML() throws {
        try assertRejected("not-yaml", "springy: 1\nviewport: { size: [1, 2 }\n", expect: "is not valid YAML")
    }

    func testAliasBomb() throws {
        var text =
            good
            + "style:\n  palette: &a0 [\"#FFFFFF\", \"#FFFFFF\", \"#FFFFFF\", \"#FFFFFF\", \"#FFFFFF\", \"#FFFFFF\", \"#FFFFFF\", \"#FFFFFF\", \"#FFFFFF\", \"#FFFFFF\"]\n"
        text += "behaviors:\n"
        for i in 1...8 {
            let refs = Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ")
            text += "  - item: { items: [box], density: &a\(i) [\(refs)] }\n"
        }
        try assertRejected("alias-bomb", text, expect: "YAML aliases expand")
    }

    func testDirectoryInsteadOfFile() throws {
        try assertRejected("a-directory", nil, expect: "is a directory", line: 0)
    }

    func testValidateReportsEveryBadFileAndExits2() throws {
        let dir = temporaryDirectory()
        try good.write(toFile: "\(dir)/ok.yaml", atomically: true, encoding: .utf8)
        try "springy: 1\n".write(toFile: "\(dir)/a.yaml", atomically: true, encoding: .utf8)
        try "springy: x\n".write(toFile: "\(dir)/b.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["validate", "\(dir)/ok.yaml", "\(dir)/a.yaml", "\(dir)/b.yaml"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stdout.contains("ok \(dir)/ok.yaml"))
        XCTAssertTrue(r.stderr.contains("\(dir)/a.yaml:1:1"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\(dir)/b.yaml:1:10"), r.stderr)
    }

    func testValidateReportsEveryIndependentProblemInAFile() throws {
        let dir = temporaryDirectory()
        try """
        springy: 1
        viewport: { size: [300, 400], scale: 7 }
        colour: red
        items:
          box: { center: [10, 10], size: [20, 20] }
        behaviors:
          - gravity: { items: [nobody] }
          - gravity: { items: [box] }
          - attachment: { item: box, to: [0, 0], frequency: -1 }
        script:
          - at: -1
            tap: { at: [1, 1] }
          - at: 0.5
            remove: { behavior: 9 }
        """.write(toFile: "\(dir)/many.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["validate", "\(dir)/many.yaml"])
        XCTAssertEqual(r.status, 2)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        for (line, fragment) in [(2, "scale"), (3, "colour"), (7, "nobody"), (9, "frequency"), (11, "at"), (14, "behavior")] {
            XCTAssertTrue(
                lines.contains { $0.hasPrefix("\(dir)/many.yaml:\(line):") && $0.contains(fragment) },
                "line \(line) (\(fragment)) reported: \(r.stderr)")
        }
        XCTAssertEqual(lines.count, 6, r.stderr)
    }

    func testBadFlagExits2() throws {
        let r = try runSpringy(["render", "--threads", "0", "scenes/falling-box.yaml"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--threads"), r.stderr)
    }

    func testExistingFramesAreNotOverwrittenUnlessAsked() throws {
        let dir = temporaryDirectory()
        let scene = "\(dir)/s.yaml"
        try (good + "time: { fps: 10, duration: 0.2 }\n").write(toFile: scene, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runSpringy(["render", scene, "--out", dir, "--quiet"]).status, 0)
        let second = try runSpringy(["render", scene, "--out", dir, "--quiet"])
        XCTAssertEqual(second.status, 2)
        XCTAssertTrue(second.stderr.contains("--overwrite"), second.stderr)
        XCTAssertEqual(try runSpringy(["render", scene, "--out", dir, "--quiet", "--overwrite"]).status, 0)
    }
}

/// Issue 26, item 14: a run's cost, worked out from the scene alone, against the default budgets.
final class RunCostTests: XCTestCase {
    func items(_ n: Int) -> String {
        "items:\n"
            + (0..<n).map { "  i\($0): { center: [\(10 + $0 % 300), \(10 + ($0 / 300) % 600)], size: [2, 2] }" }.joined(
                separator: "\n")
    }

    func testEstimatesFromTheSceneAgainstTheDefaultBudgets() throws {
        // 2000 items for 99,960 frames (60 fps): a trace of 99,960 × (120 + 170 × 2000) bytes, 34 GB.
        let many = try SceneLoader.decode(yaml: scene(375, 667, time: "fps: 60, duration: 1666", items(2000)), file: "many.yaml")
        let cost = RunCost(many)
        XCTAssertEqual(cost.frames, 99_960)
        XCTAssertEqual(cost.pixelsPerFrame, 375 * 667)
        XCTAssertEqual(cost.drawnPixels, 99_960 * 375 * 667)
        XCTAssertEqual(cost.traceBytes, 99_960 * (120 + 170 * 2000))
        XCTAssertEqual(cost.bodySteps, Double(99_960 * 120 / 60) * 2000)
        XCTAssertNil(cost.problem(.default), "drawing and simulating it are within the defaults")
        XCTAssertTrue(cost.traceProblem(.default)?.contains("--max-trace-bytes") ?? false)
        // 8K at 99,960 frames: 3.3e12 pixels drawn.
        let eightK = try SceneLoader.decode(yaml: scene(7680, 4320, time: "fps: 60, duration: 1666", items(1)), file: "8k.yaml")
        XCTAssertTrue(RunCost(eightK).problem(.default)?.contains("--max-drawn-pixels") ?? false)
        XCTAssertNil(RunCost(eightK, frames: 0...1).problem(.default), "two frames of it are fine")
        // The solver's work counts to the last frame asked for, whichever frames are kept.
        XCTAssertEqual(RunCost(many, frames: 99_000...99_001).bodySteps, Double(99_002 * 2) * 2000)
    }
}
