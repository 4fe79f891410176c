import Foundation
import SpringyTestSupport
import XCTest
import Yams

/// Issue 33: the sharding recipes cannot rot — the Kubernetes manifest validates against
/// Kubernetes' own schema (kubernetes-validate, strict), and what it asks of Springy is what
/// Springy takes.
final class ShardingDocsTests: XCTestCase {
    func validate(_ path: String) throws -> RunResult {
        let python = try requireTool("python3", "kubernetes-validate checks the manifest")
        let probe = try runProgram(python, ["-c", "import kubernetes_validate"])
        if probe.status != 0 {
            throw unavailable("python3's kubernetes-validate is not installed (scripts/install-deps --tests)")
        }
        return try runProgram(python, ["-m", "kubernetes_validate", "--strict", "--kubernetes-version", "1.37.0", path])
    }

    func testTheKubernetesManifestIsAValidIndexedJobThatSpringyRuns() throws {
        let path = packageRoot + "/docs/k8s-render-job.yaml"
        let ok = try validate(path)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        // The validator refuses what is wrong (it is not passing everything).
        let dir = temporaryDirectory()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for (name, broken) in [
            ("misspelt", text.replacingOccurrences(of: "completionMode:", with: "completionMod:")),
            ("not a number", text.replacingOccurrences(of: "backoffLimitPerIndex: 2", with: "backoffLimitPerIndex: two")),
        ] {
            let bad = "\(dir)/\(name.replacingOccurrences(of: " ", with: "-")).yaml"
            try broken.write(toFile: bad, atomically: true, encoding: .utf8)
            XCTAssertNotEqual(try validate(bad).status, 0, name)
        }
        // What it runs: an Indexed Job whose every index is a shard of `completions`, retried alone.
        let job = try XCTUnwrap(try Yams.load(yaml: text) as? [String: Any])
        let spec = try XCTUnwrap(job["spec"] as? [String: Any])
        XCTAssertEqual(spec["completionMode"] as? String, "Indexed")
        let completions = try XCTUnwrap(spec["completions"] as? Int)
        XCTAssertNotNil(spec["backoffLimitPerIndex"] as? Int)
        let pod = try XCTUnwrap((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        XCTAssertEqual(pod["restartPolicy"] as? String, "Never", "backoffLimitPerIndex needs restartPolicy Never")
        let container = try XCTUnwrap((pod["containers"] as? [[String: Any]])?.first)
        let args = try XCTUnwrap(container["args"] as? [String])
        let shard = try XCTUnwrap(args.firstIndex(of: "--shard"))
        XCTAssertEqual(args[shard + 1], "auto/\(completions)")
        // Springy takes those arguments: the scene, and its shard from the index Kubernetes sets.
        let out = "\(dir)/frames"
        var local = args.map { $0 == "/frames" ? out : $0 }
        let states = try XCTUnwrap(local.firstIndex(of: "--states"))
        let scene = packageRoot + "/" + local[1]
        local[1] = scene
        local[states + 1] = "\(out)/carousel.states"
        let s = try runSpringy(["states", scene, "--out", "\(out)/carousel.states"])
        XCTAssertEqual(s.status, 0, s.stderr)
        let r = try runSpringy(local + ["--frames", "0-15"], environment: ["JOB_COMPLETION_INDEX": "7"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("shard 8/8 from the Kubernetes Indexed Job"), r.stderr)
        let frames = try FileManager.default.contentsOfDirectory(atPath: "\(out)/springy-carousel").filter {
            $0.hasPrefix("frame-")
        }
        XCTAssertEqual(frames.sorted(), ["frame-00014.png", "frame-00015.png"])
    }
}
