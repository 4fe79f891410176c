import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline

/// One spring in every platform's vocabulary (`springy spring`): read from one vocabulary's
/// KEY=VALUE pairs, each key left out taking that platform's own default, and written as
/// every other's numbers, a CSS `linear()` easing, Lottie keyframes, a chart of its curve and
/// a proof that every platform's numbers make the same motion.
public struct SpringConversion {
    let job: SpringJob
    /// The keys that took their platform's default (`mass 1`).
    public let defaults: [String]
    /// The API those defaults are from (e.g. "CASpringAnimation"); empty when none was used.
    /// For one of iOS's own springs by name, what it moves and where its numbers come from.
    public let source: String
    /// Whether `vocabulary` named one of iOS's own springs (`ios.switch.on`).
    public let isSystemSpring: Bool

    /// The spring `pairs` (`stiffness=100`, …) describe in `vocabulary` (uikit, uiview, ca,
    /// swiftui, android, flutter, framer); a problem names the key. `cssError` is the largest
    /// error allowed in the CSS easing, as a fraction of the distance.
    public init(vocabulary: String, _ pairs: [String], cssError: Double = 0.001) throws {
        let (spring, defaults, source) = try Self.parse(vocabulary, pairs)
        if let problem = spring.problem { throw Problems("\(pairs.joined(separator: " ")): \(problem)") }
        job = SpringJob(spring: spring, cssError: cssError)
        self.defaults = defaults
        self.source = source
        isSystemSpring = MotionToken.named(vocabulary) != nil
    }

    /// The equivalents, one vocabulary a line, with its settling, overshoot and CSS easing.
    public func report() -> String { job.report() }

    /// Lottie-style keyframes of the motion (0 to 100) at `fps`, as JSON.
    public func lottie(fps: Int) -> String { job.lottie(fps: fps) }

    /// Charts the curve to a PNG or SVG file.
    public func writePlot(to path: String) throws { try Problems.wrapping { try job.writePlot(to: path) } }

    /// Every platform's curve rebuilt from the numbers ``report()`` prints, measured against
    /// the closed form.
    public func proof() -> SpringProof { SpringProof(job: job, proof: job.proof()) }
}

/// Every platform's numbers for a spring, each rebuilt into its curve and measured against
/// the closed form (``SpringConversion/proof()``).
public struct SpringProof {
    let job: SpringJob
    let proof: SpringJob.Proof

    /// Each platform's largest distance from the closed form, and the CSS easing's stops.
    public var report: String { job.proofReport(proof) }

    /// Charts every curve over the closed form into a PNG or SVG file.
    public func write(to path: String) throws { try Problems.wrapping { try job.writeProof(proof, to: path) } }
}

extension SpringConversion {
    /// The vocabularies a spring is read from, in the order the help names them.
    enum Vocabulary: String, CaseIterable {
        case uikit, uiview, ca, swiftui, android, flutter, framer

        /// Every key it takes, in any of its forms.
        var keys: [String] {
            switch self {
            case .uikit: return ["frequency", "damping"]
            case .uiview: return ["duration", "damping", "velocity"]
            case .ca: return ["stiffness", "damping", "mass", "velocity"]
            case .swiftui:
                return ["duration", "bounce", "response", "damping_fraction", "stiffness", "damping", "mass", "velocity"]
            case .android: return ["stiffness", "damping_ratio"]
            case .flutter: return ["stiffness", "damping", "ratio", "mass"]
            case .framer: return ["stiffness", "damping", "mass", "velocity", "visual_duration", "bounce"]
            }
        }
    }

