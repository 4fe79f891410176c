import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyScene
import SpringyTestSupport
import XCTest

/// The compositional subset: grids of columns and rows that scroll orthogonally.
final class CompositionalTests: XCTestCase {
    /// A 300 pt wide view; section 0 is the row under test (items 200 wide, 10 apart, inset 20 each side).
    func row(_ behavior: String, width: String = "200", _ script: String, duration: Double = 3) -> String {
        scene(
            300, 600, time: "fps: 60, duration: \(duration)",
            """
            collection:
              layout: { kind: compositional, interitem_spacing: 10, section_inset: [0, 20, 0, 20] }
              sections:
                - { items: 8, item_size: [\(width), 100], orthogonal: \(behavior) }
                - { items: 30, columns: 3, item_size: ["100%", 50] }
            script:
            \(script)
            """)
    }

    func x(_ f: FrameState, _ id: String, line: UInt = #line) -> Double {
        guard let it = item(f, id) else { XCTFail("no \(id) in frame \(f.frame)", line: line); return .nan }
        return it.center.x
    }

    /// Section 0's row offset, from any of its cells on screen (item k's centre is 120 + 210 k in the row).
    func rowOffset(_ f: FrameState) -> Double {
        guard let cell = f.items.first(where: { $0.id.hasPrefix("0.") }), let ip = ItemPath(string: cell.id) else { return .nan }
        return 120 + 210 * Double(ip.item) - cell.center.x
    }

    func testAGridSharesTheSectionsWidthBetweenItsColumns() throws {
        let f = try frames(row("continuous", "  []", duration: 0.1))
        // (300 − 40 − 2 × 10) / 3 = 80 wide.
        XCTAssertEqual(item(f[0], "1.0")!.size, Size2(80, 50))
        XCTAssertEqual([x(f[0], "1.0"), x(f[0], "1.1"), x(f[0], "1.2")], [60, 150, 240])
        XCTAssertEqual(item(f[0], "1.3")!.center.y - item(f[0], "1.0")!.center.y, 60)
    }

    func testAContinuousRowDeceleratesAsTheClosedForm() throws {
        let f = try frames(
            row("continuous", "  - { at: 0.1, pan: { from: [250, 50], to: [150, 50], duration: 0.1, velocity: [-300, 0] } }"))
        // Released at 0.2 s (frame 12) with the row at offset 100; frame 42 is 0.5 s later.
        XCTAssertEqual(x(f[12], "0.0"), 120 - 100, accuracy: 1e-9)
        let offset = ScrollClosedForm.decelerated(start: 100, velocity: 300, time: 0.5)
        XCTAssertEqual(x(f[42], "0.1"), 330 - offset, accuracy: 1e-6)
        XCTAssertEqual(f[42].contentOffset, .zero, "the view itself does not move")
    }

    func testGroupPagingMovesOneGroupAtATime() throws {
        let swipe = "  - { at: 0.1, swipe: { from: [250, 50], direction: left, distance: 60, speed: 2000 } }"
        let leading = try frames(row("group_paging", swipe))
        XCTAssertEqual(x(leading.last!, "0.1"), 120, accuracy: 0.5, "the next group's leading edge at the inset")
        let centred = try frames(row("group_paging_centered", swipe))
        XCTAssertEqual(x(centred[0], "0.0"), 150, accuracy: 1e-9, "the first group starts centred")
        XCTAssertEqual(x(centred.last!, "0.1"), 150, accuracy: 0.5)
        let slow = try frames(
            row("group_paging", "  - { at: 0.1, pan: { from: [250, 50], to: [170, 50], duration: 0.5, release: hold } }"))
        XCTAssertEqual(x(slow.last!, "0.0"), 120, accuracy: 0.5, "80 pt of a 210 pt group, no speed: back to the nearest")
    }

    func testPagingAndLeadingBoundaryRestPoints() throws {
        let paged = try frames(
            row("paging", "  - { at: 0.1, swipe: { from: [250, 50], direction: left, distance: 60, speed: 2000 } }"))
        XCTAssertEqual(rowOffset(paged.last!), 300, accuracy: 0.5, "a page is the view's width")
        let f = try frames(
            row(
                "continuous_group_leading",
                "  - { at: 0.1, pan: { from: [250, 50], to: [150, 50], duration: 0.1, velocity: [-500, 0] } }", duration: 6))
        let rest = rowOffset(f.last!)
        XCTAssertEqual(rest.truncatingRemainder(dividingBy: 210), 0, accuracy: 0.5, "at a group's leading edge")
        XCTAssertGreaterThan(rest, 0)
    }

