import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringySimulation

/// What `springy plot` charts.
public enum PlotQuantity: String, CaseIterable, Sendable {
    case x, y, speed, offset
}

/// `springy plot`: one quantity over time, with a released spring's closed form when asked.
public struct PlotJob {
    public struct NeverOnScreen: Error, CustomStringConvertible {
        public var item: String
        public var description: String { "no item \"\(item)\" is ever on screen" }
    }

    public var scene: Scene
    public var quantity: PlotQuantity
    public var item: String?
    /// Frequency (Hz), damping ratio and, optionally, the rest value.
    public var spring: (frequency: Double, damping: Double, rest: Double?)?

    public init(scene: Scene, quantity: PlotQuantity, item: String?, spring: (Double, Double, Double?)?) {
        self.scene = scene; self.quantity = quantity; self.item = item
        self.spring = spring.map { (frequency: $0.0, damping: $0.1, rest: $0.2) }
    }

    public func plot() throws -> Plot {
        var points: [(Double, Double)] = []
        var seen = false
        try Simulation(scene: scene).run { f in
            let v: Double?
            switch quantity {
            case .offset: v = f.contentOffset.x != 0 ? f.contentOffset.x : f.contentOffset.y
            case .x, .y, .speed:
                guard let it = f.items.first(where: { $0.id == item }) else { v = nil; break }
                seen = true
                v = quantity == .x ? it.center.x : quantity == .y ? it.center.y : it.velocity.length
            }
            if let v { points.append((f.time, v)) }
        }
        let name = item ?? ""
        if quantity != .offset && !seen { throw NeverOnScreen(item: name) }
        let unit = quantity == .speed ? "pt/s" : "pt"
        var plot = Plot(title: "\(scene.name): \(quantity == .offset ? "content offset" : "\(name) \(quantity.rawValue)")",
                        xLabel: "time (s)", yLabel: "\(quantity.rawValue) (\(unit))", series: points, seriesName: "simulated")
        if let sp = spring {
            let rest = sp.rest ?? (points.last?.1 ?? 0)
            plot.curve = Plot.springCurve(frequency: sp.frequency, dampingRatio: sp.damping, start: points.first?.1 ?? 0,
                                          rest: rest, times: points.map(\.0))
            plot.curveName = "closed form (\(Plot.label(sp.frequency)) Hz, ζ \(Plot.label(sp.damping)))"
        }
        return plot
    }

    /// Writes the chart: SVG when the path ends in .svg, PNG otherwise.
    public func write(to path: String) throws {
        let p = try plot()
        let bytes = path.lowercased().hasSuffix(".svg") ? try p.svg() : try PNGCodec.encode(try p.canvas())
        try AtomicFile.write(bytes, to: path)
    }
}
