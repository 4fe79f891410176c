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
        waitForFrames(in: folder, count: 20)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame-") }.count
        p.terminate()  // SIGTERM
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 143)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let frames = names.filter { $0.hasPrefix("frame-") }
        // What it kept: the frames written when it was told, and at most those in flight then
        // (two threads, a window of a few frames each) — it does not render on.
        XCTAssertLessThanOrEqual(frames.count - before, 8, "stopped at the signal: \(before) then \(frames.count) frames")
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
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(f)")),
                try Data(contentsOf: URL(fileURLWithPath: "\(reference)/springy-carousel/\(f)")), f)
        }
        // A complete set is not touched again without --overwrite.
        XCTAssertEqual(try runSpringy(args).status, 2)
    }

    /// Issue 26, item 15: a signal during the fast-forward to a late range (no frame delivered
    /// yet) stops the run there, not after the next delivered frame: it exits with SIGTERM's
    /// status having written nothing. Reaching the range would take many minutes; the wait below
    /// is a hang guard, not a speed target.
    func testSIGTERMDuringAFastForwardStopsAtOnce() throws {
        let dir = temporaryDirectory()
        let items = (0..<60).map { "  b\($0): { center: [\(20 + ($0 % 10) * 34), \(40 + ($0 / 10) * 40)], size: [20, 20] }" }
            .joined(separator: "\n")
        let names = (0..<60).map { "b\($0)" }.joined(separator: ", ")
        let path = "\(dir)/long.yaml"
        try scene(
            375, 667, time: "fps: 60, duration: 1500, step_rate: 2000",
            """
            items:
            \(items)
            behaviors:
              - gravity: { items: [\(names)] }
              - collision: { items: [\(names)] }
            """
        ).write(toFile: path, atomically: true, encoding: .utf8)
        for threads in ["1", "2"] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: springyBinary)
            p.arguments = [
                "render", path, "--out", "\(dir)/out\(threads)", "--frames", "89999-89999", "--threads", threads, "--quiet",
            ]
            p.standardError = FileHandle.nullDevice
            try p.run()
            Thread.sleep(forTimeInterval: 1.5)
            XCTAssertTrue(p.isRunning, "still fast-forwarding")
            p.terminate()
            let guardEnd = Date().addingTimeInterval(30)
            while p.isRunning && Date() < guardEnd { Thread.sleep(forTimeInterval: 0.05) }
            if p.isRunning {
                kill(p.processIdentifier, SIGKILL)
                XCTFail("threads \(threads): SIGTERM during the fast-forward did not stop the run")
            }
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 143, "threads \(threads)")
            let written = (try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/out\(threads)/long")) ?? []
            XCTAssertFalse(written.contains { $0.hasPrefix("frame-") }, "threads \(threads): nothing written: \(written)")
        }
    }

    func testAnUnwritableOutputFolderIsOneClearError() throws {
        let dir = temporaryDirectory()
        let blocker = "\(dir)/file"
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let r = try runSpringy(["render", packageRoot + "/scenes/falling-box.yaml", "--out", blocker, "--quiet"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains(blocker), r.stderr)
    }
}
