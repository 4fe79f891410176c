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

/// The springy multi-select drag (the third write-up), through the trace's frames.
final class DragTests: XCTestCase {
    /// Cells 0.13, 0.14 and 0.20 around the press at cell 0.14 (90, 145); the finger moves
    /// down-right, holds still for `hold` s, and lifts.
    func dragScene(hold: Double = 1.5, until: String = "duration: 6") -> String {
        scene(
            375, 667, time: "fps: 60, \(until)",
            """
            collection:
              layout: { kind: flow }
              sections:
                - items: 1000
              dynamics: { kind: drag }
            script:
              - { at: 0.1, tap: { item: "0.13" } }
              - { at: 0.1, tap: { item: "0.14" } }
              - { at: 0.1, tap: { item: "0.20" } }
              - at: 0.3
                long_press: { at: [155, 145], press: 0.5, path: [[155, 145], [250, 330]], duration: 0.6, hold: \(hold) }
            """)
    }

    /// `lift_elevation`: dragged cells cast a shadow while the drag lasts, none before or after
    /// (and none at all by default, as the write-up draws them).
    func testDraggedCellsAreLiftedWhileTheDragLasts() throws {
        let plain = try frames(dragScene())
        XCTAssertTrue(plain.allSatisfy { $0.items.allSatisfy { $0.elevation == 0 } })
        let f = try frames(
            dragScene().replacingOccurrences(of: "dynamics: { kind: drag }", with: "dynamics: { kind: drag, lift_elevation: 8 }"))
        XCTAssertEqual(item(f[40], "0.14")!.elevation, 0, "not yet recognised")
        XCTAssertEqual(item(f[90], "0.14")!.elevation, 8)
        XCTAssertEqual(item(f[90], "0.15")!.elevation, 0, "a cell not dragged")
        XCTAssertEqual(item(f[f.count - 1], "0.14")!.elevation, 0, "dropped")
        XCTAssertEqual(f.map { $0.items.map(\.center) }, plain.map { $0.items.map(\.center) }, "the shadow changes nothing else")
    }

    func testDraggedCellsKeepTheirOffsetsFromTheFingerOnceItHoldsStill() throws {
        let f = try frames(dragScene())
        let began = 48  // recognised at 0.8 s
        let touch0 = Vec2(155, 145), touchEnd = Vec2(250, 330)
        let holdEnd = Int((0.3 + 0.5 + 0.6 + 1.5) * 60) - 1
        for id in ["0.13", "0.14", "0.20"] {
            let offset0 = item(f[began], id)!.center - touch0
            let offset = item(f[holdEnd], id)!.center - touchEnd
            XCTAssertEqual((offset - offset0).length, 0, accuracy: 2, "\(id): \(offset0) then \(offset)")
            XCTAssertEqual(item(f[holdEnd], id)!.z, 1, "raised while dragged")
        }
        XCTAssertEqual(f[holdEnd].springs.count, 12, "four springs per dragged cell")
    }

    func testALongPressIsRecognisedExactlyAtItsPressTime() throws {
        // 0.1 s + 0.2 s is reached at the end of step 36 of 1/120 s, so frame 36 at 120 fps shows the drag.
        for (at, press) in [(0.1, 0.2), (0.3, 0.5), (0.7, 0.1)] {
            let f = try frames(
                scene(
                    375, 667, time: "fps: 120, duration: 1.5",
                    """
                    collection:
                      layout: { kind: flow }
                      sections:
                        - items: 100
                      selection: ["0.14"]
                      dynamics: { kind: drag }
                    script:
                      - at: \(at)
                        long_press: { at: [155, 145], press: \(press), duration: 0.2 }
                    """))
            let raised = f.firstIndex { $0.items.contains { $0.z == 1 } }
            XCTAssertEqual(raised, Int(((at + press) * 120).rounded()), "at \(at), press \(press)")
        }
    }

    func testUnselectedCellsNeverMoveAndEveryCellReturnsToTheGrid() throws {
        let f = try frames(dragScene(hold: 0.2, until: "until: rest, max_duration: 20"))
        let grid = f[0]
        var slots: [String: Vec2] = [:]
        for it in grid.items { slots[it.id] = it.center }
        for frame in f {
            for it in frame.items where !["0.13", "0.14", "0.20"].contains(it.id) {
                XCTAssertEqual(it.center, slots[it.id]!, "\(it.id) at frame \(frame.frame)")
                XCTAssertEqual(it.z, 0)
            }
        }
        let last = f.last!
        XCTAssertTrue(last.atRest)
        XCTAssertTrue(last.springs.isEmpty, "no drag state")
        for id in ["0.13", "0.14", "0.20"] {
            XCTAssertEqual(item(last, id)!.center.distance(to: slots[id]!), 0, accuracy: 0.5, id)
            XCTAssertEqual(item(last, id)!.z, 0)
            XCTAssertTrue(item(last, id)!.selected)
        }
        // The drag was released and settled before the end: no jump when the grid takes over.
        let lifted = f.firstIndex { $0.frame > 60 && $0.springs.isEmpty }!
        for id in ["0.13", "0.14", "0.20"] {
            XCTAssertEqual(item(f[lifted - 1], id)!.center.distance(to: slots[id]!), 0, accuracy: 0.5)
        }
    }

    func testTapTogglesSelection() throws {
        let f = try frames(
            scene(
                375, 667, time: "fps: 10, duration: 1",
                """
                collection:
                  layout: { kind: flow }
                  sections:
                    - items: 50
                  dynamics: { kind: drag }
                script:
                  - { at: 0.2, tap: { item: "0.3" } }
                  - { at: 0.5, tap: { at: [220, 30] } }
                  - { at: 0.7, select: { items: ["0.9", "0.10"] } }
                """))
        XCTAssertTrue(item(f[3], "0.3")!.selected)
        XCTAssertFalse(item(f[6], "0.3")!.selected, "a second tap (at its point) deselects")
        XCTAssertEqual(f[8].items.filter(\.selected).map(\.id), ["0.9", "0.10"])
    }
}
