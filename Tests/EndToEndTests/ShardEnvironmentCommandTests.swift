import Foundation
import SpringyKit
import SpringyTestSupport
import XCTest

/// The parts of SpringyKitTests's ShardEnvironmentTests that run the `springy` binary (issue 44: subprocess tests
/// live in the end-to-end target; ShardEnvironmentTests keeps what runs in process).
final class ShardEnvironmentCommandTests: XCTestCase {
    /// The command line reads its own environment, says which scheduler gave the shard, and
    /// renders that shard.
    func testRenderShardAutoRendersTheSchedulersShare() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/s.yaml"
        try scene(
            120, 160, time: "fps: 30, duration: 1",
            """
            items:
              box: { center: [60, 30], size: [20, 20] }
            behaviors:
              - gravity: { items: [box] }
            """
        ).write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runSpringy(
            ["render", path, "--out", "\(dir)/out", "--shard", "auto"],
            environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("shard 2/3 from the Slurm job array"), r.stderr)
        let frames = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/out/s").filter { $0.hasPrefix("frame-") }
            .sorted()
        XCTAssertEqual(frames.first, "frame-00010.png")
        XCTAssertEqual(frames.count, 10)
        let none = try runSpringy(["render", path, "--out", "\(dir)/none", "--shard", "auto"], environment: [:])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("no scheduler's index"), none.stderr)
    }
}
