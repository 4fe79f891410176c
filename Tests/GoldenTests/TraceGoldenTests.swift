import Foundation
import SpringyCore
import SpringyFrame
import SpringyGolden
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// The trace golden's compact form and the explanation of what moved.
final class TraceGoldenTests: XCTestCase {
    func frame(_ n: Int, _ items: [(String, Double)], pinned: Bool = false) -> TraceFrame {
        TraceFrame(
            frame: n, offset: [0, 0],
            entries: items.map { TraceEntry(kind: .item, id: $0.0, values: [$0.1, 100, 40, 40, 0, 1, 0]) }
                + [TraceEntry(kind: .header, id: "header.1", values: [0, 0, 375, 40, pinned ? 1 : 0])])
    }

    func testCompactTraceRoundTripsARunsFramesAndSurvivesGzip() throws {
        let frames = try SpringyTestSupport.frames(
            scene(
                300, 300, time: "fps: 30, duration: 0.5",
                """
                items:
                  "a\\tb \\"odd\\"": { center: [100, 50], size: [30, 30] }
                  ball: { center: [200, 50], size: [30, 30], shape: ellipse }
                behaviors:
                  - gravity: { items: ["a\\tb \\"odd\\"", ball] }
                  - attachment: { item: ball, to: [200, 10] }
                """))
        let text = CompactTrace.text(of: frames)
        let parsed = try CompactTrace.parse(text)
        XCTAssertEqual(parsed.count, frames.count)
        XCTAssertEqual(parsed.last!.entries.first!.id, "a\tb \"odd\"", "ids with tabs and quotes survive")
        XCTAssertEqual(parsed.last!.entries.first!.values[1], frames.last!.items[0].center.y, accuracy: 0.0005)
        XCTAssertTrue(parsed.last!.entries.contains { $0.kind == .spring && $0.id == "ball" })
        let dir = temporaryDirectory()
        let bytes = try CompactTrace.file(of: frames)
        XCTAssertEqual(Array(bytes.prefix(2)), [0x1f, 0x8b], "a gzip stream")
        XCTAssertEqual(bytes, try CompactTrace.file(of: frames), "the same frames give the same bytes")
        try Data(bytes).write(to: URL(fileURLWithPath: "\(dir)/t.gz"))
        XCTAssertEqual(try CompactTrace.read(file: "\(dir)/t.gz"), parsed)
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: "\(dir)/cut.gz"))
        XCTAssertThrowsError(try CompactTrace.read(file: "\(dir)/cut.gz"), "a truncated golden is an error, not a short trace")
        XCTAssertThrowsError(try CompactTrace.parse("not a trace\n"))
    }

    func testTheExplanationNamesWhatMovedWhenAndByHowMuch() {
        let tol = TraceTolerance()
        var expected: [TraceFrame] = [], actual: [TraceFrame] = []
        for n in 0..<10 {
            expected.append(frame(n, [("0.3", 100), ("0.4", 200)], pinned: n >= 5))
            // 0.3 moves +0.42 pt at frames 3–6 (the largest at 5), 0.4 vanishes at 8–9, the header pins a frame late.
            let dx = (3...6).contains(n) ? (n == 5 ? 0.42 : 0.2) : 0.004
            var items = [("0.3", 100 + dx)]
            if n < 8 { items.append(("0.4", 200)) }
            actual.append(frame(n, items, pinned: n >= 6))
        }
        let changes = TraceDiff.compare(expected: expected, actual: actual, tolerance: tol)
        let lines = changes.map(\.description)
        XCTAssertTrue(lines.contains("item 0.3: center.x +0.42 pt at frames 3–6"), "\(lines)")
        XCTAssertTrue(lines.contains("item 0.4: missing at frames 8–9"), "\(lines)")
        XCTAssertTrue(lines.contains("header.1 pinned one frame later (frame 5)"), "\(lines)")
        XCTAssertEqual(changes.count, 3, "a 0.004 pt wobble is within the 0.01 pt tolerance: \(lines)")
        XCTAssertEqual(lines.first, "item 0.4: missing at frames 8–9", "the largest departures come first")

        var loose = tol
        loose.position = 0.5
        XCTAssertFalse(
            TraceDiff.compare(expected: expected, actual: actual, tolerance: loose).map(\.description)
                .contains { $0.hasPrefix("item 0.3") }, "the scene's tolerance decides")
        let shorter = TraceDiff.compare(expected: expected, actual: Array(expected.prefix(8)), tolerance: tol)
        XCTAssertEqual(shorter.first?.description, "the scene has 8 frames (the golden has 10)")
        XCTAssertTrue(TraceDiff.compare(expected: expected, actual: expected, tolerance: tol).isEmpty)
    }

    func testTraceTolerancesAreSceneKeys() throws {
        let s = try SceneLoader.decode(
            yaml: scene(
                100, 100,
                """
                golden: { trace: { position: 0.5, angle: 1, alpha: 0.01, size: 2 } }
                items:
                  a: { center: [50, 50], size: [10, 10] }
                """), file: "t.yaml")
        XCTAssertEqual(s.golden.trace?.position, 0.5)
        XCTAssertEqual(s.golden.trace?.angle, 1)
        let off = try SceneLoader.decode(
            yaml: scene(100, 100, "golden: { trace: false }\nitems:\n  a: { center: [50, 50], size: [10, 10] }"), file: "t.yaml")
        XCTAssertNil(off.golden.trace)
        let bad = refusal(
            scene(100, 100, "golden: { trace: { positon: 1 } }\nitems:\n  a: { center: [50, 50], size: [10, 10] }"),
            file: "t.yaml")
        XCTAssertTrue(bad?.contains("t.yaml:4:") ?? false, bad ?? "accepted")
        XCTAssertTrue(bad?.contains("position") ?? false, bad ?? "accepted")
    }
}
