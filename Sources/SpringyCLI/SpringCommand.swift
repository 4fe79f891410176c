import ArgumentParser
import Foundation
import SpringyKit

extension Springy {
    struct SpringCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "spring",
            abstract: "Convert a spring between UIKit, UIView, Core Animation, SwiftUI, Android, Flutter, Framer Motion and CSS.",
            discussion: """
                Give the spring in one vocabulary as KEY=VALUE pairs; a key left out takes that
                platform's own default, and the report says which defaults it used:
                  uikit    frequency=HZ damping=RATIO                  (UIAttachmentBehavior)
                  uiview   duration=S damping=RATIO [velocity=V]       (usingSpringWithDamping)
                  ca       [stiffness=100] [damping=10] [mass=1] [velocity=0]
                                                                       (CASpringAnimation, UISpringTimingParameters)
                  swiftui  [duration=0.5] [bounce=0]                   (Spring(duration:bounce:), bounce -1...1)
                         | [response=0.5] [damping_fraction=0.825]    (.spring(response:dampingFraction:))
                         | stiffness=K damping=C [mass=1] [velocity=0] (.interpolatingSpring)
                  android  [stiffness=1500] [damping_ratio=0.5]        (SpringForce)
                  flutter  stiffness=K damping=C [mass=1] | stiffness=K [ratio=1] [mass=1]
                  framer   [stiffness=100] [damping=10] [mass=1] [velocity=0] | visual_duration=S [bounce=0]
                or one of iOS's own springs by name, without values: ios.switch (its track going on),
                  ios.switch.on, ios.switch.off, ios.switch.knob, ios.switch.knob_down, ios.sheet, ios.sheet.fast,
                  ios.keyboard
                e.g. springy spring swiftui duration=0.5 bounce=0.3 --plot spring.png
                     springy spring ca damping=5 --proof proof.png  (every platform's curve checked)
                """)

        @Argument(
            help:
                "The vocabulary: uikit, uiview, ca, swiftui, android, flutter or framer; or an iOS spring by name (ios.switch…).")
        var vocabulary: String

        @Argument(help: "KEY=VALUE pairs.")
        var values: [String] = []

        @Option(
            name: .customLong("css-error"),
            help: "The largest error allowed in the CSS linear() easing, as a fraction of the distance.")
        var cssError: Double = 0.001

        @Option(name: .long, help: "Also chart the curve to this file (.png or .svg).")
        var plot: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Also prove the conversion: chart every platform's curve, from the numbers printed, over the closed form, with each one's largest distance from it (.png or .svg).",
                valueName: "file"))
        var proof: String?

        @Option(name: .long, help: "Also write Lottie-style keyframes of the motion (0 to 100) to this .json file.")
        var lottie: String?

        @Option(name: .long, help: "Frames per second of the Lottie keyframes.")
        var fps: Int = 60

        @Flag(name: .long, help: "Replace output files that exist.")
        var overwrite = false

        func validate() throws {
            try refuseEmptyPaths([("--plot", plot), ("--proof", proof), ("--lottie", lottie)])
            if !(cssError > 0 && cssError <= 0.1) {
                throw ValidationError("--css-error must be above 0 and at most 0.1, not \(cssError)")
            }
            if !(1...240).contains(fps) { throw ValidationError("--fps must be between 1 and 240, not \(fps)") }
            for (flag, path) in [("--plot", plot), ("--proof", proof)] {
                if let p = path, !(p.lowercased().hasSuffix(".png") || p.lowercased().hasSuffix(".svg")) {
                    throw ValidationError("\(flag) must end in .png or .svg")
                }
            }
            if let p = plot, p == proof { throw ValidationError("--plot and --proof name the same file, \(p)") }
            if let l = lottie, !l.lowercased().hasSuffix(".json") { throw ValidationError("--lottie must end in .json") }
        }

        func run() throws {
            let conversion: SpringConversion
            do { conversion = try SpringConversion(vocabulary: vocabulary, values, cssError: cssError) } catch let p as Problems {
                warn("springy: spring: \(p)"); throw ExitCode(2)
            }
            do {
                // Where it writes, checked before it says anything.
                if let p = plot { try Files.prepare(p, overwrite: overwrite, flag: "--plot") }
                if let p = proof { try Files.prepare(p, overwrite: overwrite, flag: "--proof") }
                if let l = lottie { try Files.prepare(l, overwrite: overwrite, flag: "--lottie") }
            } catch { throw report(error) }
            if conversion.isSystemSpring { say("\(vocabulary): \(conversion.source)") }
            if !conversion.defaults.isEmpty {
                say("defaults used (\(conversion.source)): \(conversion.defaults.joined(separator: ", "))")
            }
            if vocabulary == "swiftui" && values.isEmpty {
                say(
                    "swiftui takes duration= bounce= (Spring(duration:bounce:)), response= damping_fraction= (.spring(response:dampingFraction:)) or stiffness= damping= [mass=] [velocity=] (.interpolatingSpring)"
                )
            }
            say(conversion.report())
            let shown = proof.map { _ in conversion.proof() }
            if let shown { say(shown.report) }
            do {
                if let p = plot { try conversion.writePlot(to: p); say("wrote \(p)") }
                if let p = proof, let shown { try shown.write(to: p); say("wrote \(p)") }
                if let l = lottie { try Files.write(Array(conversion.lottie(fps: fps).utf8), to: l); say("wrote \(l)") }
            } catch { throw report(error) }
        }
    }
}
