import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// performBatchUpdates: UIKit's index rules, its default animation, and refusals.
final class BatchUpdateTests: XCTestCase {
    /// Three columns of 100 × 80 cells in a 330 pt wide view (justified: centres at 50, 165, 280).
    func grid(sections: String = "- { items: 9 }", collection: String = "", duration: Double = 1.5, script: String) -> String {
        scene(
            330, 600, time: "fps: 60, duration: \(duration)",
            """
            collection:
              layout: { kind: flow, item_size: [100, 80] }
            \(collection)
              sections:
                \(sections)
            script:
            \(script)
            """)
    }

    func labels(_ f: FrameState) -> [String] {
        f.items.filter { !$0.id.hasPrefix("deleted.") }.sorted { ItemPath(string: $0.id)! < ItemPath(string: $1.id)! }.map {
            $0.label ?? ""
        }
    }

    func testTheFinalOrderFollowsUIKitsIndexRules() throws {
        // Deletes, reloads and move sources name the old index paths; inserts and move
        // destinations the new ones, placed in ascending order.
        let f = try frames(
            grid(
                script: """
                      - at: 0.1
                        update: { delete: ["0.1", "0.4"], insert: ["0.0", "0.5"], move: [["0.8", "0.2"]], reload: ["0.6"] }
                    """))
        XCTAssertEqual(labels(f.last!), ["9", "0", "8", "2", "3", "10", "5", "6", "7"])
        // The reloaded cell is a new cell (a new identity, so a new colour) with the same label.
        let before = f[0].items.first { $0.label == "6" }!, after = f.last!.items.first { $0.label == "6" }!
        XCTAssertNotEqual(before.paletteKey, after.paletteKey)
        XCTAssertEqual(
            f[0].items.first { $0.label == "8" }!.paletteKey, f.last!.items.first { $0.label == "8" }!.paletteKey,
            "a moved cell keeps its identity")
    }

    /// Inserted cells may carry their labels, as declared cells do (a chat's new message), in an
    /// update and in a plain insert; the rest are numbered on as before.
    func testInsertedCellsCarryTheirLabels() throws {
        let f = try frames(
            grid(
                script: """
                      - at: 0.1
                        update: { insert: [{ at: "0.0", label: "Kim: hi!" }, "0.2"], animated: false }
                      - at: 0.3
                        insert: { at: "0.1", labels: ["Ann: yo", "Bo: hey"] }
                      - at: 0.5
                        insert: { at: "0.0", label: "first" }
                    """))
        XCTAssertEqual(
            labels(f.last!), ["first", "Kim: hi!", "Ann: yo", "Bo: hey", "0", "9", "1", "2", "3", "4", "5", "6", "7", "8"])
        for (text, why) in [
            ("insert: { at: \"0.0\", label: a, labels: [b] }", "label (one cell) or labels, not both"),
            ("insert: { at: \"0.0\", count: 3, labels: [a] }", "count 3 and 1 label(s) disagree"),
            ("update: { insert: [{ at: \"0.0\", name: a }] }", "name"),
        ] {
            let refused = refusal(grid(script: "  - { at: 0.1, \(text) }"))
            XCTAssertTrue(refused?.contains(why) ?? false, "\(text): \(refused ?? "accepted")")
        }
    }

    func testCellsMoveOnTheEaseInOutCurveAndInsertedOnesFadeIn() throws {
        let f = try frames(grid(script: "  - { at: 0.5, update: { insert: [\"0.0\"] } }"))
        // Event at 0.5 s = frame 30; the animation lasts 0.3 s (18 frames).
        let cell0Before = item(f[29], "0.0")!.center, cell0After = item(f[48], "0.1")!.center
        XCTAssertEqual(cell0Before, Vec2(50, 40))
        XCTAssertEqual(cell0After, Vec2(165, 40))
        for k in [3, 9, 15] {
            let p = ScrollAxis.easeInOut(Double(k) / 18)
            let moving = item(f[30 + k], "0.1")!
            XCTAssertEqual(moving.center.x, 50 + 115 * p, accuracy: 1e-9, "frame \(30 + k)")
            XCTAssertEqual(moving.alpha, 1)
            XCTAssertEqual(item(f[30 + k], "0.0")!.alpha, p, accuracy: 1e-9, "the inserted cell fades in where it lands")
            XCTAssertEqual(item(f[30 + k], "0.0")!.center, Vec2(50, 40))
        }
        XCTAssertEqual(item(f[48], "0.0")!.alpha, 1)
    }

