import Foundation
import SpringyCore

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
    package var behavior: BehaviorSpec { .composite(self) }
    package var referencedItems: [String] { behaviors.flatMap(\.referencedItems) }
    package func setting(_ p: BehaviorParameter) -> CompositeSpec? { nil }
    package func withItems(_ items: [String]) -> CompositeSpec? { nil }
}
