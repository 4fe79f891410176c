import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringyTestSupport
import XCTest

/// Issue 30, item 1: UICollectionViewFlowLayout justifies a line (or centres a lone item) only
/// when it is not the section's last; the last line — a one-line section's only line too —
/// starts at the leading inset with exactly `minimumInteritemSpacing` between its items.
final class FlowLastLineTests: XCTestCase {
    /// The items' left edges at frame 0 of a flow section in a `width` pt wide view.
    func lefts(width: Double, layout: String, section: String) throws -> [Double] {
        let f = try frames(
            scene(
                width, 600, time: "fps: 10, duration: 0.1",
                """
                collection:
                  layout: { kind: flow, \(layout) }
                  sections:
                    - \(section)
                """))
        return f[0].items.sorted { ItemPath(string: $0.id)! < ItemPath(string: $1.id)! }.map { $0.center.x - $0.size.width / 2 }
    }

    func testAPartialLastLineKeepsTheMinimumSpacing() throws {
        // 288 pt for three 80 pt items: full lines justified (24 pt apart: 56, 160, 264); the
        // last line at 10 pt: the 5th item at 56 + 80 + 10 = 146 (it was column-aligned at 160).
        let x = try lefts(
            width: 400, layout: "item_size: [80, 80], interitem_spacing: 10, section_inset: [0, 56, 0, 56]",
            section: "{ items: 5 }")
        XCTAssertEqual(x, [56, 160, 264, 56, 146])
    }

    /// Issue 44, item 8: a line filled exactly to the point stays one line; a point more wraps
    /// (a mutation of `<=` to `<` in the line filling survived the earlier tests). Own sizes
    /// take the line-filling path; uniform sizes the column count.
    func testALineFilledExactlyToThePointDoesNotWrap() throws {
        // 100 + 10 + 150 + 10 + 100 = 370: exactly the 370 pt between the insets.
        let exact = try lefts(
            width: 410, layout: "interitem_spacing: 10, section_inset: [0, 20, 0, 20]",
            section: "{ items: 3, sizes: [[100, 50], [150, 50], [100, 50]] }")
        XCTAssertEqual(exact, [20, 130, 290], "one line")
        let over = try lefts(
            width: 409, layout: "interitem_spacing: 10, section_inset: [0, 20, 0, 20]",
            section: "{ items: 3, sizes: [[100, 50], [150, 50], [100, 50]] }")
        XCTAssertEqual(over, [20, 239, 20], "a point short: the third item wraps (the first line justified)")
        // Three 120 pt items and two 10 pt gaps: 380 pt, exactly the view's width.
        let columns = try lefts(width: 380, layout: "item_size: [120, 80], interitem_spacing: 10", section: "{ items: 3 }")
        XCTAssertEqual(columns, [0, 130, 260])
        let fewer = try lefts(width: 379, layout: "item_size: [120, 80], interitem_spacing: 10", section: "{ items: 3 }")
        XCTAssertEqual(fewer, [0, 259, 0], "a point short: two a line")
    }

    func testAOneLineSectionIsNotJustified() throws {
        // Two 120 pt items in 288 pt: 76 and 76 + 120 + 10 = 206 (justified, it was 76 / 244).
        let x = try lefts(
            width: 440, layout: "item_size: [120, 80], interitem_spacing: 10, section_inset: [0, 76, 0, 76]",
            section: "{ items: 2 }")
        XCTAssertEqual(x, [76, 206])
    }

    /// Issue 46, item 5: in a section whose lines each hold one item, every line is centred, the
    /// last too (UIKit's; the issue-30 fix had put the last at the leading inset). A lone item on
    /// the last line of a section whose lines hold two is at the leading inset.
    func testALoneItemIsCentredWhenEveryLineHoldsOne() throws {
        // The issue's numbers: 200 pt items in a 320 pt view with 16 pt insets: centre x 160.
        let issue = try lefts(
            width: 320, layout: "item_size: [200, 80], interitem_spacing: 10, section_inset: [0, 16, 0, 16]",
            section: "{ items: 3 }")
        XCTAssertEqual(issue.map { $0 + 100 }, [160, 160, 160])
        // One 200 pt item a line in 300 pt: centred at 70 on every line, the last too.
        let one = try lefts(
            width: 340, layout: "item_size: [200, 80], interitem_spacing: 10, section_inset: [0, 20, 0, 20]",
            section: "{ items: 3 }")
        XCTAssertEqual(one, [70, 70, 70])
        // One step past: 145 pt items, two a line exactly (145 + 10 + 145 = 300): the lone last
        // item at the leading inset; 146 pt, one a line: centred.
        let two = try lefts(
            width: 340, layout: "item_size: [145, 80], interitem_spacing: 10, section_inset: [0, 20, 0, 20]",
            section: "{ items: 3 }")
        XCTAssertEqual(two, [20, 175, 20])
        let lone = try lefts(
            width: 340, layout: "item_size: [146, 80], interitem_spacing: 10, section_inset: [0, 20, 0, 20]",
            section: "{ items: 3 }")
        XCTAssertEqual(lone, [97, 97, 97])
        // Own sizes, each line one item: centred, the last too.
        let ownLone = try lefts(
            width: 340, layout: "interitem_spacing: 10, section_inset: [0, 20, 0, 20]",
            section: "{ items: 3, sizes: [[200, 50], [250, 50], [200, 50]] }")
        XCTAssertEqual(ownLone, [70, 45, 70])
        // Own sizes: [100, 150] justified on the first line (20, 170); the lone 200 pt item of
        // the last line at the leading inset (it was centred at 70).
        let own = try lefts(
            width: 340, layout: "interitem_spacing: 10, section_inset: [0, 20, 0, 20]",
            section: "{ items: 3, sizes: [[100, 50], [150, 50], [200, 50]] }")
        XCTAssertEqual(own, [20, 170, 20])
    }

    /// `last_line: columns` keeps Springy's earlier look: the last line under the columns.
    func testTheColumnsOption() throws {
        let x = try lefts(
            width: 400,
            layout: "item_size: [80, 80], interitem_spacing: 10, section_inset: [0, 56, 0, 56], last_line: columns",
            section: "{ items: 5 }")
        XCTAssertEqual(x, [56, 160, 264, 56, 160])
        let own = try lefts(
            width: 340, layout: "interitem_spacing: 10, section_inset: [0, 20, 0, 20], last_line: columns",
            section: "{ items: 3, sizes: [[100, 50], [150, 50], [200, 50]] }")
        XCTAssertEqual(own, [20, 170, 70])
        let list = refusal(
            scene(300, 400, "collection:\n  layout: { kind: list, last_line: columns }\n  sections: [{ items: 2 }]"))
        XCTAssertTrue(list?.contains("last_line is a flow layout's") == true, list ?? "accepted")
        let bad = refusal(scene(300, 400, "collection:\n  layout: { last_line: centre }\n  sections: [{ items: 2 }]"))
        XCTAssertTrue(bad?.contains("\"leading\" (UIKit's) or \"columns\"") == true, bad ?? "accepted")
    }
}
