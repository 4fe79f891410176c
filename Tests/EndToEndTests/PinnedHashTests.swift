import Foundation
import SpringyCore
import SpringyGolden
import SpringyOutput
import SpringyTestSupport
import XCTest

/// Determinism pinned to constants, the way Box2D's determinism test pins a state hash: every
/// scene's whole trace (what it does), hashed in a fresh `springy` process (so Swift's
/// per-process hash seeding would show), and every frame's pixels as drawn (what it shows —
/// never an encoder's bytes, so a libpng or zlib update leaves the pins alone), the golden
/// frames.tsv's that GoldenTests draws afresh, with frames 10-40 drawn again by fresh processes
/// here, against golden/pinned-hashes.tsv and golden/pinned-frames.tsv. Re-recording them is a deliberate
/// step: scripts/record-hashes (`--check` says per scene what changed), with the reason in the
/// commit. The one test that owns "one thread = N threads = a frame range = shards" is here.
final class PinnedHashTests: XCTestCase {
    struct Row: Equatable, CustomStringConvertible {
        var trace: String
        var pixels: String
        var count: String
        var description: String { "trace \(trace), pixels \(pixels), \(count) frames" }
    }

    /// One run of `trace --hash --pixels --per-frame`: each scene's row, and its frames' hashes.
    struct Run {
        var rows: [String: Row] = [:]
        var frames: [String: [Int: (trace: String, pixels: String)]] = [:]
        var order: [String] = []
    }

