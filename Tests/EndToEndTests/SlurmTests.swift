import Foundation
import SpringyTestSupport
import XCTest

/// Issue 33: sharding on a real scheduler. A one-node Slurm cluster (Debian's slurm-wlm and
/// munge, started by scripts/slurm-cluster in a folder of the test's own) runs a state-stream
/// job, a job array of eight render shards that each take their shard from Slurm's environment
/// (`--shard auto`), and a merge job after them (`--dependency=afterok`); what they make is
/// what one machine makes.
final class SlurmTests: XCTestCase {
    func testAJobArrayOfShardsAndADependentMergeMakeOneRun() throws {
        guard getuid() == 0 else { throw unavailable("a Slurm cluster's slurmd runs as root; this test is not root") }
        for tool in ["munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol"] {
            _ = try requireTool(tool, "the scheduler test runs a one-node Slurm cluster (scripts/install-deps --tests)")
        }
        let ffmpeg = try requireTool("ffmpeg", "the merged video is decoded to compare its frames")
        let dir = temporaryDirectory()
        // slurmd's step sockets live in its spool folder, whose path must stay short (a Unix
        // socket's path is at most 108 bytes): a folder of its own under /tmp.
        let cluster = "/tmp/springy-slurm-\(getpid())"
        let started = try runProgram("/bin/bash", [packageRoot + "/scripts/slurm-cluster", "start", cluster])
        // Stopped and removed however the start went (a failed start left its folder in /tmp).
        defer {
            _ = try? runProgram("/bin/bash", [packageRoot + "/scripts/slurm-cluster", "stop", cluster])
            try? FileManager.default.removeItem(atPath: cluster)
        }
        XCTAssertEqual(started.status, 0, started.stderr)
        guard started.status == 0 else { return }
        var env = ProcessInfo.processInfo.environment
        env["SLURM_CONF"] = "\(cluster)/slurm.conf"

        let scenePath = "\(dir)/drop.yaml"
        try scene(
            180, 240, time: "fps: 30, duration: 3",
            """
            items:
              a: { center: [50, 30], size: [36, 36], fill: "#FF3B30" }
              b: { center: [120, 60], size: [30, 30], fill: "#34C759" }
            behaviors:
              - gravity: { items: [a, b] }
              - collision: { items: [a, b] }
              - item: { items: [a, b], elasticity: 0.6 }
            """
        ).write(toFile: scenePath, atomically: true, encoding: .utf8)
        let springy = springyBinary
        func sbatch(_ args: [String], _ command: String) throws -> String {
            let r = try runProgram(
                onPath("sbatch")!,
                ["--parsable", "--chdir", dir, "--output", "\(dir)/log-%x-%A_%a.txt"] + args + ["--wrap", command],
                environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ";").first.map(String.init) ?? ""
        }
        let states = try sbatch(["--job-name", "states"], "\(springy) states \(scenePath) --out \(dir)/drop.states")
        let shards = try sbatch(
            ["--job-name", "shard", "--array", "1-8", "--dependency", "afterok:\(states)"],
            "\(springy) render \(scenePath) --states \(dir)/drop.states --shard auto --threads 1 --out \(dir)/out --quiet")
        let merge = try sbatch(
            ["--job-name", "merge", "--dependency", "afterok:\(shards)"],
            "\(springy) render \(scenePath) --out \(dir)/out --merge --format mp4,apng --quiet")

        // Wait for the merge job (the last) to leave the queue, then read how it ended.
        let deadline = Date().addingTimeInterval(180)
        var state = ""
        while Date() < deadline {
            let q = try runProgram(onPath("scontrol")!, ["show", "job", merge], environment: env)
            state = q.stdout.split(separator: " ").first { $0.hasPrefix("JobState=") }.map { String($0.dropFirst(9)) } ?? ""
            if ["COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY"].contains(state) { break }
            Thread.sleep(forTimeInterval: 0.5)
        }
        let logs = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("log-") }.sorted()
        let logText = try logs.map { "\($0):\n" + (try String(contentsOfFile: "\(dir)/\($0)", encoding: .utf8)) }.joined(
            separator: "\n")
        if state != "COMPLETED" {
            let queue = try runProgram(onPath("squeue")!, ["-o", "%i %j %T %r"], environment: env).stdout
            let nodes = try runProgram(onPath("sinfo")!, [], environment: env).stdout
            let ctld = (try? String(contentsOfFile: "\(cluster)/slurmctld.log", encoding: .utf8))?.suffix(3000) ?? ""
            XCTFail("merge job \(state):\n\(queue)\n\(nodes)\n\(ctld)\n\(logText)")
        }
        for k in 1...8 { XCTAssertTrue(logText.contains("shard \(k)/8 from the Slurm job array"), "shard \(k): \(logText)") }

        // One machine, one run.
        let one = try runSpringy(["render", scenePath, "--out", "\(dir)/one", "--format", "png,mp4,apng", "--quiet"])
        XCTAssertEqual(one.status, 0, one.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/one/drop").sorted()
        XCTAssertEqual(names.filter { $0.hasPrefix("frame-") }.count, 90)
        for name in names {
            XCTAssertEqual(
                FileManager.default.contents(atPath: "\(dir)/out/drop/\(name)"),
                FileManager.default.contents(atPath: "\(dir)/one/drop/\(name)"), "\(name): the cluster's equals one run's")
        }
        // The merged video's decoded frames are the single run's, frame by frame.
        func frameHashes(_ video: String) throws -> [String] {
            let r = try runProgram(ffmpeg, ["-v", "error", "-i", video, "-f", "framemd5", "-"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
                String($0.split(separator: ",").last ?? "")
            }
        }
        let merged = try frameHashes("\(dir)/out/drop/drop.mp4"), single = try frameHashes("\(dir)/one/drop/drop.mp4")
        XCTAssertEqual(merged.count, 90)
        XCTAssertEqual(merged, single)
    }
}
