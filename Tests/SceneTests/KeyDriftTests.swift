import Foundation
import SpringyCore
import SpringyDynamics
import SpringyScene
import SpringyTestSupport
import XCTest

/// Issue 27: a value has one range and a key one meaning wherever it is written — declared, `set`
/// by the script, `add`ed by it, or inserted by an update.
final class KeyDriftTests: XCTestCase {
    func body(_ behaviors: String, _ script: String) -> String {
        scene(
            300, 400, time: "fps: 30, duration: 1",
            """
            items:
              a: { center: [100, 100], size: [30, 30] }
              b: { center: [200, 100], size: [30, 30] }
            behaviors:
            \(behaviors)
            script:
            \(script)
            """)
    }

    func testASnapsDampingHasOneRangeDeclaredAndSet() {
        let declared = refusal(body("  - snap: { item: a, to: [50, 50], damping: 7 }", "  - { at: 0.1, tap: { at: [1, 1] } }"))
        XCTAssertTrue(declared?.contains("must be at most 1") ?? false, declared ?? "accepted")
        let set = refusal(body("  - snap: { item: a, to: [50, 50] }", "  - { at: 0.1, set: { behavior: 0, damping: 7 } }"))
        XCTAssertTrue(set?.contains("script[0].set.damping: must be at most 1") ?? false, set ?? "accepted")
        XCTAssertNil(
            refusal(body("  - attachment: { item: a, to: b }", "  - { at: 0.1, set: { behavior: 0, damping: 7 } }")),
            "an attachment's damping goes to 10")
        // A snap the script adds is numbered after the declared behaviors, and held to the same range.
        let added = refusal(
            body(
                "  - gravity: { items: [a] }",
                "  - { at: 0.1, snap: { item: b, to: [10, 10] } }\n  - { at: 0.2, set: { behavior: 1, damping: 2 } }"))
        XCTAssertTrue(added?.contains("must be at most 1") ?? false, added ?? "accepted")
    }

    func testAKeyTheBehaviorDoesNotHaveIsRefusedWhenRead() {
        let r = refusal(body("  - snap: { item: a, to: [50, 50] }", "  - { at: 0.1, set: { behavior: 0, magnitude: 2 } }"))
        XCTAssertTrue(
            r?.contains("behavior 0 is a snap behavior, which has no `magnitude` to set; it takes to, damping") ?? false,
            r ?? "accepted")
    }

    func testSpringsTooFastAreRefusedWhereverTheyComeFrom() {
        // A quarter of UIKit's 120 steps/s is 30 Hz.
        for (behaviors, script) in [
            ("  - attachment: { item: a, to: b, frequency: 40 }", "  - { at: 0.1, tap: { at: [1, 1] } }"),
            ("  - gravity: { items: [a] }", "  - { at: 0.1, add: { attachment: { item: a, to: b, frequency: 40 } } }"),
            ("  - attachment: { item: a, to: b, frequency: 1 }", "  - { at: 0.1, set: { behavior: 0, frequency: 40 } }"),
        ] {
            let r = refusal(body(behaviors, script))
            XCTAssertTrue(
                r?.contains("40 Hz is more than a 120 steps/s solver can integrate") ?? false, "\(script): \(r ?? "accepted")")
        }
    }

    func testInsertedSectionsTakeEverySectionKey() throws {
        let text = scene(
            300, 600, time: "fps: 30, duration: 1",
            """
            collection:
              layout: { kind: compositional, item_size: [100, 80] }
              sections:
                - { items: 4, columns: 2 }
            script:
              - { at: 0.2, update: { insert_sections: [{ at: 1, items: 6, columns: 3 }, { at: 2, items: 8, orthogonal: paging }] } }
            """)
        XCTAssertNil(refusal(text))
        let last = try XCTUnwrap(try frames(text).last)
        XCTAssertEqual(
            last.items.filter { $0.id.hasPrefix("1.") }.map(\.size.width).first.map { ($0 * 3).rounded() }, 280,
            "three columns share the width less two gaps of 10")
        XCTAssertTrue(last.items.contains { $0.id == "2.0" }, "the orthogonal row is shown")
    }

    /// `active` is UIPushBehavior's alone (UIKit has no other): a push takes it from `set`,
    /// every other kind refuses it when the scene is read — before, the decoder let it through
    /// and the run then failed ("cannot set active(false) on a gravity behavior").
    func testOnlyAPushTakesActive() {
        XCTAssertNil(refusal(body("  - push: { items: [a] }", "  - { at: 0.1, set: { behavior: 0, active: false } }")))
        for behavior in [
            "  - gravity: { items: [a] }", "  - collision: { items: [a, b] }", "  - attachment: { item: a, to: b }",
            "  - snap: { item: a, to: [10, 10] }", "  - item: { items: [a], elasticity: 0.5 }",
            "  - field: { kind: radial_gravity, items: [a], position: [150, 200] }",
            "  - composite: { behaviors: [{ gravity: { items: [a] } }] }",
        ] {
            let r = refusal(body(behavior, "  - { at: 0.1, set: { behavior: 0, active: false } }"))
            XCTAssertTrue(r?.contains("which has no `active` to set") ?? false, "\(behavior): \(r ?? "accepted")")
        }
    }

    /// Every key `set` takes on a kind is one the animator accepts: for each kind and each of its
    /// set keys, a scene that sets it decodes and runs to its end.
    func testEverySetKeyOfEveryKindRuns() throws {
        let declared: [String: String] = [
            "gravity": "  - gravity: { items: [a] }", "collision": "  - collision: { items: [a, b] }",
            "attachment": "  - attachment: { item: a, to: [150, 150] }", "snap": "  - snap: { item: a, to: [10, 10] }",
            "push": "  - push: { items: [a] }", "item": "  - item: { items: [a], elasticity: 0.5 }",
            "field": "  - field: { kind: linear_gravity, items: [a], position: [150, 200] }",
            "composite": "  - composite: { behaviors: [{ gravity: { items: [a] } }] }",
            "sticky_corners": "  - sticky_corners: { item: a }", "pendulum": "  - pendulum: { item: a, from: [150, 60] }",
        ]
        let values: [String: String] = [
            "direction": "[0, 1]", "to": "[20, 20]", "anchor": "[40, 40]", "position": "[40, 40]",
            "allows_rotation": "false", "anchored": "true", "active": "false", "angle": "45",
        ]
        for kind in BehaviorKind.allCases {
            let behavior = try XCTUnwrap(declared[kind.rawValue], "a declaration for \(kind)")
            for key in kind.spec.setKeys.names where key != "behavior" {
                let value = values[key] ?? "0.5"
                let text = body(behavior, "  - { at: 0.1, set: { behavior: 0, \(key): \(value) } }")
                XCTAssertNil(refusal(text), "\(kind).\(key)")
                XCTAssertNoThrow(try frames(text), "\(kind).\(key) runs")
            }
        }
    }
}
