import ArgumentParser
import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline

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
                e.g. springy spring swiftui duration=0.5 bounce=0.3 --plot spring.png
                     springy spring ca damping=5 --proof proof.png  (every platform's curve checked)
                """)

        @Argument(help: "The vocabulary: uikit, uiview, ca, swiftui, android, flutter or framer.")
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

        static let vocabularies = ["uikit", "uiview", "ca", "swiftui", "android", "flutter", "framer"]
        /// Every key a vocabulary takes, in any of its forms (looked up by name only).
        static let vocabularyKeys: [String: [String]] = [
            "uikit": ["frequency", "damping"], "uiview": ["duration", "damping", "velocity"],
            "ca": ["stiffness", "damping", "mass", "velocity"],
            "swiftui": ["duration", "bounce", "response", "damping_fraction", "stiffness", "damping", "mass", "velocity"],
            "android": ["stiffness", "damping_ratio"], "flutter": ["stiffness", "damping", "ratio", "mass"],
            "framer": ["stiffness", "damping", "mass", "velocity", "visual_duration", "bounce"],
        ]

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
            let parsed: Parsed
            do { parsed = try Self.parse(vocabulary, values) } catch let e as ValidationError {
                warn("springy: spring: \(e.message)"); throw ExitCode(2)
            }
            let spring = parsed.spring
            if let problem = spring.problem {
                warn("springy: spring: \(values.joined(separator: " ")): \(problem)"); throw ExitCode(2)
            }
            do {
                // Where it writes, checked before it says anything.
                if let p = plot { try AtomicFile.prepare(p, overwrite: overwrite, flag: "--plot") }
                if let p = proof { try AtomicFile.prepare(p, overwrite: overwrite, flag: "--proof") }
                if let l = lottie { try AtomicFile.prepare(l, overwrite: overwrite, flag: "--lottie") }
            } catch { throw report(error) }
            let job = SpringJob(spring: spring, cssError: cssError)
            if !parsed.defaults.isEmpty {
                say("defaults used (\(parsed.source)): \(parsed.defaults.joined(separator: ", "))")
            }
            if vocabulary == "swiftui" && values.isEmpty {
                say(
                    "swiftui takes duration= bounce= (Spring(duration:bounce:)), response= damping_fraction= (.spring(response:dampingFraction:)) or stiffness= damping= [mass=] [velocity=] (.interpolatingSpring)"
                )
            }
            say(job.report())
            let shown = proof.map { _ in job.proof() }
            if let shown { say(job.proofReport(shown)) }
            do {
                if let p = plot { try job.writePlot(to: p); say("wrote \(p)") }
                if let p = proof, let shown { try job.writeProof(shown, to: p); say("wrote \(p)") }
                if let l = lottie { try AtomicFile.write(Array(job.lottie(fps: fps).utf8), to: l); say("wrote \(l)") }
            } catch { throw report(error) }
        }

        /// A parsed spring, the keys that took their platform's default (`mass 1`), and the API
        /// those defaults are from.
        struct Parsed {
            var spring: SpringSystem
            var defaults: [String] = []
            var source = ""
        }

        /// The spring that `pairs` describe in `vocabulary`, a left-out key taking the platform's
        /// own default.
        static func parse(_ vocabulary: String, _ pairs: [String]) throws -> Parsed {
            guard vocabularies.contains(vocabulary) else {
                let hint = suggestion(for: vocabulary, among: vocabularies).map { " (did you mean \($0)?)" } ?? ""
                throw ValidationError(
                    "\"\(vocabulary)\" is not a vocabulary\(hint); use one of \(vocabularies.joined(separator: ", "))")
            }
            var given: [(String, Double)] = []
            for pair in pairs {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw ValidationError("\"\(pair)\" is not KEY=VALUE") }
                guard let v = Double(parts[1]), v.isFinite else {
                    throw ValidationError("\(parts[0]): \"\(parts[1])\" is not a number")
                }
                if given.contains(where: { $0.0 == parts[0] }) { throw ValidationError("\(parts[0]) is given twice") }
                given.append((parts[0], v))
            }
            let keys = given.map(\.0)
            let known = vocabularyKeys[vocabulary] ?? []
            for k in keys where !known.contains(k) {
                let hint = suggestion(for: k, among: known).map { " (did you mean \($0)?)" } ?? ""
                throw ValidationError("\(vocabulary) has no \(k)\(hint); it takes \(known.joined(separator: ", "))")
            }
            var defaults: [String] = []
            var source = ""
            func has(_ names: [String]) -> Bool { names.contains(where: keys.contains) }
            func value(
                _ k: String, positive: Bool = true, default d: Double? = nil, above low: Double? = nil, max: Double = 1e9
            ) throws -> Double {
                let v: Double
                if let g = given.first(where: { $0.0 == k })?.1 {
                    v = g
                } else if let d {
                    defaults.append("\(k) \(SpringSystem.number(d))")
                    v = d
                } else {
                    throw ValidationError("\(vocabulary) needs \(k)")
                }
                if let low {
                    if v <= low { throw ValidationError("\(k) must be above \(SpringSystem.number(low)), not \(v)") }
                } else if positive ? v <= 0 : v < 0 {
                    throw ValidationError("\(k) must be \(positive ? "above" : "at least") 0, not \(v)")
                }
                if v > max { throw ValidationError("\(k) must be at most \(max), not \(v)") }
                return v
            }
            func velocity() -> Double { given.first { $0.0 == "velocity" }?.1 ?? 0 }
            let forms: [[String]]
            let spring: SpringSystem
            switch vocabulary {
            case "uikit":
                forms = [["frequency", "damping"]]
                spring = .uikitAttachment(
                    frequency: try value("frequency"), damping: try value("damping", positive: false, max: 100))
            case "uiview":
                forms = [["duration", "damping", "velocity"]]
                spring = .uiview(
                    duration: try value("duration"), damping: try value("damping", max: 1), initialVelocity: velocity())
            case "ca":
                // CASpringAnimation's own defaults: mass 1, stiffness 100, damping 10.
                forms = [["stiffness", "damping", "mass", "velocity"]]
                source = "CASpringAnimation"
                spring = SpringSystem(
                    mass: try value("mass", default: 1), stiffness: try value("stiffness", default: 100),
                    damping: try value("damping", positive: false, default: 10), initialVelocity: velocity())
            case "swiftui" where has(["stiffness", "damping", "mass", "velocity"]):
                forms = [["stiffness", "damping", "mass", "velocity"]]
                source = "interpolatingSpring"
                guard has(["stiffness"]) && has(["damping"]) else {
                    throw ValidationError(
                        "swiftui takes duration= bounce= (Spring(duration:bounce:)), response= damping_fraction= (.spring(response:dampingFraction:)) or stiffness= damping= [mass=] [velocity=] (.interpolatingSpring); \(has(["stiffness"]) ? "damping" : "stiffness") is missing"
                    )
                }
                spring = SpringSystem(
                    mass: try value("mass", default: 1), stiffness: try value("stiffness"),
                    damping: try value("damping", positive: false), initialVelocity: velocity())
            case "swiftui" where has(["response", "damping_fraction"]):
                // .spring(response: 0.5, dampingFraction: 0.825) are SwiftUI's defaults.
                forms = [["response", "damping_fraction"]]
                source = "SwiftUI .spring(response:dampingFraction:)"
                spring = .swiftUI(
                    response: try value("response", default: 0.5),
                    dampingFraction: try value("damping_fraction", positive: false, default: 0.825, max: 100))
            case "swiftui":
                // Spring(duration: 0.5, bounce: 0): SwiftUI's defaults; bounce −1…0 is overdamped.
                forms = [["duration", "bounce"]]
                source = "SwiftUI Spring(duration:bounce:)"
                let b = try value("bounce", default: 0, above: -1, max: 1)
                spring = .swiftUI(duration: try value("duration", default: 0.5), bounce: b)
            case "flutter" where !has(["ratio"]):
                forms = [["stiffness", "damping", "mass"], ["stiffness", "ratio", "mass"]]
                source = "Springy (Flutter's SpringDescription requires mass)"
                spring = SpringSystem(
                    mass: try value("mass", default: 1), stiffness: try value("stiffness"),
                    damping: try value("damping", positive: false))
            case "flutter":
                forms = [["stiffness", "ratio", "mass"]]
                source = "Flutter SpringDescription.withDampingRatio"
                let m = try value("mass", default: 1), k = try value("stiffness")
                spring = SpringSystem(
                    mass: m, stiffness: k, damping: 2 * (try value("ratio", positive: false, default: 1)) * (k * m).squareRoot())
            case "android":
                // SpringForce(): STIFFNESS_MEDIUM 1500, DAMPING_RATIO_MEDIUM_BOUNCY 0.5.
                forms = [["stiffness", "damping_ratio"]]
                source = "Android SpringForce"
                spring = SpringSystem(
                    omega: (try value("stiffness", default: 1500)).squareRoot(),
                    dampingRatio: try value("damping_ratio", positive: false, default: 0.5, max: 100))
            default:  // framer
                if has(["visual_duration", "bounce"]) {
                    // Motion 12's transition object: { type: "spring", visualDuration, bounce }, bounce 0 when left out.
                    forms = [["visual_duration", "bounce"]]
                    source = "Motion's transition"
                    spring = .framer(
                        visualDuration: try value("visual_duration"),
                        bounce: try value("bounce", positive: false, default: 0, max: 1))
                } else {
                    forms = [["stiffness", "damping", "mass", "velocity"], ["visual_duration", "bounce"]]
                    source = "Motion's spring"
                    spring = SpringSystem(
                        mass: try value("mass", default: 1), stiffness: try value("stiffness", default: 100),
                        damping: try value("damping", positive: false, default: 10), initialVelocity: velocity())
                }
            }
            let used = forms[0]
            for k in keys where !used.contains(k) {
                throw ValidationError(
                    "\(k) does not go with \(used.filter { keys.contains($0) }.joined(separator: ", ")) in \(vocabulary)")
            }
            return Parsed(spring: spring, defaults: defaults, source: source)
        }
    }
}
