import Foundation
import SpringyTestSupport
import XCTest

/// What render and docs do with the user's folders, and what they say about it.
final class FileSafetyTests: XCTestCase {
    let sceneText = scene(
        120, 160, time: "fps: 20, duration: 1",
        """
        items:
          box: { center: [60, 30], size: [40, 40], fill: "#FF3B30", label: "B" }
        behaviors:
          - gravity: { items: [box] }
        """)

    /// Writes `sceneText` (or `text`) as `<dir>/<sub>/<name>.yaml`.
    func write(_ dir: String, _ sub: String, _ name: String = "s", text: String? = nil) throws -> String {
        try FileManager.default.createDirectory(atPath: "\(dir)/\(sub)", withIntermediateDirectories: true)
        let path = "\(dir)/\(sub)/\(name).yaml"
        try (text ?? sceneText).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testTwoScenesWithOneFileNameAreRefusedBeforeAnythingIsWritten() throws {
        let dir = temporaryDirectory()
        let a = try write(dir, "a"), b = try write(dir, "b")
        for command in [["render", a, b, "--out", "\(dir)/out"], ["docs", a, b, "--out", "\(dir)/gallery"]] {
            let r = try runSpringy(command)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains(a) && r.stderr.contains(b), "names both: \(r.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out"), "nothing written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/gallery"))
    }

    func testDocsForOneSceneKeepsTheRestOfTheGallery() throws {
        let dir = temporaryDirectory()
        let one = try write(dir, "scenes", "one"), two = try write(dir, "scenes", "two")
        XCTAssertEqual(try runSpringy(["docs", one, two, "--out", "\(dir)/g"]).status, 0)
        try (sceneText + "\nname: Two, edited\n").write(toFile: two, atomically: true, encoding: .utf8)
        let r = try runSpringy(["docs", two, "--out", "\(dir)/g"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = try String(contentsOfFile: "\(dir)/g/README.md", encoding: .utf8)
        XCTAssertTrue(page.contains("## one"), "the other scene stays: \(page)")
        XCTAssertTrue(page.contains("## Two, edited"))
        let oneAt = try XCTUnwrap(page.range(of: "## one")).lowerBound, twoAt = try XCTUnwrap(page.range(of: "## Two")).lowerBound
        XCTAssertLessThan(oneAt, twoAt, "scenes keep their places")
    }

    func testTheSummaryGivesEveryFormatItsTrueSize() throws {
        let dir = temporaryDirectory()
        let s = try write(dir, "in")
        let r = try runSpringy(["render", s, "--out", "\(dir)/out", "--format", "png,apng,y4m,svg", "--pick", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        func size(_ f: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: "\(dir)/out/s/\(f)")[.size] as? NSNumber)?.intValue ?? -1
        }
        XCTAssertTrue(r.stdout.contains("20 frames"), r.stdout)
        XCTAssertTrue(r.stdout.contains("png 20 files"), r.stdout)
        XCTAssertTrue(r.stdout.contains("svg "), r.stdout)
        let y4m = try size("s.y4m")
        XCTAssertGreaterThan(y4m, 1 << 20)
        XCTAssertTrue(r.stdout.contains("y4m \(String(format: "%.1f MB", Double(y4m) / 1_048_576))"), r.stdout)
        XCTAssertFalse(r.stdout.contains(" 0 B"), r.stdout)
    }

    func testAnInterruptedAnimationSaysNothingWasKept() throws {
        let dir = temporaryDirectory()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: springyBinary)
        p.arguments = [
            "render", packageRoot + "/scenes/springy-carousel.yaml", "--out", dir, "--format", "apng", "--threads", "1",
        ]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let marker = "\(dir)/springy-carousel/.springy-partial"
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && !FileManager.default.fileExists(atPath: marker) { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.3)
        p.interrupt()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 130, text)
        XCTAssertTrue(text.contains("no frames of springy-carousel kept"), text)
        XCTAssertTrue(text.contains("apng not written"), text)
        XCTAssertFalse(text.contains("all whole"), text)
        let left = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/springy-carousel")
        XCTAssertFalse(left.contains { $0.hasSuffix(".apng") }, "\(left)")
    }
}
