import Foundation
import SpringyCore
import SpringyOutput
import SpringyRender

/// `springy spring`: one spring in every vocabulary, its settling and overshoot, a CSS
/// `linear()` easing and Lottie keyframes of the same motion, and a chart of its curve.
package struct SpringJob {
    package let spring: SpringSystem
    package let cssError: Double

    package init(spring: SpringSystem, cssError: Double) { self.spring = spring; self.cssError = cssError }

    func n(_ v: Double) -> String { SpringSystem.number(v) }

    /// The equivalents, one vocabulary a line.
    package func report() -> String {
        let s = spring, unit = s.perUnitMass
        let settle = s.settlingDuration()
        var lines = [
            "spring: mass \(n(s.mass)), stiffness \(n(s.stiffness)), damping \(n(s.damping)), initial velocity \(n(s.initialVelocity)) (ω₀ \(n(s.omega)) rad/s, damping ratio \(n(s.dampingRatio)))",
            "UIKit attachment:     frequency \(n(s.frequency)) Hz, damping \(n(s.dampingRatio))",
        ]
        if let d = s.uiviewDuration {
            lines.append(
                "UIView spring:        withDuration \(n(d)), usingSpringWithDamping \(n(s.dampingRatio)), initialSpringVelocity \(n(s.initialVelocity)) (UIKit's duration solver: ω₀ \(n(SpringSystem.uiview(duration: d, damping: s.dampingRatio, initialVelocity: s.initialVelocity).omega)) rad/s, within 0.001 of the travel at \(n(d)) s)"
            )
        } else {
            lines.append("UIView spring:        none (its damping is at most 1; this spring's ratio is \(n(s.dampingRatio)))")
        }
        lines += [
            "CASpringAnimation:    mass \(n(s.mass)), stiffness \(n(s.stiffness)), damping \(n(s.damping)), initialVelocity \(n(s.initialVelocity))",
            "UISpringTimingParameters(mass: \(n(s.mass)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), initialVelocity: CGVector(dx: \(n(s.initialVelocity)), dy: 0)), or (duration: \(n(s.swiftUIDuration)), bounce: \(n(s.swiftUIBounce))) (iOS 17: the perceptual duration)\(s.uiviewDuration.map { ", or (dampingRatio: \(n(s.dampingRatio))) under an animator of \(n($0)) s (UIKit's duration solver)" } ?? "")",
            "SwiftUI:              .spring(duration: \(n(s.swiftUIDuration)), bounce: \(n(s.swiftUIBounce))), .spring(response: \(n(s.swiftUIDuration)), dampingFraction: \(n(s.dampingRatio))), .interpolatingSpring(mass: \(n(s.mass)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping))\(s.initialVelocity != 0 ? ", initialVelocity: \(n(s.initialVelocity))" : ""))",
            "Android SpringForce:  setStiffness(\(n(unit.stiffness))f), setDampingRatio(\(n(s.dampingRatio))f)",
            "Flutter:              SpringDescription(mass: \(n(s.mass)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping)))",
        ]
        var framer =
            "Framer Motion:        { type: \"spring\", stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), mass: \(n(s.mass))\(s.initialVelocity != 0 ? ", velocity: \(n(s.initialVelocity))" : "") }"
        if let v = s.framerVisual {
            framer +=
                " or { visualDuration: \(n(v.visualDuration)), bounce: \(n(v.bounce))\(s.initialVelocity != 0 ? ", velocity: \(n(s.initialVelocity))" : "") }"
        }
        lines.append(framer)
        let fluid = FluidSpring(
            response: s.swiftUIDuration, dampingFraction: s.dampingRatio, initialVelocity: s.initialVelocity)
        let ends = [1.0, 100, 1000].map { n(fluid.settlingDuration(travel: $0)) }
        lines.append(
            "SwiftUI .spring runs:  a fluid spring stepped every 1/300 s, complete (velocity² and force² ≤ 0.0036 within 1 %) at \(ends[0]) s for a move of 1, \(ends[1]) s of 100, \(ends[2]) s of 1000 (points, or the value's own units)"
        )
        let css = s.cssLinear(maxError: cssError)
        lines += [
            "settling, by each platform's rule: SwiftUI's settlingDuration \(n(s.settlingDuration(.swiftUI))) s, CASpringAnimation's settlingDuration \(n(s.settlingDuration(.coreAnimation))) s; the exact crossing (last |x − 1| > 0.001) \(n(settle)) s; overshoot \(n(s.overshoot() * 100)) %",
            "CSS (\(n(css.duration))s, the exact crossing; \(css.stops.count) stops; max error \(n(css.error))): \(css.css)",
        ]
        return lines.joined(separator: "\n")
    }

    /// Lottie-style keyframes of a 0 → 100 value at `fps`, linear between frames (the error of
    /// that interpolation is stated in the file's "nm").
    package func lottie(fps: Int) -> String {
        let total = spring.settlingDuration()
        let frames = max(1, Int((total * Double(fps)).rounded(.up)))
        var worst = 0.0
        var keys: [String] = []
        for f in 0...frames {
            let t = Double(f) / Double(fps)
            let v = f == frames ? 100 : spring.value(at: t) * 100
            if f < frames {
                let next = spring.value(at: Double(f + 1) / Double(fps)) * 100
                for k in 1..<8 {
                    let s = Double(k) / 8
                    worst = max(worst, abs(v + (next - v) * s - spring.value(at: t + s / Double(fps)) * 100))
                }
            }
            keys.append("{\"t\": \(f), \"s\": [\(n(v))], \"i\": {\"x\": [1], \"y\": [1]}, \"o\": {\"x\": [0], \"y\": [0]}}")
        }
        return """
            {"nm": "spring: mass \(n(spring.mass)), stiffness \(n(spring.stiffness)), damping \(n(spring.damping)); linear keyframes, max error \(n(worst)) of 100", \
            "fr": \(fps), "ip": 0, "op": \(frames), "a": 1, "k": [
            \(keys.joined(separator: ",\n"))
            ]}

            """
    }

    /// A chart of the value over the settling time (PNG or SVG by the file's extension).
    package func writePlot(to path: String) throws {
        let total = spring.settlingDuration()
        let samples = (0...400).map { k -> (Double, Double) in
            let t = total * 1.1 * Double(k) / 400
            return (t, spring.value(at: t))
        }
        var p = Plot(
            title: "spring: mass \(n(spring.mass)), stiffness \(n(spring.stiffness)), damping \(n(spring.damping))",
            xLabel: "time (s)", yLabel: "value", series: samples, seriesName: "closed form")
        p.addCurve([(total, 0), (total, 1)], name: "settled (\(n(total)) s)")
        let bytes = path.lowercased().hasSuffix(".svg") ? try p.svg() : try PNGCodec.encode(try p.canvas())
        try AtomicFile.write(bytes, to: path)
    }

    // MARK: - The proof

    /// One platform's reading of the spring: the numbers the report prints for it.
    package struct Reading {
        package var platform: String
        /// Converted there and back at full precision: the conversion's own error.
        package var exact: SpringSystem
        /// As the report's rounded numbers give it back: what a user pastes.
        package var printed: SpringSystem
    }

    /// Every vocabulary's reading that describes a spring (the UIView and Framer visual forms only
    /// where they can say it). Each one starts with the spring's initial velocity, as printed.
    package func readings() -> [Reading] {
        let s = spring
        func r(_ v: Double) -> Double { Double(n(v)) ?? v }
        func moving(_ x: SpringSystem, _ v: Double) -> SpringSystem {
            var x = x
            x.initialVelocity = v
            return x
        }
        func reading(_ platform: String, _ make: (_ round: (Double) -> Double) -> SpringSystem) -> Reading {
            Reading(
                platform: platform, exact: moving(make { $0 }, s.initialVelocity),
                printed: moving(make(r), r(s.initialVelocity)))
        }
        var out = [
            reading("UIKit attachment") { .uikitAttachment(frequency: $0(s.frequency), damping: $0(s.dampingRatio)) },
            reading("CASpringAnimation, interpolatingSpring, Flutter, Motion") {
                SpringSystem(mass: $0(s.mass), stiffness: $0(s.stiffness), damping: $0(s.damping))
            },
            reading("SwiftUI spring(duration:bounce:)") {
                .swiftUI(duration: $0(s.swiftUIDuration), bounce: $0(s.swiftUIBounce))
            },
            reading("SwiftUI spring(response:dampingFraction:)") {
                .swiftUI(response: $0(s.swiftUIDuration), dampingFraction: $0(s.dampingRatio))
            },
            reading("Android SpringForce") {
                SpringSystem(omega: $0(s.perUnitMass.stiffness).squareRoot(), dampingRatio: $0(s.dampingRatio))
            },
        ]
        if let d = s.uiviewDuration {
            out.insert(
                reading("UIView usingSpringWithDamping") {
                    // (UIKit's ω for a duration depends on the initial velocity too.)
                    .uiview(duration: $0(d), damping: $0(s.dampingRatio), initialVelocity: $0(s.initialVelocity))
                }, at: 1)
        }
        if let v = s.framerVisual {
            out.append(reading("Motion visualDuration") { .framer(visualDuration: $0(v.visualDuration), bounce: $0(v.bounce)) })
        }
        return out
    }

    /// How far each reading (and the CSS easing) strays from the spring's closed form.
    package struct Proof {
        package struct Row {
            package var name: String
            /// The round trip's largest relative error in ω₀ and ζ (nil for the CSS easing).
            package var roundTrip: Double?
            /// The largest distance from the closed form, as a fraction of the travel.
            package var error: Double
            package var curve: (Double) -> Double
        }
        package var span: Double
        package var rows: [Row]
        /// The CSS easing within 0.5 % of the travel, and how many stops it takes.
        package var cssStopsAtHalfPercent: Int
        package static let cssTolerance = 0.005, cssStopLimit = 40
    }

    package func proof() -> Proof {
        let s = spring, span = s.settlingDuration() * 1.1
        func distance(_ f: (Double) -> Double) -> Double {
            (0...4000).map { k -> Double in
                let t = span * Double(k) / 4000
                return abs(f(t) - s.value(at: t))
            }.max() ?? 0
        }
        var rows = readings().map { r in
            Proof.Row(
                name: r.platform,
                roundTrip: max(abs(r.exact.omega / s.omega - 1), abs(r.exact.dampingRatio / s.dampingRatio - 1)),
                error: distance(r.printed.value(at:)), curve: r.printed.value(at:))
        }
        let css = s.cssLinear(maxError: cssError)
        rows.append(
            Proof.Row(
                name: "CSS linear(), \(css.stops.count) stops", roundTrip: nil, error: distance(css.value(at:)),
                curve: css.value(at:)))
        return Proof(span: span, rows: rows, cssStopsAtHalfPercent: s.cssLinear(maxError: Proof.cssTolerance).stops.count)
    }

    /// The proof as text: a line per platform.
    package func proofReport(_ p: Proof) -> String {
        func percent(_ e: Double) -> String { e * 100 < 1e-6 ? "< 0.000001 %" : "\(SpringSystem.number(e * 100, places: 6)) %" }
        let width = p.rows.map(\.name.count).max() ?? 0
        var lines = [
            "proof: each platform's curve from the numbers printed above, against the closed form over 0–\(n(p.span)) s (largest distance, % of the travel):"
        ]
        for r in p.rows {
            let trip = r.roundTrip.map { "; round trip of ω₀ and ζ \($0 < 1e-12 ? "< 1e-12" : String(format: "%.1e", $0))" } ?? ""
            lines.append("  \(r.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(percent(r.error))\(trip)")
        }
        let stops = p.cssStopsAtHalfPercent
        lines.append(
            stops <= Proof.cssStopLimit
                ? "  CSS linear() within 0.5 % of the travel: \(stops) stops (at most \(Proof.cssStopLimit))"
                : "  CSS linear() within 0.5 % of the travel needs \(stops) stops, more than \(Proof.cssStopLimit)")
        return lines.joined(separator: "\n")
    }

    /// The proof as a chart: the closed form with every platform's curve over it, and below,
    /// each curve's distance from it (PNG or SVG by the file's extension).
    package func writeProof(_ p: Proof, to path: String) throws {
        let palette: [(Double, Double, Double)] = [
            (0.0, 0.48, 1.0), (1.0, 0.58, 0.0), (0.2, 0.78, 0.35), (0.69, 0.32, 0.87), (1.0, 0.18, 0.33),
            (0.35, 0.34, 0.84), (0.64, 0.52, 0.37), (0.19, 0.69, 0.78), (0.9, 0.4, 0.6),
        ]
        let times = (0...2000).map { p.span * Double($0) / 2000 }
        func percent(_ e: Double) -> String { e * 100 < 1e-6 ? "< 0.000001 %" : "\(SpringSystem.number(e * 100, places: 6)) %" }
        var curves = [Plot.Line(name: "closed form", points: times.map { ($0, spring.value(at: $0)) }, color: (0.1, 0.1, 0.12))]
        var errors: [Plot.Line] = []
        for (i, r) in p.rows.enumerated() {
            let color = palette[i % palette.count]
            let name = "\(r.name): \(percent(r.error))"
            curves.append(Plot.Line(name: name, points: times.map { ($0, r.curve($0)) }, color: color, dashed: true))
            errors.append(
                Plot.Line(name: "", points: times.map { ($0, (r.curve($0) - spring.value(at: $0)) * 100) }, color: color))
        }
        var top = Plot(
            title:
                "spring: mass \(n(spring.mass)), stiffness \(n(spring.stiffness)), damping \(n(spring.damping)) — each platform's curve",
            xLabel: "time (s)", yLabel: "value", lines: curves)
        top.width = 900
        top.height = 520
        var bottom = Plot(
            title: "distance from the closed form (% of the travel)", xLabel: "time (s)", yLabel: "%", lines: errors)
        bottom.width = 900
        bottom.height = 300
        let stack = PlotStack(plots: [top, bottom])
        let bytes = path.lowercased().hasSuffix(".svg") ? try stack.svg() : try PNGCodec.encode(try stack.canvas())
        try AtomicFile.write(bytes, to: path)
    }
}
