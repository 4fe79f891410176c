import Foundation
import SpringyOutput
import SpringyTestSupport
import XCTest

/// Issue 26, items 4 and 18: shards that share one --out (as docs/sharding.md shows) leave each
/// other's temporaries and resume markers alone, and a resumed render checks the frames it keeps.
final class ShardFolderTests: XCTestCase {
    let sceneText = scene(
        160, 200, time: "fps: 30, duration: 2",
        """
        items:
          a: { center: [50, 30], size: [30, 30], fill: "#FF3B30" }
          b: { center: [110, 40], size: [30, 30], fill: "#34C759" }
        behaviors:
          - gravity: { items: [a, b] }
          - collision: { items: [a, b], boundaries: { floor: { from: [0, 190], to: [160, 190] } } }
        """)

    func start(_ args: [String]) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: springyBinary)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        return p
    }

    func frameBytes(_ folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for n in try FileManager.default.contentsOfDirectory(atPath: folder) where n.hasPrefix("frame-") {
            out[n] = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(n)"))
        }
        return out
    }

    func testEightShardsIntoOneFolderAllSucceedTogetherAndStaggered() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/s.yaml"
        try sceneText.write(toFile: path, atomically: true, encoding: .utf8)
        let reference = "\(dir)/reference"
        XCTAssertEqual(try runSpringy(["render", path, "--out", reference, "--quiet"]).status, 0)
        let expected = try frameBytes("\(reference)/s")
        XCTAssertEqual(expected.count, 60)
        for (round, stagger) in [0.0, 0.03].enumerated() {
            let out = "\(dir)/shared-\(round)"
            var processes: [Process] = []
            for k in 1...8 {
                processes.append(try start(["render", path, "--out", out, "--shard", "\(k)/8", "--threads", "1", "--quiet"]))
                if stagger > 0 { Thread.sleep(forTimeInterval: stagger) }
            }
            for (k, p) in processes.enumerated() {
                p.waitUntilExit()
                let err =
                    (p.standardError as? Pipe).map {
                        String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    } ?? ""
                XCTAssertEqual(p.terminationStatus, 0, "round \(round), shard \(k + 1): \(err)")
            }
            XCTAssertEqual(try frameBytes("\(out)/s"), expected, "round \(round): the shards make the full run")
            let left = try FileManager.default.contentsOfDirectory(atPath: "\(out)/s").filter { !$0.hasPrefix("frame-") }
            XCTAssertEqual(left, [], "no temporaries or markers left: \(left)")
            // Each shard run again is refused (its frames are there), not confused by the others.
            let again = try runSpringy(["render", path, "--out", out, "--shard", "3/8", "--quiet"])
            XCTAssertEqual(again.status, 2, again.stderr)
            XCTAssertTrue(again.stderr.contains("--overwrite"), again.stderr)
        }
    }

    func testOnlyOwnAndDeadProcessesTemporariesAreRemoved() throws {
        let dir = temporaryDirectory()
        let live = getpid()  // this test process: alive for the whole test
        var dead: pid_t = 0
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        dead = p.processIdentifier
        let names = [
            ".frame-00001.png\(AtomicFile.temporaryMarker)\(live)", ".frame-00002.png\(AtomicFile.temporaryMarker)\(dead)",
            ".s\(AtomicFile.temporaryMarker)\(dead).mp4", "frame-00003.png",
        ]
        for n in names { XCTAssertTrue(FileManager.default.createFile(atPath: "\(dir)/\(n)", contents: Data([1]))) }
        XCTAssertEqual(AtomicFile.owner(ofTemporary: names[2]), dead)
        XCTAssertNil(AtomicFile.owner(ofTemporary: "frame-00003.png"))
        // As another process would: the live one's file stays, the dead one's go.
        let cleaner = try runSpringy(["render", packageRoot + "/scenes/gravity.yaml", "--out", dir, "--frames", "0", "--quiet"])
        XCTAssertEqual(cleaner.status, 0, cleaner.stderr)
        let shared = "\(dir)/gravity"
        for n in names { XCTAssertTrue(FileManager.default.createFile(atPath: "\(shared)/\(n)", contents: Data([1]))) }
        XCTAssertEqual(
            try runSpringy(["render", packageRoot + "/scenes/gravity.yaml", "--out", dir, "--frames", "1", "--quiet"]).status, 0)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: shared))
        XCTAssertTrue(left.contains(names[0]), "a live process's temporary stays: \(left)")
        XCTAssertFalse(left.contains(names[1]) || left.contains(names[2]), "a dead process's go: \(left)")
    }

    func testAResumedRenderRedoesAFrameCutShort() throws {
        let dir = temporaryDirectory()
        let scenePath = packageRoot + "/scenes/springy-carousel.yaml"
        let args = ["render", scenePath, "--out", dir, "--frames", "0-79", "--threads", "1", "--quiet"]
        let p = try start(args)
        let folder = "\(dir)/springy-carousel"
        waitForFrames(in: folder, count: 5)
        p.terminate()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 143, "stopped part-way")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame-") }.sorted()
        XCTAssertLessThan(kept.count, 80)
        // Cut two kept frames short, as a crash or a full disk may.
        for name in kept.prefix(2) {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
        let again = try runSpringy(args)
        XCTAssertEqual(again.status, 0, again.stderr)
        let reference = temporaryDirectory("reference")
        XCTAssertEqual(try runSpringy(["render", scenePath, "--out", reference, "--frames", "0-79", "--quiet"]).status, 0)
        XCTAssertEqual(try frameBytes(folder), try frameBytes("\(reference)/springy-carousel"), "damaged frames were redone")
    }
}
