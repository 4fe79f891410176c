import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyScene
import SpringyTestSupport
import XCTest

/// Interactive movement: lift, follow, shift neighbours, drop or cancel.
final class ReorderTests: XCTestCase {
    /// Three columns of 100 × 100 cells 10 pt apart in a 320 pt wide view (centres 50, 160, 270;
    /// rows 110 apart): every line, the last too, at the minimum spacing.
    func grid(_ script: String, duration: Double = 3) -> String {
        scene(
            320, 600, time: "fps: 60, duration: \(duration)",
            """
            collection:
              layout: { kind: flow, item_size: [100, 100] }
              sections:
                - { items: [A, B, C, D, E, F, G, H, I] }
            script:
            \(script)
            """)
    }

    func order(_ f: FrameState) -> [String] {
        f.items.sorted { ItemPath(string: $0.id)! < ItemPath(string: $1.id)! }.map { $0.label ?? "" }
    }

    func testTheCellDropsIntoTheSlotUnderTheFinger() throws {
        // Lifted at 0.1 + 0.5 s (frame 36); moves 1 s to the middle of the third row's second cell.
        let f = try frames(
            grid("  - { at: 0.1, reorder: { at: [50, 50], path: [[50, 50], [160, 160], [175, 285]], duration: 1 } }"))
        XCTAssertEqual(order(f.last!), ["B", "C", "D", "E", "F", "G", "H", "A", "I"])
        // While held, its centre is the finger's position, 1.1 times its size, above the rest, lifted.
        let held = try XCTUnwrap(f[66].items.first { $0.label == "A" })
        XCTAssertEqual(held.center.x, f[66].fingers[0].x, accuracy: 1e-9)
        XCTAssertEqual(held.center.y, f[66].fingers[0].y, accuracy: 1e-9)
        XCTAssertEqual(held.size.width, 110, accuracy: 1e-9)
        XCTAssertEqual(held.z, 2)
        XCTAssertEqual(held.elevation, 8)
        // Released at 1.6 s (frame 96) at (175, 285); it settles into its slot on UIKit's curve in 0.3 s.
        let p = ScrollAxis.easeInOut(9.0 / 18)
        let settling = try XCTUnwrap(f[105].items.first { $0.label == "A" })
        XCTAssertEqual(settling.center.x, 175 - 15 * p, accuracy: 1e-9)
        XCTAssertEqual(settling.center.y, 285 - 15 * p, accuracy: 1e-9)
        XCTAssertEqual(settling.size.width, 110 - 10 * p, accuracy: 1e-9)
        let rest = try XCTUnwrap(f[114].items.first { $0.label == "A" })
        XCTAssertEqual(rest.center, Vec2(160, 270))
        XCTAssertEqual(rest.size, Size2(100, 100))
        XCTAssertEqual(rest.elevation, 0)
    }

    func testNeighboursShiftAsTheCellCrossesThem() throws {
        let f = try frames(
            grid("  - { at: 0.1, reorder: { at: [50, 50], path: [[50, 50], [270, 50]], duration: 0.5, hold: 0.5 } }"))
        // Over C by 1.1 s: B and C have shifted left; A is held over C's old slot.
        XCTAssertEqual(item(f[80], "0.0")!.label, "B")
        XCTAssertEqual(item(f[80], "0.0")!.center, Vec2(50, 50))
        XCTAssertEqual(item(f[80], "0.1")!.center, Vec2(160, 50))
        XCTAssertEqual(order(f.last!), ["B", "C", "A", "D", "E", "F", "G", "H", "I"])
    }

    func testACancelledMovementPutsTheCellBack() throws {
        let f = try frames(
            grid("  - { at: 0.1, reorder: { at: [50, 50], path: [[50, 50], [270, 270]], duration: 0.5, cancel: true } }"))
        XCTAssertNotEqual(order(f[60]), order(f[0]), "the data moved while the finger was down")
        XCTAssertEqual(order(f.last!), order(f[0]))
        XCTAssertEqual(f.last!.items.first { $0.label == "A" }!.center, Vec2(50, 50))
    }

