import Foundation
import SpringyTestSupport
import XCTest

/// Issue 33: `render --merge` makes the animations and videos from the PNG frames shards
/// wrote — the files one run makes from the same pixels, transparent backgrounds included.
final class MergeTests: XCTestCase {
    let text = scene(
        160, 200, background: "#FFFFFF00", time: "fps: 30, duration: 2",
        items: [
            ##"a: { center: [50, 30], size: [30, 30], fill: "#FF3B3080" }"##,
            ##"b: { center: [110, 40], size: [30, 30], fill: "#34C759" }"##,
        ],
        behaviors: ["gravity: { items: [a, b] }", "collision: { items: [a, b] }"])

    func testMergedShardsMakeOneRunsAnimationsAndVideos() throws {
        let ffmpeg = try requireTool("ffmpeg", "the merged videos are decoded and compared")
        let dir = temporaryDirectory()
        let path = "\(dir)/m.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let formats = "apng,gif,webp,webm,mov"
        let one = try runSpringy(["render", path, "--out", "\(dir)/one", "--format", formats, "--quiet"])
        XCTAssertEqual(one.status, 0, one.stderr)
        for k in 1...3 {
            let r = try runSpringy(["render", path, "--out", "\(dir)/sh", "--shard", "\(k)/3", "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let merged = try runSpringy(["render", path, "--out", "\(dir)/sh", "--merge", "--format", formats])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertTrue(merged.stdout.contains("60 frames"), merged.stdout)
        for ext in ["apng", "gif", "webp"] {
            XCTAssertEqual(
                FileManager.default.contents(atPath: "\(dir)/sh/m/m.\(ext)"),
                FileManager.default.contents(atPath: "\(dir)/one/m/m.\(ext)"),
                "\(ext): the merge is one run's file")
        }
        for ext in ["webm", "mov"] {
            func frames(_ file: String) throws -> [Substring] {
                let r = try runProgram(ffmpeg, ["-v", "error", "-i", file, "-f", "framemd5", "-"])
                XCTAssertEqual(r.status, 0, r.stderr)
                return r.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",").last ?? "" }
            }
            let a = try frames("\(dir)/sh/m/m.\(ext)"), b = try frames("\(dir)/one/m/m.\(ext)")
            XCTAssertEqual(a.count, 60, ext)
            XCTAssertEqual(a, b, "\(ext): the merged video decodes to one run's frames")
        }
    }

    func testAMergeRefusesWhatItCannotMakeAndMissingOrDamagedFrames() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/m.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let still = try runSpringy(["render", path, "--out", "\(dir)/x", "--merge", "--format", "sheet"])
        XCTAssertEqual(still.status, 2)
        XCTAssertTrue(still.stderr.contains("render it with --states"), still.stderr)
        // A shard asked for more than PNG frames is told the command that makes each kind.
        let mixed = try runSpringy(["render", path, "--out", "\(dir)/x", "--shard", "1/2", "--format", "png,mp4,sheet"])
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(
            mixed.stderr.contains("make mp4 from all of them afterwards with render --merge --format mp4"), mixed.stderr)
        XCTAssertTrue(mixed.stderr.contains("render sheet in one run without --shard"), mixed.stderr)
        XCTAssertFalse(mixed.stderr.contains("--merge --format mp4,sheet"), mixed.stderr)
        let withShard = try runSpringy(["render", path, "--out", "\(dir)/x", "--merge", "--format", "apng", "--shard", "1/2"])
        XCTAssertEqual(withShard.status, 2)
        XCTAssertTrue(withShard.stderr.contains("--merge reads every frame"), withShard.stderr)
        // Only the first of two shards rendered: refused, nothing written.
        XCTAssertEqual(try runSpringy(["render", path, "--out", "\(dir)/half", "--shard", "1/2", "--quiet"]).status, 0)
        let half = try runSpringy(["render", path, "--out", "\(dir)/half", "--merge", "--format", "apng"])
        XCTAssertEqual(half.status, 2)
        XCTAssertTrue(half.stderr.contains("30 frames of 60 missing (first frame-00030.png)"), half.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/half/m/m.apng"))
        // A frame cut short.
        XCTAssertEqual(try runSpringy(["render", path, "--out", "\(dir)/half", "--shard", "2/2", "--quiet"]).status, 0)
        let frame = "\(dir)/half/m/frame-00040.png"
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: frame))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: frame))
        let cut = try runSpringy(["render", path, "--out", "\(dir)/half", "--merge", "--format", "apng"])
        XCTAssertEqual(cut.status, 2)
        XCTAssertTrue(cut.stderr.contains("frame-00040.png is not a whole 160×200 PNG frame"), cut.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/half/m/m.apng"))
        // Whole files whose image data is not (issue 43: "springy: libpng: bad adaptive filter
        // value" named no file): a bad filter byte, rows cut short.
        for (name, png) in [
            ("filter", handMadePNG(width: 160, height: 200, filter: 7)),
            ("short", handMadePNG(width: 160, height: 200, short: 900)),
        ] {
            try png.write(to: URL(fileURLWithPath: frame))
            let r = try runSpringy(["render", path, "--out", "\(dir)/half", "--merge", "--format", "apng"])
            XCTAssertEqual(r.status, 2, "\(name): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("frame-00040.png cannot be read as a PNG frame ("), "\(name): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("render its shard again"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/half/m/m.apng"))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/half/m").filter { !$0.hasPrefix("frame-") }
        XCTAssertEqual(left, [], "no temporary or marker left")
    }

    /// Issue 43: the documented states → shards → merge workflow on an `until: rest` scene.
    /// Shards split the frames the scene really has (the stream knows them), the merge reads
    /// those, and its APNG is one run's bytes — with the stream and without it.
    func testAMergeOfAnUntilRestSceneIsOneRunsAnimation() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = packageRoot + "/scenes/gravity.yaml"
        let common = ["--scale", "1", "--quiet", "--threads", "1"]
        let one = try runSpringy(["render", path, "--out", "\(dir)/one", "--format", "apng"] + common)
        XCTAssertEqual(one.status, 0, one.stderr)
        let expected = try XCTUnwrap(FileManager.default.contents(atPath: "\(dir)/one/gravity/gravity.apng"))
        let states = "\(dir)/g.states"
        XCTAssertEqual(try runSpringy(["states", path, "--out", states]).status, 0)
        for (name, extra) in [("stream", ["--states", states]), ("simulated", [])] {
            let out = "\(dir)/\(name)"
            for k in 1...3 {
                let r = try runSpringy(["render", path, "--out", out, "--shard", "\(k)/3"] + extra + common)
                XCTAssertEqual(r.status, 0, "\(name) \(k)/3: \(r.stderr)")
            }
            let frames = try FileManager.default.contentsOfDirectory(atPath: "\(out)/gravity").filter { $0.hasPrefix("frame-") }
            XCTAssertEqual(frames.count, 199, "\(name): the scene rests at frame 198")
            if name == "stream" {
                // Three equal shares of 199 frames, not of the 480 the scene could have.
                XCTAssertTrue(frames.contains("frame-00132.png"))
            }
            let merged = try runSpringy(["render", path, "--out", out, "--merge", "--format", "apng", "--scale", "1"] + extra)
            XCTAssertEqual(merged.status, 0, "\(name): \(merged.stderr)")
            XCTAssertTrue(merged.stdout.contains("199 frames"), merged.stdout)
            XCTAssertEqual(FileManager.default.contents(atPath: "\(out)/gravity/gravity.apng"), expected, name)
        }
    }
}
