import Foundation
import SpringyPipeline
import SpringyScene
import SpringyTestSupport
import XCTest

/// Issue 26, items 14 and 21: what a render would cost, and formats' own limits, are checked
/// before anything is written.
final class RenderBudgetTests: XCTestCase {
    func testAWebPWiderThanItsLimitIsRefusedUpFront() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/wide.yaml"
        try scene(
            6000, 4, time: "fps: 10, duration: 0.3",
            """
            items:
              box: { center: [40, 2], size: [2, 2] }
            """
        ).replacingOccurrences(of: "scale: 1", with: "scale: 3").write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", path, "--format", "png,webp,gif", "--out", "\(dir)/out"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("16383") && r.stderr.contains("18000×12"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out"), "nothing written, no other format dropped half-way")
        let ok = try runSpringy(["render", path, "--format", "png,webp", "--scale", "2", "--out", "\(dir)/out"])
        XCTAssertEqual(ok.status, 0, "12000 pixels fit: \(ok.stderr)")
        // libaom's limit is 16384 a side: the same frame is refused for AVIF up front too.
        let avif = try runSpringy(["render", path, "--format", "png,avif", "--out", "\(dir)/avif"])
        XCTAssertEqual(avif.status, 2, avif.stderr)
        XCTAssertTrue(avif.stderr.contains("16384") && avif.stderr.contains("18000×12"), avif.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/avif"))
    }

    func write(_ dir: String, _ name: String, _ text: String) throws -> String {
        let path = "\(dir)/\(name).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// 8K at 100,000 frames (about two hours of drawing) is refused at once by render and
    /// validate alike, with the estimate and the flag; raising the flag lets it through.
    func testARunOverTheDrawingBudgetIsRefusedBeforeItStarts() throws {
        let dir = temporaryDirectory()
        let path = try write(
            dir, "eightk",
            """
            springy: 1
            viewport: { size: [7680, 4320], scale: 1 }
            time: { fps: 60, duration: 1666 }
            items:
              box: { center: [100, 100], size: [50, 50] }
            """)
        // Refused before the run: a run that started would draw 3.3T pixels for hours, past
        // the timeout, and leave its folder.
        for args in [
            ["render", path, "--out", "\(dir)/out"], ["validate", path], ["docs", path, "--out", "\(dir)/g", "--scale", "1"],
        ] {
            let r = try runSpringy(args, timeout: 30)
            XCTAssertFalse(r.timedOut, "\(args[0]) started the run")
            XCTAssertEqual(r.status, 2, "\(args[0]): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("\(path): time: drawing 99960 frames of 33177600 pixels is 3.3T pixels"), r.stderr)
            XCTAssertTrue(r.stderr.contains("--max-drawn-pixels") && r.stderr.contains("h)"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out"))
        let raised = try runSpringy(["validate", path, "--max-drawn-pixels", "1e13"])
        XCTAssertEqual(raised.status, 0, raised.stderr)
        XCTAssertTrue(raised.stdout.contains("99960 frames of 33177600 pixels (3.3T drawn)"), raised.stdout)
        let few = try runSpringy(["render", path, "--out", "\(dir)/few", "--frames", "0-1", "--quiet"])
        XCTAssertEqual(few.status, 0, "two frames are within the budget: \(few.stderr)")
    }

    /// A trace over its budget is refused before a line is printed, and the solver's budget
    /// holds for the last frame, not the first (budgets lowered by their flags: a scene over the
    /// defaults would take minutes to let through, since validate runs it whole).
    func testTraceAndSolverBudgets() throws {
        let dir = temporaryDirectory()
        let items = (0..<10).map { "  i\($0): { center: [\(20 + 30 * $0), 40], size: [10, 10] }" }.joined(separator: "\n")
        let path = try write(dir, "ten", scene(375, 667, time: "fps: 60, duration: 30", "items:\n" + items))
        let trace = try runSpringy(["trace", path, "--max-trace-bytes", "1e6"], timeout: 30)
        XCTAssertEqual(trace.status, 2, trace.stderr)
        XCTAssertTrue(
            trace.stderr.contains("a trace of 1800 frames is about") && trace.stderr.contains("--max-trace-bytes"), trace.stderr)
        XCTAssertTrue(trace.stdout.isEmpty, "nothing printed before the refusal")
        XCTAssertEqual(
            try runSpringy(["trace", path, "--frames", "0-9", "--max-trace-bytes", "1e6"]).status, 0, "ten frames fit")
        let first = try runSpringy(
            ["render", path, "--frames", "0", "--out", "\(dir)/o", "--max-body-steps", "1000"], timeout: 30)
        XCTAssertEqual(first.status, 0, "one frame simulates no step: \(first.stderr)")
        let last = try runSpringy(
            ["render", path, "--frames", "last", "--out", "\(dir)/o2", "--max-body-steps", "1000"], timeout: 30)
        XCTAssertEqual(last.status, 2, last.stderr)
        XCTAssertTrue(last.stderr.contains("body-steps") && last.stderr.contains("--max-body-steps"), last.stderr)
    }

    /// Issue 43: `validate` of a scene near the body-step budget ran its whole simulation (past
    /// 60 s). It estimates first: over its own budget it simulates the frames within it and says
    /// how far it ran and what the rest would take; exactly at the budget it runs to the end.
    func testValidateEstimatesBeforeItRunsAndSaysHowFarItRan() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try write(
            dir, "long",
            scene(
                200, 400, time: "fps: 30, duration: 600",
                """
                items:
                  a: { center: [50, 30], size: [20, 20] }
                  b: { center: [120, 30], size: [20, 20] }
                behaviors:
                  - gravity: { items: [a, b] }
                  - collision: { items: [a, b], mode: everything }
                """))
        let scene = try SceneLoader.load(path: path)
        let estimate = RunCost(scene).bodySteps
        XCTAssertEqual(estimate, 144_000, "600 s × 120 steps × 2 bodies")
        let at = try TraceJob.validate(scene, bodySteps: estimate)
        XCTAssertNil(at.ranFrames, "at the budget: to the end")
        XCTAssertNil(at.unran)
        let past = try TraceJob.validate(scene, bodySteps: estimate - 1)
        XCTAssertEqual(past.ranFrames, 17_999, "one step short: every frame but the last")
        let small = try TraceJob.validate(scene, bodySteps: 2_000)
        XCTAssertEqual(small.ranFrames, 250, "2,000 body-steps: 1,000 steps, 250 frames at 30 fps")
        XCTAssertTrue(
            small.unran?.contains("validate simulated the first 250 frames of 18000 (about 2.0k of 144.0k body-steps)") ?? false,
            small.unran ?? "")
        XCTAssertTrue(small.unran?.contains("pass --full to run it to the end") ?? false)
        // The command line: by default a scene this small runs to the end, and --full does too.
        for extra in [[], ["--full"]] {
            let r = try runSpringy(["validate", path] + extra)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse(r.stderr.contains("validate simulated the first"), r.stderr)
        }
        XCTAssertTrue(try runSpringy(["validate", "--help"]).stdout.contains("--full"))
    }
}
