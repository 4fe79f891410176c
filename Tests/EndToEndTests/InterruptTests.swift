import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// A render killed mid-way leaves only whole PNGs, and the same command completes the set.
final class InterruptTests: XCTestCase {
    func testSIGTERMMidRenderLeavesOnlyWholePNGsAndARerunCompletesTheSet() throws {
        let dir = temporaryDirectory()
        let scene = packageRoot + "/scenes/springy-carousel.yaml"
        let args = ["render", scene, "--out", dir, "--threads", "2", "--quiet"]
        let p = Process()
        p.executableURL = URL(fileURLWithPath: springyBinary)
        p.arguments = args
        p.standardError = FileHandle.nullDevice
        try p.run()
        let folder = "\(dir)/springy-carousel"
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let n = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix("frame-") }.count ?? 0
            if n >= 20 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let killedAt = Date()
        p.terminate() // SIGTERM
        p.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(killedAt), 1.0, "stops within a second")
        XCTAssertEqual(p.terminationStatus, 143)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let frames = names.filter { $0.hasPrefix("frame-") }
        XCTAssertGreaterThanOrEqual(frames.count, 20)
        XCTAssertLessThan(frames.count, 360, "stopped before the end")
        XCTAssertTrue(names.allSatisfy { $0.hasPrefix("frame-") || $0 == ".springy-partial" }, "no temporary files: \(names)")
        for f in frames { XCTAssertNoThrow(try RGBAImage.decode(file: "\(folder)/\(f)"), f) }

        // The same command again completes the set, and matches an uninterrupted run.
        let again = try runSpringy(args)
        XCTAssertEqual(again.status, 0, again.stderr)
        let completed = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(completed.filter { $0.hasPrefix("frame-") }.count, 360)
        XCTAssertFalse(completed.contains(".springy-partial"))
        let reference = temporaryDirectory("reference")
        XCTAssertEqual(try runSpringy(["render", scene, "--out", reference, "--threads", "2", "--quiet"]).status, 0)
        for f in completed where f.hasPrefix("frame-") {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(f)")),
                           try Data(contentsOf: URL(fileURLWithPath: "\(reference)/springy-carousel/\(f)")), f)
        }
        // A complete set is not touched again without --overwrite.
        XCTAssertEqual(try runSpringy(args).status, 2)
    }

    func testAnUnwritableOutputFolderIsOneClearError() throws {
        let dir = temporaryDirectory()
        let blocker = "\(dir)/file"
        FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let r = try runSpringy(["render", packageRoot + "/scenes/falling-box.yaml", "--out", blocker, "--quiet"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains(blocker), r.stderr)
    }
}
