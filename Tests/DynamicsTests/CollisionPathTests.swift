import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// Collision bounds of type path (convex or not) and boundaries made from paths.
final class CollisionPathTests: XCTestCase {
    func testConcaveOutlinesBecomeConvexPiecesOfTheSameArea() {
        let u: [Vec2] = [
            Vec2(-60, -40), Vec2(-30, -40), Vec2(-30, 20), Vec2(30, 20), Vec2(30, -40), Vec2(60, -40), Vec2(60, 40),
            Vec2(-60, 40),
        ]
        XCTAssertFalse(Polygon.isConvex(u))
        let pieces = Polygon.convexPieces(u)
        XCTAssertGreaterThan(pieces.count, 1)
        XCTAssertTrue(pieces.allSatisfy { Polygon.isConvex($0) && $0.count <= 8 && Polygon.signedArea($0) > 0 })
        XCTAssertEqual(pieces.map(Polygon.signedArea).reduce(0, +), abs(Polygon.signedArea(u)), accuracy: 1e-6)
        let circle = (0..<20).map { Vec2(cos(Double($0) / 20 * 2 * .pi), sin(Double($0) / 20 * 2 * .pi)) * 50 }
        XCTAssertEqual(
            Polygon.convexPieces(circle).map(Polygon.signedArea).reduce(0, +), abs(Polygon.signedArea(circle)), accuracy: 1e-6,
            "a convex outline of more than 8 points is split too")
        XCTAssertNotNil(Polygon.problem([Vec2(0, 0), Vec2(10, 10), Vec2(10, 0), Vec2(0, 10)]), "a bow tie crosses itself")
    }

    func testABallRestsInsideAConcaveCup() throws {
        // A U-shaped cup (anchored): its notch is 60 wide, floor at y = 420 (the cup's centre 400 + 20).
        let f = try frames(
            scene(
                400, 600, time: "fps: 60, duration: 3",
                items: [
                    "cup: { center: [200, 400], size: [120, 80], shape: path, path: [[-60, -40], [-30, -40], [-30, 20], [30, 20], [30, -40], [60, -40], [60, 40], [-60, 40]] }",
                    "ball: { center: [200, 250], size: [30, 30], shape: ellipse }",
                ],
                behaviors: [
                    "gravity: { items: [ball] }", "collision: { items: [cup, ball], bounds: false }",
                    "item: { items: [cup], anchored: true }", "item: { items: [ball], elasticity: 0 }",
                ]))
        let ball = try XCTUnwrap(item(f.last!, "ball"))
        XCTAssertEqual(ball.center.x, 200, accuracy: 1)
        XCTAssertEqual(ball.center.y, 420 - 15, accuracy: 2.5, "on the notch's floor, not on a convex hull's top at 360")
        XCTAssertEqual(item(f.last!, "cup")!.outline.count, 8, "the outline is drawn")
    }

    func testBoundariesFromPathsHoldItems() throws {
        // A circular bowl of radius 100 and a rounded-rect shelf: the ball rolls inside the bowl and never leaves it.
        let f = try frames(
            scene(
                400, 600, time: "fps: 60, duration: 3", items: ["ball: { center: [260, 300], size: [20, 20], shape: ellipse }"],
                behaviors: [
                    "gravity: { items: [ball] }",
                    "collision: { items: [ball], bounds: false, boundaries: { bowl: { circle: { center: [200, 300], radius: 100 } }, ledge: { rounded_rect: { rect: [150, 380, 100, 10], radius: 5 } }, ramp: { path: [[0, 0], [50, 20], [90, 60]] } } }",
                ]))
        let r = f.map { item($0, "ball")!.center.distance(to: Vec2(200, 300)) }
        XCTAssertLessThanOrEqual(r.max()!, 100 - 10 + 1.5)
        XCTAssertGreaterThan(
            f.contains { $0.events.contains { $0.with == "bowl" || $0.item == "bowl" } } ? 1 : 0, 0, "contacts name the boundary")
    }

    func testBadPathsAreLocatedErrors() {
        for (item, fragment) in [
            (
                "{ center: [50, 50], size: [40, 40], shape: path, path: [[-20, -20], [20, 20], [20, 0], [-20, 10]] }",
                "crosses itself"
            ),
            ("{ center: [50, 50], size: [40, 40], path: [[0, 0], [30, 0], [0, 10]] }", "within the item's size"),
            ("{ center: [50, 50], size: [40, 40], shape: path }", "needs `path"),
            ("{ center: [50, 50], size: [40, 40], shape: ellipse, path: [[0, 0], [10, 0], [0, 10]] }", "not ellipse"),
        ] {
            let why = refusal(scene(200, 200, items: ["a: \(item)"], behaviors: ["gravity: { items: [a] }"]))
            XCTAssertTrue(why?.contains(fragment) == true, why ?? "accepted")
        }
        let why = refusal(
            scene(
                200, 200, items: ["a: { center: [1, 1], size: [5, 5] }"],
                behaviors: ["collision: { items: [a], boundaries: { b: { path: [[0, 0]] } } }"]))
        XCTAssertTrue(why?.contains("at least two points") == true, why ?? "accepted")
    }
}
