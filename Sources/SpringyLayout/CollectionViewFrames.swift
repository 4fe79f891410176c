import SpringyCore
import SpringyFrame
import SpringyScene

// What a frame shows of the collection view: its cells and supplementary views, in viewport coordinates.

extension CollectionView {
    /// Index paths of the cells that may be drawn in `rect` (content coordinates) at `time`, in index order.
    func shownCells(in rect: Rect, at time: Double) -> [ItemPath] {
        let slack = spec.layout.kind == .list ? spec.layout.expandedHeight + spec.layout.rowHeight : 0
        var paths = presentation.cells(in: rect, at: time, slack: slack, rowOffset: rowOffset)
        if let b = batch, !b.movedIn.isEmpty {
            // Cells the update moves may come from anywhere the view showed before it.
            paths = Array(Set(paths + b.movedIn)).sorted()
        }
        return paths
    }

    /// Where the cell at `ip` is drawn at `time` (content coordinates) and its alpha, before dynamics.
    func shownFrame(_ ip: ItemPath, at time: Double) -> (frame: Rect, alpha: Double)? {
        guard var frame = presentation.frame(ip, at: time) else { return nil }
        let shift = rowOffset(ip.section)
        if shift != 0 { frame = Rect(x: frame.minX - shift, y: frame.minY, width: frame.width, height: frame.height) }
        if let b = batch, let k = key(ip) { return b.frame(key: k, to: frame, at: time) }
        return (frame, 1)
    }

    /// The cells and headers the frame shows, in viewport coordinates, in index order
    /// (cells a batch update removes first, beneath the rest).
    package func visibleState(time: Double) -> (items: [ItemState], headers: [HeaderState]) {
        updateHeaders(at: time)
        let offset = contentOffset
        let visible = visibleRect
        let kind: ItemKind = spec.layout.kind == .list ? .row : .cell
        var items: [ItemState] = []
        for gone in batch?.leaving(at: time) ?? [] where gone.frame.intersects(visible) {
            items.append(
                ItemState(
                    id: "deleted.\(gone.path)", center: gone.frame.center - offset, size: gone.frame.size,
                    angle: 0, alpha: gone.alpha, z: 0, velocity: .zero, selected: gone.selected, kind: kind,
                    paletteKey: gone.key, label: gone.label, shape: .rectangle))
        }
        // Cells the dynamics moves may be drawn away from their slots: look a little wider.
        let search = geometry.widened(visible, by: dynamics?.reach ?? 0)
        var paths = shownCells(in: search, at: time)
        var anywhere = dynamics?.cellsDrawnAnywhere ?? []
        if let m = movement, let ip = path(ofKey: m.key) { anywhere.append(ip) }
        if !anywhere.isEmpty {
            // Dragged and moving cells can be anywhere: consider all of them.
            paths = Array(Set(paths + anywhere)).sorted()
        }
        for ip in paths {
            guard let shown = shownFrame(ip, at: time) else { continue }
            var frame = shown.frame, alpha = shown.alpha
            var angle = 0.0, velocity = Vec2.zero
            var z = 0, elevation = 0.0
            if let k = key(ip), let dynamics, let d = dynamics.state(ofKey: k) {
                frame = Rect(center: d.center, size: frame.size)
                angle = d.angle; velocity = d.velocity
                z = dynamics.cellZ
                if dynamics.liftsCells { elevation = spec.dynamics.liftElevation }
            }
            if let m = movement, key(ip) == m.key, let slot = layout.attributes(for: ip)?.frame,
                let moving = movingFrame(key: m.key, slot: slot, at: time)
            {
                frame = moving.frame
                alpha = 1
                z = 2
                elevation = spec.reorder.elevation * moving.lift
            }
            guard frame.intersects(visible) else { continue }
            if spec.transitions.fade, let tr = transition {
                // For comparison: UIKit's default, appearing rows fade in and disappearing ones out.
                let p = tr.clock.progress(at: time)
                let inFrom =
                    tr.from.frame(ip, at: tr.start).map {
                        $0.intersects(Rect(x: 0, y: tr.fromOffset, width: viewSize.width, height: viewSize.height))
                    } ?? false
                let inTo =
                    tr.to.attributes(for: ip).map {
                        $0.frame.intersects(Rect(x: 0, y: tr.toOffset, width: viewSize.width, height: viewSize.height))
                    } ?? false
                if !inFrom && inTo { alpha = p } else if inFrom && !inTo { alpha = 1 - p }
            }
            items.append(
                ItemState(
                    id: ip.description, center: frame.center - offset, size: frame.size,
                    angle: angle, alpha: alpha, z: z, velocity: velocity,
                    selected: isSelected(ip), kind: kind,
                    paletteKey: key(ip), label: label(ip), shape: .rectangle, elevation: elevation))
            if kind == .row && spec.layout.rightToLeft { items[items.count - 1].trailingLabel = true }
            if spec.layout.insetGrouped, ip.section < sections.count {
                // An inset-grouped section is one rounded group: its first row's top corners, its last row's bottom ones.
                var corners: GroupCorners = []
                if ip.item == 0 { corners.insert(.top) }
                if ip.item == sections[ip.section].count - 1 { corners.insert(.bottom) }
                items[items.count - 1].groupCorners = corners
                items[items.count - 1].groupRadius = ListLayout.groupRadius
            }
        }
        return (items, headers)
    }
}
