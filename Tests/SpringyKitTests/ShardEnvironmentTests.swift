import Foundation
import SpringyKit
import SpringyTestSupport
import XCTest

/// Issue 33: `--shard auto` takes the index (and count) a scheduler put in the environment,
/// and says which scheduler it was.
final class ShardEnvironmentTests: XCTestCase {
    func shard(_ env: [String: String], count: Int? = nil) throws -> (Int, Int, String) {
        let (s, source) = try Shard.fromEnvironment(env, count: count)
        return (s.index, s.count, source)
    }

    func testSlurmArraysWithAndWithoutAStep() throws {
        let base = ["SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "7", "SLURM_ARRAY_TASK_COUNT": "8"]
        for id in 0...7 {
            let (k, n, source) = try shard(base.merging(["SLURM_ARRAY_TASK_ID": "\(id)"]) { $1 })
            XCTAssertEqual([k, n], [id + 1, 8])
            XCTAssertTrue(source.hasPrefix("Slurm job array"), source)
        }
        // --array=1-4: 1-based ids; --array=10-40:10: a step.
        XCTAssertEqual(
            try shard(["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4"]).0, 4)
        let stepped = try shard([
            "SLURM_ARRAY_TASK_ID": "30", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_MAX": "40",
            "SLURM_ARRAY_TASK_STEP": "10", "SLURM_ARRAY_TASK_COUNT": "4",
        ])
        XCTAssertEqual([stepped.0, stepped.1], [3, 4])
        // --array=1,5,9 is not a range: its position cannot be known.
        XCTAssertThrowsError(
            try shard([
                "SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "9",
                "SLURM_ARRAY_TASK_COUNT": "3",
            ])
        ) { XCTAssertTrue("\($0)".contains("not a range of 3 tasks"), "\($0)") }
        XCTAssertThrowsError(try shard(base.merging(["SLURM_ARRAY_TASK_ID": "x"]) { $1 })) {
            XCTAssertTrue("\($0)".contains("SLURM_ARRAY_TASK_ID=x"), "\($0)")
        }
        XCTAssertThrowsError(try shard(base.merging(["SLURM_ARRAY_TASK_ID": "3"]) { $1 }, count: 4)) {
            XCTAssertTrue("\($0)".contains("says there are 8 shards, not 4"), "\($0)")
        }
    }

    func testKubernetesAndGitHubActions() throws {
        let k8s = try shard(["JOB_COMPLETION_INDEX": "0"], count: 8)
        XCTAssertEqual([k8s.0, k8s.1], [1, 8])
        XCTAssertTrue(k8s.2.hasPrefix("Kubernetes Indexed Job"), k8s.2)
        XCTAssertEqual(try shard(["JOB_COMPLETION_INDEX": "7", "SPRINGY_SHARD_COUNT": "8"]).0, 8)
        XCTAssertThrowsError(try shard(["JOB_COMPLETION_INDEX": "0"])) { XCTAssertTrue("\($0)".contains("auto/N"), "\($0)") }
        XCTAssertThrowsError(try shard(["JOB_COMPLETION_INDEX": "8"], count: 8)) {
            XCTAssertTrue("\($0)".contains("shard 9 of 8"), "\($0)")
        }
        let gh = try shard(["STRATEGY_JOB_INDEX": "2", "STRATEGY_JOB_TOTAL": "4"])
        XCTAssertEqual([gh.0, gh.1], [3, 4])
        XCTAssertTrue(gh.2.hasPrefix("GitHub Actions matrix"), gh.2)
        XCTAssertThrowsError(try shard([:])) { XCTAssertTrue("\($0)".contains("no scheduler's index"), "\($0)") }
    }

}
