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

/// Expand/collapse rows and sticky headers (the second write-up), through the trace's frames.
final class ListLayoutTests: XCTestCase {
    func list(rows: Int = 20, fps: Int = 60, script: String, extra: String = "") -> String {
        scene(
            375, 667, time: "fps: \(fps), duration: 2",
            """
            collection:
              layout: { kind: list, row_height: 100, expanded_height: 300 }
              sections:
                - items: \(rows)
              transitions:
                animation: { duration: 0.4, damping_ratio: 1, initial_velocity: 0 }
            \(extra)
            script:
            \(script)
            """)
    }

    func testATappedRowsHeightFollowsTheSpringCurve() throws {
        let f = try frames(
            list(
                script: """
                      - at: 0.5
                        tap: { item: "0.2" }
                    """))
        let curve = TimedProgress(start: 0, duration: 0.4, timing: .durationSpring(dampingRatio: 1, initialVelocity: 0))
        for frame in f {
            let t = frame.time - 0.5
            let expected = t <= 0 ? 100 : 100 + 200 * curve.progress(at: t)
            XCTAssertEqual(item(frame, "0.2")!.size.height, expected, accuracy: 0.5, "frame \(frame.frame)")
        }
        XCTAssertEqual(item(f.last!, "0.2")!.size.height, 300)
    }

    /// The transitions' clock runs UIView's duration spring as DYNAMICS.md writes it (UIKit's ω,
    /// issue 46).
    func testTheSpringCurveIsDynamicsMDsFormula() {
        func clock(_ d: Double, _ z: Double, _ v: Double) -> TimedProgress {
            TimedProgress(start: 0, duration: d, timing: .durationSpring(dampingRatio: z, initialVelocity: v))
        }
        let c = clock(0.4, 1, 0)
        let w0 = UIKitDurationSpring.omega(dampingRatio: 1, duration: 0.4)
        XCTAssertEqual(w0 * 0.4, 9.2334, accuracy: 1e-4, "ωT at ζ = 1, as issue 46's source gives it")
        for t in stride(from: 0.0, through: 0.39, by: 0.03) {
            XCTAssertEqual(c.progress(at: t), 1 - exp(-w0 * t) * (1 + w0 * t), accuracy: 1e-9)
        }
        XCTAssertEqual(c.progress(at: 0.4), 1)
        let under = clock(0.5, 0.5, 0.5)
        let w = UIKitDurationSpring.omega(dampingRatio: 0.5, duration: 0.5, velocity: 0.5), wd = w * (1 - 0.25).squareRoot()
        let t = 0.1
        XCTAssertEqual(
            under.progress(at: t), 1 - exp(-0.5 * w * t) * (cos(wd * t) + ((0.5 * w - 0.5) / wd) * sin(wd * t)), accuracy: 1e-9)
        // a ratio above 1 moves as a critically damped curve and has settled by T
        let over = clock(0.4, 2, 0)
        XCTAssertEqual(over.progress(at: 0.2), c.progress(at: 0.2))
        XCTAssertEqual(over.progress(at: 0.3999), 1, accuracy: 0.01)
    }

    func testExpandingARowNearTheBottomScrollsItFullyOnScreen() throws {
        let f = try frames(
            list(
                script: """
                      - at: 0.2
                        tap: { item: "0.5" }
                    """))
        let row = item(f.last!, "0.5")!
        let top = row.center.y - row.size.height / 2, bottom = row.center.y + row.size.height / 2
        XCTAssertEqual(row.size.height, 300)
        XCTAssertGreaterThanOrEqual(top, -0.001)
        XCTAssertLessThanOrEqual(bottom, 667.001)
        XCTAssertEqual(f.last!.contentOffset.y, 800 - 667, accuracy: 0.001, "scrolled just enough")
        // The offset moves on the same curve as the cells, not after them.
        let curve = TimedProgress(start: 0, duration: 0.4, timing: .durationSpring(dampingRatio: 1, initialVelocity: 0))
        for frame in f where frame.time > 0.2 && frame.time < 0.6 {
            XCTAssertEqual(frame.contentOffset.y, 133 * curve.progress(at: frame.time - 0.2), accuracy: 0.01)
        }
    }

