import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyScene
import SpringyTestSupport
import XCTest

/// Content larger than the view both ways: a grid layout, both axes of the scroll view.
final class TwoAxisTests: XCTestCase {
    /// 10 columns of 100 × 100 cells, 10 pt apart: content 1090 × 1090 in a 300 × 400 view.
    func grid(lock: Bool = false, duration: Double = 3, _ script: String) -> String {
        scene(
            300, 400, time: "fps: 60, duration: \(duration)",
            """
            collection:
              layout: { kind: grid, columns: 10, item_size: [100, 100], line_spacing: 10, interitem_spacing: 10 }
              sections:
                - { items: 100 }
              scroll: { directional_lock: \(lock) }
            script:
            \(script)
            """)
    }

    func testTheGridsContentIsLargerBothWays() throws {
        let spec = try XCTUnwrap(SceneLoader.decode(yaml: grid("  []"), file: "g.yaml").collection)
        let layout = GridLayout(spec: spec.layout, sectionCounts: [100], viewSize: Size2(300, 400))
        XCTAssertEqual(layout.contentSize, Size2(1090, 1090))
        XCTAssertEqual(layout.attributes(for: ItemPath(0, 23))?.frame, Rect(x: 330, y: 220, width: 100, height: 100))
        // A rect query returns exactly the cells that intersect it, in index order.
        for rect in [
            Rect(x: 95, y: 95, width: 130, height: 20), Rect(x: -50, y: 500, width: 2000, height: 1),
            Rect(x: 1085, y: 0, width: 3, height: 3),
        ] {
            let all = (0..<100).compactMap { layout.attributes(for: ItemPath(0, $0)) }.filter { $0.frame.intersects(rect) }
            XCTAssertEqual(layout.attributes(in: rect).map(\.indexPath), all.map(\.indexPath), "\(rect)")
        }
    }

    func testADiagonalFlingDeceleratesBothAxesAsTheClosedForm() throws {
        let f = try frames(
            grid("  - { at: 0.1, pan: { from: [250, 350], to: [200, 300], duration: 0.1, velocity: [-600, -300] } }"))
        // Lifted at 0.2 s (frame 12) at offset (50, 50); each axis coasts on its own.
        XCTAssertEqual(f[12].contentOffset, Vec2(50, 50))
        let t = 30.0 / 60
        XCTAssertEqual(f[42].contentOffset.x, ScrollClosedForm.decelerated(start: 50, velocity: 600, time: t), accuracy: 1e-6)
        XCTAssertEqual(f[42].contentOffset.y, ScrollClosedForm.decelerated(start: 50, velocity: 300, time: t), accuracy: 1e-6)
    }

    func testDirectionalLockKeepsAMostlySidewaysDragSideways() throws {
        let script = "  - { at: 0.1, pan: { from: [250, 300], to: [100, 250], duration: 0.3, release: hold } }"
        let locked = try frames(grid(lock: true, duration: 1, script))
        XCTAssertEqual(locked.last!.contentOffset, Vec2(150, 0), "50 pt is under half of 150: locked sideways")
        let free = try frames(grid(lock: false, duration: 1, script))
        XCTAssertEqual(free.last!.contentOffset, Vec2(150, 50))
        let diagonal = try frames(
            grid(
                lock: true, duration: 1,
                "  - { at: 0.1, pan: { from: [250, 300], to: [150, 220], duration: 0.3, release: hold } }"))
        XCTAssertEqual(diagonal.last!.contentOffset, Vec2(100, 80), "a diagonal drag stays free")
    }

    func testTheCrossAxisRubberBandsAndReturns() throws {
        let f = try frames(grid("  - { at: 0.1, pan: { from: [50, 200], to: [250, 200], duration: 0.3, release: hold } }"))
        XCTAssertEqual(f[24].contentOffset.x, -ScrollClosedForm.rubberBand(200, dimension: 300), accuracy: 1e-9)
        XCTAssertEqual(f.last!.contentOffset.x, 0, accuracy: 0.01)
    }

    func testScrollToItemCentresItOnBothAxes() throws {
        let f = try frames(
            grid(duration: 1, "  - { at: 0.1, scroll_to_item: { item: \"0.45\", position: center, animated: false } }"))
        // 0.45: column 5, row 4 → centre (600, 490); the view's centre is (150, 200).
        XCTAssertEqual(f.last!.contentOffset, Vec2(450, 290))
        let nearest = try frames(grid(duration: 1, "  - { at: 0.1, scroll_to_item: { item: \"0.45\", animated: false } }"))
        XCTAssertEqual(nearest.last!.contentOffset, Vec2(650 - 300, 540 - 400), "the least scroll that shows it whole")
    }

    func testGridKeysAreChecked() {
        for (layout, fragment) in [
            ("{ kind: grid }", "needs `columns`"),
            ("{ kind: grid, columns: 0 }", "columns"),
            ("{ kind: flow, columns: 3 }", "grid layout's"),
            ("{ kind: grid, columns: 3, direction: horizontal }", "not a grid layout's"),
            ("{ kind: grid, columns: 3, snap: center }", "a grid layout does not snap"),
        ] {
            let why = refusal(scene(300, 400, "collection:\n  layout: \(layout)\n  sections:\n    - { items: 3 }"))
            XCTAssertTrue(why?.contains(fragment) == true, why ?? "accepted")
        }
    }
}
