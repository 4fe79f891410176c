import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringyTestSupport
import XCTest

/// Issue 33: a scene simulated once into a state stream (`springy states`), and shards that
/// draw their own frames from it, byte-identical to one run.
final class StateStreamTests: XCTestCase {
    /// Every repository scene: every frame read back from a stream equals the simulation's
    /// (every Double's bits), and a range from the middle is that range.
    func testEveryRepositorySceneRoundTripsExactly() throws {
        let dir = temporaryDirectory()
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/scenes").filter { $0.hasSuffix(".yaml") }
            .sorted()
        XCTAssertGreaterThan(names.count, 40)
        var frames = 0
        for name in names {
            let scene = try SceneLoader.load(path: packageRoot + "/scenes/" + name)
            let simulated = try FramePipeline(scene: scene).states()
            let path = "\(dir)/\(name).states"
            let written = try StateStreams.write(scene, to: path)
            XCTAssertEqual(written.frames, simulated.count, name)
            var read: [FrameState] = []
            try StateSource.stream(try StateStreams.open(path, for: scene)).run(scene) { read.append($0) }
            XCTAssertEqual(read.count, simulated.count, name)
            for (a, b) in zip(read, simulated) where !Self.identical(a, b) {
                XCTFail("\(name): frame \(a.frame) differs after the stream")
                break
            }
            let middle = simulated.count / 3...(simulated.count * 2 / 3)
            var part: [Int] = []
            try StateSource.stream(try StateStreams.open(path, for: scene)).run(scene, frames: middle) {
                part.append($0.frame)
            }
            XCTAssertEqual(part, Array(middle), name)
            frames += read.count
        }
        XCTAssertGreaterThan(frames, 10_000)
    }

    /// Equal, and every Double with the same bits (== would take 0 for -0 and fail on NaN).
    static func identical(_ a: FrameState, _ b: FrameState) -> Bool {
        a == b && a.time.bitPattern == b.time.bitPattern
            && zip(a.items, b.items).allSatisfy {
                $0.center.x.bitPattern == $1.center.x.bitPattern && $0.center.y.bitPattern == $1.center.y.bitPattern
                    && $0.angle.bitPattern == $1.angle.bitPattern && $0.velocity.x.bitPattern == $1.velocity.x.bitPattern
            }
    }

    func frameBytes(_ folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for n in try FileManager.default.contentsOfDirectory(atPath: folder) where n.hasPrefix("frame-") {
            out[n] = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(n)"))
        }
        return out
    }

    /// N = 1, 2, 3 and 8 shards drawing from one stream make the frames of one whole run, byte
    /// for byte: shard edges fall inside the cradle's contacts and inside the cells' animations.
    func testShardsFromAStreamEqualOneRunAtOneTwoThreeAndEightShards() throws {
        let dir = temporaryDirectory()
        for name in ["newtons-cradle", "cell-animations"] {
            let path = packageRoot + "/scenes/\(name).yaml"
            let reference = "\(dir)/reference-\(name)"
            let common = ["--frames", "60-179", "--scale", "1", "--quiet"]
            let r = try runSpringy(["render", path, "--out", reference, "--threads", "2"] + common)
            XCTAssertEqual(r.status, 0, r.stderr)
            let expected = try frameBytes("\(reference)/\(name)")
            XCTAssertEqual(expected.count, 120)
            let states = "\(dir)/\(name).states"
            let s = try runSpringy(["states", path, "--out", states])
            XCTAssertEqual(s.status, 0, s.stderr)
            XCTAssertTrue(s.stdout.contains("frame states"), s.stdout)
            for n in [1, 2, 3, 8] {
                let out = "\(dir)/\(name)-\(n)"
                for k in 1...n {
                    let shard = try runSpringy(
                        ["render", path, "--out", out, "--shard", "\(k)/\(n)", "--states", states, "--threads", "1"] + common)
                    XCTAssertEqual(shard.status, 0, "\(name) \(k)/\(n): \(shard.stderr)")
                }
                XCTAssertEqual(try frameBytes("\(out)/\(name)"), expected, "\(name): \(n) shards from the stream make one run")
            }
        }
    }

