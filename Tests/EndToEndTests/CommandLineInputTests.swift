import Foundation
import SpringyTestSupport
import XCTest

/// Flags and paths: explicit errors (exit 2) in plain words, never a silent clamp.
final class CommandLineInputTests: XCTestCase {
    let scenePath = packageRoot + "/scenes/falling-box.yaml"

    func frameCount() throws -> Int {
        let r = try runSpringy(["trace", "--hash", scenePath])
        return Int(r.stdout.split(separator: "\t")[2]) ?? 0
    }

    func testFramesAcceptLastAndSayWhyARangeIsInvalid() throws {
        let n = try frameCount()
        let last = try runSpringy(["trace", scenePath, "--frames", "last"])
        XCTAssertEqual(last.status, 0, last.stderr)
        XCTAssertEqual(last.stdout.split(separator: "\n").count, 1)
        XCTAssertTrue(last.stdout.contains("\"frame\": \(n - 1)"), last.stdout)
        let tail = try runSpringy(["trace", scenePath, "--frames", "\(n - 3)-last"])
        XCTAssertEqual(tail.stdout.split(separator: "\n").count, 3, tail.stderr)
        let backwards = try runSpringy(["trace", scenePath, "--frames", "50-10"])
        XCTAssertEqual(backwards.status, 2)
        XCTAssertTrue(backwards.stderr.contains("ends before it starts"), backwards.stderr)
        let past = try runSpringy(["trace", scenePath, "--frames", "\(n)-\(n + 5)"])
        XCTAssertEqual(past.status, 2)
        XCTAssertTrue(past.stderr.contains("has \(n) frames"), past.stderr)
    }

    func testAPickPastTheSceneIsAnErrorNotAClamp() throws {
        let dir = temporaryDirectory()
        for pick in ["999", "0,999"] {
            let r = try runSpringy(["render", scenePath, "--out", dir, "--format", "sheet", "--pick", pick])
            XCTAssertEqual(r.status, 2, pick)
            XCTAssertTrue(r.stderr.contains("--pick"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/falling-box"), "nothing written")
    }

    /// `--pick` names frames (one number is that frame); a count is `--pick-count` (one is the
    /// last frame). A pick that no format asked for uses is said, not silently ignored.
    func testPickNamesFramesAndACountIsItsOwnFlag() throws {
        let dir = temporaryDirectory()
        let one = try runSpringy(["render", scenePath, "--out", "\(dir)/a", "--format", "pdf", "--pick", "1", "--quiet"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: "\(dir)/a/falling-box").sorted(), ["frame-00001.pdf"],
            "--pick 1 is frame 1")
        let count = try runSpringy(["render", scenePath, "--out", "\(dir)/b", "--format", "pdf", "--pick-count", "1", "--quiet"])
        XCTAssertEqual(count.status, 0, count.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: "\(dir)/b/falling-box").sorted(), ["frame-00119.pdf"],
            "--pick-count 1 is the last frame")
        let both = try runSpringy(["render", scenePath, "--format", "pdf", "--pick", "1", "--pick-count", "2"])
        XCTAssertEqual(both.status, 2)
        let unused = try runSpringy(["render", scenePath, "--out", "\(dir)/c", "--format", "png", "--pick", "0", "--quiet"])
        XCTAssertEqual(unused.status, 0, unused.stderr)
        XCTAssertTrue(unused.stderr.contains("--pick is for pdf, sheet, still, svg and trail; png do not use it"), unused.stderr)
    }

    func testOneFrameIsOneFrame() throws {
        let dir = temporaryDirectory()
        let r = try runSpringy(["render", scenePath, "--out", dir, "--frames", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("1 frame in"), r.stdout)
    }

    func testFileErrorsNameThePathAndTheCauseInPlainWords() throws {
        let missing = try runSpringy(["render", "/nonexistent/scene.yaml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(
            missing.stderr.trimmingCharacters(in: .whitespacesAndNewlines), "/nonexistent/scene.yaml: no such file",
            "no made-up line and column")
        let dir = temporaryDirectory()
        try "".write(toFile: "\(dir)/blocker", atomically: true, encoding: .utf8)
        let blocked = try runSpringy(["render", scenePath, "--out", "\(dir)/blocker/out"])
        XCTAssertEqual(blocked.status, 2)
        XCTAssertTrue(blocked.stderr.contains("\(dir)/blocker"), blocked.stderr)
        XCTAssertFalse(
            blocked.stderr.contains("NSCocoaErrorDomain") || blocked.stderr.contains("couldn’t be completed"), blocked.stderr)
    }

    func testAMisspeltCommandGetsDidYouMean() throws {
        let r = try runSpringy(["rendr", scenePath])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("did you mean 'render'"), r.stderr)
    }

    func testY4MIsNotWrittenToATerminal() throws {
        let script = try requireTool("script", "util-linux's script(1): the terminal check is not exercised")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: script)
        p.arguments = ["-qec", "'\(springyBinary)' render '\(scenePath)' --format y4m -", "/dev/null"]
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 2, text)
        XCTAssertTrue(text.contains("terminal"), text)
        XCTAssertFalse(text.contains("YUV4MPEG2"), "no binary on the terminal")
    }

    func testAScaleThatMakesFramesTooWideForCairoIsRefused() throws {
        let dir = temporaryDirectory()
        try scene(12_000, 10, time: "fps: 10, duration: 0.1", "items:\n  a: { center: [20, 5], size: [10, 10] }")
            .write(toFile: "\(dir)/wide.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", "\(dir)/wide.yaml", "--out", "\(dir)/out", "--scale", "3"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("32767"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out"), "nothing written")
    }
}