    func testASecondTapCollapsesAndAnotherRowMovesTheSelection() throws {
        let f = try frames(
            list(
                script: """
                      - at: 0.1
                        tap: { item: "0.1" }
                      - at: 0.7
                        tap: { item: "0.1" }
                      - at: 1.3
                        tap: { item: "0.3" }
                    """))
        XCTAssertEqual(item(f[35], "0.1")!.size.height, 300)
        XCTAssertTrue(item(f[35], "0.1")!.selected)
        XCTAssertEqual(item(f[70], "0.1")!.size.height, 100)
        XCTAssertFalse(item(f[70], "0.1")!.selected)
        XCTAssertEqual(item(f.last!, "0.3")!.size.height, 300)
        XCTAssertEqual(item(f.last!, "0.1")!.size.height, 100)
    }

    func testCollapsingKeepsTheProposedOffset() throws {
        // 0.0 expands to 300 pt; a pan scrolls 150 pt so its top is off screen; collapsing it
        // leaves the offset where it is (nothing is selected, so the proposal stands).
        let f = try frames(
            list(
                script: """
                      - at: 0.1
                        tap: { item: "0.0" }
                      - at: 0.7
                        pan: { from: [187, 500], to: [187, 350], duration: 0.3, release: hold }
                      - at: 1.2
                        tap: { item: "0.0" }
                    """))
        XCTAssertEqual(f[66].contentOffset.y, 150, accuracy: 1e-9)
        XCTAssertTrue(f[72...].allSatisfy { $0.contentOffset.y == 150 }, "collapsing does not scroll")
        XCTAssertEqual(item(f.last!, "0.2")?.center.y ?? 0, 250 - 150, accuracy: 1e-6, "rows collapsed under a still offset")
    }

    func testAnExpandedRowScrollsToJustBelowThePinnedHeader() throws {
        // Scrolled 230 pt, section 1's header is pinned; its row 1.0 (content y 180–280, under the
        // header) expands and scrolls so its top sits at the header's bottom: offset 180 − 40.
        let f = try frames(
            scene(
                375, 667, time: "fps: 60, duration: 2",
                """
                collection:
                  layout: { kind: list, row_height: 100, expanded_height: 300, header_height: 40, sticky_headers: true }
                  sections:
                    - { items: 1, header: "A" }
                    - { items: 10, header: "B" }
                script:
                  - at: 0.1
                    pan: { from: [187, 500], to: [187, 270], duration: 0.3, release: hold }
                  - at: 0.6
                    tap: { item: "1.0" }
                """))
        XCTAssertEqual(f[30].contentOffset.y, 230, accuracy: 1e-9)
        let last = f.last!
        XCTAssertEqual(last.contentOffset.y, 140, accuracy: 1e-6)
        let row = item(last, "1.0")!
        XCTAssertEqual(row.center.y - row.size.height / 2, 40, accuracy: 1e-6, "just below the pinned header")
        XCTAssertEqual(last.headers.first { $0.id == "header.1" }?.frame.maxY ?? 0, 40, accuracy: 1e-6)
    }

    func testRowsEnteringTheViewComeFromTheirPreviousAttributesNotAFade() throws {
        let f = try frames(
            list(
                script: """
                      - at: 0.2
                        tap: { item: "0.5" }
                    """))
        // 0.7 is off screen before (its top at 700) and on screen after (top 900 − 133 = 767? no: 0.6 is)
        for frame in f where frame.time > 0.2 && frame.time < 0.6 {
            for it in frame.items { XCTAssertEqual(it.alpha, 1, "\(it.id) at frame \(frame.frame)") }
            if let six = item(frame, "0.6") {
                // 0.6 slides from its old place (600) towards its new one (800), shifted by the offset
                XCTAssertGreaterThan(six.center.y + frame.contentOffset.y, 649.9)
            }
        }
    }

