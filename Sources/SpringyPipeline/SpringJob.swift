import Foundation
import SpringyCore
import SpringyOutput
import SpringyRender

/// `springy spring`: one spring in every vocabulary, its settling and overshoot, a CSS
/// `linear()` easing and Lottie keyframes of the same motion, and a chart of its curve.
public struct SpringJob {
    public let spring: SpringSystem
    public let cssError: Double

    public init(spring: SpringSystem, cssError: Double) { self.spring = spring; self.cssError = cssError }

    func n(_ v: Double) -> String { SpringSystem.number(v) }

    /// The equivalents, one vocabulary a line.
    public func report() -> String {
        let s = spring, unit = s.perUnitMass
        let settle = s.settlingDuration()
        var lines = [
            "spring: mass \(n(s.mass)), stiffness \(n(s.stiffness)), damping \(n(s.damping)), initial velocity \(n(s.initialVelocity)) (ω₀ \(n(s.omega)) rad/s, damping ratio \(n(s.dampingRatio)))",
            "UIKit attachment:     frequency \(n(s.frequency)) Hz, damping \(n(s.dampingRatio))",
        ]
        if let d = s.uiviewDuration {
            lines.append(
                "UIView spring:        withDuration \(n(d)), usingSpringWithDamping \(n(s.dampingRatio)), initialSpringVelocity \(n(s.initialVelocity))"
            )
        } else {
            lines.append("UIView spring:        none (its damping is 0.05…1; this spring's ratio is \(n(s.dampingRatio)))")
        }
        lines += [
            "CASpringAnimation:    mass \(n(s.mass)), stiffness \(n(s.stiffness)), damping \(n(s.damping)), initialVelocity \(n(s.initialVelocity))",
            "UISpringTimingParameters(mass: \(n(s.mass)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), initialVelocity: CGVector(dx: \(n(s.initialVelocity)), dy: 0)), or (dampingRatio: \(n(s.dampingRatio)))",
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
        let css = s.cssLinear(maxError: cssError)
        lines += [
            "settling, by each platform's rule: SwiftUI's settlingDuration \(n(s.settlingDuration(.swiftUI))) s, CASpringAnimation's settlingDuration \(n(s.settlingDuration(.coreAnimation))) s; the exact crossing (last |x − 1| > 0.001) \(n(settle)) s; overshoot \(n(s.overshoot() * 100)) %",
            "CSS (\(n(css.duration))s, the exact crossing; max error \(n(css.error))): \(css.css)",
        ]
        return lines.joined(separator: "\n")
    }

    /// Lottie-style keyframes of a 0 → 100 value at `fps`, linear between frames (the error of
    /// that interpolation is stated in the file's "nm").
    public func lottie(fps: Int) -> String {
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
    public func writePlot(to path: String) throws {
        let total = spring.settlingDuration()
        let samples = (0...400).map { k -> (Double, Double) in
            let t = total * 1.1 * Double(k) / 400
            return (t, spring.value(at: t))
        }
        var p = Plot(
            title: "spring: mass \(n(spring.mass)), stiffness \(n(spring.stiffness)), damping \(n(spring.damping))",
            xLabel: "time (s)", yLabel: "value", series: samples, seriesName: "closed form")
        p.curve = [(total, 0), (total, 1)]
        p.curveName = "settled (\(n(total)) s)"
        let bytes = path.lowercased().hasSuffix(".svg") ? try p.svg() : try PNGCodec.encode(try p.canvas())
        try AtomicFile.write(bytes, to: path)
    }
}
