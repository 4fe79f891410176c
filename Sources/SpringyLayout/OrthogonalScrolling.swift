import SpringyCore
import SpringyFrame
import SpringyScene

// Compositional sections that scroll across the main axis: each has its own scroll view
// (a ScrollAxis along x), which a horizontal drag that starts in its row moves.

extension CollectionView {
    /// Scroll views for the layout's orthogonal rows, keeping the offsets of sections that had one.
    func makeRows(keeping previous: [Int: Double] = [:]) -> [ScrollAxis?] {
        // No orthogonal rows (every layout but a compositional one): nothing to step or search.
        guard sections.indices.contains(where: { layout.orthogonalRow($0) != nil }) else { return [] }
        return sections.indices.map { s in
            guard let row = layout.orthogonalRow(s) else { return nil }
            let centred = row.behavior == .group_paging_centered
            // Centred paging can centre the first and last groups: the row is inset by what that takes.
            let edge = centred ? max(0, (viewSize.width - row.itemWidth) / 2 - row.left) : 0
            let grouped = row.behavior == .group_paging || centred
            var axis = ScrollAxis(
                viewLength: viewSize.width, contentLength: row.length, bounces: spec.scroll.bounces,
                insetLeading: edge, insetTrailing: edge,
                rate: grouped ? ScrollAxis.fastDeceleration : spec.scroll.decelerationRate,
                paging: row.behavior == .paging)
            axis.setOffset(previous[sectionKeys[s]] ?? axis.minOffset)
            return axis
        }
    }

    /// Rebuilds the rows after the layout changed.
    func relayoutRows() {
        var previous: [Int: Double] = [:]
        for (s, row) in rows.enumerated() where s < sectionKeys.count { if let row { previous[sectionKeys[s]] = row.offset } }
        rows = makeRows(keeping: previous)
    }

    /// Section `s`'s orthogonal offset (0 for a section without one).
    public func rowOffset(_ s: Int) -> Double { s >= 0 && s < rows.count ? rows[s]?.offset ?? 0 : 0 }

    /// The orthogonal section whose row is under a viewport point, if any.
    func orthogonalSection(at point: Vec2) -> Int? {
        guard rows.contains(where: { $0 != nil }) else { return nil }
        let p = point + contentOffset
        let band = Rect(x: 0, y: p.y - 0.5, width: viewSize.width, height: 1)
        return layout.attributes(in: band).first { $0.kind == .cell && rows[$0.indexPath.section] != nil }?.indexPath.section
    }

    /// Where a release of row `s` comes to rest: its behaviour's rule (group paging moves one
    /// group in the fling's direction past the paging threshold, else to the nearest).
    func rowTarget(_ s: Int, offset: Double, proposed: Double, velocity v: Double) -> Double? {
        guard let row = layout.orthogonalRow(s) else { return nil }
        let first: Double  // the offset that shows the first group where the behaviour rests it
        switch row.behavior {
        case .none, .continuous, .paging: return nil
        case .continuous_group_leading:
            return ((proposed) / row.pitch).rounded() * row.pitch
        case .group_paging: first = 0
        case .group_paging_centered: first = row.left + row.itemWidth / 2 - viewSize.width / 2
        }
        let i0 = (offset - first) / row.pitch
        let i: Double
        if v > ScrollAxis.pagingFlingSpeed {
            i = i0.rounded(.down) + 1
        } else if v < -ScrollAxis.pagingFlingSpeed {
            i = i0.rounded(.up) - 1
        } else {
            i = i0.rounded()
        }
        return first + i * row.pitch
    }

    func releaseRow(_ s: Int, fingerVelocity: Double) {
        guard var axis = rows[s] else { return }
        let offset = axis.offset
        axis.release(fingerVelocity: fingerVelocity) { [self] proposed, v in
            rowTarget(s, offset: offset, proposed: proposed, velocity: v)
        }
        rows[s] = axis
    }

    /// scrollToItem across the main axis: a cell of an orthogonal row is centred (`center`) or
    /// brought whole into view.
    func scrollRow(toItem ip: ItemPath, position: ScrollPosition, animated: Bool) {
        guard ip.section < rows.count, var axis = rows[ip.section], let f = layout.attributes(for: ip)?.frame else { return }
        var target = axis.offset
        if position == .center {
            target = f.center.x - viewSize.width / 2
        } else if f.minX < axis.offset {
            target = f.minX
        } else if f.maxX > axis.offset + viewSize.width {
            target = f.maxX - viewSize.width
        }
        axis.scroll(to: min(max(target, axis.minOffset), axis.maxOffset), animated: animated)
        rows[ip.section] = axis
    }
}
