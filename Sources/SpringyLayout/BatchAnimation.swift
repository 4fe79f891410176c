import SpringyCore
import SpringyFrame
import SpringyScene

/// The animation of one batch update, as UICollectionView runs it: every cell shown before
/// or after moves from where it was shown (its frame in the old layout when it was off
/// screen) to its new frame; inserted cells appear at their new frames from the layout's
/// initial attributes (alpha 0, and scale 0.1 with `appearance: scale`); deleted cells leave
/// to their final attributes at their old frames. One UIKit ease-in-out curve drives it all.
struct BatchAnimation {
    /// What was on screen when the update began, captured before the data changed.
    struct Before {
        /// Cells shown or about to be shown, by key: frame and alpha as drawn at that moment.
        var shown: [Int: (frame: Rect, alpha: Double)] = [:]
        /// The layout before the update, and each key's index path in it.
        var layout: any CollectionLayout
        var paths: [Int: ItemPath] = [:]
        /// Cells as drawn, for those that leave: key, old index path, label, selection.
        var drawn: [(key: Int, path: ItemPath, label: String, selected: Bool)] = []
        /// Section spans before, by section key.
        var spans: [Int: (start: Double, end: Double)] = [:]

        init(view c: CollectionView, time: Double) {
            layout = c.layout
            for (s, k) in c.keys.enumerated() { for (i, key) in k.enumerated() { paths[key] = ItemPath(s, i) } }
            for (s, key) in c.sectionKeys.enumerated() { spans[key] = c.presentation.sectionSpan(s, at: time) }
            // Cells within a view's length of the visible area are the ones UIKit animates.
            let length = c.vertical ? c.viewSize.height : c.viewSize.width
            for ip in c.shownCells(in: c.geometry.widened(c.visibleRect, by: length), at: time) {
                guard let key = c.key(ip), let f = c.shownFrame(ip, at: time) else { continue }
                shown[key] = f
                drawn.append((key, ip, c.label(ip), c.isSelected(ip)))
            }
        }
    }

    let before: Before
    /// The update's clock: UIKit's ease-in-out over the update's duration.
    let clock: TimedProgress
    let appearance: UpdateAppearance
    /// Keys that exist after the update.
    let survivors: Set<Int>
    /// Cells shown before that are still there, at their new index paths (sorted).
    let movedIn: [ItemPath]

    init(before: Before, after c: CollectionView, start: Double, spec: UpdateAnimationSpec) {
        self.before = before; clock = .easeInOut(start: start, duration: spec.duration); appearance = spec.appearance
        var survivors = Set<Int>()
        var movedIn: [ItemPath] = []
        for (s, k) in c.keys.enumerated() {
            for (i, key) in k.enumerated() {
                survivors.insert(key)
                if before.shown[key] != nil { movedIn.append(ItemPath(s, i)) }
            }
        }
        self.survivors = survivors; self.movedIn = movedIn
    }

    func progress(at time: Double) -> Double { clock.progress(at: time) }
    func isFinished(at time: Double) -> Bool { clock.isFinished(at: time) }

    /// Where the cell `key` is drawn, now at `to` in the new layout.
    func frame(key: Int, to: Rect, at time: Double) -> (frame: Rect, alpha: Double) {
        let p = progress(at: time)
        if let shown = before.shown[key] { return (lerp(shown.frame, to, p), shown.alpha + (1 - shown.alpha) * p) }
        if let old = before.paths[key], let f = before.layout.attributes(for: old)?.frame { return (lerp(f, to, p), 1) }
        return (appearance == .scale ? scaled(to, 0.1 + 0.9 * p) : to, p)
    }

    /// The cells that left, drawn toward their final attributes.
    func leaving(at time: Double) -> [(key: Int, path: ItemPath, label: String, selected: Bool, frame: Rect, alpha: Double)] {
        let p = progress(at: time)
        return before.drawn.compactMap { d in
            guard !survivors.contains(d.key), let shown = before.shown[d.key] else { return nil }
            let frame = appearance == .scale ? scaled(shown.frame, 1 - 0.9 * p) : shown.frame
            return (d.key, d.path, d.label, d.selected, frame, shown.alpha * (1 - p))
        }
    }

    /// A section's span, moving from where it was (by section key).
    func span(sectionKey: Int, to: (start: Double, end: Double), at time: Double) -> (start: Double, end: Double) {
        guard let from = before.spans[sectionKey] else { return to }
        let p = progress(at: time)
        return (from.start + (to.start - from.start) * p, from.end + (to.end - from.end) * p)
    }
}

func scaled(_ r: Rect, _ f: Double) -> Rect { Rect(center: r.center, size: Size2(r.width * f, r.height * f)) }
