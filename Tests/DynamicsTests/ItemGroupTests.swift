import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// UIDynamicItemGroup: items moved as one body.
final class ItemGroupTests: XCTestCase {
    func pair(_ behaviors: [String], script: String = "", duration: Double = 1.5) -> String {
        scene(
            600, 600, time: "fps: 60, duration: \(duration)",
            items: [
                "a: { center: [200, 200], size: [100, 100] }", "b: { center: [300, 200], size: [100, 50] }",
                "c: { center: [450, 500], size: [40, 40] }",
            ],
            behaviors: behaviors, extra: "groups: { pair: [a, b] }\n" + (script.isEmpty ? "" : "script:\n\(script)"))
    }

    func testAGroupsItemsMoveAsOneBody() throws {
        let f = try frames(
            pair(
                ["gravity: { items: [pair] }", "collision: { items: [pair, c] }"],
                script: "  - { at: 0, add_velocity: { item: a, linear: [0, 0], angular: 60 } }"))
        for k in [30, 60, 89] {
            let a = item(f[k], "a")!, b = item(f[k], "b")!
            XCTAssertEqual(a.center.distance(to: b.center), 100, accuracy: 0.01, "frame \(k)")
            XCTAssertEqual(a.angle, b.angle, accuracy: 1e-9)
            XCTAssertEqual(
                atan2(b.center.y - a.center.y, b.center.x - a.center.x), a.angle, accuracy: 1e-6,
                "b stays to a's right as the pair turns")
        }
        XCTAssertGreaterThan(item(f[30], "a")!.center.y, 250, "gravity on the group moves both")
        XCTAssertEqual(item(f.last!, "c")!.center, Vec2(450, 500), "c is not in it")
    }

    func testAPushMovesTheGroupByItsWholeMass() throws {
        // Masses 1 and 0.5: an instantaneous push of 3 gives Δv = 100 × 3 / 1.5 = 200 pt/s to the group.
        let f = try frames(
            pair(
                ["item: { items: [pair], resistance: 0 }", "push: { items: [pair], mode: instantaneous, direction: [3, 0] }"],
                duration: 0.5))
        XCTAssertEqual(item(f[10], "a")!.velocity.x, 200, accuracy: 2)
        XCTAssertEqual(item(f[10], "b")!.velocity.x, 200, accuracy: 2)
    }

    func testBehaviorsNameTheGroupNotItsItems() {
        let why = refusal(pair(["gravity: { items: [a] }"]), file: "g.yaml")
        XCTAssertTrue(why?.contains("\"a\" is in group \"pair\"") == true, why ?? "accepted")
        let twice = refusal(
            scene(
                300, 300, items: ["a: { center: [1, 1], size: [5, 5] }"], behaviors: ["gravity: { items: [a] }"],
                extra: "groups: { g1: [a], g2: [a] }"))
        XCTAssertTrue(twice?.contains("in a group already") == true, twice ?? "accepted")
        let unknown = refusal(
            scene(
                300, 300, items: ["a: { center: [1, 1], size: [5, 5] }"], behaviors: ["gravity: { items: [a] }"],
                extra: "groups: { g: [aa] }"))
        XCTAssertTrue(unknown?.contains("did you mean \"a\"") == true, unknown ?? "accepted")
    }
}