    func stickyScene() throws -> Scene {
        try SceneLoader.load(path: packageRoot + "/scenes/sticky-headers.yaml")
    }

    func testStickyHeadersFollowThePushingRuleAtEveryFrame() throws {
        let scene = try stickyScene()
        let counts = scene.collection!.sections.map(\.count)
        var spans: [(Double, Double)] = []
        var y = 0.0
        for c in counts { let end = y + 40 + Double(c) * 80; spans.append((y, end)); y = end }
        var pushedSeen = false
        for frame in try Simulation.frames(of: scene) {
            let top = frame.contentOffset.y
            for h in frame.headers {
                let s = Int(h.id.dropFirst("header.".count))!
                let expected = min(max(top, spans[s].0), spans[s].1 - 40) - top
                XCTAssertEqual(h.frame.minY, expected, accuracy: 0.01, "\(h.id) at frame \(frame.frame)")
                if h.frame.minY < -0.5 { pushedSeen = true }
                XCTAssertEqual(h.z, 1)
            }
        }
        XCTAssertTrue(pushedSeen, "a header is pushed off at some frame")
    }

    /// A tap while a transition runs retargets it from what is shown, moving as it moved: the
    /// content offset's velocity is the same just before and just after (before, the new spring
    /// started from rest: its velocity dropped to zero).
    func testATransitionRetargetedMidFlightKeepsItsVelocity() throws {
        let scene = try SceneLoader.decode(yaml: list(rows: 30, script: "  - { at: 5, tap: { item: \"0.0\" } }"), file: "l.yaml")
        let c = try CollectionView(spec: try XCTUnwrap(scene.collection), viewSize: Size2(375, 667))
        // Row 5 grows to 300 pt: its bottom (800) goes below the view, which scrolls to 133.
        c.tapList(ItemPath(0, 5), at: 0.5)
        func offset(_ t: Double) -> Double {
            c.advance(to: t)
            return c.scroller.main.offset
        }
        let d = 1e-4, t = 0.6
        let before = (offset(t - d) - offset(t - 2 * d)) / d
        XCTAssertGreaterThan(before, 100, "the offset is moving (pt/s)")
        // Row 7 instead: its bottom at 1000 pt, the view scrolls on toward 333.
        c.tapList(ItemPath(0, 7), at: t)
        let after = (offset(t + d) - offset(t)) / d
        XCTAssertEqual(after, before, accuracy: abs(before) * 0.02, "velocity kept across the retarget")
        XCTAssertEqual(offset(t + 0.4), 333, accuracy: 1e-6, "and it still ends at the new target")
    }

    /// The row a list expands is one of its rows: the last row of the last section is, a row one
    /// past a section's end or in a section past the last is none (never a trap).
    func testTheExpandedRowIsOneOfTheListsRows() throws {
        let yaml = scene(
            375, 667,
            """
            collection:
              layout: { kind: list, row_height: 100, expanded_height: 300 }
              sections: [{ items: 3 }, { items: 2 }]
            """)
        let spec = try XCTUnwrap(try SceneLoader.decode(yaml: yaml, file: "list.yaml").collection?.layout)
        func expanded(_ path: String) -> ItemPath? {
            ListLayout(spec: spec, sectionCounts: [3, 2], viewSize: Size2(375, 667), expanded: ItemPath(string: path)).expanded
        }
        XCTAssertEqual(expanded("1.1"), ItemPath(string: "1.1"))
        XCTAssertEqual(expanded("0.2"), ItemPath(string: "0.2"))
        XCTAssertNil(expanded("1.2"), "one past the section's last row")
        XCTAssertNil(expanded("2.0"), "a section past the last")
    }
}
