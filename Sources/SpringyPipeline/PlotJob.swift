import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringySimulation
import SpringyTypes

/// What `springy plot` charts.

/// `springy plot`: one quantity over time, with a released spring's closed form when asked.
package struct PlotJob {
    package struct NeverOnScreen: Error, CustomStringConvertible {
        package var item: String
        /// The ids that were on screen, sorted.
        package var onScreen: [String] = []
        package var description: String {
            let hint = suggestion(for: item, among: onScreen).map { " (did you mean \"\($0)\"?)" } ?? ""
            let some = onScreen.prefix(12).joined(separator: ", ") + (onScreen.count > 12 ? ", …" : "")
            return "no item \"\(item)\" is ever on screen\(hint); on screen: \(onScreen.isEmpty ? "nothing" : some)"
        }
    }

    package var scene: Scene
    package var quantity: PlotQuantity
    package var item: String?
    /// Frequency (Hz), damping ratio and, optionally, the rest value.
    package var spring: (frequency: Double, damping: Double, rest: Double?)?
    /// When the spring is released (s): its closed form starts there, from the value charted
    /// then, at rest (nil: the first frame).
    package var from: Double?

    package init(scene: Scene, quantity: PlotQuantity, item: String?, spring: (Double, Double, Double?)?) {
        self.scene = scene; self.quantity = quantity; self.item = item
        self.spring = spring.map { (frequency: $0.0, damping: $0.1, rest: $0.2) }
    }

    /// Where `item` is in a frame: a free view or cell (with its velocity), or a header
    /// (`header.N`, whose velocity is the change of its position since the frame before).
    func locate(_ f: FrameState) -> (center: Vec2, velocity: Vec2?)? {
        if let it = f.items.first(where: { $0.id == item }) { return (it.center, it.velocity) }
        if let h = f.headers.first(where: { $0.id == item }) { return (h.frame.center, nil) }
        return nil
    }

    package func plot() throws -> Plot {
        try RunCost.check(scene, drawn: false)
        var points: [(Double, Double)] = []
        var seen = false
        var ids = Set<String>()  // looked up and sorted for the message, never iterated as is
        var previous: (time: Double, center: Vec2)?
        try Simulation(scene: scene).run { f in
            if !seen && quantity != .offset { for it in f.items { ids.insert(it.id) } }
            switch quantity {
            case .offset:
                points.append((f.time, f.contentOffset.x != 0 ? f.contentOffset.x : f.contentOffset.y))
            case .x, .y, .speed:
                guard let at = locate(f) else {
                    // Off screen: a gap in the line, not a straight bridge across it.
                    if seen, let last = points.last, last.1.isFinite { points.append((f.time, .nan)) }
                    previous = nil
                    return
                }
                seen = true
                let speed: Double
                if let v = at.velocity {
                    speed = v.length
                } else if let p = previous, f.time > p.time {
                    speed = (at.center - p.center).length / (f.time - p.time)
                } else {
                    speed = .nan
                }
                previous = (f.time, at.center)
                points.append((f.time, quantity == .x ? at.center.x : quantity == .y ? at.center.y : speed))
            }
        }
        let name = item ?? ""
        if quantity != .offset && !seen { throw NeverOnScreen(item: name, onScreen: ids.sorted()) }
        let unit = quantity == .speed ? "pt/s" : "pt"
        var plot = Plot(
            title: "\(scene.displayName): \(quantity == .offset ? "content offset" : "\(name) \(quantity.rawValue)")",
            xLabel: "time (s)", yLabel: "\(quantity.rawValue) (\(unit))", series: points, seriesName: "simulated")
        if let sp = spring {
            let released = points.filter { $0.1.isFinite && $0.0 >= (from ?? -.infinity) - 1e-9 }
            guard let first = released.first else {
                throw OutputError(
                    "\(scene.file): --from \(Plot.label(from ?? 0)) s is after the last time charted (\(Plot.label(points.last?.0 ?? 0)) s)"
                )
            }
            let rest = sp.rest ?? (released.last?.1 ?? 0)
            plot.addCurve(
                Plot.springCurve(
                    frequency: sp.frequency, dampingRatio: sp.damping, start: first.1,
                    rest: rest, times: points.map(\.0).filter { $0 >= first.0 }),
                name:
                    "closed form (\(Plot.label(sp.frequency)) Hz, ζ \(Plot.label(sp.damping))\(from.map { ", from \(Plot.label($0)) s" } ?? ""))"
            )
        }
        return plot
    }

    /// Writes the chart: SVG when the path ends in .svg, PNG otherwise.
    package func write(to path: String) throws {
        let p = try plot()
        let bytes = path.lowercased().hasSuffix(".svg") ? try p.svg() : try PNGCodec.encode(try p.canvas())
        try AtomicFile.write(bytes, to: path)
    }
}
