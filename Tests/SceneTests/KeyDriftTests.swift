import Foundation
import SpringyScene
import SpringyTestSupport
import XCTest

/// Issue 27: a value has one range and a key one meaning wherever it is written — declared, `set`
/// by the script, `add`ed by it, or inserted by an update.
final class KeyDriftTests: XCTestCase {
    func body(_ behaviors: String, _ script: String) -> String {
        scene(300, 400, time: "fps: 30, duration: 1", """
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
        XCTAssertNil(refusal(body("  - attachment: { item: a, to: b }", "  - { at: 0.1, set: { behavior: 0, damping: 7 } }")),
                     "an attachment's damping goes to 10")
        // A snap the script adds is numbered after the declared behaviors, and held to the same range.
        let added = refusal(body("  - gravity: { items: [a] }", "  - { at: 0.1, snap: { item: b, to: [10, 10] } }\n  - { at: 0.2, set: { behavior: 1, damping: 2 } }"))
        XCTAssertTrue(added?.contains("must be at most 1") ?? false, added ?? "accepted")
    }

    func testAKeyTheBehaviorDoesNotHaveIsRefusedWhenRead() {
        let r = refusal(body("  - snap: { item: a, to: [50, 50] }", "  - { at: 0.1, set: { behavior: 0, magnitude: 2 } }"))
        XCTAssertTrue(r?.contains("behavior 0 is a snap behavior, which has no `magnitude` to set; it takes to, damping, active") ?? false, r ?? "accepted")
    }

    func testSpringsTooFastAreRefusedWhereverTheyComeFrom() {
        // A quarter of UIKit's 120 steps/s is 30 Hz.
        for (behaviors, script) in [("  - attachment: { item: a, to: b, frequency: 40 }", "  - { at: 0.1, tap: { at: [1, 1] } }"),
                                    ("  - gravity: { items: [a] }", "  - { at: 0.1, add: { attachment: { item: a, to: b, frequency: 40 } } }"),
                                    ("  - attachment: { item: a, to: b, frequency: 1 }", "  - { at: 0.1, set: { behavior: 0, frequency: 40 } }")] {
            let r = refusal(body(behaviors, script))
            XCTAssertTrue(r?.contains("40 Hz is more than a 120 steps/s solver can integrate") ?? false, "\(script): \(r ?? "accepted")")
        }
    }

    func testInsertedSectionsTakeEverySectionKey() throws {
        let text = scene(300, 600, time: "fps: 30, duration: 1", """
        collection:
          layout: { kind: compositional, item_size: [100, 80] }
          sections:
            - { items: 4, columns: 2 }
        script:
          - { at: 0.2, update: { insert_sections: [{ at: 1, items: 6, columns: 3 }, { at: 2, items: 8, orthogonal: paging }] } }
        """)
        XCTAssertNil(refusal(text))
        let last = try XCTUnwrap(try frames(text).last)
        XCTAssertEqual(last.items.filter { $0.id.hasPrefix("1.") }.map(\.size.width).first.map { ($0 * 3).rounded() }, 280,
                       "three columns share the width less two gaps of 10")
        XCTAssertTrue(last.items.contains { $0.id == "2.0" }, "the orthogonal row is shown")
    }

    /// Every kind of behavior takes `active` from a script's `set` (a kind the table left out
    /// would take nothing).
    func testEveryKindCanBeSwitchedOff() {
        for behavior in ["  - gravity: { items: [a] }", "  - collision: { items: [a, b] }", "  - attachment: { item: a, to: b }",
                         "  - snap: { item: a, to: [10, 10] }", "  - push: { items: [a] }", "  - item: { items: [a], elasticity: 0.5 }",
                         "  - field: { kind: radial_gravity, items: [a], position: [150, 200] }",
                         "  - composite: { behaviors: [{ gravity: { items: [a] } }] }"] {
            XCTAssertNil(refusal(body(behavior, "  - { at: 0.1, set: { behavior: 0, active: false } }")), behavior)
        }
    }
}
