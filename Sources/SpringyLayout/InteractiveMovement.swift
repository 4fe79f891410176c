import SpringyCore
import SpringyFrame
import SpringyScene

/// Interactive movement (iOS 9): beginInteractiveMovementForItem, then
/// updateInteractiveMovementTargetPosition as the finger moves, then end (the data source
/// moves the item) or cancel (it goes back).
struct InteractiveMovement {
    /// The moving cell's identity and where it started.
    let key: Int
    let original: ItemPath
    /// The target position, viewport coordinates: the lifted cell's centre follows it.
    var position: Vec2
    /// From the finger to the cell's centre when it was lifted, and the centre's x then: a list
    /// keeps both (UITableView's reorder moves the row vertically only, under the point where
    /// it was grabbed); nil for a collection view, whose cell centres on the finger (UIKit's
    /// updateInteractiveMovementTargetPosition).
    var rowGrab: (offset: Vec2, x: Double)?

    /// Where the cell's centre goes for a finger at `point`.
    func centre(for point: Vec2) -> Vec2 {
        guard let g = rowGrab else { return point }
        return Vec2(g.x, point.y + g.offset.y)
    }
    /// Once the finger lifts: when, and the cell's centre then (content coordinates).
    var dropped: (time: Double, from: Vec2)?
}

extension CollectionView {
    /// beginInteractiveMovementForItem for the cell under `point`; false when there is none
    /// (or a movement is already under way).
    @discardableResult
    package func beginInteractiveMovement(at point: Vec2, time: Double = 0) -> Bool {
        guard movement == nil, let ip = item(at: point), let k = key(ip) else { return false }
        var m = InteractiveMovement(key: k, original: ip, position: point)
        if spec.layout.kind == .list, let slot = shownFrame(ip, at: time)?.frame {
            let centre = slot.center - contentOffset
            m.rowGrab = (centre - point, centre.x)
            m.position = centre
        }
        movement = m
        headersOffset = .nan
        return true
    }

    /// updateInteractiveMovementTargetPosition: the cell's centre goes to `point` (a list's row
    /// keeps its x and the offset it was grabbed at); when the centre is over another cell
    /// (layout.targetIndexPath's default), the item moves to that index and its neighbours
    /// shift with the update animation.
    package func updateInteractiveMovement(to point: Vec2, at time: Double) throws {
        guard var m = movement, m.dropped == nil else { return }
        m.position = m.centre(for: point)
        movement = m
        guard let current = path(ofKey: m.key), let target = item(at: m.position), target != current else { return }
        var u = BatchUpdate()
        u.move = [BatchUpdate.Move(from: current, to: target)]
        try performBatchUpdates(u, at: time)
    }

    /// endInteractiveMovement (or cancelInteractiveMovement, which puts the item back):
    /// the cell settles into its slot on the update animation.
    package func endInteractiveMovement(at time: Double, cancelled: Bool) throws {
        guard var m = movement, m.dropped == nil else { return }
        if cancelled, let current = path(ofKey: m.key), current != m.original {
            var u = BatchUpdate()
            u.move = [BatchUpdate.Move(from: current, to: m.original)]
            try performBatchUpdates(u, at: time)
        }
        m.dropped = (time, m.position + contentOffset)
        movement = m
    }

    /// Where the moving cell is drawn at `time` (content coordinates), how large a share of
    /// its lift remains (1 while held, → 0 as it drops); nil when it is not the moving cell.
    func movingFrame(key k: Int, slot: Rect, at time: Double) -> (frame: Rect, lift: Double)? {
        guard let m = movement, m.key == k else { return nil }
        let scale = spec.reorder.liftScale
        guard let drop = m.dropped else {
            return (Rect(center: m.position + contentOffset, size: Size2(slot.width * scale, slot.height * scale)), 1)
        }
        let p = TimedProgress.easeInOut(start: drop.time, duration: spec.updates.duration).progress(at: time)
        let center = drop.from + (slot.center - drop.from) * p
        let f = scale + (1 - scale) * p
        return (Rect(center: center, size: Size2(slot.width * f, slot.height * f)), 1 - p)
    }

    /// Ends a finished drop, and a movement whose cell a script deleted.
    func advanceMovement(to time: Double) {
        guard let m = movement else { return }
        if path(ofKey: m.key) == nil { movement = nil; return }
        if let drop = m.dropped, TimedProgress.easeInOut(start: drop.time, duration: spec.updates.duration).isFinished(at: time) {
            movement = nil
        }
    }

    func path(ofKey k: Int) -> ItemPath? {
        for (s, keys) in keys.enumerated() { if let i = keys.firstIndex(of: k) { return ItemPath(s, i) } }
        return nil
    }
}
