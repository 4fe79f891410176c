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
        XCTAssertTrue(
            lines.contains("item 0.3: center.x differs by up to 0.42 pt (+0.42 at frame 5) over frames 3–6"), "\(lines)")
        XCTAssertTrue(lines.contains("item 0.4: missing at frames 8–9"), "\(lines)")
        XCTAssertTrue(lines.contains("header.1 pinned one frame later (frame 5)"), "\(lines)")
        XCTAssertEqual(changes.count, 3, "a 0.004 pt wobble is within the 0.01 pt tolerance: \(lines)")
        // Each frame says its own delta, not the largest one repeated.
        XCTAssertEqual(TraceDiff.explain(changes, atFrame: 3), ["item 0.3: center.x +0.20 pt"])
        XCTAssertEqual(
            TraceDiff.explain(changes, atFrame: 5), ["item 0.3: center.x +0.42 pt", "header.1 pinned one frame later"])
        XCTAssertEqual(TraceDiff.explain(changes, atFrame: 9), ["item 0.4: missing"])
        XCTAssertEqual(TraceDiff.explain(changes, atFrame: 1), [], "the trace agrees at frame 1")
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

    /// Issue 31: a range says how much, with the signed extremes and their frames; one side of 0
    /// is shown once.
    func testARangeSaysHowMuchAndWhereItsExtremesAre() {
        var expected: [TraceFrame] = [], actual: [TraceFrame] = []
        let deltas: [Int: Double] = [13: -3, 18: -54.86, 20: -10, 27: 15.44, 30: 2]
        for n in 0..<40 {
            expected.append(frame(n, [("a", 100)]))
            actual.append(frame(n, [("a", 100 + (deltas[n] ?? 0))]))
        }
        let line = TraceDiff.compare(expected: expected, actual: actual, tolerance: TraceTolerance()).map(\.description)
        XCTAssertEqual(
            line,
            ["item a: center.x differs by up to 54.86 pt (-54.86 at frame 18, +15.44 at frame 27) over frames 13, 18, 20, …"])
        let oneSide = TraceDiff.compare(
            expected: expected,
            actual: expected.map { f in frame(f.frame, [("a", f.frame >= 5 && f.frame <= 9 ? 99 - Double(f.frame) / 10 : 100)]) },
            tolerance: TraceTolerance())
        XCTAssertEqual(
            oneSide.map(\.description), ["item a: center.x differs by up to 1.90 pt (-1.90 at frame 9) over frames 5–9"])
    }

    /// Issue 31: when a run departs — its first differing frame, a whole-run time shift, and when
    /// each run starts moving and settles — measured on traces built here.
    func testTheTimingDiagnosisFindsTheFirstFrameAShiftAndTheSettling() {
        // A box that rests, moves from frame `start` along a smooth curve for 30 frames, then rests.
        func run(start: Int, length: Int = 30, count: Int = 90) -> [TraceFrame] {
            (0..<count).map { n in
                let p = min(max(Double(n - start) / Double(length), 0), 1)
                return frame(n, [("box", 100 + 200 * (3 * p * p - 2 * p * p * p))])
            }
        }
        let tol = TraceTolerance()
        let later = TimingDiff.diagnose(expected: run(start: 20), actual: run(start: 26), tolerance: tol, fps: 60)
        XCTAssertEqual(later.firstDifferingFrame, 21, "the golden moves at frame 21; the new run still rests")
        XCTAssertEqual(later.shift, 6)
        XCTAssertEqual(later.sentences.first, "first differs at frame 21 (350 ms)")
        XCTAssertEqual(
            later.sentences[1], "the run is the golden's shifted 6 frames later (100 ms): starts 6 frames later (100 ms)")
        let earlier = TimingDiff.diagnose(expected: run(start: 20), actual: run(start: 8), tolerance: tol, fps: 60)
        XCTAssertEqual(earlier.shift, -12)
        XCTAssertEqual(earlier.firstDifferingFrame, 9)
        // A slower motion is not a shift: it starts on time and settles later.
        let slower = TimingDiff.diagnose(expected: run(start: 20), actual: run(start: 20, length: 40), tolerance: tol, fps: 60)
        XCTAssertNil(slower.shift)
        XCTAssertEqual(slower.sentences.dropFirst(), ["settles 10 frames later (167 ms)"])
        XCTAssertEqual(slower.perFrame.count, 90)
        XCTAssertEqual(slower.perFrame[10], 0, "before the motion the runs agree")
        XCTAssertGreaterThan(slower.perFrame[40], 1)
        let same = TimingDiff.diagnose(expected: run(start: 20), actual: run(start: 20), tolerance: tol, fps: 60)
        XCTAssertNil(same.firstDifferingFrame)
        XCTAssertEqual(same.sentences, [])
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

/// Issue 31: changed pixels grouped into regions, each named by what the trace draws there.
final class PixelAttributionTests: XCTestCase {
    func image(_ w: Int, _ h: Int, _ paint: [(Int, Int, Int, Int)]) -> RGBAImage {
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for (x0, y0, x1, y1) in paint {
            for y in y0..<y1 { for x in x0..<x1 { px[(y * w + x) * 4] = 0 } }
        }
        return RGBAImage(width: w, height: h, pixels: px)
    }

    func testRegionsJoinTouchingCellsAndKeepFarOnesApart() {
        let before = image(100, 80, [])
        let after = image(100, 80, [(10, 10, 30, 20), (29, 20, 35, 26), (70, 60, 72, 61)])
        let r = PixelAttribution.regions(expected: before, actual: after, channelTolerance: 2)
        XCTAssertEqual(r.count, 2)
        XCTAssertEqual(r[0], PixelAttribution.Region(minX: 10, minY: 10, maxX: 34, maxY: 25, pixels: 200 + 36))
        XCTAssertEqual(r[1], PixelAttribution.Region(minX: 70, minY: 60, maxX: 71, maxY: 60, pixels: 2))
        XCTAssertEqual(PixelAttribution.regions(expected: before, actual: before, channelTolerance: 2), [])
        XCTAssertEqual(PixelAttribution.regions(expected: before, actual: image(50, 80, []), channelTolerance: 2), [])
    }

    func testARegionNamesWhatMovedThereOrCallsItADrawingChange() {
        func frame(_ n: Int, _ y: Double) -> TraceFrame {
            TraceFrame(
                frame: n, offset: [0, 0],
                entries: [
                    TraceEntry(kind: .item, id: "a", values: [20, y, 10, 10, 0, 1, 0]),
                    TraceEntry(kind: .item, id: "b", values: [80, 20, 10, 10, 0, 1, 0]),
                ])
        }
        let changes = TraceDiff.compare(expected: [frame(3, 20)], actual: [frame(3, 32.346)], tolerance: TraceTolerance())
        // Scale 2, a 14 pt bezel: pixel (2·(x + 14)) is point x.
        let regions = [
            PixelAttribution.Region(minX: 58, minY: 58, maxX: 77, maxY: 101, pixels: 300),
            PixelAttribution.Region(minX: 178, minY: 58, maxX: 197, maxY: 77, pixels: 100),
            PixelAttribution.Region(minX: 300, minY: 300, maxX: 301, maxY: 301, pixels: 4),
        ]
        let lines = PixelAttribution.describe(
            regions, expected: frame(3, 20), actual: frame(3, 32.346), changes: changes, frame: 3, scale: 2, inset: 14)
        XCTAssertEqual(
            lines,
            [
                "changed pixels in 10×22 pt at (15, 15), 300 px: item a: center.y +12.35 pt",
                "changed pixels in 10×10 pt at (75, 15), 100 px: item b: a drawing change, not motion",
                "changed pixels in 1×1 pt at (136, 136), 4 px: nothing of the trace is drawn there (background, chrome or a boundary)",
            ])
    }
}

/// Issue 31: the pixel comparison in C (equal blocks passed over by memcmp) counts as the
/// per-pixel rule says, written here.
final class ImageCompareTests: XCTestCase {
    func testTheComparisonCountsEveryPixelOverTheTolerance() {
        var seed: UInt32 = 7
        func next() -> UInt8 { seed = seed &* 1_103_515_245 &+ 12345; return UInt8(seed >> 24) }
        let w = 131, h = 57
        let a = RGBAImage(width: w, height: h, pixels: (0..<(w * h * 4)).map { _ in next() })
        var b = a
        for _ in 0..<300 {
            let i = Int(next()) * Int(next()) % b.pixels.count
            b.pixels[i] = next()
        }
        for tolerance in [0, 2, 40, 255] {
            var over = 0, largest = 0
            for p in 0..<(w * h) {
                let d = (0..<4).map { abs(Int(a.pixels[4 * p + $0]) - Int(b.pixels[4 * p + $0])) }.max()!
                if d > tolerance { over += 1 }
                largest = max(largest, d)
            }
            let r = ImageDiff.compare(expected: a, actual: b, channelTolerance: tolerance)
            XCTAssertEqual(r.pixelsOver, over, "tolerance \(tolerance)")
            XCTAssertEqual(r.largestDelta, largest)
        }
        XCTAssertEqual(ImageDiff.compare(expected: a, actual: a, channelTolerance: 0).pixelsOver, 0)
        XCTAssertTrue(Bytes.equal(a.pixels, a.pixels) && !Bytes.equal(a.pixels, b.pixels) && !Bytes.equal([1], [1, 2]))
    }
}
