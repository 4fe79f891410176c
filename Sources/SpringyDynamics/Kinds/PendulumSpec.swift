import Foundation
import SpringyCore
import SpringyYAML

// Apple's APLPendulumBehavior (the UIKit Dynamics Catalog's "Pendulum (Composite Behavior)",
// initWithWeight:suspendedFromPoint:): a custom UIDynamicBehavior whose children are a gravity
// behavior on the weight and an attachment of the weight's centre to the point it hangs from,
// rigid, as long as the weight is from the point when it is added. A behavior kind in one file:
// its values, how a scene writes it, and its part in the animator.

/// APLPendulumBehavior: `item` swings from `from` on a rigid rod under standard gravity.
package struct PendulumSpec: BehaviorKindSpec {
    /// The weight.
    var item: String
    /// The point it hangs from (suspendedFromPoint), in the reference view's coordinates.
    var from: Vec2
    init(item: String, from: Vec2) { self.item = item; self.from = from }

    package static var kind: BehaviorKind { .pendulum }
    package static var uikitName: String { "APLPendulumBehavior" }
    package static let keys = KeyTable(
        "behaviors[].pendulum",
        [
            CommonKeys.item.named("item", "the weight"),
            SceneKey(
                "from", "[x, y]", unit: "pt", default: "required",
                "suspendedFromPoint: where its rod hangs from; the rod is as long as the weight is from it when added"),
        ])
    package static let setKeys = setTable([])
    package var problem: String? { nil }
    package var behavior: BehaviorSpec { .pendulum(self) }
    package var referencedItems: [String] { [item] }
    package func withItems(_ items: [String]) -> PendulumSpec? { nil }
    package func setting(_ p: BehaviorParameter) -> PendulumSpec? { nil }

    /// The behaviors it is made of, in the sample's order: the weight's gravity (UIKit's
    /// standard, 1000 pt/s² down), then its attachment to the point (frequency 0: rigid).
    var children: [BehaviorSpec] {
        [
            .gravity(items: [item], vector: Vec2(0, 1)),
            .attachment(item: item, to: .point(from), length: nil, frequency: 0, damping: 0, offset: .zero, toOffset: .zero),
        ]
    }
}

// Read from a scene: its declaration (a script's `set` has nothing to change on it).

extension PendulumSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .pendulum(PendulumSpec(item: try r.item(try m.require("item")), from: try m.require("from").point()))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] { [] }
}

// In the animator: its children are behaviors of their own, added with it and removed with it;
// when the weight leaves, they let go of it as a gravity and an attachment do.

extension PendulumSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws {
        try animator.addChildren(children, of: id) { k, child in "\(label).\(child.kindName)[\(k)]" }
    }
    func removed(from animator: Animator) {}
    func changed(in animator: Animator, slot s: Int, from old: PendulumSpec) throws {}
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) {}
}
