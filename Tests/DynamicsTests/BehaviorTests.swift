import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// Behaviors' UIKit meanings, through scene text and the frames the trace is made of.
final class BehaviorTests: XCTestCase {
    func twoBoxes(mode: String, extra: String = "") -> String {
        scene(
            300, 400,
            """
            items:
              low: { center: [150, 250], size: [60, 60] }
              high: { center: [150, 100], size: [60, 60] }
            behaviors:
              - gravity: { items: [high] }
              - collision: { items: [low, high], mode: \(mode) }
            \(extra)
            """)
    }

    func testBoundaryContactsReportBeganWithAPointAndEnded() throws {
        let f = try frames(
            scene(
                300, 400,
                """
                items:
                  ball: { center: [150, 100], size: [50, 50], shape: ellipse }
                behaviors:
                  - gravity: { items: [ball] }
                  - collision: { items: [ball], mode: boundaries }
                  - item: { items: [ball], elasticity: 0.8 }
                """))
        let events = f.flatMap(\.events).filter { $0.item == "ball" }
        let began = events.first { $0.kind == .began }
        XCTAssertEqual(began?.with, "bounds")
        XCTAssertEqual(began?.point?.y ?? 0, 400, accuracy: 2, "touches the floor")
        XCTAssertTrue(events.contains { $0.kind == .ended && $0.with == "bounds" }, "it bounces off again")
    }

    func testModeItemsCollidesItemsButNotTheBounds() throws {
        let f = try frames(twoBoxes(mode: "items"))
        let events = f.flatMap(\.events)
        XCTAssertTrue(events.contains { $0.kind == .began && $0.item == "low" && $0.with == "high" })
        XCTAssertFalse(events.contains { $0.with == "bounds" })
        XCTAssertGreaterThan(item(f.last!, "high")!.center.y, 400, "falls out through the floor")
    }

    func testModeBoundariesLetsItemsPassThroughEachOther() throws {
        let f = try frames(twoBoxes(mode: "boundaries"))
        XCTAssertFalse(f.flatMap(\.events).contains { $0.with == "high" || $0.with == "low" })
        XCTAssertEqual(item(f.last!, "high")!.center.y, 400 - 31, accuracy: 1.5, "lands on the floor through the other box")
    }

    func testNamedLineBoundariesStopItems() throws {
        let f = try frames(
            scene(
                300, 400,
                """
                items:
                  box: { center: [150, 50], size: [40, 40] }
                behaviors:
                  - gravity: { items: [box] }
                  - collision: { items: [box], bounds: false, boundaries: { shelf: { from: [0, 200], to: [300, 200] } } }
                """))
        XCTAssertTrue(f.flatMap(\.events).contains { $0.kind == .began && $0.with == "shelf" })
        XCTAssertEqual(item(f.last!, "box")!.center.y, 180, accuracy: 1.5)
    }

    func testACompositeBehaviorActsAsItsChildren() throws {
        let plain = try frames(twoBoxes(mode: "everything"))
        let composite = try frames(
            scene(
                300, 400,
                """
                items:
                  low: { center: [150, 250], size: [60, 60] }
                  high: { center: [150, 100], size: [60, 60] }
                behaviors:
                  - composite:
                      behaviors:
                        - gravity: { items: [high] }
                        - collision: { items: [low, high], mode: everything }
                """))
        XCTAssertEqual(plain.map { $0.items }, composite.map { $0.items })
    }

    func testAnAttachmentsLengthDefaultsToTheDistanceAtCreation() throws {
        let f = try frames(
            scene(
                400, 600,
                """
                items:
                  a: { center: [100, 100], size: [40, 40] }
                  b: { center: [180, 160], size: [40, 40] }
                behaviors:
                  - attachment: { item: b, to: a, frequency: 4, damping: 1 }
                  - gravity: { items: [b] }
                  - item: { items: [a], anchored: true }
                """))
        let last = f.last!
        XCTAssertEqual(item(last, "a")!.center, Vec2(100, 100))
        // A stiff spring of rest length 100 holding a weight stretches a little past 100.
        let d = item(last, "b")!.center.distance(to: Vec2(100, 100))
        XCTAssertGreaterThan(d, 100)
        XCTAssertLessThan(d, 120)
        XCTAssertEqual(last.springs.first?.item, "b")
    }

    func testSettingGravityMidSceneReversesIt() throws {
        let f = try frames(
            scene(
                300, 2000, time: "fps: 60, duration: 1",
                """
                items:
                  box: { center: [150, 1000], size: [40, 40] }
                behaviors:
                  - gravity: { items: [box], magnitude: 1 }
                script:
                  - at: 0.5
                    set: { behavior: 0, magnitude: -1 }
                """))
        let v = f.map { item($0, "box")!.velocity.y }
        XCTAssertGreaterThan(v[30], 400)
        XCTAssertLessThan(v[59], v[40], "decelerating after the change")
    }

    func testGravityAfterMagnitudeZeroThenOnePointsRight() throws {
        let f = try frames(
            scene(
                2000, 2000, time: "fps: 60, duration: 1",
                items: ["box: { center: [1000, 1000], size: [40, 40] }"], behaviors: ["gravity: { items: [box] }"],
                extra:
                    "script: [{ at: 0.2, set: { behavior: 0, magnitude: 0 } }, { at: 0.3, set: { behavior: 0, magnitude: 1 } }]"))
        let a = item(f[30], "box")!.velocity, b = item(f[59], "box")!.velocity
        XCTAssertGreaterThan(b.x - a.x, 400, "accelerates to the right")
        XCTAssertEqual(b.y, a.y, accuracy: 40, "not down (only resistance changes it)")
    }

