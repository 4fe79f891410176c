import Foundation
import SpringyCore
import SpringyYAML

/// Several behaviors added and removed as one (UIDynamicBehavior's child behaviors).
package struct CompositeSpec: BehaviorKindSpec {
    package var behaviors: [BehaviorSpec]
    package init(_ behaviors: [BehaviorSpec]) { self.behaviors = behaviors }

    package static var kind: BehaviorKind { .composite }
    package static var uikitName: String { "UIDynamicBehavior" }
    package static let keys = KeyTable(
        "behaviors[].composite",
        [
            SceneKey("behaviors", "[behavior]", default: "required", "child behaviors, each written as under `behaviors`")
        ])
    package static let setKeys = setTable([])
    /// Nothing a Swift program sets on it needs a range of its own (its items are checked as items).
    package var problem: String? { nil }
    package var behavior: BehaviorSpec { .composite(self) }
    package var referencedItems: [String] { behaviors.flatMap(\.referencedItems) }
    package func setting(_ p: BehaviorParameter) -> CompositeSpec? { nil }
    package func withItems(_ items: [String]) -> CompositeSpec? { nil }
}

// Read from a scene: its declaration, and a script's `set` on it (BehaviorReading).

extension CompositeSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .composite(try m.require("behaviors").list().map { try r.behavior($0).0 })
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] { [] }
}

// The animator part of the composite kind: its children are behaviors of their own.

extension CompositeSpec: AnimatorBehavior {
    /// Its children are added as behaviors of their own, removed with it.
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws {
        try animator.addChildren(behaviors, of: id) { k, _ in "\(label).behaviors[\(k)]" }
    }
    func removed(from animator: Animator) {}
    func changed(in animator: Animator, slot s: Int, from old: CompositeSpec) throws {}
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) {}
}
