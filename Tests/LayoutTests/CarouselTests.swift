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

/// The springy carousel and the scroll view, through scene text and the trace's frames.
final class CarouselTests: XCTestCase {
    func carousel(width: Double = 375, items: Int = 30, fps: Int = 120, duration: Double = 8, script: String) -> String {
        scene(
            width, 667, time: "fps: \(fps), duration: \(duration)",
            """
            collection:
              layout: { kind: flow, direction: horizontal, item_size: [70, 70], line_spacing: 10, interitem_spacing: 10, align: bottom }
              sections:
                - items: \(items)
              dynamics: { kind: springy }
            script:
            \(script)
            """)
    }

    func x(_ f: FrameState, _ id: String) -> Double? { item(f, id)?.center.x }

    func testNearCellsFollowTheFingerAndFarCellsLagByTheFullDelta() throws {
        // A wide view so that cells 500 pt and more from the touch are on screen.
        let f = try frames(
            carousel(
                width: 1000, fps: 120, duration: 1.5,
                script: """
                      - at: 0.5
                        pan: { from: [40, 600], to: [-200, 600], duration: 0.5, release: hold }
                    """))
        let start = 60  // the pan's first step is frame 61
        let content = f[start + 1].contentOffset.x - f[start].contentOffset.x
        XCTAssertGreaterThan(content, 1, "the content scrolls")
        let near = x(f[start + 1], "0.0")! - x(f[start], "0.0")!  // 5 pt from the touch
        let far = x(f[start + 1], "0.8")! - x(f[start], "0.8")!  // 635 pt from the touch
        XCTAssertEqual(near, -content, accuracy: 0.05 * content, "near cell moves with the content")
        XCTAssertEqual(far, 0, accuracy: 0.05 * content, "far cell lags by the full scroll delta")
        // Half-way: a cell 250 pt away moves with half the content.
        let mid = x(f[start + 1], "0.3")! - x(f[start], "0.3")!  // 235 pt from the touch
        XCTAssertEqual(mid, -content * (1 - 235.0 / 500), accuracy: 0.05 * content)
    }

    func testAfterAPanEveryCellReturnsToItsFlowPositionAtRest() throws {
        let text = carousel(
            script: """
                  - at: 0.3
                    pan: { from: [330, 600], to: [100, 600], duration: 0.5, release: hold, hold: 0.2 }
                """
        ).replacingOccurrences(of: "duration: 8", with: "until: rest, max_duration: 20")
        let f = try frames(text)
        let last = f.last!
        XCTAssertTrue(last.atRest, "comes to rest")
        XCTAssertEqual(last.contentOffset.x, 230, accuracy: 0.001)
        for cell in last.items {
            let index = Double(ItemPath(string: cell.id)!.item)
            let slot = Vec2(35 + 80 * index - last.contentOffset.x, 632)
            // Resting on the floor, UIKit's default friction (0.2) holds a cell while the spring's pull
            // is under μ·m·g: within 0.2 × 300 / (2π × 0.8)² = 2.37 pt of its slot.
            let held = 0.2 * 300 / pow(2 * Double.pi * 0.8, 2)
            XCTAssertEqual(cell.center.distance(to: slot), 0, accuracy: held + 0.1, "\(cell.id) at \(cell.center), slot \(slot)")
        }
    }

    func testAnInsertedCellFallsFromAboveTouchesTheRowAndBounces() throws {
        let f = try frames(
            carousel(
                duration: 4,
                script: """
                      - at: 0.5
                        insert: { at: right_of_center }
                    """))
        let startFrame = 61
        let new = "0.2"  // the first cell right of the centre (x 195 > 187.5)
        XCTAssertEqual(f[startFrame - 1].items.count, f[startFrame].items.count - 1, "one more cell")
        let y0 = item(f[startFrame], new)!.center.y
        XCTAssertLessThan(y0, 100, "starts at the top of the view")
        XCTAssertEqual(item(f[startFrame], new)!.center.x, 195, accuracy: 0.01)
        // UIKit's default elasticity (0.2): the write-up's elasticity-1 item behavior has no items.
        let (impact, rebound) = try XCTUnwrap(bounce(Array(f[startFrame...]), new), "touches the row's floor")
        XCTAssertGreaterThan(impact, 500, "falls onto the row")
        XCTAssertEqual(rebound / impact, 0.2, accuracy: 0.05, "rebounds at the default elasticity")
        // the neighbours keep their places and spring to the new slots
        XCTAssertEqual(x(f[startFrame], "0.3")!, 195, accuracy: 0.5, "old 0.2 starts where it was")
        XCTAssertEqual(x(f.last!, "0.3")!, 275, accuracy: 2.5, "and springs to its new slot (friction holds it within 2.4 pt)")
    }

    /// The speed of `id` just before its first contact with the floor (y 667) and the fastest it
    /// moves up within 0.1 s after.
    func bounce(_ f: [FrameState], _ id: String) -> (impact: Double, rebound: Double)? {
        guard
            let touch = f.firstIndex(where: { frame in
                frame.events.contains { $0.kind == .began && $0.item == id && $0.with == "bounds" && ($0.point?.y ?? 0) > 600 }
            }),
            touch > 0, let before = item(f[touch - 1], id)
        else { return nil }
        let after = f[touch...].prefix(12).compactMap { item($0, id)?.velocity.y }.min() ?? 0
        return (before.velocity.y, -after)
    }

    func testTheWriteUpsProseElasticityIsASceneKey() throws {
        let text = carousel(
            duration: 3,
            script: """
                  - at: 0.5
                    insert: { at: right_of_center }
                """
        ).replacingOccurrences(
            of: "dynamics: { kind: springy }",
            with: "dynamics: { kind: springy, collision: { mode: boundaries, elasticity: 1, apply_elasticity: true } }")
        let (impact, rebound) = try XCTUnwrap(bounce(Array(try frames(text)[61...]), "0.2"))
        XCTAssertGreaterThan(rebound / impact, 0.9, "elasticity 1 applied to the cells")
    }

    func testACarouselFrameRangeTracesTheSameAsTheFullRun() throws {
        let scene = try SceneLoader.load(path: packageRoot + "/scenes/springy-carousel-insert.yaml")
        let a = try Simulation.frames(of: scene).map(TraceWriter.line)
        var part: [String] = []
        try Simulation(scene: scene).run(frames: 200...260) { part.append(TraceWriter.line($0)) }
        XCTAssertEqual(part, Array(a[200...260]).map { $0 }, "a frame range traces the same as the full run")
    }

}
