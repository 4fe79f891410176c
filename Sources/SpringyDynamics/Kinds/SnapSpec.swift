import CBox2D
import Foundation
import SpringyCore
import SpringyFrame
import SpringyYAML

// UISnapBehavior: the item springs to `point` (snapPoint, settable at run time as iOS 9
// allows) with `damping` 0…1.

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
    package var problem: String? { damping < 0 || damping > 1 ? "damping \(damping) is outside 0…1" : nil }
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

// Read from a scene: its declaration, and a script's `set` on it (BehaviorReading).

extension SnapSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .snap(
            item: try r.item(try m.require("item")), to: try m.require("to").point(),
            damping: try m["damping"]?.double(keys["damping"]) ?? 0.5)
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        var out: [BehaviorParameter] = []
        for (key, _, value) in m.entries {
            if key == "to" { out.append(.snapPoint(try value.point())) }
            if key == "damping" { out.append(.damping(try value.double(setKeys["damping"]))) }
        }
        return out
    }
}

// UISnapBehavior (DYNAMICS.md, "snap") on Box2D.

extension SnapSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { build(in: animator, slot: s) }
    func removed(from animator: Animator) {}
    /// A new snap point or damping (iOS 9's settable snapPoint) makes the joints again.
    func changed(in animator: Animator, slot s: Int, from old: SnapSpec) throws {
        animator.destroyJoints(s)
        build(in: animator, slot: s)
    }
    func itemsChanged(in animator: Animator, from old: [String]) {}
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { animator.stopSlot(s) }

    /// The snap: a 4 Hz spring at damping ratio `damping` pulling the item onto its point and
    /// upright — two zero-length 2-D springs (Box2D's target joints) from two opposite corners
    /// of the item to where those corners are when it rests there, each on half its mass. A
    /// translation is then exactly that spring (two equal springs, one at each corner, pull
    /// as one through the centre); a turn is pulled back by the same springs. Zero-length
    /// springs have no dead zone: a corner may pass through its target (an item that cannot
    /// turn, held on a line, crosses them on its way), which Box2D 2.4's distance joint, kept
    /// at least 0.5 pt long, would not let it do.
    func build(in animator: Animator, slot s: Int) {
        guard let bi = animator.bodyIndex[item], let st = animator.state(of: item) else { return }
        let body = animator.bodies[bi]
        let hw = body.size.width / 2, hh = body.size.height / 2
        let (k, d) = SpringMapping.coefficients(
            frequency: Self.frequency, dampingRatio: damping, mass: body.mass / 2, h: animator.h,
            model: animator.settings.springs)
        for corner in [Vec2(-hw, -hh), Vec2(hw, hh)] {
            let (px, py) = animator.metres(st.center + corner.rotated(by: st.angle))
            let (tx, ty) = animator.metres(point + corner)
            animator.registry.slots[s].joints.append(
                sb_joint_create_target(animator.world, body.handle, px, py, tx, ty, Float(k), Float(d)))
        }
        animator.wake(item)
    }

    /// The snap spring's frequency, Hz.
    static let frequency = 4.0
}