    /// Apple says to add one gravity behavior per animator; Springy gives each its items, and an
    /// item in two feels their sum (DYNAMICS.md, "Gravity").
    func testAnItemInTwoGravityBehaviorsFeelsTheirSum() throws {
        let f = try frames(
            scene(
                2000, 2000, time: "fps: 60, duration: 0.5",
                items: ["both: { center: [1000, 1000], size: [40, 40] }", "down: { center: [200, 1000], size: [40, 40] }"],
                behaviors: [
                    "gravity: { items: [both, down] }", "gravity: { items: [both], direction: [1, 0] }",
                    "item: { items: [both, down], resistance: 0 }",
                ]))
        let both = item(f.last!, "both")!.velocity, down = item(f.last!, "down")!.velocity
        XCTAssertEqual(down.x, 0, accuracy: 1e-6)
        XCTAssertEqual(both.y, down.y, accuracy: 1, "the first behavior's pull")
        XCTAssertEqual(both.x, down.y, accuracy: 1, "plus the second's, sideways")
    }

    func testUntilRestEndsTheSceneWhenTheAnimatorPauses() throws {
        let f = try frames(
            scene(
                300, 400, time: "fps: 60, until: rest, max_duration: 10",
                """
                items:
                  box: { center: [150, 100], size: [60, 60] }
                behaviors:
                  - gravity: { items: [box] }
                  - collision: { items: [box] }
                """))
        XCTAssertLessThan(f.count, 600)
        XCTAssertTrue(f.last!.atRest)
        XCTAssertFalse(f.dropLast().contains { $0.atRest })
        XCTAssertTrue(f.last!.events.contains { $0.kind == .paused })
    }

    func testItemsInNoGravityBehaviorFeelNone() throws {
        let f = try frames(twoBoxes(mode: "boundaries"))
        XCTAssertEqual(item(f.last!, "low")!.center, Vec2(150, 250))
    }

    func testUnknownItemsInBehaviorsAreRejectedAtLoad() throws {
        XCTAssertThrowsError(
            try SceneLoader.decode(
                yaml: twoBoxes(mode: "everything").replacingOccurrences(of: "[high]", with: "[hihg]"), file: "x.yaml")
        ) { e in
            XCTAssertTrue("\(e)".contains("did you mean \"high\""), "\(e)")
            XCTAssertTrue("\(e)".hasPrefix("x.yaml:8:"), "\(e)")
        }
    }
}

/// ReferenceBounds.move: a collision with the bounds follows a new reference area (a layout
/// animator's content that grew), its named boundaries kept.
final class NewBoundsTests: XCTestCase {
    func settle(_ animator: Animator, _ steps: Int = 600) throws { for _ in 0..<steps { try animator.step() } }

    func testABoxRestingOnTheRightBoundMovesOnWhenTheBoundsWiden() throws {
        let animator = Animator(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        try animator.addItem(id: "box", center: Vec2(50, 50), size: Size2(10, 10))
        _ = try animator.addBehavior(.gravity(items: ["box"], vector: Vec2(1, 0)), label: "gravity")
        _ = try animator.addBehavior(
            .collision(
                items: ["box"], mode: .boundaries, bounds: true, insets: .zero,
                boundaries: [NamedSegment(name: "shelf", from: Vec2(0, 80), to: Vec2(400, 80))]),
            label: "collision")
        try settle(animator)
        XCTAssertEqual(animator.state(of: "box")!.center.x, 95, accuracy: 0.6, "against the right bound")
        // The same bounds: nothing changes (the boundary is not made again).
        let boundaries = animator.boundarySegments.count
        try ReferenceBounds.move(animator, to: Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(animator.boundarySegments.count, boundaries)
        try ReferenceBounds.move(animator, to: Rect(x: 0, y: 0, width: 200, height: 100))
        try settle(animator)
        XCTAssertEqual(animator.state(of: "box")!.center.x, 195, accuracy: 0.6, "against the new right bound")
        XCTAssertEqual(animator.bounds, Rect(x: 0, y: 0, width: 200, height: 100))
        // Four edges of the new bounds and the shelf, drawn; the old edges are gone.
        XCTAssertEqual(animator.boundarySegments.count, boundaries)
        XCTAssertTrue(animator.boundarySegments.contains { $0.from.x > 150 || $0.to.x > 150 })
    }
}

/// An item that leaves the animator leaves the behaviors that list it; they go on acting on the
/// rest (UIKit: a removed view is removed from its behaviors' items).
final class ItemLeavesTests: XCTestCase {
    func testAListBehaviorForgetsTheItemThatLeftAndKeepsTheOthers() throws {
        let animator = Animator(bounds: Rect(x: 0, y: 0, width: 400, height: 400))
        for (id, x) in [("a", 100.0), ("b", 200.0), ("c", 300.0)] {
            try animator.addItem(id: id, center: Vec2(x, 50), size: Size2(20, 20))
        }
        let gravity = try animator.addBehavior(.gravity(items: ["a", "b", "c"], vector: Vec2(0, 1)), label: "gravity")
        let push = try animator.addBehavior(
            .push(items: ["a", "b", "c"], mode: .continuous, vector: Vec2(0.1, 0), offset: .zero), label: "push")
        animator.removeItem("b")
        XCTAssertEqual(animator.spec(of: gravity), .gravity(items: ["a", "c"], vector: Vec2(0, 1)))
        guard case .push(let p) = animator.spec(of: push) else { return XCTFail("not a push") }
        XCTAssertEqual(p.items, ["a", "c"])
        for _ in 0..<30 { try animator.step() }
        for id in ["a", "c"] { XCTAssertGreaterThan(try XCTUnwrap(animator.state(of: id)).center.y, 60, "\(id) still falls") }
        XCTAssertNil(animator.state(of: "b"))
    }
}
