import Foundation
import SpringyCore
import SpringyYAML

/// UIGravityBehavior: `vector` in units of 1000 pt/s² (magnitude 1 = 1000 pt/s²).
package struct GravitySpec: BehaviorKindSpec {
    package var items: [String]
    package var vector: Vec2
    /// The angle kept while the magnitude is 0 (Apple: setting magnitude 0 resets it to 0).
    package var restingAngle = 0.0
    package init(items: [String], vector: Vec2) { self.items = items; self.vector = vector }

    package static var kind: BehaviorKind { .gravity }
    package static var uikitName: String { "UIGravityBehavior" }
    package static let keys = KeyTable(
        "behaviors[].gravity",
        [
            CommonKeys.items, VectorKeys.direction(default: "[0, 1]"), VectorKeys.angle(default: "90"),
            VectorKeys.magnitude(default: "1"),
        ])
    package static let setKeys = setTable([
        VectorKeys.magnitude(default: ""), VectorKeys.angle(default: ""), VectorKeys.direction(default: ""),
    ])
    package var problem: String? {
        VectorKeys.magnitudeRange.contains(vector.length)
            ? nil : "magnitude \(vector.length) is outside \(VectorKeys.magnitudeRange)"
    }
    package var behavior: BehaviorSpec { .gravity(self) }
    package var referencedItems: [String] { items }
    package func withItems(_ items: [String]) -> GravitySpec? { var g = self; g.items = items; return g }
    package func setting(_ p: BehaviorParameter) -> GravitySpec? {
        var g = self
        return PolarVector.setting(p, &g.vector, &g.restingAngle) ? g : nil
    }
}

/// The keys of a vector given as `direction: [x, y]` or `angle` with `magnitude` (gravity, push).
package enum VectorKeys {
    /// One range for every magnitude a behavior declares or `set`s.
    package static let magnitudeRange = -1000.0...1000.0
    package static func direction(default d: String) -> SceneKey {
        SceneKey("direction", "[x, y]", default: d, "the vector; its length is the magnitude unless `magnitude` is given")
    }
    package static func angle(default d: String) -> SceneKey {
        SceneKey("angle", "number", unit: "degrees", default: d, "the direction as an angle (90 = down); not with `direction`")
    }
    package static func magnitude(default d: String) -> SceneKey {
        SceneKey(
            "magnitude", "number", range: magnitudeRange, default: d,
            "the vector's length (gravity: 1 = 1000 pt/s²; push: newtons)")
    }
}

/// A vector set by angle and magnitude separately, as UIGravityBehavior and UIPushBehavior
/// are: the angle survives a magnitude of 0 in `restingAngle`.
enum PolarVector {
    /// `magnitude`, `angle` or `direction` set on a vector kept with its resting angle (gravity and
    /// push take exactly these); false for any other parameter.
    static func setting(_ p: BehaviorParameter, _ v: inout Vec2, _ restingAngle: inout Double) -> Bool {
        switch (p.key, p.value) {
        case ("magnitude", .number(let m)): settingMagnitude(&v, &restingAngle, m)
        case ("angle", .number(let a)): settingAngle(&v, &restingAngle, a)
        case ("direction", .point(let d)): v = d
        default: return false  // open set: other kinds' keys
        }
        return true
    }

    static func settingMagnitude(_ v: inout Vec2, _ restingAngle: inout Double, _ m: Double) {
        let len = v.length
        if m == 0 {
            restingAngle = 0  // Apple: magnitude 0 resets the angle to 0
            v = .zero
        } else if len > 0 {
            v = v / len * m
        } else {
            v = restingAngle == 0 ? Vec2(m, 0) : Vec2(cos(restingAngle), sin(restingAngle)) * m
        }
    }

    static func settingAngle(_ v: inout Vec2, _ restingAngle: inout Double, _ a: Double) {
        let len = v.length
        if len > 0 { v = Vec2(cos(a), sin(a)) * len } else { restingAngle = a }
    }
}

extension BehaviorParameter {
    /// A vector's keys (gravity, push, field): its magnitude, its angle (radians), its direction.
    package static func magnitude(_ m: Double) -> Self { Self("magnitude", .number(m)) }
    package static func angle(_ a: Double) -> Self { Self("angle", .number(a)) }
    package static func direction(_ d: Vec2) -> Self { Self("direction", .point(d)) }
}

// Read from a scene: its declaration, and a script's `set` on it (BehaviorReading).

extension GravitySpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .gravity(items: try r.items(m), vector: try BehaviorReading.directionVector(m, defaultAngle: nil) ?? Vec2(0, 1))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] { try BehaviorReading.vectorParameters(m) }
}

// The animator part of the gravity kind: it acts through the world's forces (Forces.swift).

extension GravitySpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { animator.applyGravity() }
    func removed(from animator: Animator) { animator.applyGravity() }
    func changed(in animator: Animator, slot s: Int, from old: GravitySpec) throws { animator.applyGravity() }
    func itemsChanged(in animator: Animator, from old: [String]) { animator.applyGravity() }
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }
}
