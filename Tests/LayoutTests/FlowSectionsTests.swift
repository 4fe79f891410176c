import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyScene
import SpringyTestSupport
import XCTest

/// The flow layout's per-section values, footers and section backgrounds (UIKit's
/// UICollectionViewDelegateFlowLayout answers and decoration views).
final class FlowSectionsTests: XCTestCase {
    func collection(_ body: String) throws -> CollectionSpec {
        try XCTUnwrap(try SceneLoader.decode(yaml: scene(375, 667, body), file: "s.yaml").collection)
    }

    func layout(_ spec: CollectionSpec) -> FlowLayout {
        FlowLayout(
            spec: spec.layout, sectionCounts: spec.sections.map(\.count), viewSize: Size2(375, 667), sectionSpecs: spec.sections)
    }

    func testPerItemSizesFillLinesJustifiedAndCentredAcrossTheirThickness() throws {
        let c = try collection(
            """
            collection:
              layout: { kind: flow, line_spacing: 10, interitem_spacing: 10 }
              sections:
                - { items: 5, sizes: [[100, 50], [150, 80]] }
            """)
        let l = layout(c)
        func f(_ k: Int) -> Rect { l.attributes(for: ItemPath(0, k))!.frame }
        // 100 + 10 + 150 + 10 + 100 = 370 fits 375; the 4th (150) does not: a justified line of 3.
        XCTAssertEqual([f(0).minX, f(1).minX, f(2).minX], [0, 112.5, 275])
        XCTAssertEqual(f(0).minY, 15, "a 50 pt item centred in an 80 pt line")
        XCTAssertEqual(f(1).minY, 0)
        // The last line (150, 100) keeps the minimum spacing from the leading edge, 90 pt down.
        XCTAssertEqual(f(3).minX, 0)
        XCTAssertEqual(f(4).minX, 160)
        XCTAssertEqual(f(3).minY, 90)
        XCTAssertEqual(l.contentSize.height, 170)
        XCTAssertEqual(l.attributes(in: Rect(x: 0, y: 100, width: 375, height: 10)).map(\.indexPath.item), [3, 4])
    }

    func testASectionsOwnInsetsAndSpacing() throws {
        let c = try collection(
            """
            collection:
              layout: { kind: flow, item_size: [50, 50] }
              sections:
                - { items: 3 }
                - { items: 5, item_size: [60, 60], section_inset: [20, 30, 20, 30], line_spacing: 5 }
            """)
        let l = layout(c)
        let first = l.attributes(for: ItemPath(1, 0))!.frame
        // section 0: one line of 50; section 1 starts at 50, inset 20 down and 30 in.
        XCTAssertEqual(first.minY, 70)
        // four of 60 fit 315 pt with 10 between: justified at (315 − 240) / 3 = 25 apart.
        XCTAssertEqual((0..<4).map { l.attributes(for: ItemPath(1, $0))!.frame.minX }, [30, 115, 200, 285])
        XCTAssertEqual(l.attributes(for: ItemPath(1, 4))!.frame.minY, 70 + 60 + 5)
        XCTAssertEqual(l.contentSize.height, 50 + 20 + 125 + 20)
    }

    func testFootersFollowTheirSectionAndPinWhenAsked() throws {
        let text = scene(
            375, 667, time: "fps: 60, duration: 1",
            """
            collection:
              layout: { kind: flow, item_size: [80, 80], header_height: 40, footer_height: 30, sticky_footers: true, section_backgrounds: true }
              sections:
                - { items: 40, header: "A", footer: "40 items" }
                - { items: 8, header: "B", footer: "8 items", background: "#FFEEDD" }
            script:
              - { at: 0.2, scroll_to: { offset: [0, 500], animated: false } }
            """)
        let f = try frames(text)
        // Section 0: header 40, 10 lines of 80 with 10 between (890), footer 30: ends at 960.
        let footer0 = try XCTUnwrap(f[0].headers.first { $0.id == "footer.0" })
        XCTAssertEqual(footer0.frame.maxY, 667, "pinned to the bottom while its section shows")
        XCTAssertTrue(footer0.pinned)
        let bg0 = try XCTUnwrap(f[0].headers.first { $0.id == "background.0" })
        XCTAssertEqual(bg0.frame.minY, 40)
        XCTAssertEqual(bg0.frame.height, 890)
        let late = f.last!
        let footerAtEnd = try XCTUnwrap(late.headers.first { $0.id == "footer.0" })
        XCTAssertEqual(footerAtEnd.frame.minY, 930 - 500, accuracy: 1e-9, "at its natural place once the section ends on screen")
        XCTAssertFalse(footerAtEnd.pinned)
        XCTAssertEqual(late.headers.first { $0.id == "background.1" }?.color, Color(hex: "#FFEEDD"))
    }

