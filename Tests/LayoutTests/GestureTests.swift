import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyScene
import SpringyTestSupport
import XCTest

/// Swipes, cancelled gestures, a long press that moves too much, and several fingers at once.
final class GestureTests: XCTestCase {
    func grid(duration: Double = 4, dynamics: String = "none", selection: String = "[]", script: String) -> String {
        scene(
            375, 667, time: "fps: 60, duration: \(duration)",
            """
            style: { finger: true }
            collection:
              layout: { kind: flow, item_size: [80, 80] }
              sections:
                - items: 400
              selection: \(selection)
              dynamics: { kind: \(dynamics) }
            script:
            \(script)
            """)
    }

    func testASwipeIsAShortStrokeThatLiftsAtItsSpeed() throws {
        let f = try frames(
            grid(script: "  - { at: 0.1, swipe: { from: [187, 500], direction: up, distance: 100, speed: 1000 } }"))
        // lifted at 0.2 s (frame 12) at offset 100, moving 1000 pt/s
        XCTAssertEqual(f[12].contentOffset.y, 100, accuracy: 1e-9)
        XCTAssertEqual(
            f[30].contentOffset.y, ScrollClosedForm.decelerated(start: 100, velocity: 1000, time: 18.0 / 60), accuracy: 1e-6)
        XCTAssertEqual(f.last!.contentOffset.y, 100 - 1000 / (1000 * log(0.998)), accuracy: 0.5)
    }

    func testACancelledPanGivesTheScrollViewNoVelocity() throws {
        let f = try frames(
            grid(
                duration: 1,
                script: """
                      - at: 0.1
                        pan: { from: [187, 500], to: [187, 400], duration: 0.1, velocity: [0, -2000], cancel: true }
                    """))
        XCTAssertEqual(f[12].contentOffset.y, 100, accuracy: 1e-9)
        XCTAssertTrue(f[13...].allSatisfy { $0.contentOffset.y == 100 }, "no coasting after a cancel")
    }

    func testALongPressThatMovesMoreThanTenPointsFails() throws {
        func raised(drift: String) throws -> Bool {
            let f = try frames(
                grid(
                    duration: 1.5, dynamics: "drag", selection: "[\"0.14\"]",
                    script: """
                          - at: 0.1
                            long_press: { at: [155, 145], press: 0.5, drift: \(drift), path: [[155, 145], [250, 330]], duration: 0.4 }
                        """))
            return f.contains { $0.items.contains { $0.z == 1 } }
        }
        XCTAssertTrue(try raised(drift: "[6, 6]"), "8.5 pt is within UIKit's allowable movement")
        XCTAssertFalse(try raised(drift: "[9, 9]"), "12.7 pt is past it: the long press fails")
    }

    func testEveryFingerShows() throws {
        let f = try frames(
            grid(
                duration: 1, dynamics: "drag",
                script: """
                      - { at: 0.1, pan: { from: [100, 500], to: [100, 450], duration: 0.5, release: hold } }
                      - { at: 0.2, long_press: { at: [300, 300], press: 0.2, duration: 0.3 } }
                    """))
        XCTAssertEqual(f[10].fingers.count, 1)
        XCTAssertEqual(f[20].fingers.count, 2, "both touches")
        XCTAssertEqual(f[20].fingers[1], Vec2(300, 300))
        XCTAssertTrue(f.last!.fingers.isEmpty)
    }

    func testASwipeNeedsADirection() {
        XCTAssertThrowsError(
            try SceneLoader.decode(
                yaml: grid(script: "  - { at: 0, swipe: { from: [1, 1], direction: sideways } }"),
                file: "s.yaml")
        ) { e in
            XCTAssertTrue("\(e)".contains("left, right, up or down"), "\(e)")
        }
    }
}
