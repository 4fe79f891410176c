import Foundation
import SpringyTestSupport
import XCTest

/// Times given on the command line: the scene's end is a time (its last frame), and `s` is
/// accepted wherever a time is taken.
final class TimeArgumentTests: XCTestCase {
    func sceneFile() throws -> (dir: String, path: String) {
        let dir = temporaryDirectory()
        let path = "\(dir)/end.yaml"
        try scene(100, 100, time: "fps: 60, duration: 2.5", "items:\n  a: { center: [50, 50], size: [20, 20] }")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return (dir, path)
    }

    func testTheScenesEndIsItsLastFrameAndTakesAnSSuffix() throws {
        let (dir, path) = try sceneFile()
        for (k, time) in ["2.5", "2.5s", "2.49s"].enumerated() {
            let r = try runSpringy(["still", path, "--time", time, "--out", "\(dir)/\(k).png"])
            XCTAssertEqual(r.status, 0, "\(time): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("frame 149"), "\(time) shows the last frame: \(r.stdout)")
        }
        let past = try runSpringy(["still", path, "--time", "2.6", "--out", "\(dir)/past.png"])
        XCTAssertEqual(past.status, 2)
        XCTAssertTrue(past.stderr.contains("2.6 s is past the scene's end (2.5 s)"), past.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/past.png"))
    }

    func testADocsPosterAtTheScenesEnd() throws {
        let (dir, path) = try sceneFile()
        let r = try runSpringy(["docs", path, "--out", "\(dir)/gallery", "--poster", "2.5s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let late = try runSpringy(["docs", path, "--out", "\(dir)/gallery2", "--poster", "3s"])
        XCTAssertEqual(late.status, 2)
        XCTAssertTrue(late.stderr.contains("poster time 3 s is past the scene's end (2.5 s)"), late.stderr)
    }
}