    func testAPressOverNoCellMovesNothing() throws {
        let f = try frames(grid("  - { at: 0.1, reorder: { at: [50, 500], path: [[50, 500], [160, 50]], duration: 0.5 } }"))
        XCTAssertTrue(f.allSatisfy { order($0) == order(f[0]) && $0.items.allSatisfy { $0.z == 0 } })
    }

    /// Issue 43: a list's reorder moved the lifted row so its centre sat under the finger (155 pt
    /// sideways when pressed where a grabber would be). UITableView keeps the row's x and moves it
    /// vertically only, under the point where it was grabbed; the row lands where its centre is.
    func testAListRowMovesVerticallyUnderTheGrabPoint() throws {
        let f = try frames(
            scene(
                320, 600, time: "fps: 60, duration: 3",
                """
                collection:
                  layout: { kind: list, row_height: 50 }
                  sections:
                    - { items: [A, B, C, D, E, F] }
                script:
                  - { at: 0.1, reorder: { at: [300, 30], path: [[300, 30], [280, 180]], duration: 1 } }
                """))
        // Lifted at 0.6 s (frame 36), held while the finger moves 150 pt down and 20 pt left.
        let lifted = try XCTUnwrap(f[40].items.first { $0.label == "A" })
        let finger = f[40].fingers[0]
        XCTAssertEqual(lifted.center.x, 160, accuracy: 1e-9, "the row keeps its x, not the finger's \(finger.x)")
        XCTAssertEqual(lifted.center.y - finger.y, 25 - 30, accuracy: 1e-9, "the grab point stays under the finger")
        let held = try XCTUnwrap(f[90].items.first { $0.label == "A" })
        XCTAssertEqual(held.center.x, 160, accuracy: 1e-9)
        XCTAssertEqual(held.center.y - f[90].fingers[0].y, -5, accuracy: 1e-9)
        // Dropped with its centre at 175: over the fourth row's slot (150-200).
        XCTAssertEqual(order(f.last!), ["B", "C", "D", "A", "E", "F"])
        XCTAssertEqual(try XCTUnwrap(f.last!.items.first { $0.label == "A" }).center, Vec2(160, 175))
    }

    /// beginInteractiveMovementForItem's answer (scripts/mutate: its Bool was never read): true
    /// over a cell, false over no cell and while a movement is already under way.
    func testBeginningAMovementSaysWhetherACellLifted() throws {
        let scene = try SceneLoader.decode(yaml: grid("  - { at: 0.1, tap: { at: [1, 1] } }"), file: "r.yaml")
        let c = try CollectionView(spec: try XCTUnwrap(scene.collection), viewSize: Size2(320, 600))
        XCTAssertFalse(c.beginInteractiveMovement(at: Vec2(50, 500)), "no cell there")
        XCTAssertTrue(c.beginInteractiveMovement(at: Vec2(50, 50)), "cell A lifts")
        XCTAssertFalse(c.beginInteractiveMovement(at: Vec2(160, 50)), "one movement at a time")
    }

    func testReorderKeysAreChecked() {
        for (body, fragment) in [
            ("items: { a: { center: [10, 10], size: [5, 5] } }\nscript:\n  - { at: 0, reorder: { at: [1, 1] } }", "has none"),
            ("collection:\n  reorder: { lift_scale: 0 }\n  sections:\n    - { items: 3 }", "lift_scale"),
            (
                "collection:\n  sections:\n    - { items: 3 }\nscript:\n  - { at: 0, reorder: { at: [1, 1], cancel: 2 } }",
                "cancel"
            ),
        ] {
            XCTAssertThrowsError(try SceneLoader.decode(yaml: scene(330, 600, body), file: "r.yaml")) { e in
                XCTAssertTrue("\(e)".contains(fragment), "\(e)")
            }
        }
    }
}
