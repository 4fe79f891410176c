import ArgumentParser
import Foundation
import SpringyCore
import SpringyLayout
import SpringyOutput
import SpringyScene

extension Springy {
    struct PlotCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plot",
            abstract: "Chart one item's x, y or speed, or the content offset, over time (PNG or SVG).")

        @OptionGroup var limitOptions: LimitOptions

        @Argument(help: "A scene file.")
        var scene: String

        @Option(name: .long, help: "The item: a free view's name or a cell's index path (not needed for offset).")
        var item: String?

        @Option(name: .long, help: "x, y, speed or offset.")
        var quantity: String = "y"

        @Option(name: .long, help: "Overlay a released spring's closed form: FREQUENCY,DAMPING[,REST] (rest defaults to the last value).")
        var spring: String?

        @Option(name: .long, help: "Output file (.png or .svg).")
        var out: String = "plot.png"

        @Flag(name: .long, help: "Replace the output file if it exists.")
        var overwrite = false

        func validate() throws {
            guard ["x", "y", "speed", "offset"].contains(quantity) else {
                throw ValidationError("--quantity must be x, y, speed or offset, not \(quantity)")
            }
            if quantity != "offset" && item == nil { throw ValidationError("--item is needed for --quantity \(quantity)") }
            if let s = spring {
                let parts = s.split(separator: ",").compactMap { Double($0) }
                if parts.count < 2 || parts.count > 3 || parts[0] <= 0 || parts[1] < 0 {
                    throw ValidationError("--spring takes FREQUENCY,DAMPING[,REST], e.g. 0.8,0.5")
                }
            }
            let lower = out.lowercased()
            if !(lower.hasSuffix(".png") || lower.hasSuffix(".svg")) { throw ValidationError("--out must end in .png or .svg") }
        }

        func run() throws {
            let s = try loadScenes([scene], limits: limitOptions.limits)[0]
            if !overwrite && FileManager.default.fileExists(atPath: out) {
                warn("springy: \(out) exists; pass --overwrite to replace it"); throw ExitCode(2)
            }
            var points: [(Double, Double)] = []
            var seen = false
            do {
                try Simulation(scene: s).run { f in
                    let v: Double?
                    switch quantity {
                    case "offset": v = f.contentOffset.x != 0 ? f.contentOffset.x : f.contentOffset.y
                    default:
                        guard let it = f.items.first(where: { $0.id == item }) else { v = nil; break }
                        seen = true
                        v = quantity == "x" ? it.center.x : quantity == "y" ? it.center.y : it.velocity.length
                    }
                    if let v { points.append((f.time, v)) }
                }
            } catch let e as SimulationError { warn("\(e)"); throw ExitCode(2) }
            if quantity != "offset" && !seen {
                warn("springy: \(scene): no item \"\(item!)\" is ever on screen"); throw ExitCode(2)
            }
            let unit = quantity == "speed" ? "pt/s" : "pt"
            var plot = Plot(title: "\(s.name): \(quantity == "offset" ? "content offset" : "\(item!) \(quantity)")",
                            xLabel: "time (s)", yLabel: "\(quantity) (\(unit))", series: points, seriesName: "simulated")
            if let sp = spring {
                let p = sp.split(separator: ",").compactMap { Double($0) }
                let rest = p.count > 2 ? p[2] : (points.last?.1 ?? 0)
                plot.curve = Plot.springCurve(frequency: p[0], dampingRatio: p[1], start: points.first?.1 ?? 0, rest: rest,
                                              times: points.map(\.0))
                plot.curveName = "closed form (\(Plot.label(p[0])) Hz, ζ \(Plot.label(p[1])))"
            }
            do { try plot.write(to: out) } catch { warn("springy: \(error)"); throw ExitCode(2) }
            print("wrote \(out)")
        }
    }
}
