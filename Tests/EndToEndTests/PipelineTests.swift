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

    /// Every thread count hands the caller the same frames in order, the chosen ones only
    /// (whichever thread drew them: the caller draws too while its next frame is not ready).
    func testEveryThreadCountHandsOnTheSameFramesInOrder() throws {
        let scene = try SceneLoader.load(path: packageRoot + "/scenes/bench/rest-after-1s.yaml")
        func run(_ threads: Int, only: Set<Int>? = nil) throws -> [(Int, [UInt8])] {
            var out: [(Int, [UInt8])] = []
            try FramePipeline(scene: scene, threads: threads).run(frames: 0...90, only: only) { i, state, png in
                XCTAssertEqual(i, state.frame)
                out.append((i, png))
            }
            return out
        }
        let reference = try run(1)
        XCTAssertEqual(reference.map(\.0), Array(0...90))
        let chosen = Set(stride(from: 1, through: 90, by: 7))
        for threads in [2, 3, 5] {
            let all = try run(threads)
            XCTAssertEqual(all.map(\.0), reference.map(\.0), "threads \(threads)")
            XCTAssertTrue(all.map(\.1) == reference.map(\.1), "threads \(threads): the same bytes")
            let some = try run(threads, only: chosen)
            XCTAssertEqual(some.map(\.0), chosen.sorted(), "threads \(threads)")
            XCTAssertTrue(some.map(\.1) == reference.filter { chosen.contains($0.0) }.map(\.1), "threads \(threads)")
        }
    }

    struct Stop: Error, Equatable { let at: Int }

    /// A sink's error or a stop asked for by `cancelled` ends a parallel run with that error,
    /// after the frames before it and none after, and every thread ends (no hang).
    func testAParallelRunStopsAtTheFirstErrorWithIt() throws {
        let scene = try SceneLoader.load(path: packageRoot + "/scenes/bench/carousel-2x.yaml")
        for threads in [2, 4] {
            var seen: [Int] = []
            XCTAssertThrowsError(
                try FramePipeline(scene: scene, threads: threads).run { i, _, _ in
                    if i == 9 { throw Stop(at: i) }
                    seen.append(i)
                }
            ) { XCTAssertEqual($0 as? Stop, Stop(at: 9), "threads \(threads)") }
            XCTAssertEqual(seen, Array(0..<9), "threads \(threads)")
            let asked = Locked(0)
            var handed = 0
            XCTAssertThrowsError(
                try FramePipeline(scene: scene, threads: threads).runEncoded(cancelled: {
                    asked.update { $0 += 1 }
                    if asked.value == 30 { throw Stop(at: 30) }
                }) { _, _, _ in handed += 1 }
            ) { XCTAssertEqual($0 as? Stop, Stop(at: 30), "threads \(threads)") }
            XCTAssertLessThan(handed, 30, "threads \(threads)")
        }
    }
}
