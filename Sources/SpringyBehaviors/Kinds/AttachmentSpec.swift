/// UIAttachmentBehavior's kinds: the iOS 7 one (rigid when `frequency` is 0, a spring
/// otherwise) and iOS 9's sliding, limit, fixed and pin attachments.

import SpringyCore

package enum AttachmentKind: String, Sendable, CaseIterable { case spring, sliding, limit, fixed, pin }

/// UIAttachmentBehavior: rigid when `frequency` is 0, a spring otherwise (kind spring).
package struct AttachmentSpec: BehaviorKindSpec {
    package var kind: AttachmentKind = .spring
    /// attachmentAnchor (sliding, fixed, pin): a point in the reference view.
    package var anchor: Vec2?
    /// axisOfTranslation (sliding).
    package var axis = Vec2(1, 0)
    /// attachmentRange: points of translation (sliding) or degrees of turn (pin), from the start.
    package var rangeLower: Double?
    package var rangeUpper: Double?
    /// frictionTorque (pin), UIKit's (Box2D's) newton-metres at 100 pt per metre.
    package var frictionTorque = 0.0
    package var item: String
    package var to: AttachTarget
    /// nil: the distance when the behavior is made (UIKit's default).
    package var length: Double?
    package var frequency: Double
    package var damping: Double
    package var offset: Vec2
    package var toOffset: Vec2
    package init(
        item: String, to: AttachTarget, length: Double?, frequency: Double, damping: Double,
        offset: Vec2, toOffset: Vec2
    ) {
        self.item = item; self.to = to; self.length = length; self.frequency = frequency; self.damping = damping
        self.offset = offset; self.toOffset = toOffset
    }

    package static var kind: BehaviorKind { .attachment }
    package static var uikitName: String { "UIAttachmentBehavior" }
    /// Above this a spring at 120 steps/s is no longer integrated meaningfully (and a scene's
    /// step rate may hold it lower: a quarter of time.step_rate).
    package static let maxFrequency = 60.0
    static let length = SceneKey(
        "length", "number", range: 0...1e6, unit: "pt",
        default: "the distance when made", "the rest length (spring and limit)")
    static let frequency = SceneKey(
        "frequency", "number", range: 0...maxFrequency, unit: "Hz", default: "0",
        "0: a rigid rod; above 0 a spring oscillating this often (at most a quarter of the step rate)")
    static let damping = SceneKey("damping", "number", range: 0...10, default: "0", "the spring's damping ratio (1 critical)")
    static let anchor = SceneKey(
        "anchor", "[x, y]", unit: "pt", default: "required for fixed and pin between items",
        "attachmentAnchor (sliding, fixed, pin)")
    package static let keys = KeyTable(
        "behaviors[].attachment",
        [
            CommonKeys.item,
            SceneKey("to", "item id or [x, y]", default: "required", "the other item, or a point in the viewport"),
            length, frequency, damping,
            SceneKey("offset", "[x, y]", unit: "pt", default: "[0, 0]", "where on `item` it holds, from its centre"),
            SceneKey("to_offset", "[x, y]", unit: "pt", default: "[0, 0]", "where on the other item it holds"),
            SceneKey(
                "kind", AttachmentKind.allCases.map(\.rawValue).joined(separator: " | "), default: "spring",
                "iOS 7's attachment, or iOS 9's sliding, limit, fixed and pin ones"),
            anchor,
            SceneKey("axis", "[x, y]", default: "[1, 0]", "axisOfTranslation (sliding)"),
            SceneKey(
                "range", "[lower, upper]", range: -1e6...1e6, unit: "pt (sliding) or degrees (pin, within −360…360)",
                default: "unlimited",
                "attachmentRange, from where it starts (it must contain 0)"),
            SceneKey("friction_torque", "number", range: 0...1e6, unit: "N·m", default: "0", "frictionTorque (pin)"),
        ])
    package static let setKeys = setTable([
        length, frequency, damping,
        anchor.named("anchor", "moves the point an item is attached to (attachments to a point)"),
    ])
    package var behavior: BehaviorSpec { .attachment(self) }
    package var referencedItems: [String] {
        if case .item(let other) = to { return [item, other] }
        return [item]
    }
    package func withItems(_ items: [String]) -> AttachmentSpec? { nil }
    package func setting(_ p: BehaviorParameter) -> AttachmentSpec? {
        var a = self
        switch (p.key, p.value) {
        case ("length", .number(let l)): a.length = l
        case ("frequency", .number(let f)): a.frequency = f
        case ("damping", .number(let d)): a.damping = d
        case ("anchor", .point(let point)):
            guard case .point = a.to else { return nil }
            a.to = .point(point)
        default: return nil  // open set: other kinds' keys
        }
        return a
    }
}

extension BehaviorParameter {
    /// An attachment's keys (a snap's damping and a field's position share these constructors).
    package static func length(_ l: Double) -> Self { Self("length", .number(l)) }
    package static func frequency(_ f: Double) -> Self { Self("frequency", .number(f)) }
    package static func damping(_ d: Double) -> Self { Self("damping", .number(d)) }
    package static func anchor(_ p: Vec2) -> Self { Self("anchor", .point(p)) }
}