    func sceneFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/scenes")
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "scenes/" + $0 }
    }

    func hashRun(_ scenes: [String], threads: Int, frames: String? = nil, pixels: Bool = true) throws -> Run {
        var args = ["trace", "--hash"] + (pixels ? ["--pixels"] : []) + ["--per-frame", "--threads", String(threads)]
        if let frames { args += ["--frames", frames] }
        let r = try runSpringy(args + scenes)
        XCTAssertEqual(r.status, 0, r.stderr)
        var run = Run()
        for line in r.stdout.split(separator: "\n") {
            let f = line.split(separator: "\t").map(String.init)
            if f.count == 5, f[0] == "frame", let n = Int(f[1]) {
                run.frames[f[4], default: [:]][n] = (f[2], f[3])
            } else if f.count == 4 {
                run.rows[f[3]] = Row(trace: f[0], pixels: f[1], count: f[2])
                run.order.append(f[3])
            } else {
                XCTFail("unexpected output: \(line)")
            }
        }
        return run
    }

    /// The committed tables: scene → row, and scene → its frames' 32-bit pixel hashes.
    func pinned() throws -> (rows: [String: Row], frames: [String: [String]]) {
        var rows: [String: Row] = [:]
        let text = try String(contentsOfFile: packageRoot + "/golden/pinned-hashes.tsv", encoding: .utf8)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t").map(String.init)
            XCTAssertEqual(f.count, 5, "malformed line: \(line)")
            XCTAssertEqual(f.first, "all", "the table pins whole runs: \(line)")
            guard f.count == 5 else { continue }
            rows[f[4]] = Row(trace: f[1], pixels: f[2], count: f[3])
        }
        var frames: [String: [String]] = [:]
        let perFrame = try String(contentsOfFile: packageRoot + "/golden/pinned-frames.tsv", encoding: .utf8)
        for line in perFrame.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 2 else { XCTFail("malformed line: \(line)"); continue }
            frames[f[0]] = f[1].split(separator: ",").flatMap { run -> [String] in
                let parts = run.split(separator: "*")
                return Array(repeating: String(parts[0]), count: parts.count == 2 ? Int(parts[1]) ?? 1 : 1)
            }
        }
        return (rows, frames)
    }

    /// Every scene's trace, from a fresh `springy` process, is its pinned row's; and its pinned
    /// pixels — the row's whole-run hash and golden/pinned-frames.tsv's frames — are what its
    /// golden frames.tsv says each frame draws (every scene has `golden.hashes`), which
    /// GoldenTests holds to a fresh render of every frame. So the pixels are drawn once in the
    /// suite, not twice; frames 10-40 are drawn again by fresh processes below.
    func testEverySceneMatchesItsPinnedHashes() throws {
        let run = try hashRun(try sceneFiles(), threads: 1, pixels: false)
        let table = try pinned()
        XCTAssertEqual(run.order, try sceneFiles(), "every scene ran")
        for scene in run.order {
            guard let expected = table.rows[scene] else {
                XCTFail("\(scene) has no pinned hash: record it with scripts/record-hashes")
                continue
            }
            let row = run.rows[scene]
            XCTAssertEqual(
                row?.trace, expected.trace, "\(scene): the scene moves differently (scripts/record-hashes --check says how)")
            XCTAssertEqual(row?.count, expected.count, "\(scene): frames")
            // The golden's frame hashes (64-bit), the pinned tables derived from them.
            let slug = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
            let text = try String(contentsOfFile: "\(packageRoot)/golden/\(slug)/frames.tsv", encoding: .utf8)
            let frames = try FrameHashes.parse(text, maxFrames: 100_000)
            XCTAssertEqual(String(frames.count), expected.count, "\(scene): golden/\(slug)/frames.tsv has every frame")
            var whole = ContentHash()
            for h in frames {
                whole.add((0..<8).map { UInt8(truncatingIfNeeded: h >> (8 * $0)) })
                whole.endPart()
            }
            XCTAssertEqual(
                whole.hex, expected.pixels,
                "\(scene): the pinned pixels are not golden/\(slug)/frames.tsv's (scripts/record-hashes --check says how)")
            XCTAssertEqual(
                frames.map { String(ContentHash.hex($0).prefix(8)) }, table.frames[scene] ?? [],
                "\(scene): golden/pinned-frames.tsv")
        }
    }

    /// The one test of "the same frames whatever the split": frames 10-40 of every scene that has
    /// them, drawn on one thread and on three in two fresh processes, trace and pixels equal frame
    /// by frame, and their pixels the whole one-thread run's as golden/pinned-frames.tsv pins them
    /// (which testEverySceneMatchesItsPinnedHashes holds to a fresh whole run: a range is the run's
    /// frames, not a run of its own); and three shards of a run, together, byte for byte the
    /// unsharded run.
    func testOneThreadEqualsThreeThreadsARangeAndShards() throws {
        let table = try pinned()
        let long = try sceneFiles().filter { (Int(table.rows[$0]?.count ?? "0") ?? 0) > 40 }
        XCTAssertGreaterThan(long.count, 30, "most scenes have frames 10-40")
        let one = try hashRun(long, threads: 1, frames: "10-40")
        let three = try hashRun(long, threads: 3, frames: "10-40")
        for scene in long {
            let frames = three.frames[scene] ?? [:]
            XCTAssertEqual(frames.keys.sorted(), Array(10...40), scene)
            XCTAssertEqual((one.frames[scene] ?? [:]).keys.sorted(), Array(10...40), scene)
            let whole = table.frames[scene] ?? []
            for (n, hashes) in frames.sorted(by: { $0.key < $1.key }) {
                let reference = one.frames[scene]?[n]
                XCTAssertEqual(hashes.trace, reference?.trace, "\(scene) frame \(n): the trace on three threads")
                XCTAssertEqual(hashes.pixels, reference?.pixels, "\(scene) frame \(n): the pixels on three threads")
                XCTAssertEqual(
                    String(hashes.pixels.prefix(8)), n < whole.count ? whole[n] : nil,
                    "\(scene) frame \(n): the range's pixels are the whole run's (golden/pinned-frames.tsv)")
            }
        }

        let dir = temporaryDirectory()
        let scene = packageRoot + "/scenes/springy-carousel-insert.yaml"
        XCTAssertEqual(
            try runSpringy(["render", scene, "--out", "\(dir)/full", "--quiet", "--scale", "1", "--frames", "0-99"]).status, 0)
        for k in 1...3 {
            let r = try runSpringy([
                "render", scene, "--out", "\(dir)/sharded", "--quiet", "--scale", "1", "--frames", "0-99", "--shard", "\(k)/3",
            ])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        func files(_ dir: String) throws -> [String: Data] {
            var out: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
                out[name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
            }
            return out
        }
        let full = try files("\(dir)/full/springy-carousel-insert")
        XCTAssertEqual(full.count, 100)
        XCTAssertEqual(full, try files("\(dir)/sharded/springy-carousel-insert"), "three shards, one run")
        // Shard 2 of 3 is one contiguous range.
        let second = try runSpringy([
            "render", scene, "--out", "\(dir)/second", "--quiet", "--scale", "1", "--frames", "0-99", "--shard", "2/3",
        ])
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(try files("\(dir)/second/springy-carousel-insert").keys.sorted(), (33...65).map { OutputNames.frame($0) })
    }

    func testEveryPinnedSceneStillExists() throws {
        let scenes = Set(try sceneFiles())
        let table = try pinned()
        for scene in table.rows.keys.sorted() {
            XCTAssertTrue(scenes.contains(scene), "golden/pinned-hashes.tsv names \(scene), which is gone")
        }
        XCTAssertEqual(table.frames.keys.sorted(), table.rows.keys.sorted(), "both tables pin the same scenes")
    }
}
