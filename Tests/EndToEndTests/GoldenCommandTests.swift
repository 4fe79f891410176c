import Foundation
import SpringyCore
import SpringyFrame
import SpringyGolden
import SpringyLayout
import SpringyOutput
import SpringyPipeline
import SpringyRender
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// The parts of GoldenTests's GoldenTests that run the `springy` binary (issue 44: subprocess tests
/// live in the end-to-end target; GoldenTests keeps what runs in process).
final class GoldenCommandTests: XCTestCase {
    func testCheckOnTheCommandLineKeepsTheUsersFlagsAndSumsUp() throws {
        let missingFolder = try runSpringy(["check", "--golden", "/nonexistent-goldens", "scenes/falling-box.yaml"])
        XCTAssertEqual(missingFolder.status, 2, "a missing folder is bad input")
        XCTAssertTrue(missingFolder.stderr.contains("/nonexistent-goldens"), missingFolder.stderr)
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: "\(dir)/g", withIntermediateDirectories: true)
        let r = try runSpringy(["check", "--golden", "\(dir)/g", "--failures", "\(dir)/f", "scenes/falling-box.yaml"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(
            r.stderr.contains("springy check --record missing --golden \(dir)/g --failures \(dir)/f scenes/falling-box.yaml"),
            r.stderr)
        let summary = try XCTUnwrap(r.stdout.split(separator: "\n").last)
        XCTAssertTrue(
            summary.hasPrefix("check: 0 passed, 0 failed, ") && summary.hasSuffix(" missing, 0 recorded"), String(summary))
    }

    func testRecordIsRefusedUnderCI() throws {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = "true"
        let dir = temporaryDirectory()
        let r = try runSpringy(["check", "--record", "--golden", dir, "scenes/falling-box.yaml"], environment: env)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