    func testDeletedCellsFadeOutWhereTheyWereAndScaleWhenAsked() throws {
        let f = try frames(
            grid(
                collection: "  updates: { duration: 0.5, appearance: scale }",
                script: "  - { at: 0.5, update: { delete: [\"0.4\"], insert: [\"0.0\"] } }"))
        let p = ScrollAxis.easeInOut(15.0 / 30)
        let gone = try XCTUnwrap(f[45].items.first { $0.id == "deleted.0.4" })
        XCTAssertEqual(gone.center, Vec2(165, 130))
        XCTAssertEqual(gone.alpha, 1 - p, accuracy: 1e-9)
        XCTAssertEqual(gone.size.width, 100 * (1 - 0.9 * p), accuracy: 1e-9)
        XCTAssertEqual(item(f[45], "0.0")!.size.width, 100 * (0.1 + 0.9 * p), accuracy: 1e-9)
        XCTAssertFalse(f[60].items.contains { $0.id.hasPrefix("deleted.") })
    }

    func testSectionsAreInsertedDeletedMovedAndReloaded() throws {
        let f = try frames(
            grid(
                sections: "- { items: [a, b] }\n    - { items: [c] }\n    - { items: [d, e] }",
                script: """
                      - at: 0.1
                        update:
                          delete_sections: [0]
                          move_sections: [[2, 0]]
                          insert_sections: [{ at: 2, items: ["x", "y", "z"] }]
                          reload_sections: [1]
                    """))
        XCTAssertEqual(labels(f.last!), ["d", "e", "c", "x", "y", "z"])
        XCTAssertEqual(f.last!.items.filter { $0.id.hasPrefix("2.") }.count, 3)
    }

    func testTheSelectionFollowsItsCells() throws {
        let f = try frames(
            grid(
                collection: "  selection: [\"0.3\"]",
                script: "  - { at: 0.1, update: { delete: [\"0.0\"], move: [[\"0.3\", \"0.7\"]] } }"))
        XCTAssertEqual(f.last!.items.filter(\.selected).map(\.id), ["0.7"])
        XCTAssertEqual(item(f.last!, "0.7")!.label, "3")
    }

    func testWithoutAnimationTheChangeShowsAtOnce() throws {
        let f = try frames(grid(script: "  - { at: 0.5, update: { insert: [\"0.0\"], animated: false } }"))
        XCTAssertEqual(item(f[30], "0.1")!.center, Vec2(165, 40))
        XCTAssertEqual(item(f[30], "0.0")!.alpha, 1)
    }

    func testAnUpdateUIKitWouldRefuseIsALocatedError() throws {
        for (update, fragment) in [
            ("{ delete: [\"0.9\"] }", "no cell 0.9 before the update"),
            ("{ delete: [\"0.1\"], reload: [\"0.1\"] }", "twice"),
            ("{ insert: [\"0.11\"] }", "section 0 would have 9 cells before it"),
            ("{ delete_sections: [1] }", "1 sections before the update"),
            ("{ insert: [\"0.0\", \"0.0\"] }", "two cells are inserted or moved to 0.0"),
        ] {
            let text = grid(script: "  - at: 0.1\n    update: \(update)")
            XCTAssertThrowsError(try frames(text, file: "u.yaml"), update) { e in
                XCTAssertTrue("\(e)".contains(fragment), "\(e)")
                XCTAssertTrue("\(e)".hasPrefix("u.yaml:11:1: script[0].update: "), "\(e)")
            }
        }
        XCTAssertThrowsError(
            try SceneLoader.decode(yaml: grid(script: "  - { at: 0.1, update: { insert: [\"x\"] } }"), file: "u.yaml")
        ) { e in
            XCTAssertTrue("\(e)".contains("expected a cell \"section.item\""), "\(e)")
        }
        XCTAssertThrowsError(
            try SceneLoader.decode(yaml: grid(script: "  - { at: 0.1, update: { animated: true } }"), file: "u.yaml")
        ) { e in
            XCTAssertTrue("\(e)".contains("at least one of insert"), "\(e)")
        }
    }

    func testTheSpringyLayoutSpringsMovedCellsToTheirNewSlots() throws {
        func carousel(items: Int, script: String) -> String {
            scene(
                330, 300, time: "fps: 60, duration: 4",
                """
                collection:
                  layout: { kind: flow, direction: horizontal, item_size: [100, 80] }
                  sections:
                    - { items: \(items) }
                  dynamics: { kind: springy }
                script:
                \(script)
                """)
        }
        let f = try frames(carousel(items: 12, script: "  - { at: 0.2, update: { insert: [\"0.0\"] } }"))
        let control = try frames(carousel(items: 13, script: "  []"))
        // Right after the update the moved cells are still near their old slots (their bodies
        // keep their places; the springs' anchors moved) ...
        let restSlot = item(control.last!, "0.1")!.center
        XCTAssertGreaterThan(item(f[13], "0.1")!.center.distance(to: restSlot), 80)
        XCTAssertLessThan(item(f[13], "0.1")!.center.distance(to: item(f[0], "0.0")!.center), 20)
        // ... and at rest every cell is where a collection of 13 cells rests.
        for it in control.last!.items {
            let moved = try XCTUnwrap(item(f.last!, it.id))
            XCTAssertEqual(moved.center.x, it.center.x, accuracy: 0.5, it.id)
            XCTAssertEqual(moved.center.y, it.center.y, accuracy: 0.5, it.id)
        }
    }
}
