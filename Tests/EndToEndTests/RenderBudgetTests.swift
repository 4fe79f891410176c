import Foundation
import SpringyTestSupport
import XCTest

/// Issue 26, items 14 and 21: what a render would cost, and formats' own limits, are checked
/// before anything is written.
final class RenderBudgetTests: XCTestCase {
    func testAWebPWiderThanItsLimitIsRefusedUpFront() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/wide.yaml"
        try scene(6000, 4, time: "fps: 10, duration: 0.3", """
        items:
          box: { center: [40, 2], size: [2, 2] }
        """).replacingOccurrences(of: "scale: 1", with: "scale: 3").write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", path, "--format", "png,webp,gif", "--out", "\(dir)/out"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("16383") && r.stderr.contains("18000×12"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out"), "nothing written, no other format dropped half-way")
        let ok = try runSpringy(["render", path, "--format", "png,webp", "--scale", "2", "--out", "\(dir)/out"])
        XCTAssertEqual(ok.status, 0, "12000 pixels fit: \(ok.stderr)")
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
        let path = try write(dir, "eightk", """
        springy: 1
        viewport: { size: [7680, 4320], scale: 1 }
        time: { fps: 60, duration: 1666 }
        items:
          box: { center: [100, 100], size: [50, 50] }
        """)
        let started = Date()
        for args in [["render", path, "--out", "\(dir)/out"], ["validate", path], ["docs", path, "--out", "\(dir)/g", "--scale", "1"]] {
            let r = try runSpringy(args, timeout: 30)
            XCTAssertEqual(r.status, 2, "\(args[0]): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("\(path): time: drawing 99960 frames of 33177600 pixels is 3.3T pixels"), r.stderr)
            XCTAssertTrue(r.stderr.contains("--max-drawn-pixels") && r.stderr.contains("h)"), r.stderr)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "refused in moments")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out"))
        let raised = try runSpringy(["validate", path, "--max-drawn-pixels", "1e13"])
        XCTAssertEqual(raised.status, 0, raised.stderr)
        XCTAssertTrue(raised.stdout.contains("99960 frames of 33177600 pixels (3.3T drawn)"), raised.stdout)
        let few = try runSpringy(["render", path, "--out", "\(dir)/few", "--frames", "0-1", "--quiet"])
        XCTAssertEqual(few.status, 0, "two frames are within the budget: \(few.stderr)")
    }

    /// 2000 items for 100,000 frames: a trace of some 34 GB is refused (render and validate are
    /// not: drawing it is within budget); and the solver's budget holds for the last frame.
    func testTraceAndSolverBudgets() throws {
        let dir = temporaryDirectory()
        func items(_ n: Int) -> String {
            (0..<n).map { "  i\($0): { center: [\(10 + ($0 % 300)), \(10 + ($0 / 300) % 600)], size: [2, 2] }" }.joined(separator: "\n")
        }
        let many = try write(dir, "many", scene(375, 667, time: "fps: 60, duration: 1666", "items:\n" + items(2000)))
        let trace = try runSpringy(["trace", many], timeout: 30)
        XCTAssertEqual(trace.status, 2, trace.stderr)
        XCTAssertTrue(trace.stderr.contains("--max-trace-bytes"), trace.stderr)
        XCTAssertTrue(trace.stdout.isEmpty, "nothing printed before the refusal")
        XCTAssertEqual(try runSpringy(["validate", many]).status, 0)
        // The solver's budget, lowered to 1e8 body-steps: 2000 items for 200,000 steps is 4e8.
        let steps = try runSpringy(["render", many, "--frames", "0", "--out", "\(dir)/o", "--max-body-steps", "1e8"], timeout: 30)
        XCTAssertEqual(steps.status, 0, "one frame simulates one step: \(steps.stderr)")
        let last = try runSpringy(["render", many, "--frames", "last", "--out", "\(dir)/o2", "--max-body-steps", "1e8"], timeout: 30)
        XCTAssertEqual(last.status, 2, last.stderr)
        XCTAssertTrue(last.stderr.contains("body-steps") && last.stderr.contains("--max-body-steps"), last.stderr)
    }
}
