import Foundation
import SpringyTestSupport
import XCTest

/// Faults found by injection (issue 19): sizes Cairo cannot draw, numbers that would overflow.
final class FaultTests: XCTestCase {
    /// A PNG of `width` × 1 grey pixels, made by hand, so that its size is not limited by what
    /// Cairo can draw.
    static func widePNG(width: Int) -> Data { handMadePNG(width: width, height: 1) }

    func testAGoldenTooWideForCairoIsAClearError() throws {
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: "\(dir)/golden/falling-box", withIntermediateDirectories: true)
        try Self.widePNG(width: 40_000).write(to: URL(fileURLWithPath: "\(dir)/golden/falling-box/frame-00000.png"))
        let r = try runSpringy(["check", "--golden", "\(dir)/golden", "--failures", "\(dir)/f", "scenes/falling-box.yaml"])
        // Issue 26, item 13: a golden of another size fails its frame from its header alone,
        // before anything is decoded or drawn (so Cairo's limit is never reached).
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("the golden is 40000×1 pixels, the frame 750×1334"), r.stderr)
    }

    func testAContactSheetTooWideForCairoIsAClearError() throws {
        let dir = temporaryDirectory()
        try scene(2000, 100, time: "fps: 100, duration: 1", "items:\n  a: { center: [20, 50], size: [10, 10] }")
            .write(toFile: "\(dir)/wide.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy([
            "render", "\(dir)/wide.yaml", "--out", "\(dir)/out", "--format", "sheet", "--pick-count", "100", "--columns", "100",
        ])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("contact sheet") && r.stderr.contains("32767"), r.stderr)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/out/wide")) ?? []
        XCTAssertFalse(left.contains { !$0.hasPrefix(".springy-partial") }, "nothing partial kept: \(left)")
    }

    func testHugeNumericFlagsAreRangeCheckedNotTrapped() throws {
        for args in [
            ["render", "scenes/falling-box.yaml", "--shard", "9223372036854775807/9223372036854775807"],
            ["validate", "scenes/falling-box.yaml", "--max-file-size", "9223372036854775807"],
            ["render", "scenes/falling-box.yaml", "--threads", "9223372036854775807"],
            ["render", "scenes/falling-box.yaml", "--columns", "-9223372036854775808"],
            ["trace", "scenes/falling-box.yaml", "--frames", "9223372036854775807"],
            ["render", "scenes/falling-box.yaml", "--pick", "9223372036854775807", "--format", "sheet"],
            ["render", "scenes/falling-box.yaml", "--pick-count", "9223372036854775807", "--format", "sheet"],
            ["validate", "scenes/falling-box.yaml", "--max-items", "99999999999999999999"],
        ] {
            let r = try runSpringy(args + ["--out", temporaryDirectory()].filter { _ in args[0] == "render" })
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.isEmpty, "\(args) says why")
        }
    }
}
