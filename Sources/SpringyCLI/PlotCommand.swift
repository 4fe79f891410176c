import ArgumentParser
import Foundation
import SpringyKit

extension Springy {
    struct PlotCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plot",
            abstract: "Chart one item's x, y or speed, or the content offset, over time (PNG or SVG).")

        @Argument(help: "A scene file.")
        var scene: String

        @Option(
            name: .long, help: "The item: a free view's name, a cell's index path or a header (header.N); not needed for offset.")
        var item: String?

        @Option(name: .long, help: "The quantity to chart.")
        var quantity: PlotQuantity = .y

        @Option(
            name: .long,
            help:
                "Overlay a released spring's closed form: FREQUENCY,DAMPING[,REST] (rest defaults to the last value), e.g. 0.8,0.5."
        )
        var spring: SpringArgument?

        @Option(
            name: .long,
            help:
                "With --spring: when the spring is released (1.1 or 1.1s): its closed form starts there, from the value charted then, at rest (default: the first frame)."
        )
        var from: Seconds?

        @Option(name: .long, help: "Output file (.png or .svg).")
        var out: String = "plot.png"

        @Flag(name: .long, help: "Replace the output file if it exists.")
        var overwrite = false

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            try refuseEmptyPaths([("--out", out)], scenes: [scene])
            if quantity != .offset && item == nil {
                throw ValidationError("--item is needed for --quantity \(quantity.rawValue)")
            }
            if from != nil && spring == nil {
                throw ValidationError(
                    "--from is the release time of --spring's closed form: give --spring FREQUENCY,DAMPING[,REST] too")
            }
            let lower = out.lowercased()
            if !(lower.hasSuffix(".png") || lower.hasSuffix(".svg")) { throw ValidationError("--out must end in .png or .svg") }
        }

        func run() throws {
            let s = try loadScenes([scene], limits: limitOptions.limits)[0]
            do {
                try Files.prepare(out, overwrite: overwrite, flag: "--out")
                try s.plot(
                    quantity, item: item, spring: spring.map { ($0.frequency, $0.damping, $0.rest) }, from: from?.value,
                    to: out)
            } catch { throw report(error) }
            say("wrote \(out)")
        }
    }
}
