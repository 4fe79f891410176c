import Foundation
import SpringyCore
import SpringyDynamics
import SpringyYAML

/// UIDynamicItemBehavior.addLinearVelocity / addAngularVelocity on a free view at once: a flick
/// given as velocity (pt/s, radians/s).
package struct AddedVelocity: ScriptedGesture {
    package var item: String
    package var linear: Vec2
    /// Radians per second.
    package var angular: Double

    package static var action: ScriptGestureName { .addVelocity }

    package static let keys = KeyTable(
        "script[].add_velocity",
        [
            SceneKey("item", "free view", default: "required", "UIDynamicItemBehavior.addLinearVelocity / addAngularVelocity"),
            SceneKey("linear", "[vx, vy]", range: -100_000...100_000, unit: "pt/s", default: "[0, 0]", "added to its velocity"),
            SceneKey("angular", "number", range: -36_000...36_000, unit: "degrees/s", default: "0", "added to its spin"),
        ])
}

extension AddedVelocity: GestureDecoding {
    static func decode(_ m: YAMLMapping, references: ItemReferences) throws -> AddedVelocity {
        let iv = try m.require("item")
        let item = try references.check(iv)
        if ItemPath(string: item) != nil { throw iv.error("add_velocity acts on a free view by name") }
        if m["linear"] == nil && m["angular"] == nil {
            throw m.owner.error("add_velocity needs `linear: [vx, vy]` (pt/s), `angular` (degrees/s) or both")
        }
        let linear = try m["linear"]?.point() ?? .zero
        guard abs(linear.x) <= 100_000, abs(linear.y) <= 100_000 else {
            throw m.owner.error("a velocity is at most 100000 pt/s each way")
        }
        return AddedVelocity(
            item: item, linear: linear, angular: (try m["angular"]?.double(keys["angular"]) ?? 0).degreesToRadians)
    }
}

// How it plays: UIDynamicItemBehavior.addLinearVelocity / addAngularVelocity — the view's body
// (its group's, when it is in one) gets the velocity added at once; no input stays in progress.

extension AddedVelocity {
    package func start(on stage: any GestureStage, event: ScriptEvent) {
        guard let animator = stage.freeAnimator else { return }
        let body = animator.group(of: item) ?? item
        guard let s = animator.state(of: body) else { return }
        animator.setVelocity(body, s.velocity + linear, angular: s.angularVelocity + angular)
    }
}
