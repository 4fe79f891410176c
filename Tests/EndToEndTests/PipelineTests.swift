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

    /// The PNG encoder's own determinism (the pins hash pixels, not its bytes): two renders in
    /// fresh processes write the same bytes.
    func testThePNGEncoderWritesTheSameBytesEveryRun() throws {
        let dir = temporaryDirectory()
        let scene = packageRoot + "/scenes/falling-box.yaml"
        for name in ["a", "b"] {
            let r = try runSpringy(["render", scene, "--out", "\(dir)/\(name)", "--threads", "1", "--frames", "0-40", "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let a = try files("\(dir)/a/falling-box"), b = try files("\(dir)/b/falling-box")
        XCTAssertEqual(a.count, 41)
        XCTAssertEqual(a, b, "two runs")
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
