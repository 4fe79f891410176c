import Foundation
import SpringyCore
import SpringyFrame
import SpringyGolden
import SpringyLayout
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

final class PipelineTests: XCTestCase {
    func scenePaths() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/scenes")
            .filter { $0.hasSuffix(".yaml") }.sorted().map { packageRoot + "/scenes/" + $0 }
    }

    func files(_ dir: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            out[name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
        }
        return out
    }

    func testRenderIsByteIdenticalAcrossRunsAndThreadCounts() throws {
        let dir = temporaryDirectory()
        let scene = packageRoot + "/scenes/falling-box.yaml"
        for (name, threads) in [("a", "1"), ("b", "1"), ("c", "2")] {
            let r = try runSpringy([
                "render", scene, "--out", "\(dir)/\(name)", "--threads", threads, "--frames", "0-40", "--quiet",
            ])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let a = try files("\(dir)/a/falling-box"), b = try files("\(dir)/b/falling-box"), c = try files("\(dir)/c/falling-box")
        XCTAssertEqual(a.count, 41)
        XCTAssertEqual(a, b, "two runs")
        XCTAssertEqual(a, c, "one thread and two threads")
    }

    func testAFrameRangeGivesTheSamePixelsAsTheFullRun() throws {
        let scene = try SceneLoader.load(path: packageRoot + "/scenes/falling-box.yaml")
        let pipeline = try FramePipeline(scene: scene, threads: 2)
        var full: [Int: [UInt8]] = [:], part: [Int: [UInt8]] = [:]
        try pipeline.run { i, _, bytes in full[i] = bytes }
        try pipeline.run(frames: 50...70) { i, _, bytes in part[i] = bytes }
        XCTAssertEqual(part.count, 21)
        for (i, bytes) in part { XCTAssertEqual(bytes, full[i], "frame \(i)") }
    }

    func testEveryTraceLineIsJSONWithTheFormatsKeys() throws {
        for path in try scenePaths() {
            let r = try runSpringy(["trace", path])
            XCTAssertEqual(r.status, 0, "\(path): \(r.stderr)")
            let lines = r.stdout.split(separator: "\n")
            XCTAssertFalse(lines.isEmpty, path)
            for (n, line) in lines.enumerated() {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                XCTAssertNotNil(object, "\(path) line \(n)")
                guard let o = object else { continue }
                for key in ["frame", "time", "content_offset", "at_rest", "items", "headers", "springs", "events"] {
                    XCTAssertNotNil(o[key], "\(path) line \(n) lacks \(key)")
                }
                XCTAssertEqual(o["frame"] as? Int, n)
                for case let item as [String: Any] in o["items"] as? [Any] ?? [] {
                    for key in ["id", "center", "size", "angle", "alpha", "z", "velocity", "selected"] {
                        XCTAssertNotNil(item[key], "\(path) line \(n) item lacks \(key)")
                    }
                }
            }
        }
    }

    func testPNGsAreRGBWithoutATimeChunk() throws {
        let scene = try SceneLoader.load(path: packageRoot + "/scenes/falling-box.yaml")
        var first: [UInt8] = []
        try FramePipeline(scene: scene).run(frames: 0...0) { _, _, b in first = b }
        XCTAssertEqual(Array(first[0..<8]), [137, 80, 78, 71, 13, 10, 26, 10])
        XCTAssertEqual(first[25], 2, "colour type RGB")
        var i = 8
        var chunks: [String] = []
        while i + 8 <= first.count {
            let length = Int(first[i]) << 24 | Int(first[i + 1]) << 16 | Int(first[i + 2]) << 8 | Int(first[i + 3])
            chunks.append(String(decoding: first[(i + 4)..<(i + 8)], as: UTF8.self))
            i += 12 + length
        }
        XCTAssertFalse(chunks.contains("tIME"))
        XCTAssertEqual(chunks.last, "IEND")
        let decoded = try RGBAImage.decode(bytes: first)
        XCTAssertEqual(decoded.width, 750)
        XCTAssertEqual(decoded.height, 1334)
    }

    func testThreeShardsTogetherEqualTheUnshardedRunByteForByte() throws {
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
        let full = try files("\(dir)/full/springy-carousel-insert")
        let sharded = try files("\(dir)/sharded/springy-carousel-insert")
        XCTAssertEqual(full.count, 100)
        XCTAssertEqual(full, sharded)
        // shard 2 of 3 is one contiguous range
        let second = try runSpringy([
            "render", scene, "--out", "\(dir)/second", "--quiet", "--scale", "1", "--frames", "0-99", "--shard", "2/3",
        ])
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(
            try files("\(dir)/second/springy-carousel-insert").keys.sorted(),
            (33...65).map { OutputNames.frame($0) })
    }

    func testRestFramesReuseBytesAndMatchARunThatDrawsEveryFrame() throws {
        let scene = try SceneLoader.load(path: packageRoot + "/scenes/bench/rest-after-1s.yaml")
        var drawn = try FramePipeline(scene: scene, threads: 1)
        drawn.reuseRestFrames = false
        var reference: [[UInt8]] = []
        try drawn.runEncoded { _, _, out in
            XCTAssertFalse(out.reused)
            reference.append(out.png)
        }
        for threads in [1, 2] {
            var reused = 0, frames: [[UInt8]] = []
            try FramePipeline(scene: scene, threads: threads).runEncoded { _, _, out in
                if out.reused { reused += 1 }
                frames.append(out.png)
            }
            XCTAssertGreaterThan(reused, 100, "threads \(threads)")
            XCTAssertEqual(frames.count, reference.count)
            XCTAssertTrue(frames == reference, "reused frames are byte for byte the frames drawn afresh (threads \(threads))")
        }
    }
}
