import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyScene
import SpringyTestSupport
import XCTest

/// UIScrollView's paging, deceleration rates, content inset, snapping and programmatic
/// scrolling, against their closed forms (DYNAMICS.md, "Scrolling").
final class ScrollFeatureTests: XCTestCase {
    /// 400 cells of 80 pt in 4 columns (10 pt apart: 100 rows, 8990 pt), scrolling vertically.
    func grid(scroll: String = "{}", layout: String = "", duration: Double = 3, script: String) -> String {
        scrollGridScene(scroll: scroll, layout: layout, duration: duration, script: script)
    }

    func offsets(_ text: String) throws -> [Double] { try frames(text).map(\.contentOffset.y) }

    func testAFastRateDeceleratesAsItsClosedForm() throws {
        // An explicit release velocity: 1000 pt/s, lifted at 0.2 s at offset 100.
        let y = try offsets(
            grid(
                scroll: "{ deceleration_rate: fast }",
                script: """
                      - at: 0.1
                        pan: { from: [187, 600], to: [187, 500], duration: 0.1, velocity: [0, -1000] }
                    """))
        for n in [18, 24, 36] {
            let expected = ScrollClosedForm.decelerated(start: 100, velocity: 1000, time: Double(n - 12) / 60, rate: 0.99)
            XCTAssertEqual(y[n], expected, accuracy: 1e-6, "frame \(n)")
        }
        XCTAssertEqual(y.last!, 100 - 1000 / (1000 * log(0.99)), accuracy: 0.5, "rests 99.5 pt on")
    }

