import SpringyCore
import SpringyFrame
import SpringyScene

/// What the collection view shows for its layout: a layout, or a spring-animated
/// transition between what it showed and a new layout. Every element moves from
/// its attributes in the old presentation to those in the new layout — rows that
/// appear or disappear included — along one clock (`TimedProgress` on UIView's duration spring), and so does the content offset.
package indirect enum Presentation {
    case layout(any CollectionLayout)
    /// `from` is frozen at the moment the transition began.
    case transition(LayoutTransition, frozenAt: Double?)

    func progress(at time: Double) -> (LayoutTransition, Double)? {
        guard case .transition(let t, let frozen) = self else { return nil }
        return (t, t.clock.progress(at: frozen ?? time))
    }

    package func frame(_ ip: ItemPath, at time: Double) -> Rect? {
        switch self {
        case .layout(let l): return l.attributes(for: ip)?.frame
        case .transition(let t, _):
            let p = progress(at: time)!.1
            let to = t.to.attributes(for: ip)?.frame
            let from = t.from.frame(ip, at: t.start)
            switch (from, to) {
            case (let f?, let n?): return lerp(f, n, p)
            default: return to ?? from  // open set: pairs of optionals
            }
        }
    }

    package func sectionSpan(_ s: Int, at time: Double) -> (start: Double, end: Double) {
        switch self {
        case .layout(let l): return l.sectionSpan(s)
        case .transition(let t, _):
            let p = progress(at: time)!.1
            let a = t.from.sectionSpan(s, at: t.start), b = t.to.sectionSpan(s)
            return (a.start + (b.start - a.start) * p, a.end + (b.end - a.end) * p)
        }
    }

    /// Index paths of cells that may be in `rect` at `time`, in index order.
    /// `rowOffset(section)`: how far each orthogonal row is scrolled (compositional layouts).
    package func cells(in rect: Rect, at time: Double, slack: Double, rowOffset: (Int) -> Double = { _ in 0 }) -> [ItemPath] {
        switch self {
        case .layout(let l):
            return l.attributes(in: rect, rowOffset: rowOffset).filter { $0.kind == .cell }.map(\.indexPath)
        case .transition(let t, _):
            let wide = Rect(
                x: rect.minX - slack, y: rect.minY - slack, width: rect.width + 2 * slack, height: rect.height + 2 * slack)
            var all = t.from.cells(in: wide, at: t.start, slack: slack, rowOffset: rowOffset)
            all += t.to.attributes(in: wide, rowOffset: rowOffset).filter { $0.kind == .cell }.map(\.indexPath)
            all.sort()
            var unique: [ItemPath] = []
            for ip in all where unique.last != ip { unique.append(ip) }
            return unique
        }
    }
}

/// One animated layout change.
package final class LayoutTransition {
    package let from: Presentation
    package let to: any CollectionLayout
    package let fromOffset: Double
    package let toOffset: Double
    package let clock: TimedProgress
    package var start: Double { clock.start }

    init(from: Presentation, to: any CollectionLayout, fromOffset: Double, toOffset: Double, clock: TimedProgress) {
        self.from = from; self.to = to; self.fromOffset = fromOffset; self.toOffset = toOffset
        self.clock = clock
    }

    package func offset(at time: Double) -> Double { clock.value(from: fromOffset, to: toOffset, at: time) }

    /// Its clock's rule (a step's rounding of time does not keep it one frame longer).
    package func isFinished(at time: Double) -> Bool { clock.isFinished(at: time) }
}

func lerp(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
    Rect(
        x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
        width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
}