    func testAStreamOfAnotherSceneVersionOrTimingIsRefusedBeforeAnythingIsWritten() throws {
        let dir = temporaryDirectory()
        let a = "\(dir)/a.yaml", b = "\(dir)/b.yaml"
        let text = scene(
            120, 160, time: "fps: 30, duration: 1",
            """
            items:
              box: { center: [60, 30], size: [20, 20] }
            behaviors:
              - gravity: { items: [box] }
            """)
        try text.write(toFile: a, atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "[60, 30]", with: "[60, 40]").write(toFile: b, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runSpringy(["states", a, "--out", "\(dir)/a.states"]).status, 0)
        let again = try runSpringy(["states", a, "--out", "\(dir)/a.states"])
        XCTAssertEqual(again.status, 2, "an existing stream is kept unless --overwrite")
        XCTAssertTrue(again.stderr.contains("--overwrite"), again.stderr)

        let other = try runSpringy(["render", b, "--out", "\(dir)/out", "--states", "\(dir)/a.states"])
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.stderr.contains("holds the states of \(a)"), other.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out/b"), "nothing written")

        let retimed = try runSpringy(["render", a, "--out", "\(dir)/out", "--states", "\(dir)/a.states", "--fps", "60"])
        XCTAssertEqual(retimed.status, 2)
        XCTAssertTrue(retimed.stderr.contains("--fps/--duration"), retimed.stderr)

        // Edited after the stream was written: refused too.
        try (text + "\n# edited\n").write(toFile: a, atomically: true, encoding: .utf8)
        let edited = try runSpringy(["render", a, "--out", "\(dir)/out", "--states", "\(dir)/a.states"])
        XCTAssertEqual(edited.status, 2)
        XCTAssertTrue(edited.stderr.contains("as it was"), edited.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out/a"), "nothing written")
    }

    func testADamagedStreamIsRefusedWithAPlainMessage() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/s.yaml"
        let states = try fallingBoxStream(path, fps: 30)
        let good = try XCTUnwrap(FileManager.default.contents(atPath: states))
        let cases: [(String, Data, String)] = [
            ("cut", good.prefix(good.count - 30), "cut short"),
            ("text", Data("hello\nworld\nthere\n".utf8), "not a springy state stream"),
            ("empty", Data(), "not a springy state stream"),
            ("flipped", Self.flipped(good, at: 200), "damaged"),
        ]
        for (name, bytes, expected) in cases {
            let bad = "\(dir)/\(name).states"
            try bytes.write(to: URL(fileURLWithPath: bad))
            let r = try runSpringy(["render", path, "--out", "\(dir)/out-\(name)", "--states", bad])
            XCTAssertEqual(r.status, 2, name)
            XCTAssertTrue(r.stderr.contains(expected), "\(name): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Fatal"), name)
        }
        // Random damage anywhere: a refusal or the right frames, never a crash or other pixels.
        var rng = SplitMix64(state: 33)
        let reference = "\(dir)/reference"
        XCTAssertEqual(try runSpringy(["render", path, "--out", reference, "--quiet"]).status, 0)
        let expected = FileManager.default.contents(atPath: "\(reference)/s/frame-00100.png")
        for i in 0..<12 {
            let at = Int(rng.next() % UInt64(good.count))
            let bad = "\(dir)/random-\(i).states"
            try Self.flipped(good, at: at).write(to: URL(fileURLWithPath: bad))
            let out = "\(dir)/random-out-\(i)"
            let r = try runSpringy(["render", path, "--out", out, "--states", bad, "--frames", "100", "--quiet"])
            XCTAssertTrue([0, 2].contains(r.status), "byte \(at): \(r.stderr)")
            if r.status == 0 {
                XCTAssertEqual(FileManager.default.contents(atPath: "\(out)/s/frame-00100.png"), expected, "byte \(at)")
            }
        }
    }

    /// A box falling for 4 s at `fps`, written to `path`, and its state stream beside it.
    func fallingBoxStream(_ path: String, fps: Int) throws -> String {
        try scene(
            120, 160, time: "fps: \(fps), duration: 4",
            """
            items:
              box: { center: [60, 30], size: [20, 20] }
            behaviors:
              - gravity: { items: [box] }
            """
        ).write(toFile: path, atomically: true, encoding: .utf8)
        let states = PathText.parent(path) + "/s.states"
        XCTAssertEqual(try runSpringy(["states", path, "--out", states]).status, 0)
        return states
    }

    static func flipped(_ data: Data, at i: Int) -> Data {
        var d = data
        d[d.startIndex + i] ^= 0x5A
        return d
    }

    /// Issue 43: a chunk damaged in the middle of a stream was found only when the run reached
    /// it, after up to 112 frames were written. Now nothing is written: the folder stays empty.
    func testADamagedChunkIsRefusedBeforeAnyFrameIsWritten() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = "\(dir)/long.yaml"
        let states = try fallingBoxStream(path, fps: 60)
        var bytes = Array(try XCTUnwrap(FileManager.default.contents(atPath: states)))
        // The third chunk's first byte (from the index after the header and two chunks).
        let count = bytes.count
        func le(_ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let index = le(count - 24, 8)
        XCTAssertGreaterThanOrEqual(le(count - 16, 4), 3, "a stream of three chunks or more")
        bytes[le(index + 64, 8) + 12] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: states))
        let r = try runSpringy(["render", path, "--out", "\(dir)/out", "--states", states, "--scale", "1", "--quiet"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("the chunk of frames 120-179 is damaged"), r.stderr)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/out/long")) ?? []
        XCTAssertEqual(written, [], "nothing written")
        // The attack's crafted index: a chunk length of 0x7FFF… is a message and exit 2, no trap.
        var crafted = Array(try XCTUnwrap(FileManager.default.contents(atPath: states)))
        for i in 0..<8 { crafted[index + 8 + i] = i == 7 ? 0x7F : 0xFF }
        try Data(crafted).write(to: URL(fileURLWithPath: states))
        let c = try runSpringy(["render", path, "--out", "\(dir)/out", "--states", states, "--quiet"])
        XCTAssertEqual(c.status, 2, c.stderr)
        XCTAssertTrue(c.stderr.contains("not a springy state stream (chunk 0 of its index is damaged)"), c.stderr)
    }
}
