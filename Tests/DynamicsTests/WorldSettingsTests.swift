import SpringyCore
import SpringyDynamics
import SpringyLayout
import SpringyScene
import SpringySimulation
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

    /// The scene's step rate and item defaults reach the animator the simulation makes for its
    /// free views, seen in how a box falls: Box2D's semi-implicit Euler with linear damping,
    /// v ← (v + g·h) / (1 + h·c), y ← y + v·h, per step of h = 1/step_rate (DYNAMICS.md), written
    /// out here. At 120 steps/s and UIKit's resistance 0.1 the box is elsewhere by points.
    func testTheStepRateAndDefaultsReachTheFreeViewsAnimator() throws {
        func fall(stepRate: Int, resistance: Double) throws -> (simulated: Double, expected: Double) {
            let s = try SceneLoader.decode(
                yaml: scene(
                    200, 2000, time: "fps: 30, step_rate: \(stepRate), duration: 1",
                    """
                    defaults: { resistance: \(resistance) }
                    items:
                      box: { center: [100, 100], size: [20, 20] }
                    behaviors:
                      - gravity: { items: [box] }
                    """), file: "world.yaml")
            let sim = try Simulation(scene: s)
            let frame = try sim.frame(30)  // t = 1 s
            let y = try XCTUnwrap(frame.items.first { $0.id == "box" }).center.y
            let h = 1 / Double(stepRate), g = 1000.0
            var v = 0.0, expected = 100.0
            for _ in 0..<stepRate {
                v = (v + g * h) / (1 + h * resistance)
                expected += v * h
            }
            return (y, expected)
        }
        let fast = try fall(stepRate: 240, resistance: 2)
        XCTAssertEqual(fast.simulated, fast.expected, accuracy: 0.05, "240 steps/s, resistance 2")
        let uikit = try fall(stepRate: 120, resistance: 0.1)
        XCTAssertEqual(uikit.simulated, uikit.expected, accuracy: 0.05, "120 steps/s, resistance 0.1")
        XCTAssertGreaterThan(abs(fast.simulated - uikit.simulated), 50, "the settings change the fall")
    }

    /// The collection's layout dynamics get the same settings: the springy carousel's animator
    /// from the start, a drag's from the long press that starts it.
    func testTheSceneGivesTheLayoutsAnimatorsItsSettings() throws {
        var limits = SceneLimits()
        limits.maxBodies = 777
        func world(_ dynamics: String, _ script: String) throws -> (Scene, Simulation) {
            let s = try SceneLoader.decode(
                yaml: scene(
                    375, 667, time: "fps: 30, step_rate: 240, duration: 2",
                    """
                    defaults: { elasticity: 0.5 }
                    collection:
                      layout: { kind: flow, item_size: [80, 80] }
                      sections: [{ items: 12 }]
                      selection: ["0.0"]
                      dynamics: { kind: \(dynamics) }
                    script:
                    \(script)
                    """), file: "world.yaml", limits: limits)
            return (s, try Simulation(scene: s))
        }
        let (carouselScene, carousel) = try world("springy", "  []")
        XCTAssertEqual(carouselScene.world.stepRate, 240)
        XCTAssertEqual(carouselScene.world.maxBodies, 777)
        XCTAssertEqual(carouselScene.world.defaults.elasticity, 0.5)
        XCTAssertEqual(carouselScene.world.defaults.friction, ItemProperties.uikit.friction, "the rest are UIKit's")
        let springy = try XCTUnwrap(carousel.collection?.dynamics as? SpringyCarousel)
        XCTAssertEqual(springy.animator.settings, carouselScene.world)
        let (dragScene, drag) = try world("drag", "  - { at: 0.1, long_press: { at: [40, 40], duration: 1 } }")
        _ = try drag.frame(30)  // pressed and recognised
        let session = try XCTUnwrap(drag.collection?.dynamics as? DragSession, "the long press started a drag")
        XCTAssertEqual(session.animator.settings, dragScene.world)
    }
}
