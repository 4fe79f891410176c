import Foundation
import SpringyScene
import SpringyTestSupport
import XCTest

/// Error messages at the product's bar: located at the key at fault, saying what is wrong
/// in words a user acts on, with a suggestion only when it is one.
final class MessageTests: XCTestCase {
    let item = "items:\n  a: { center: [50, 50], size: [20, 20] }"

    func testACellNamedInASceneWithoutACollection() {
        let r = refusal(scene(100, 100, "\(item)\nscript:\n  - { at: 0.1, tap: { item: \"0.1\" } }"))
        XCTAssertEqual(
            r, "s.yaml:7:29: script[0].tap.item: 0.1 names a cell, and this scene has no collection: name a free view (a)")
    }

    func testAFastSpringIsLocatedAtItsFrequency() {
        let declared = refusal(scene(100, 100, "\(item)\nbehaviors:\n  - attachment: { item: a, to: [10, 10], frequency: 50 }"))
        XCTAssertTrue(
            declared?.hasPrefix("s.yaml:7:53: behaviors[0].attachment.frequency: a spring of 50 Hz") ?? false, declared ?? "")
        let added = refusal(
            scene(100, 100, "\(item)\nscript:\n  - at: 0.1\n    add: { attachment: { item: a, to: [10, 10], frequency: 45 } }"))
        XCTAssertTrue(
            added?.hasPrefix("s.yaml:8:60: script[0].add.attachment.frequency: a spring of 45 Hz") ?? false, added ?? "")
    }

    /// Issue 43: one bad `damping` in three snaps gave three right messages and two wrong ones
    /// (`script[0].remove.behavior: must be at most 2, found 3`): the refused snap no longer
    /// counted. Every declared behavior counts, refused or not; one past the last is still refused.
    func testARefusedBehaviorStillCountsForTheScript() {
        let snaps = """
            items:
              a: { center: [50, 50], size: [20, 20] }
            behaviors:
              - snap: { item: a, to: [10, 10], damping: 0.5 }
              - snap: { item: a, to: [20, 20], damping: 1.9 }
              - snap: { item: a, to: [30, 30], damping: 0.5 }
              - snap: { item: a, to: [40, 40], damping: 0.5 }
            script:
              - { at: 0.1, remove: { behavior: 3 } }
              - { at: 0.2, set: { behavior: 3, damping: 0.2 } }
            """
        let r = refusal(scene(100, 100, snaps)) ?? ""
        XCTAssertTrue(r.contains("behaviors[1].snap.damping"), r)
        XCTAssertFalse(r.contains("script["), "the script's numbers are right: \(r)")
        let past = refusal(
            scene(100, 100, snaps.replacingOccurrences(of: "remove: { behavior: 3 }", with: "remove: { behavior: 4 }")))
        XCTAssertTrue(past?.contains("script[0].remove.behavior: must be at most 3, found 4") ?? false, past ?? "")
    }

    func testATabIsNamedAsATab() {
        XCTAssertEqual(
            refusal("springy: 1\nviewport:\n\tsize: [100, 100]\n"),
            "s.yaml:3:1: a tab character: YAML indents with spaces only (replace the tab with spaces)")
        // On the first line too (scripts/mutate: the line's bound had no test).
        XCTAssertEqual(
            refusal("\tspringy: 1\n"),
            "s.yaml:1:1: a tab character: YAML indents with spaces only (replace the tab with spaces)")
    }

    func testNoSuggestionForAOneLetterName() {
        let short = refusal(scene(100, 100, "\(item)\nbehaviors:\n  - gravity: { items: [b] }"))
        XCTAssertEqual(short, "s.yaml:7:24: behaviors[0].gravity.items[0]: no item named \"b\"")
        let typo = refusal(
            scene(100, 100, "items:\n  frog: { center: [50, 50], size: [20, 20] }\nbehaviors:\n  - gravity: { items: [forg] }"))
        XCTAssertTrue(typo?.contains("(did you mean \"frog\"?)") ?? false, typo ?? "")
    }

}

/// The boundary budget counts a script's `add:` with what is declared: when an added collision
/// takes the scene's edges over `--max-boundary-edges`, the refusal names that event, not the
/// declared behavior before it (scripts/mutate: an owner one past the last was untested).
final class BoundaryBudgetMessageTests: XCTestCase {
    func testAnAddedCollisionOverTheBudgetIsLocatedAtItsEvent() throws {
        func lines(_ name: String, _ y: Int) -> String {
            (0..<5).map { "\(name)\($0): { from: [0, \(y + 10 * $0)], to: [100, \(y + 10 * $0)] }" }.joined(separator: ", ")
        }
        let text = scene(
            200, 200,
            """
            items:
              a: { center: [50, 50], size: [20, 20] }
            behaviors:
              - collision: { items: [a], mode: boundaries, boundaries: { \(lines("d", 100)) } }
            script:
              - at: 0.1
                add: { collision: { items: [a], mode: boundaries, boundaries: { \(lines("s", 150)) } } }
            """)
        // Each collision has its 5 lines and the view's 4 edges: 9, then 18 in all.
        var limits = SceneLimits.default
        limits.maxBoundaryEdges = 12
        XCTAssertThrowsError(try SceneLoader.decode(yaml: text, file: "s.yaml", limits: limits)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("s.yaml:10:1: script[0].add: collision boundaries of 18 edges in all"), message)
        }
        limits.maxBoundaryEdges = 17
        XCTAssertThrowsError(try SceneLoader.decode(yaml: text, file: "s.yaml", limits: limits), "one past the limit")
        limits.maxBoundaryEdges = 18
        XCTAssertNoThrow(try SceneLoader.decode(yaml: text, file: "s.yaml", limits: limits), "on the limit")
    }
}
