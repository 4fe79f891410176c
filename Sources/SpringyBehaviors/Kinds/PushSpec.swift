/// UIPushBehavior: `vector` in newtons (continuous) or N·s (instantaneous).

import SpringyCore

package struct PushSpec: BehaviorKindSpec {
    package var items: [String]
    package var mode: PushMode
    package var vector: Vec2
    package var offset: Vec2
    /// The angle kept while the magnitude is 0 (UIKit's default angle is 0).
    package var restingAngle = 0.0
    package init(items: [String], mode: PushMode, vector: Vec2, offset: Vec2) {
        self.items = items; self.mode = mode; self.vector = vector; self.offset = offset
    }

    package static var kind: BehaviorKind { .push }
    package static var uikitName: String { "UIPushBehavior" }
    package static let keys = KeyTable(
        "behaviors[].push",
        [
            CommonKeys.items.named("items", "the items it pushes (or `item` for one)"),
            SceneKey("item", "item id", default: "", "one item, instead of `items`"),
            SceneKey(
                "mode", "continuous | instantaneous", default: "continuous (a scripted push: instantaneous)",
                "a steady force, or one impulse"),
            VectorKeys.angle(default: "0"), VectorKeys.magnitude(default: "0"), VectorKeys.direction(default: ""),
            SceneKey(
                "offset", "[x, y]", unit: "pt", default: "[0, 0]", "where on the item it pushes, from its centre (turns it)"),
        ])
    package static let setKeys = setTable([
        VectorKeys.magnitude(default: ""), VectorKeys.angle(default: ""), VectorKeys.direction(default: ""),
        SceneKey(
            "active", "bool", default: "", "on or off (UIPushBehavior.active); a new magnitude or direction turns it on again"),
    ])
    package var behavior: BehaviorSpec { .push(self) }
    package var referencedItems: [String] { items }
    package func withItems(_ items: [String]) -> PushSpec? { var p = self; p.items = items; return p }
    /// `active` is the animator's (not a value of the spec): nil here.
    package func setting(_ p: BehaviorParameter) -> PushSpec? {
        var s = self
        return PolarVector.setting(p, &s.vector, &s.restingAngle) ? s : nil
    }
}

extension BehaviorParameter {
    /// A push's `active` (the animator's, not the spec's: a push's force switched on or off).
    package static func active(_ on: Bool) -> Self { Self("active", .flag(on)) }
}
