import Foundation
import SpringyCore
import SpringyTestSupport
import XCTest

/// `sticky_corners` (Apple's StickyCornersBehavior): a view comes to rest at `inset` from the
/// nearest corner, whichever quarter of the bounds it is in; its children leave with it.
final class StickyCornersTests: XCTestCase {
    func text(start: Vec2, extra: String = "", script: String = "") -> String {
        scene(
            375, 667, time: "fps: 30, duration: 4",
            """
            items:
              pip: { center: [\(start.x), \(start.y)], size: [120, 80] }
            behaviors:
              - sticky_corners: { item: pip, inset: 16\(extra) }
            \(script.isEmpty ? "" : "script:\n" + script)
            """)
    }

    func rest(_ yaml: String) throws -> Vec2 { try XCTUnwrap(try frames(yaml).last?.items.first { $0.id == "pip" }).center }

    func testAViewRestsAtTheInsetCornerOfItsQuarter() throws {
        // The corners: the inset plus half the item from each edge.
        let corners: [(start: Vec2, corner: Vec2)] = [
            (Vec2(140, 250), Vec2(16 + 60, 16 + 40)), (Vec2(230, 250), Vec2(375 - 76, 56)),
            (Vec2(140, 420), Vec2(76, 667 - 56)), (Vec2(230, 420), Vec2(299, 611)),
        ]
        for (start, corner) in corners {
            let at = try rest(text(start: start))
            XCTAssertEqual(at.x, corner.x, accuracy: 0.5, "from \(start)")
            XCTAssertEqual(at.y, corner.y, accuracy: 0.5, "from \(start)")
        }
    }

    func testSettingTheInsetMovesTheCornersAndRemovingItLetsGo() throws {
        let moved = try rest(text(start: Vec2(140, 250), script: "  - { at: 2, set: { behavior: 0, inset: 40 } }"))
        XCTAssertEqual(moved.x, 40 + 60, accuracy: 0.5)
        XCTAssertEqual(moved.y, 40 + 40, accuracy: 0.5)
        // Removed at once: no field, no collision, no item behavior is left acting on it.
        let states = try frames(text(start: Vec2(140, 250), script: "  - { at: 0, remove: { behavior: 0 } }"))
        let still = try XCTUnwrap(states.last?.items.first).center
        XCTAssertEqual(still.x, 140, accuracy: 1e-4)  // Box2D keeps positions in 32-bit floats
        XCTAssertEqual(still.y, 250, accuracy: 1e-4)
    }

    func testItsKeysAreItsTable() {
        let bad = refusal(text(start: Vec2(140, 250)).replacingOccurrences(of: "inset: 16", with: "inset: 5000"))
        XCTAssertTrue(bad?.contains("behaviors[0].sticky_corners.inset: must be at most 1000") ?? false, bad ?? "accepted")
        let other = refusal(text(start: Vec2(140, 250), script: "  - { at: 1, set: { behavior: 0, damping: 1 } }"))
        XCTAssertTrue(other?.contains("it takes inset") ?? false, other ?? "accepted")
    }
}
