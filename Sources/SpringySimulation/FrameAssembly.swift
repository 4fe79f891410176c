import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyScene

// Frame assembly: what the collection view, the animators and the gestures show, as one FrameState.

extension Simulation {
    func snapshot(frame index: Int) -> FrameState {
        var items: [ItemState] = []
        var headers: [HeaderState] = []
        var offset = Vec2.zero
        if let c = collection {
            let v = c.visibleState(time: time)
            items = v.items
            headers = v.headers
            offset = c.contentOffset
        }
        var springs: [SpringSnapshot] = []
        if let animator = freeAnimator {
            var cells: [String: Int] = [:]
            for (i, item) in items.enumerated() { cells[item.id] = i }
            for spec in scene.items {
                guard let s = animator.state(of: spec.name) else { continue }
                // Its transform's scale is the view animations' (AnimatedViews.present applies it).
                items.append(
                    ItemState(
                        id: spec.name, center: s.center, size: spec.size, angle: s.angle,
                        alpha: 1,
                        z: 0, velocity: s.velocity, selected: false, kind: .view, color: spec.fill, label: spec.label,
                        shape: spec.shape))
                if spec.shape == .path { items[items.count - 1].outline = spec.outline }
                items[items.count - 1].look = spec.look
            }
            // Cells a free behavior moves are drawn where the animator has them.
            for id in animator.itemIDs {
                guard let i = cells[id], let s = animator.state(of: id) else { continue }
                items[i].center = s.center
                items[i].angle = s.angle
                items[i].velocity = s.velocity
            }
            springs = animator.springs
        }
        animated.present(&items, at: time)
        if !hiddenViews.isEmpty { for i in items.indices where hiddenViews.contains(items[i].id) { items[i].alpha = 0 } }
        var programBoundaries: [Segment] = []
        if let program {
            let part = program.frame()
            items += part.items
            springs += part.springs
            programBoundaries = part.boundaries
        }
        if let dynamics = collection?.dynamics {
            springs += dynamics.springs.map {
                SpringSnapshot(item: $0.item, anchor: $0.anchor - offset, point: $0.point - offset)
            }
        }
        let fingers = inputs.flatMap(\.fingers)
        recentContacts.removeAll { time - $0.1 > Self.flashDuration }
        var boundaries: [Segment] = []
        if let animator = freeAnimator {
            boundaries = animator.boundarySegments.map { Segment(from: $0.from, to: $0.to) }
        }
        boundaries += programBoundaries
        let state = FrameState(
            frame: index, time: scene.time.rate.seconds(index), contentOffset: offset,
            atRest: isAtRest, items: items, headers: headers, springs: springs,
            events: events, fingers: fingers, boundaries: boundaries,
            flashes: recentContacts.map { Flash(point: $0.0, age: time - $0.1) })
        events.removeAll()
        eventsSeen = 0
        return state
    }
}