    /// scrollToItem in an orthogonal row: centring the last cell stops at the row's end
    /// (1710 − 300 = 1410, not 1590 − 150 = 1440), centring the first at its start (0, not −30)
    /// — clamped to the resting offsets on both sides (scripts/mutate found the clamp untested).
    func testScrollingARowToItsEndCellsStopsAtItsEnds() throws {
        let f = try frames(
            row(
                "continuous",
                """
                  - { at: 0.1, scroll_to_item: { item: "0.7", position: center, animated: false } }
                  - { at: 0.5, scroll_to_item: { item: "0.0", position: center, animated: false } }
                """, duration: 1))
        XCTAssertEqual(rowOffset(f[30]), 1410, accuracy: 1e-9)
        XCTAssertEqual(rowOffset(f.last!), 0, accuracy: 1e-9)
    }

    func testAVerticalDragInARowScrollsTheView() throws {
        let f = try frames(
            row(
                "continuous", "  - { at: 0.1, pan: { from: [150, 50], to: [150, 10], duration: 0.2, release: hold } }",
                duration: 1))
        XCTAssertEqual(f.last!.contentOffset.y, 40, accuracy: 1e-9)
        XCTAssertEqual(x(f.last!, "0.0"), 120)
    }

    func testTapsFindCellsWhereTheRowHasMovedThem() throws {
        let f = try frames(
            row(
                "continuous",
                """
                  - { at: 0.1, pan: { from: [250, 50], to: [40, 50], duration: 0.2, release: hold } }
                  - { at: 0.6, tap: { at: [150, 50] } }
                """, duration: 1))
        // Offset 210: item 1 (x 230–430 in the row) now spans 20–220.
        XCTAssertEqual(f.last!.items.filter(\.selected).map(\.id), ["0.1"])
    }

    /// Issue 26, item 20: a rect query on a scrolled orthogonal row answers with the cells whose
    /// scrolled frames meet the rect — the same as filtering every cell — at a cost that does not
    /// grow with the row (a row of 200 000 items: the query looks at a handful of columns).
    func testRowQueriesCostWhatIsInTheRect() throws {
        let text = scene(
            300, 600, time: "fps: 60, duration: 0.1",
            """
            collection:
              layout: { kind: compositional, interitem_spacing: 10, section_inset: [0, 20, 0, 20] }
              sections:
                - { items: 200000, item_size: [200, 100], orthogonal: continuous }
                - { items: 30, columns: 3, item_size: ["100%", 50] }
            """)
        let spec = try XCTUnwrap(try SceneLoader.decode(yaml: text, file: "row.yaml").collection)
        let layout = CompositionalLayout(
            spec: spec.layout, sectionCounts: spec.sections.map(\.count), viewSize: Size2(300, 600),
            sectionSpecs: spec.sections)
        let rect = Rect(x: 0, y: 0, width: 300, height: 600)
        for offset in [0.0, 1234.5, 2_000_000, 41_999_700] {
            let shift: (Int) -> Double = { $0 == 0 ? offset : 0 }
            let fast: [ItemPath] = layout.attributes(in: rect, rowOffset: shift).filter { $0.kind == .cell }.map { $0.indexPath }
            func shown(_ a: LayoutAttributes) -> Bool {
                guard a.kind == .cell else { return false }
                return a.indexPath.section != 0 || (a.frame.maxX - offset > rect.minX && a.frame.minX - offset < rect.maxX)
            }
            let all: [ItemPath] = layout.attributes(in: rect).filter(shown).map { $0.indexPath }
            XCTAssertEqual(fast, all, "offset \(offset)")
            XCTAssertLessThan(fast.filter { $0.section == 0 }.count, 4, "a row shows at most two or three cells in 300 pt")
            XCTAssertFalse(fast.isEmpty)
            XCTAssertLessThan(
                layout.attributes(in: rect, rowOffset: shift).count, 40, "the query itself returns only what is near the rect")
        }
    }

    func testCompositionalKeysAreChecked() {
        for (section, fragment) in [
            ("{ items: 3, columns: 2, orthogonal: paging }", "one row"),
            ("{ items: 3, item_size: [\"120%\", 10] }", "at most 100%"),
            ("{ items: 3, orthogonal: sideways }", "group_paging_centered"),
            ("{ items: 3, sizes: [[1, 1]] }", "flow layout's"),
        ] {
            let why = refusal(scene(300, 600, "collection:\n  layout: { kind: compositional }\n  sections:\n    - \(section)"))
            XCTAssertTrue(why?.contains(fragment) == true, why ?? "accepted")
        }
        let why = refusal(scene(300, 600, "collection:\n  sections:\n    - { items: 3, columns: 2 }"))
        XCTAssertTrue(why?.contains("compositional layout's") == true, why ?? "accepted")
    }
}
