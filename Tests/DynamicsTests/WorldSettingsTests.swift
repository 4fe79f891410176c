import SpringyCore
import SpringyDynamics
import SpringyScene
import SpringyTestSupport
import XCTest

/// One world-settings value (step rate, item defaults, body limit) shared by every animator.
final class WorldSettingsTests: XCTestCase {
    func testAnAnimatorHoldsItsItemsToTheBodyLimit() throws {
        let animator = Animator(bounds: Rect(x: 0, y: 0, width: 100, height: 100), settings: WorldSettings(maxBodies: 2))
        try animator.addItem(id: "a", center: Vec2(10, 10), size: Size2(5, 5))
        try animator.addAnchorBody(id: "anchor", center: Vec2(50, 50))  // not an item: does not count
        try animator.addItem(id: "b", center: Vec2(30, 10), size: Size2(5, 5))
        XCTAssertThrowsError(try animator.addItem(id: "c", center: Vec2(50, 10), size: Size2(5, 5))) { error in
            XCTAssertTrue("\(error)".contains("--max-bodies"), "\(error)")
        }
        animator.removeItem("a")
        XCTAssertNoThrow(try animator.addItem(id: "c", center: Vec2(50, 10), size: Size2(5, 5)), "a removed item frees its place")
    }

    func testTheSceneGivesEveryAnimatorItsStepRateDefaultsAndLimit() throws {
        var limits = SceneLimits()
        limits.maxBodies = 7
        let s = try SceneLoader.decode(
            yaml: scene(
                200, 200, time: "fps: 30, step_rate: 240, duration: 1",
                """
                defaults: { elasticity: 0.5 }
                items:
                  box: { center: [100, 100], size: [20, 20] }
                """), file: "world.yaml", limits: limits)
        XCTAssertEqual(s.world.stepRate, 240)
        XCTAssertEqual(s.world.maxBodies, 7)
        XCTAssertEqual(s.world.defaults.elasticity, 0.5)
        XCTAssertEqual(s.world.defaults.friction, ItemProperties.uikit.friction, "the rest are UIKit's")
        let animator = Animator(bounds: Rect(x: 0, y: 0, width: 200, height: 200), settings: s.world)
        XCTAssertEqual(animator.h, 1.0 / 240)
        XCTAssertEqual(animator.defaults, s.world.defaults)
    }
}