    func testRightToLeftFillsLinesFromTheRight() throws {
        let rtl = layout(
            try collection(
                "collection:\n  layout: { kind: flow, item_size: [80, 80], right_to_left: true }\n  sections:\n    - { items: 6 }"
            ))
        let ltr = layout(
            try collection("collection:\n  layout: { kind: flow, item_size: [80, 80] }\n  sections:\n    - { items: 6 }"))
        for k in 0..<6 {
            let a = rtl.attributes(for: ItemPath(0, k))!.frame, b = ltr.attributes(for: ItemPath(0, k))!.frame
            XCTAssertEqual(a.minX, 375 - b.maxX, accuracy: 1e-9, "item \(k) mirrored")
            XCTAssertEqual(a.minY, b.minY)
        }
        XCTAssertEqual(rtl.attributes(for: ItemPath(0, 0))!.frame.maxX, 375, "the first item at the right edge")
        XCTAssertEqual(rtl.attributes(in: Rect(x: 300, y: 0, width: 75, height: 80)).map(\.indexPath.item), [0])
    }

    func testRightToLeftListsSwapTheirInsetsAndTitlesSitAtTheTrailingEdge() throws {
        let f = try frames(
            scene(
                375, 667, time: "fps: 10, duration: 0.1",
                """
                collection:
                  layout: { kind: list, row_height: 60, section_inset: [0, 40, 0, 10], header_height: 30, right_to_left: true }
                  sections:
                    - { items: 3, header: "One" }
                """))
        XCTAssertEqual(item(f[0], "0.0")!.center.x, 10 + 325.0 / 2, "the 40 pt inset is on the right")
        XCTAssertEqual(item(f[0], "0.0")!.size.width, 325)
        XCTAssertEqual(f[0].headers.map(\.trailingTitle), [true])
        let ltr = try frames(
            scene(
                375, 667, time: "fps: 10, duration: 0.1",
                """
                collection:
                  layout: { kind: list, header_height: 30 }
                  sections:
                    - { items: 3, header: "One" }
                """))
        XCTAssertEqual(ltr[0].headers.map(\.trailingTitle), [false])
    }

    func testSectionValuesAreCheckedWhereTheyApply() {
        for (body, fragment) in [
            ("collection:\n  layout: { kind: list }\n  sections:\n    - { items: 3, sizes: [[10, 10]] }", "flow layout"),
            ("collection:\n  layout: { kind: list, footer_height: 20 }\n  sections:\n    - { items: 3 }", "flow"),
            ("collection:\n  sections:\n    - { items: 3, sizes: [[10, 10]], item_size: [5, 5] }", "not both"),
            ("collection:\n  sections:\n    - { items: 3, sizes: [] }", "at least one"),
            (
                "collection:\n  layout: { direction: horizontal, right_to_left: true }\n  sections:\n    - { items: 3 }",
                "not mirrored yet"
            ),
            (
                "collection:\n  layout: { kind: grid, columns: 3, right_to_left: true }\n  sections:\n    - { items: 3 }",
                "not mirrored yet"
            ),
        ] {
            XCTAssertThrowsError(try SceneLoader.decode(yaml: scene(375, 667, body), file: "s.yaml")) { e in
                XCTAssertTrue("\(e)".contains(fragment), "\(e)")
            }
        }
    }
}
