/// UISnapBehavior: the item springs to `point` (snapPoint, settable at run time as iOS 9
/// allows) with `damping` 0…1.

import SpringyCore

package struct SnapSpec: BehaviorKindSpec {
    package var item: String
    package var point: Vec2
    package var damping: Double
    package init(item: String, point: Vec2, damping: Double) { self.item = item; self.point = point; self.damping = damping }

    package static var kind: BehaviorKind { .snap }
    package static var uikitName: String { "UISnapBehavior" }
    static let to = SceneKey("to", "[x, y]", unit: "pt", default: "required", "the snap point (snapPoint)")
    static let damping = SceneKey(
        "damping", "number", range: 0...1, default: "0.5", "oscillation while snapping: 0 bouncy … 1 none")
    package static let keys = KeyTable("behaviors[].snap", [CommonKeys.item, to, damping])
    package static let setKeys = setTable([to.named("to", "moves the snap point (iOS 9)"), damping.named("damping")])
    package var behavior: BehaviorSpec { .snap(self) }
    package var referencedItems: [String] { [item] }
    package func withItems(_ items: [String]) -> SnapSpec? { nil }
    package func setting(_ p: BehaviorParameter) -> SnapSpec? {
        var s = self
        switch (p.key, p.value) {
        case ("to", .point(let point)): s.point = point
        case ("damping", .number(let d)): s.damping = d
        default: return nil  // open set: other kinds' keys
        }
        return s
    }
}

extension BehaviorParameter {
    /// A snap's point (`to`).
    package static func snapPoint(_ p: Vec2) -> Self { Self("to", .point(p)) }
}
