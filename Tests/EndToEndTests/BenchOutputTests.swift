import Foundation
import SpringyTestSupport
import XCTest

/// `springy bench` prints what it measured, every figure a real one, and leaves nothing behind:
/// its timings are never asserted (they belong to the machine), only their presence and sense.
final class BenchOutputTests: XCTestCase {
    func testJSONHasEveryFigureAndTheTemporaryFramesAreGone() throws {
        let dir = temporaryDirectory()
        let tmp = "\(dir)/tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        let scene = "\(dir)/small.yaml"
        try """
        springy: 1
        name: Small bench
        viewport: { size: [120, 160], scale: 2, background: "#FFFFFF" }
        time: { fps: 30, duration: 0.5 }
        items:
          box: { center: [60, 40], size: [40, 40], fill: "#FF9500", label: "B" }
        behaviors:
          - gravity: { items: [box] }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = tmp
        let r = try runSpringy(["bench", "--json", "--threads", "2", scene], environment: environment, timeout: 300)
        XCTAssertEqual(r.status, 0, r.stderr)
        let line = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.hasPrefix("{") })
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(json["frames"] as? Int, 15)
        XCTAssertEqual(json["threads"] as? Int, 2)
        for key in ["fps_1", "fps_n", "scaling_n", "scaling_side_by_side", "encode_ms", "draw_ms", "pipeline_ms_1"] {
            let value = try XCTUnwrap(json[key] as? Double, key)
            XCTAssertTrue(value.isFinite && value > 0, "\(key) = \(value)")
        }
        // scaling_n is fps_n / fps_1, as printed.
        let (one, many, scaling) = (json["fps_1"] as! Double, json["fps_n"] as! Double, json["scaling_n"] as! Double)
        XCTAssertEqual(scaling, many / one, accuracy: 0.01 * scaling)
        XCTAssertGreaterThan(json["bytes_per_frame"] as? Int ?? 0, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "bench removes its frames")
        // The table says the same, with the machine's own ceiling beside it.
        let table = try runSpringy(["bench", "--threads", "2", scene], environment: environment, timeout: 300)
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("frames/s on 2 ("), table.stdout)
        XCTAssertTrue(table.stdout.contains("2 one-thread renders at once: "), table.stdout)
    }
}
