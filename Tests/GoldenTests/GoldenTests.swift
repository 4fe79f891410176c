import Foundation
import SpringyCore
import SpringyFrame
import SpringyGolden
import SpringyLayout
import SpringyOutput
import SpringyPipeline
import SpringyRender
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// Every scene in scenes/ against golden/<scene>/. Tests never record; a missing golden
/// fails with the command that records it.
final class GoldenTests: XCTestCase {
    // Every repository scene, in four tests of every fourth scene (one test of them all was the
    // suite's longest, 18 s, and often the last running: two workers share four).
    func testEverySceneMatchesItsGoldenFramesFirstQuarter() throws { try checkEveryScene(quarter: 0) }
    func testEverySceneMatchesItsGoldenFramesSecondQuarter() throws { try checkEveryScene(quarter: 1) }
    func testEverySceneMatchesItsGoldenFramesThirdQuarter() throws { try checkEveryScene(quarter: 2) }
    func testEverySceneMatchesItsGoldenFramesFourthQuarter() throws { try checkEveryScene(quarter: 3) }

    func checkEveryScene(quarter: Int) throws {
        let all = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/scenes")
            .filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThan(all.count, 40)
        let names = all.enumerated().filter { $0.offset % 4 == quarter }.map(\.element)
        let store = GoldenStore(goldenRoot: packageRoot + "/golden", failureRoot: packageRoot + "/.springy-failures")
        for name in names {
            let scene = try SceneLoader.load(path: packageRoot + "/scenes/" + name)
            let check = try GoldenRun.check(scene, store: store)
            for r in check.frames {
                XCTAssertTrue(
                    r.passed,
                    r.message(recordCommand: "springy check --record scenes/\(name)") + "\n"
                        + check.explanation.joined(separator: "\n"))
            }
            XCTAssertTrue(check.trace?.passed ?? false, "\(name): trace golden: " + check.explanation.joined(separator: "\n"))
            // Every frame's pixels against frames.tsv (the pinned tables are derived from it).
            XCTAssertEqual(scene.golden.hashes, true, "\(name): every repository scene keeps golden hashes")
            XCTAssertTrue(
                check.hashes?.passed ?? false,
                "\(name): \(check.hashes?.path ?? "frames.tsv"): frames \(check.hashes?.differing ?? [])")
        }
    }

    func testOnePixelMovedBeyondToleranceFailsWithADiffImage() throws {
        let dir = temporaryDirectory()
        let scenePath = "\(dir)/box.yaml"
        try """
        springy: 1
        viewport: { size: [40, 40], scale: 1, background: "#FFFFFF" }
        time: { fps: 10, duration: 0.1 }
        golden: { frames: [0], tolerance: { channel: 2, pixels: 0 } }
        items:
          box: { center: [20, 20], size: [10, 10], fill: "#000000" }
        """.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let scene = try SceneLoader.load(path: scenePath)
        let store = GoldenStore(goldenRoot: "\(dir)/golden", failureRoot: "\(dir)/failures")
        _ = try GoldenRun.record(scene, store: store)
        XCTAssertTrue(try GoldenRun.check(scene, store: store).passed, "a fresh golden passes")

        // Move one pixel of the golden by more than the tolerance.
        let goldenPath = store.goldenPath(scene: scene, frame: 0)
        var image = try RGBAImage.decode(file: goldenPath)
        image.pixels[0] = image.pixels[0] &- 3
        try writeRGBA(image, to: goldenPath)
        let results = try GoldenRun.check(scene, store: store).frames
        XCTAssertEqual(results.count, 1)
        let r = results[0]
        XCTAssertFalse(r.passed)
        XCTAssertEqual(r.difference?.pixelsOver, 1)
        XCTAssertEqual(r.difference?.largestDelta, 3)
        let message = r.message(recordCommand: "R")
        XCTAssertTrue(
            message.contains(r.actualPath!) && message.contains(r.diffPath!) && message.contains(r.expectedPath!), message)
        XCTAssertTrue(FileManager.default.fileExists(atPath: r.actualPath!))
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: r.expectedPath!)), try Data(contentsOf: URL(fileURLWithPath: goldenPath)),
            "the expected image is written beside actual and diff")
        let diff = try RGBAImage.decode(file: r.diffPath!)
        XCTAssertEqual(Array(diff.pixels[0..<3]), [255, 0, 0], "the changed pixel is highlighted")

        // Within tolerance (a delta of 2) passes, and recording sees it the same way: unchanged.
        image.pixels[0] = image.pixels[0] &+ 1
        try writeRGBA(image, to: goldenPath)
        XCTAssertTrue(try GoldenRun.check(scene, store: store).passed)
        let lines = try GoldenRun.record(scene, store: store)
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines[0].hasPrefix("unchanged") && lines[0].contains("0 pixels over tolerance"), "\(lines)")
        XCTAssertTrue(
            lines[1].hasPrefix("unchanged") && lines[1].hasSuffix("trace.tsv.gz (0 quantities over tolerance)"), "\(lines)")
    }

    func testAMissingGoldenFailsWithTheRecordCommand() throws {
        let dir = temporaryDirectory()
        let scene = try SceneLoader.load(path: packageRoot + "/scenes/falling-box.yaml")
        let check = try GoldenRun.check(scene, store: GoldenStore(goldenRoot: "\(dir)/none", failureRoot: "\(dir)/f"))
        XCTAssertTrue(check.trace?.missing ?? false, "the trace golden is missing too")
        let results = check.frames
        XCTAssertFalse(results.isEmpty)
        for r in results {
            XCTAssertFalse(r.passed)
            XCTAssertTrue(r.message(recordCommand: "springy check --record x").contains("springy check --record x"))
        }
    }

    /// Writes straight RGBA pixels as an RGBA PNG (through the project's own encoder).
    func writeRGBA(_ image: RGBAImage, to path: String) throws {
        let canvas = try SpringyRender.Canvas(width: image.width, height: image.height, opaque: false)
        let stride = canvas.stride
        let data = canvas.data
        for y in 0..<image.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let a = UInt32(image.pixels[i + 3])
                func pre(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                row[x] = a << 24 | pre(image.pixels[i]) << 16 | pre(image.pixels[i + 1]) << 8 | pre(image.pixels[i + 2])
            }
        }
        canvas.markDirty()
        try AtomicFile.write(try PNGCodec.encode(canvas), to: path)
    }
}
