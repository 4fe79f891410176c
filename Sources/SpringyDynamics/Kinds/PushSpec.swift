import CBox2D
import Foundation
import SpringyCore
import SpringyFrame
import SpringyYAML

// UIPushBehavior: `vector` in newtons (continuous) or N·s (instantaneous).

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
    package var problem: String? {
        VectorKeys.magnitudeRange.contains(vector.length)
            ? nil : "magnitude \(vector.length) is outside \(VectorKeys.magnitudeRange)"
    }
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

// Read from a scene: its declaration, and a script's `set` on it (BehaviorReading).

extension PushSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        let names: [String]
        if let one = m["item"] {
            if m["items"] != nil { throw one.error("give `item` or `items`, not both") }
            names = [try r.item(one)]
        } else {
            names = try r.items(m)
        }
        return .push(
            items: names, mode: try m["mode"]?.oneOf(PushMode.self, [.continuous, .instantaneous]) ?? .continuous,
            vector: try BehaviorReading.directionVector(m, defaultAngle: 0, defaultMagnitude: 0) ?? .zero,
            offset: try m["offset"]?.point() ?? .zero)
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        try BehaviorReading.vectorParameters(m) + (try m["active"].map { [.active(try $0.bool())] } ?? [])
    }
}

// UIPushBehavior: a force (continuous) or an impulse (instantaneous, once: the push then
// turns itself off, as UIKit's `active` does) at each item's centre plus `offset`.

extension PushSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws {
        animator.registry.pushes.append(id)
        for item in items { animator.wake(item) }
    }
    func removed(from animator: Animator) {}
    func changed(in animator: Animator, slot s: Int, from old: PushSpec) throws { for item in items { animator.wake(item) } }
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }

    /// One step's force or impulse on each of its items. Magnitude is in Box2D's units
    /// directly: newtons (continuous) or N·s (instantaneous).
    func apply(in animator: Animator, held: VelocityHolds) {
        for id in items {
            guard let i = animator.bodyIndex[id], let st = animator.state(of: id) else { continue }
            if held.holds(i) { continue }
            let at = animator.metres(st.center + offset.rotated(by: st.angle))
            let handle = animator.bodies[i].handle
            if mode == .continuous {
                sb_body_apply_force(animator.world, handle, Float(vector.x), Float(vector.y), at.0, at.1)
            } else {
                sb_body_apply_impulse(animator.world, handle, Float(vector.x), Float(vector.y), at.0, at.1)
            }
        }
    }
}
