import Foundation
import SpringyKit
import SpringyTestSupport
import XCTest

/// Issue 32: what each `springy` command does, a package that depends on SpringyKit does with
/// the public API alone — the same bytes and the same verdicts as the command line.
final class CommandAPITests: XCTestCase {
    let bounce = """
        springy: 1
        viewport: { size: [160, 200], scale: 1 }
        time: { fps: 30, duration: 1 }
        items:
          card: { center: [80, 40], size: [60, 40] }
        behaviors:
          - attachment: { item: card, to: [80, 120], length: 0, frequency: 1.5, damping: 0.3 }
        golden: { frames: [0, 15, last], trace: true, hashes: true }
        """

    func scene(in dir: String, damping: Double = 0.3) throws -> String {
        let path = "\(dir)/bounce.yaml"
        try bounce.replacingOccurrences(of: "damping: 0.3", with: "damping: \(damping)")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testShardsOfARenderMakeTheCommandLinesFramesByteForByte() throws {
        let dir = temporaryDirectory()
        let scene = try Scene(contentsOfFile: try scene(in: dir))
        var frames = 0
        for k in 1...3 {
            var options = RenderOptions()
            options.folder = "\(dir)/lib"
            options.shard = Shard(k, of: 3)
            options.threads = 2
            let run = try scene.render(options)
            XCTAssertEqual(run.folder, "\(dir)/lib/bounce")
            try run.preflight()
            let summary = try run.run()
            frames += summary.frames
            XCTAssertEqual(summary.written.first?.format, .png)
        }
        XCTAssertEqual(frames, 30)
        let r = try runSpringy(["render", "\(dir)/bounce.yaml", "--out", "\(dir)/cli", "--threads", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for i in [0, 9, 10, 19, 20, 29] {
            let name = Scene.frameFileName(i)
            XCTAssertEqual(
                FileManager.default.contents(atPath: "\(dir)/lib/bounce/\(name)"),
                FileManager.default.contents(atPath: "\(dir)/cli/bounce/\(name)"), name)
        }
        var again = RenderOptions()
        again.folder = "\(dir)/lib"
        XCTAssertEqual(try scene.render(again).existingOutputs()?.count, 30, "a second render would replace 30 frames")
    }

    /// A render names the files it would replace by each format's own names only: a PDF still
    /// is a `frame-` file ending `.pdf`, the y4m the scene's `.y4m`, the SVG animation the
    /// scene's `.svg`, the Lottie its `.json` and `.lottie` (scripts/mutate found the first two
    /// untested).
    func testEachFormatClaimsOnlyItsOwnFiles() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = try Scene(contentsOfFile: try scene(in: dir))
        try FileManager.default.createDirectory(atPath: "\(dir)/lib/bounce", withIntermediateDirectories: true)
        for name in [
            "frame-00001.pdf", "frame-00001.svg", "notes.pdf", "frame-00002.png", "bounce.y4m", "other.y4m", "bounce.svg",
            "bounce.json", "bounce.lottie", "other.json",
        ] {
            _ = FileManager.default.createFile(atPath: "\(dir)/lib/bounce/\(name)", contents: Data())
        }
        func claimed(_ format: OutputFormat) throws -> [String] {
            var options = RenderOptions()
            options.folder = "\(dir)/lib"
            options.formats = [format]
            return try scene.render(options).existingOutputs() ?? []
        }
        XCTAssertEqual(try claimed(.pdf), ["frame-00001.pdf"])
        XCTAssertEqual(try claimed(.svg), ["frame-00001.svg"])
        XCTAssertEqual(try claimed(.y4m), ["bounce.y4m"])
        XCTAssertEqual(try claimed(.smil), ["bounce.svg"])
        XCTAssertEqual(try claimed(.lottie), ["bounce.json"])
        XCTAssertEqual(try claimed(.dotlottie), ["bounce.lottie"])
    }

    func testACheckRecordsThenPassesThenSaysWhatMovedWhenTheDampingChanges() throws {
        let dir = temporaryDirectory()
        let path = try scene(in: dir)
        var options = CheckOptions()
        options.goldenFolder = "\(dir)/golden"
        options.failuresFolder = "\(dir)/failures"
        options.record = .missing
        let said = Locked<[String]>([])
        let messages = Messages(
            say: { line in said.update { $0.append(line) } }, warn: { line in said.update { $0.append(line) } })
        let recorded = try GoldenCheck.run([path], options: options, messages: messages)
        XCTAssertTrue(recorded.passed, "what was recorded passes: \(said.value)")
        XCTAssertGreaterThan(recorded.summary.recorded, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/golden/bounce/frame-00015.png"))

        options.record = .never
        let passed = try GoldenCheck.run([path], options: options, messages: messages)
        XCTAssertTrue(passed.passed, "\(said.value)")
        XCTAssertEqual(passed.summary.failed, 0)
        XCTAssertGreaterThanOrEqual(passed.summary.passed, 5, "three frames, the hashes and the trace")

        _ = try scene(in: dir, damping: 0.5)
        said.value = []
        options.report = "\(dir)/report"
        let failed = try GoldenCheck.run([path], options: options, messages: messages)
        XCTAssertFalse(failed.passed)
        XCTAssertGreaterThan(failed.summary.failed, 0)
        let text = said.value.joined(separator: "\n")
        XCTAssertTrue(text.contains("what moved at frame 15: item card: center.y"), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/report/index.html"))

        options.inCI = true
        options.record = .failed
        XCTAssertThrowsError(try GoldenCheck.run([path], options: options, messages: .silent)) {
            XCTAssertTrue("\($0)".contains("refusing to record golden images with CI set"), "\($0)")
        }
    }

    func testTracesAndAnimationsCompareWithTheMessagesOfACheck() throws {
        let dir = temporaryDirectory()
        let before = try Scene(contentsOfFile: try scene(in: dir))
        let after = try Scene(contentsOfFile: try scene(in: dir, damping: 0.6))
        XCTAssertNil(Comparison.traces(expected: try before.traceText(), actual: try before.traceText()))
        let trace = try XCTUnwrap(Comparison.traces(expected: try before.traceText(), actual: try after.traceText()))
        XCTAssertTrue(trace.contains("card"), trace)
        let animation = try XCTUnwrap(
            Comparison.animations(expected: try before.animationText(), actual: try after.animationText()))
        XCTAssertTrue(animation.contains("frames' pixels differ"), animation)
        let a = try before.image(ofFrame: 15).png(), b = try after.image(ofFrame: 15).png()
        XCTAssertNil(Comparison.images(expected: a, actual: a))
        let d = try XCTUnwrap(Comparison.images(expected: a, actual: b))
        XCTAssertNotNil(d.diffPNG)
        XCTAssertNil(Comparison.images(expected: a, actual: b, precision: 0), "any share of pixels may differ")
    }

    func testTraceHashesStillsAndValidationAreTheCommandLines() throws {
        let dir = temporaryDirectory()
        let path = try scene(in: dir)
        let scene = try Scene(contentsOfFile: path)
        let hashes = try scene.hashes(pixels: true)
        let r = try runSpringy(["trace", "--hash", "--pixels", path])
        XCTAssertEqual(r.stdout, "\(hashes.trace)\t\(hashes.pixels ?? "-")\t\(hashes.frames)\t\(path)\n")
        var lines: [String] = []
        try scene.traceLines(frames: 3...4) { lines.append($0) }
        XCTAssertEqual(lines.count, 2)
        let still = try scene.still(at: .time(0.5))
        XCTAssertEqual(still.frame, 15)
        XCTAssertEqual(still.png, try scene.image(ofFrame: 15).png())
        let v = try scene.validate()
        XCTAssertTrue(v.isValid)
        XCTAssertTrue(v.summary.contains("30 frames"), v.summary)
        let slower = try scene.retimed(rate: FrameRate("29.97"), duration: 2)
        XCTAssertEqual(slower.frameCount, 60)
        var small = Limits()
        small.maxFrames = 10
        XCTAssertThrowsError(try scene.retimed(rate: nil, duration: 2, limits: small)) {
            XCTAssertTrue("\($0)".contains("over the limit of 10"), "\($0)")
        }
    }

    func testASpringConvertsWithItsPlatformsDefaults() throws {
        let ca = try SpringConversion(vocabulary: "ca", ["damping=5"])
        XCTAssertEqual(ca.source, "CASpringAnimation")
        XCTAssertEqual(ca.defaults, ["mass 1", "stiffness 100"])
        XCTAssertTrue(ca.report().contains("UIKit attachment:"), ca.report())
        XCTAssertTrue(ca.proof().report.contains("CSS"), ca.proof().report)
        XCTAssertThrowsError(try SpringConversion(vocabulary: "ca", ["stifness=3"])) {
            XCTAssertTrue("\($0)".contains("did you mean stiffness?"), "\($0)")
        }
    }
}
