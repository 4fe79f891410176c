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
}