    /// The spring that `pairs` describe in `vocabulary`, a left-out key taking the platform's
    /// own default.
    static func parse(_ vocabulary: String, _ pairs: [String]) throws -> (
        spring: SpringSystem, defaults: [String], source: String
    ) {
        if let token = MotionToken.named(vocabulary) {
            // The system's own motions by name (docs/DYNAMICS.md, "iOS motion tokens").
            if let extra = pairs.first { throw Problems("\(vocabulary) is iOS's own spring and takes no values (\(extra))") }
            let duration = token.duration.map { ", \(SpringSystem.number($0)) s" } ?? ""
            return (token.spring, [], "\(token.what)\(duration); \(token.source)")
        }
        guard let kind = Vocabulary(rawValue: vocabulary) else {
            let names = Vocabulary.allCases.map(\.rawValue)
            let hint = suggestion(for: vocabulary, among: names + MotionToken.names).map { " (did you mean \($0)?)" } ?? ""
            throw Problems(
                "\"\(vocabulary)\" is not a vocabulary\(hint); use one of \(names.joined(separator: ", ")), or one of iOS's own springs: \(MotionToken.names.joined(separator: ", "))"
            )
        }
        var given: [(String, Double)] = []
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw Problems("\"\(pair)\" is not KEY=VALUE") }
            guard let v = Double(parts[1]), v.isFinite else {
                throw Problems("\(parts[0]): \"\(parts[1])\" is not a number")
            }
            if given.contains(where: { $0.0 == parts[0] }) { throw Problems("\(parts[0]) is given twice") }
            given.append((parts[0], v))
        }
        let keys = given.map(\.0)
        let known = kind.keys
        for k in keys where !known.contains(k) {
            let hint = suggestion(for: k, among: known).map { " (did you mean \($0)?)" } ?? ""
            throw Problems("\(vocabulary) has no \(k)\(hint); it takes \(known.joined(separator: ", "))")
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
                throw Problems("\(vocabulary) needs \(k)")
            }
            if let low {
                if v <= low { throw Problems("\(k) must be above \(SpringSystem.number(low)), not \(v)") }
            } else if positive ? v <= 0 : v < 0 {
                throw Problems("\(k) must be \(positive ? "above" : "at least") 0, not \(v)")
            }
            if v > max { throw Problems("\(k) must be at most \(max), not \(v)") }
            return v
        }
        func velocity() -> Double { given.first { $0.0 == "velocity" }?.1 ?? 0 }
        let forms: [[String]]
        let spring: SpringSystem
        switch kind {
        case .uikit:
            forms = [["frequency", "damping"]]
            spring = .uikitAttachment(
                frequency: try value("frequency"), damping: try value("damping", positive: false, max: 100))
        case .uiview:
            forms = [["duration", "damping", "velocity"]]
            spring = .uiview(
                duration: try value("duration"), damping: try value("damping", max: 1), initialVelocity: velocity())
        case .ca:
            // CASpringAnimation's own defaults: mass 1, stiffness 100, damping 10.
            forms = [["stiffness", "damping", "mass", "velocity"]]
            source = "CASpringAnimation"
            spring = SpringSystem(
                mass: try value("mass", default: 1), stiffness: try value("stiffness", default: 100),
                damping: try value("damping", positive: false, default: 10), initialVelocity: velocity())
        case .swiftui where has(["stiffness", "damping", "mass", "velocity"]):
            forms = [["stiffness", "damping", "mass", "velocity"]]
            source = "interpolatingSpring"
            guard has(["stiffness"]) && has(["damping"]) else {
                throw Problems(
                    "swiftui takes duration= bounce= (Spring(duration:bounce:)), response= damping_fraction= (.spring(response:dampingFraction:)) or stiffness= damping= [mass=] [velocity=] (.interpolatingSpring); \(has(["stiffness"]) ? "damping" : "stiffness") is missing"
                )
            }
            spring = SpringSystem(
                mass: try value("mass", default: 1), stiffness: try value("stiffness"),
                damping: try value("damping", positive: false), initialVelocity: velocity())
        case .swiftui where has(["response", "damping_fraction"]):
            // .spring(response: 0.5, dampingFraction: 0.825) are SwiftUI's defaults.
            forms = [["response", "damping_fraction"]]
            source = "SwiftUI .spring(response:dampingFraction:)"
            spring = .swiftUI(
                response: try value("response", default: 0.5),
                dampingFraction: try value("damping_fraction", positive: false, default: 0.825, max: 100))
        case .swiftui:
            // Spring(duration: 0.5, bounce: 0): SwiftUI's defaults; bounce −1…0 is overdamped.
            forms = [["duration", "bounce"]]
            source = "SwiftUI Spring(duration:bounce:)"
            let b = try value("bounce", default: 0, above: -1, max: 1)
            spring = .swiftUI(duration: try value("duration", default: 0.5), bounce: b)
        case .flutter where !has(["ratio"]):
            forms = [["stiffness", "damping", "mass"], ["stiffness", "ratio", "mass"]]
            source = "Springy (Flutter's SpringDescription requires mass)"
            spring = SpringSystem(
                mass: try value("mass", default: 1), stiffness: try value("stiffness"),
                damping: try value("damping", positive: false))
        case .flutter:
            forms = [["stiffness", "ratio", "mass"]]
            source = "Flutter SpringDescription.withDampingRatio"
            let m = try value("mass", default: 1), k = try value("stiffness")
            spring = SpringSystem(
                mass: m, stiffness: k, damping: 2 * (try value("ratio", positive: false, default: 1)) * (k * m).squareRoot())
        case .android:
            // SpringForce(): STIFFNESS_MEDIUM 1500, DAMPING_RATIO_MEDIUM_BOUNCY 0.5.
            forms = [["stiffness", "damping_ratio"]]
            source = "Android SpringForce"
            spring = SpringSystem(
                omega: (try value("stiffness", default: 1500)).squareRoot(),
                dampingRatio: try value("damping_ratio", positive: false, default: 0.5, max: 100))
        case .framer:
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
            throw Problems(
                "\(k) does not go with \(used.filter { keys.contains($0) }.joined(separator: ", ")) in \(vocabulary)")
        }
        return (spring, defaults, source)
    }
}
