import Foundation
import SpringyTestSupport
import XCTest

/// A scene is at rest when nothing moves: from frame 0 when nothing acts on its views (they
/// were awake for Box2D's half second before), not when something does; the animator resumes
/// when motion starts and says nothing at its first step.
final class RestTests: XCTestCase {
    let views = "items:\n  a: { center: [100, 100], size: [40, 40] }"

    func testNothingActingIsAtRestFromFrameZero() throws {
        let f = try frames(scene(200, 200, time: "fps: 30, duration: 1", views))
        XCTAssertTrue(f[0].atRest, "frame 0 of a scene where nothing moves")
        XCTAssertTrue(f.allSatisfy(\.atRest))
        XCTAssertTrue(f.allSatisfy { $0.events.isEmpty }, "no pause at the start: it never ran")
    }

    func testGravityIsNotRestAndAViewThatStartsMovingResumesTheAnimator() throws {
        let falling = try frames(
            scene(200, 400, time: "fps: 30, duration: 0.5", views + "\nbehaviors:\n  - gravity: { items: [a] }"))
        XCTAssertFalse(falling[0].atRest, "gravity acts from the start")
        let pushed = try frames(
            scene(
                200, 400, time: "fps: 30, duration: 1",
                views + "\nscript:\n  - { at: 0.5, push: { items: [a], angle: 0, magnitude: 1 } }"))
        XCTAssertTrue(pushed[0].atRest)
        let moving = try XCTUnwrap(pushed.firstIndex { !$0.atRest }, "the push moves it")
        // The push fires before the step that starts at 0.5 s; frame 15 shows the state before
        // that step, frame 16 the first after it.
        XCTAssertEqual(moving, 16, "from the push at 0.5 s")
        XCTAssertTrue(pushed[moving].events.contains { $0.kind == .resumed }, "the animator resumes then")
    }
}
