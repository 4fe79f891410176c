import Foundation
import SpringyAnimation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyScene

// The script player: each event fires before the first step that starts at or after its time.

extension Simulation {
    func eventStep(_ at: Double) -> Int { Int((at / h - 1e-9).rounded(.up)) }

    func fire(_ e: ScriptEvent) throws {
        try guarded(line: e.line, path: e.path) {
            switch e.action {
            case .pan(let p):
                start(ActiveGesture(pan: p, start: Double(stepIndex) * h, event: e).touching(newFinger()))
            case .tap(let target):
                tapCollection(target)
            case .select(let items):
                collection?.setSelection(items)
            case .addBehavior(let spec):
                guard let animator = freeAnimator else { return }
                try ensureCells(for: spec, in: animator)
                behaviorIDs.append(try animator.addBehavior(spec, label: "\(e.path) (\(spec.kindName))"))
                behaviorLabels.append(e.path)
            case .set(let index, let parameters):
                guard let animator = freeAnimator, index < behaviorIDs.count, let id = behaviorIDs[index] else {
                    throw DynamicsError.invalid("behavior \(index) is not in the animator (removed?)", behavior: e.path)
                }
                try animator.set(id, parameters)
            case .removeBehavior(let index):
                guard let animator = freeAnimator, index < behaviorIDs.count, let id = behaviorIDs[index] else { return }
                animator.removeBehavior(id)
                behaviorIDs[index] = nil
            case .insert(let position, let count, let labels):
                guard let c = collection else { return }
                let at: ItemPath
                switch position {
                case .rightOfCenter: at = c.indexRightOfCenter()
                case .indexPath(let ip):
                    at = ItemPath(ip.section, min(ip.item, c.sections[min(ip.section, c.sections.count - 1)].count))
                }
                guard at.section < c.sections.count else { return }
                c.insert(at: at, count: count, labels: labels)
                var starts: [Int: Vec2] = [:]
                for k in 0..<count {
                    let ip = ItemPath(at.section, at.item + k)
                    if let key = c.key(ip), let a = c.layout.attributes(for: ip) {
                        // The write-up's new cell starts one content height less a cell above its slot.
                        starts[key] = c.vertical ? a.center : a.center - Vec2(0, c.layout.contentSize.height - a.size.height)
                    }
                }
                try c.dynamicsLayoutChanged(newCells: starts)
            case .delete(let items):
                guard let c = collection else { return }
                c.delete(items)
                try c.dynamicsLayoutChanged(newCells: [:])
            case .longPress(let press):
                start(ActiveGesture(longPress: press, start: time, event: e).touching(newFinger()))
            case .scrollTo(let offset, let animated):
                collection?.scroll(to: offset, animated: animated)
            case .gesture(let gesture):
                gesture.start(on: self, event: e)
            case .reorder(let r):
                start(ActiveGesture(reorder: r, start: time, event: e).touching(newFinger()))
            case .update(let u):
                try collection?.performBatchUpdates(u, at: time)
            case .scrollToItem(let item, let position, let animated):
                collection?.scroll(toItem: item, position: position, animated: animated)
            case .animate(let spec):
                if let hide = spec.hidden {
                    for view in spec.views {
                        if hide { hiddenViews.insert(view) } else { hiddenViews.remove(view) }
                    }
                }
                viewAnimations.start(spec, at: time, animationWorld)
            case .controlAnimator(let name, let control):
                viewAnimations.control(name, control, at: time, animationWorld)
            }
        }
    }

    /// The next finger's number (Swift code's views tell fingers apart by it): in the order they land.
    package func newFinger() -> Int {
        fingersLanded += 1
        return fingersLanded
    }

    /// A tap on the collection: the cell named, or the one under the point.
    package func tapCollection(_ target: TapTarget) {
        guard let c = collection else { return }
        var ip: ItemPath?
        switch target {
        case .item(let id): ip = ItemPath(string: id)
        case .point(let p): ip = c.item(at: p)
        }
        if let ip {
            if c.spec.layout.kind == .list { c.tapList(ip, at: time) } else { c.toggleSelection(ip) }
        }
    }
}
