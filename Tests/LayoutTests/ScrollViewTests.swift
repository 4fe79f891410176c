import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyScene
import SpringyTestSupport
import XCTest

/// UIScrollView through scene text: deceleration, rubber band, bounces and always-bounce.
final class ScrollViewTests: XCTestCase {
    /// A plain vertical grid of 80 pt cells on a phone screen (4 columns; 20 items fit the
    /// screen), panned once at 0.1 s; `scroll` is the collection's `scroll:` mapping.
    func grid(items: Int, duration: Double, scroll: String = "{}", pan: String) -> String {
        scene(
            375, 667, time: "fps: 60, duration: \(duration)",
            """
            collection:
              layout: { kind: flow, item_size: [80, 80] }
              sections:
                - items: \(items)
              scroll: \(scroll)
            script:
              - at: 0.1
                pan: \(pan)
            """)
    }

    func testAFlingDeceleratesAsUIScrollViewDoes() throws {
        let f = try frames(
            grid(items: 400, duration: 4, pan: "{ from: [187, 600], to: [187, 500], duration: 0.1, release: fling }"))
        // released at 0.2 s at offset 100 with 1000 pt/s
        let release = 12
        XCTAssertEqual(f[release].contentOffset.y, 100, accuracy: 0.01)
        for n in [18, 30, 60, 120, 200] {
            let t = Double(n - release) / 60
            let expected = ScrollClosedForm.decelerated(start: 100, velocity: 1000, time: t)
            // The coast starts at the release, exactly: no step early.
            XCTAssertEqual(f[n].contentOffset.y, expected, accuracy: 1e-6, "frame \(n)")
        }
        let rest = 100 - 1000 / (1000 * log(0.998))
        XCTAssertEqual(f.last!.contentOffset.y, rest, accuracy: 0.5)
    }

    func testAFlingCoastsFromTheStepItIsReleasedAt() throws {
        // Lifted at 0.1 + 0.25 s (42 steps; exact in floating point), at offset 100 and 400 pt/s.
        let f = try frames(
            scene(
                375, 667, time: "fps: 120, duration: 1",
                """
                collection:
                  layout: { kind: flow, item_size: [80, 80] }
                  sections:
                    - items: 400
                script:
                  - at: 0.1
                    pan: { from: [187, 600], to: [187, 500], duration: 0.25, release: fling }
                """))
        XCTAssertEqual(f[42].contentOffset.y, 100, accuracy: 1e-9)
        for n in [43, 48, 60, 100] {
            let expected = ScrollClosedForm.decelerated(start: 100, velocity: 400, time: Double(n - 42) / 120)
            XCTAssertEqual(f[n].contentOffset.y, expected, accuracy: 1e-6, "frame \(n)")
        }
    }

    func testAnOverscrollRubberBandsAndReturnsToTheEdge() throws {
        let f = try frames(
            grid(
                items: 20, duration: 3, scroll: "{ always_bounce_vertical: true }",
                pan: "{ from: [187, 200], to: [187, 400], duration: 0.4, release: hold }"))
        // frame 29 (t = 0.4833 s): the finger is 191.67 pt down, still touching
        let pulled = f[29].contentOffset.y
        XCTAssertLessThan(pulled, 0, "pulled past the top")
        XCTAssertGreaterThan(pulled, -191, "less than the finger moved")
        XCTAssertEqual(pulled, -ScrollClosedForm.rubberBand(200 * (0.4833333333 - 0.1) / 0.4, dimension: 667), accuracy: 0.01)
        XCTAssertEqual(f.last!.contentOffset.y, 0, accuracy: 0.001, "back at the edge")
        XCTAssertTrue(f.last!.atRest)
    }

    func testContentThatFitsTheViewDoesNotScrollUnlessItAlwaysBounces() throws {
        let pan = "{ from: [187, 200], to: [187, 400], duration: 0.4, release: hold }"
        let still = try frames(grid(items: 20, duration: 1, pan: pan))
        XCTAssertTrue(still.allSatisfy { $0.contentOffset.y == 0 }, "UIKit's alwaysBounceVertical is false")
        let bounced = try frames(grid(items: 20, duration: 1, scroll: "{ always_bounce_vertical: true }", pan: pan))
        XCTAssertLessThan(bounced[29].contentOffset.y, -50)
        let horizontal = try frames(grid(items: 20, duration: 1, scroll: "{ always_bounce_horizontal: true }", pan: pan))
        XCTAssertTrue(horizontal.allSatisfy { $0.contentOffset.y == 0 }, "the other axis's flag does not count")
        let noBounce = try frames(
            grid(items: 20, duration: 1, scroll: "{ always_bounce_vertical: true, bounces: false }", pan: pan))
        XCTAssertTrue(noBounce.allSatisfy { $0.contentOffset.y == 0 }, "always-bounce needs bounces")
    }

    func testWithoutBouncesTheOffsetStopsAtTheEdges() throws {
        let pulled = try frames(
            grid(
                items: 400, duration: 1, scroll: "{ bounces: false }",
                pan: "{ from: [187, 200], to: [187, 400], duration: 0.4, release: hold }"))
        XCTAssertTrue(pulled.allSatisfy { $0.contentOffset.y == 0 }, "no rubber band past the top")
        // 100 cells: 25 rows of 80 pt, 10 apart (2240 pt), so the end is 2240 − 667; a 5000 pt/s fling would coast 2500.
        let flung = try frames(
            grid(
                items: 100, duration: 4, scroll: "{ bounces: false }",
                pan: "{ from: [187, 600], to: [187, 100], duration: 0.1, release: fling }"))
        let end = 2240.0 - 667
        XCTAssertEqual(flung.map(\.contentOffset.y).max() ?? 0, end, accuracy: 1e-9, "never past the end")
        XCTAssertEqual(flung.last!.contentOffset.y, end)
        XCTAssertTrue(flung.last!.atRest)
    }
}