    func testPagingSettlesOnPages() throws {
        // A slow drag of 200 pt goes back to page 0; a fling goes on to page 1 (667 pt).
        let held = try offsets(
            grid(
                scroll: "{ paging: true }",
                script: """
                      - at: 0.1
                        pan: { from: [187, 600], to: [187, 400], duration: 0.5, release: hold }
                    """))
        XCTAssertEqual(held.last!, 0, accuracy: 1e-9)
        let flung = try offsets(
            grid(
                scroll: "{ paging: true }",
                script: """
                      - at: 0.1
                        pan: { from: [187, 600], to: [187, 500], duration: 0.1, velocity: [0, -800] }
                    """))
        XCTAssertEqual(flung.last!, 667, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(flung.max()!, 667 + 1e-9, "settles without overshooting")
    }

    func testAContentInsetMovesTheStartAndTheEdgesOfTheRubberBand() throws {
        let y = try offsets(
            grid(
                scroll: "{ content_inset: [100, 0, 50, 0], always_bounce_vertical: true }",
                script: """
                      - at: 0.1
                        pan: { from: [187, 200], to: [187, 400], duration: 0.4, release: hold }
                    """))
        XCTAssertEqual(y[0], -100, "starts at the top of the inset content")
        // frame 29 (0.4833 s): the finger is 191.67 pt down from -100
        XCTAssertEqual(
            y[29], -100 - ScrollClosedForm.rubberBand(200 * (0.4833333333 - 0.1) / 0.4, dimension: 667), accuracy: 0.01)
        XCTAssertEqual(y.last!, -100, accuracy: 1e-9, "back to the inset edge")
        let end = try offsets(
            grid(
                scroll: "{ content_inset: [100, 0, 50, 0], content_offset: [0, 8000] }",
                script: """
                      - at: 0.1
                        pan: { from: [187, 600], to: [187, 200], duration: 0.2, velocity: [0, -3000] }
                    """))
        XCTAssertEqual(end[0], 8000)
        XCTAssertEqual(end.last!, 8990 - 667 + 50, accuracy: 1e-9, "rests at the end of the inset content")
    }

    func testSnappingPutsTheCellNearestTheProposedRestAtTheCentre() throws {
        let y = try offsets(
            grid(
                layout: ", snap: center", duration: 5,
                script: """
                      - at: 0.1
                        pan: { from: [187, 600], to: [187, 500], duration: 0.1, velocity: [0, -1000] }
                    """))
        // proposed rest: 100 + 499.5 = 599.5; rows are 90 pt apart, centres at 40 + 90k;
        // the centre nearest 599.5 + 333.5 = 933 is 940, so the offset rests at 940 − 333.5.
        XCTAssertEqual(y.last!, 940 - 333.5, accuracy: 1e-9)
        let leading = try offsets(
            grid(
                layout: ", snap: leading", duration: 5,
                script: """
                      - at: 0.1
                        pan: { from: [187, 600], to: [187, 500], duration: 0.1, velocity: [0, -1000] }
                    """))
        XCTAssertEqual(leading.last!, 630, accuracy: 1e-9, "the row at 630 is the nearest leading edge to 599.5")
    }

    func testScrollToAnimatesOnUIKitsCurveAndScrollToItemPlacesTheItem() throws {
        let y = try offsets(
            grid(
                script: """
                      - { at: 0.5, scroll_to: { offset: [0, 600] } }
                      - { at: 1.5, scroll_to: { offset: [0, 50], animated: false } }
                      - { at: 2.0, scroll_to_item: { item: "0.200", position: center, animated: false } }
                      - { at: 2.2, scroll_to_item: { item: "0.399", position: top, animated: false } }
                      - { at: 2.4, scroll_to_item: { item: "0.0", position: nearest } }
                    """))
        XCTAssertEqual(y[30], 0)
        XCTAssertEqual(y[39], 300, accuracy: 1e-6, "half way at half time on the symmetric ease-in-out")
        XCTAssertEqual(y[48], 600)
        XCTAssertEqual(y[91], 50, "at once")
        XCTAssertEqual(y[121], 50 * 90 + 40 - 333.5, accuracy: 1e-9, "row 50's centre at the view's")
        XCTAssertEqual(y[133], 8990 - 667, accuracy: 1e-9, "the last row cannot reach the top: clamped to the end")
        XCTAssertEqual(y.last!, 0, accuracy: 1e-9, "nearest: the least scroll that shows 0.0")
    }

    /// A deceleration rate is above 0 and below 1, both ends excluded (SCENE-FORMAT: > 0 … < 1):
    /// the least and the most it takes are read.
    func testADecelerationRateJustInsideItsEndsIsTaken() throws {
        for rate in ["0.000001", "0.999999"] {
            let scene = try SceneLoader.decode(
                yaml: grid(scroll: "{ deceleration_rate: \(rate) }", script: "  - { at: 0, tap: { at: [1, 1] } }"), file: "s.yaml"
            )
            XCTAssertEqual(scene.collection?.scroll.decelerationRate, Double(rate))
        }
    }

    func testBadScrollKeysAreLocatedErrors() {
        for (text, fragment) in [
            (grid(scroll: "{ deceleration_rate: slow }", script: "  - { at: 0, tap: { at: [1, 1] } }"), "deceleration"),
            (grid(scroll: "{ deceleration_rate: 1.5 }", script: "  - { at: 0, tap: { at: [1, 1] } }"), "below 1"),
            (grid(scroll: "{ deceleration_rate: 1 }", script: "  - { at: 0, tap: { at: [1, 1] } }"), "below 1"),
            (grid(scroll: "{ deceleration_rate: 0 }", script: "  - { at: 0, tap: { at: [1, 1] } }"), "between 0 and 1"),
            (grid(scroll: "{ content_inset: [1, 2] }", script: "  - { at: 0, tap: { at: [1, 1] } }"), "top, left, bottom, right"),
            (grid(script: "  - { at: 0, scroll_to_item: { item: \"0.1\", position: left } }"), "vertical"),
            (
                grid(script: "  - { at: 0, pan: { from: [1, 1], to: [2, 2], duration: 0.1, release: hold, velocity: [0, 1] } }"),
                "fling"
            ),
        ] {
            XCTAssertThrowsError(try SceneLoader.decode(yaml: text, file: "s.yaml")) { e in
                XCTAssertTrue("\(e)".contains(fragment) && "\(e)".hasPrefix("s.yaml:"), "\(e)")
            }
        }
    }
}
