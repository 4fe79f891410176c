import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// Attachment anchors the animator moves (a finger's point, a layout's anchor) and the springs
// as drawn. The joints themselves are made by the kind (Kinds/AttachmentBehavior.swift).

extension Animator {

    package func setAnchor(_ id: BehaviorID, _ point: Vec2) {
        guard let s = registry.index[id] else { return }
        if case .attachment(var a) = registry.slots[s].spec, case .point(let old) = a.to, old != point {
            a.to = .point(point)
            registry.slots[s].spec = .attachment(a)
            moveAnchor(s, to: point)
        }
    }

    package func anchor(of id: BehaviorID) -> Vec2? {
        guard let s = registry.index[id], case .attachment(let a) = registry.slots[s].spec, case .point(let p) = a.to else {
            return nil
        }
        return p
    }

    /// The anchor travels to `point` over the next step, then stops there.
    func moveAnchor(_ s: Int, to point: Vec2) {
        if registry.slots[s].targetJoint, let j = registry.slots[s].joints.first {
            let (x, y) = metres(point)
            sb_joint_set_target(world, j, x, y)
            return
        }
        guard let anchorBody = registry.slots[s].staticBodies.first else { return }
        let current = rawState(anchorBody)
        let (x, y) = metres(point)
        sb_body_set_velocity(world, anchorBody, (x - current.x) / Float(h), (y - current.y) / Float(h), 0)
        movingAnchors.removeAll { $0.body == anchorBody }
        movingAnchors.append((anchorBody, x, y))
        if let item = registry.slots[s].springItem { wake(item) }
    }

    /// Anchors given a velocity for this step: stopped exactly at their targets afterwards.
    func settleAnchors() {
        for a in movingAnchors {
            sb_body_set_velocity(world, a.body, 0, 0, 0)
            sb_body_set_transform(world, a.body, a.x, a.y, 0)
        }
        movingAnchors.removeAll(keepingCapacity: true)
    }

    /// Every attachment, from its anchor to its point on the item, in behavior order.
    package var springs: [SpringSnapshot] {
        var out: [SpringSnapshot] = []
        var a = [Float](repeating: 0, count: 4)
        for slot in registry.slots where slot.active {
            guard case .attachment = slot.spec, let item = slot.springItem, let j = slot.joints.first else { continue }
            sb_joint_anchors(world, j, &a)
            // Joints are built anchor (A) to item (B).
            out.append(SpringSnapshot(item: item, anchor: points(a[0], a[1]), point: points(a[2], a[3])))
        }
        return out
    }
}
