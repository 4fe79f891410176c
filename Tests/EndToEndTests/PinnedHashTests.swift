import Foundation
import SpringyTestSupport
import XCTest

/// Determinism pinned to constants, the way Box2D's determinism test pins a state hash:
/// every scene's whole trace and every frame's PNG bytes, hashed in a fresh `springy`
/// process (so Swift's per-process hash seeding would show), at one and two threads and
/// on a frame range, against golden/pinned-hashes.tsv. Re-recording that table is a
/// deliberate step: scripts/record-hashes, with the reason in the commit.
final class PinnedHashTests: XCTestCase {
    struct Row: Equatable, CustomStringConvertible {
        var trace: String
        var pixels: String
        var count: String
        var description: String { "trace \(trace), pixels \(pixels), \(count) frames" }
    }

    /// The committed table: (frames, scene) → row.
    func pinned() throws -> [String: Row] {
        let text = try String(contentsOfFile: packageRoot + "/golden/pinned-hashes.tsv", encoding: .utf8)
        var rows: [String: Row] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t").map(String.init)
            XCTAssertEqual(f.count, 5, "malformed line: \(line)")
            guard f.count == 5 else { continue }
            rows[f[0] + " " + f[4]] = Row(trace: f[1], pixels: f[2], count: f[3])
        }
        return rows
    }

    func sceneFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/scenes")
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "scenes/" + $0 }
    }

    func check(frames: String, threads: Int) throws {
        let table = try pinned()
        // A range covers the scenes that have those frames (their whole-run count says so).
        let scenes = try sceneFiles().filter { frames == "all" || table[frames + " " + $0] != nil }
        if frames != "all" { XCTAssertGreaterThan(scenes.count, 10, "most scenes have frames \(frames)") }
        var args = ["trace", "--hash", "--pixels", "--threads", String(threads)]
        if frames != "all" { args += ["--frames", frames] }
        let r = try runSpringy(args + scenes)
        XCTAssertEqual(r.status, 0, r.stderr)
        var seen = 0
        for line in r.stdout.split(separator: "\n") {
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 4 else { XCTFail("unexpected output: \(line)"); continue }
            seen += 1
            let key = frames + " " + f[3]
            guard let expected = table[key] else {
                XCTFail("\(f[3]) has no pinned hash for frames \(frames): record it with scripts/record-hashes")
                continue
            }
            XCTAssertEqual(
                Row(trace: f[0], pixels: f[1], count: f[2]), expected,
                "\(f[3]), frames \(frames), \(threads) thread(s): the scene moves or draws differently")
        }
        XCTAssertEqual(seen, scenes.count)
    }

    func testEverySceneMatchesItsPinnedHashesOnOneThread() throws {
        try check(frames: "all", threads: 1)
    }

    func testEverySceneMatchesItsPinnedHashesOnTwoThreads() throws {
        try check(frames: "all", threads: 2)
    }

    func testAFrameRangeMatchesItsPinnedHashes() throws {
        try check(frames: "10-40", threads: 2)
    }

    func testEveryPinnedSceneStillExists() throws {
        let scenes = Set(try sceneFiles())
        for key in try pinned().keys {
            let scene = String(key.split(separator: " ", maxSplits: 1)[1])
            XCTAssertTrue(scenes.contains(scene), "golden/pinned-hashes.tsv names \(scene), which is gone")
        }
    }
}
