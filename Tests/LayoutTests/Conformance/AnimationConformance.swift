import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringyTestSupport

/// docs/CONFORMANCE.md's view-animation and spring rows: UIView's curves, the spring animations
/// of UIViewPropertyAnimator and SwiftUI against the oscillator, each platform's settling rule,
/// Apple's own Spring example and the converter (its round trips, printed numbers and CSS).
enum AnimationConformance {
    static func n(_ v: Double) -> String { ConformanceRow.n(v) }
    static func e(_ v: Double) -> String { ConformanceRow.e(v) }

    static func rows() throws -> [ConformanceRow] {
        var rows: [ConformanceRow] = []
        for (name, c) in [
            ("ease_in_out", CubicBezier(0.42, 0, 0.58, 1)), ("ease_in", CubicBezier(0.42, 0, 1, 1)),
            ("ease_out", CubicBezier(0, 0, 0.58, 1)), ("linear", CubicBezier(0, 0, 1, 1)),
        ] {
            let f = try frames(
                scene(
                    400, 200, time: "fps: 60, duration: 1.4",
                    """
                    items:
                      box: { center: [50, 100], size: [20, 20] }
                    script:
                      - { at: 0.2, animate: { views: [box], duration: 1, curve: \(name), to: { center: [250, 100] } } }
                    """))
            var worst = 0.0
            for fr in f where fr.time >= 0.2 && fr.time <= 1.2 {
                worst = max(worst, abs(item(fr, "box")!.center.x - (50 + 200 * c.y(atX: fr.time - 0.2))))
            }
            rows.append(
                ConformanceRow(
                    area: "View animations", claim: "UIView.animate curve \(name) over 1 s, 200 pt",
                    source: "Core Animation's named timing functions' control points", expected: "the Bézier",
                    measured: "max distance \(e(worst)) pt", error: worst, tolerance: 1e-6, unit: "pt"))
        }
        // A faded view is composited as one picture (CALayer.allowsGroupOpacity, true by default
        // since the iOS 7 SDK): its white label over its red body, at alpha 0.5 on white, shows
        // white — each paint faded on its own would show (255, 191, 191).
        do {
            let model = try SceneLoader.decode(
                yaml: scene(
                    200, 120, background: "#FFFFFF", time: "fps: 10, duration: 0.1",
                    """
                    style: { font_size: 60 }
                    items:
                      box: { center: [100, 60], size: [160, 100], fill: "#FF0000", text_color: "#FFFFFF", label: "HH", alpha: 0.5 }
                    """), file: "group-opacity.yaml")
            var pipeline = try FramePipeline(scene: model, threads: 1)
            pipeline.encodePNG = true
            var brightest = 0
            try pipeline.runEncoded(frames: 0...0) { _, _, encoded in
                let image = try RGBAImage.decode(bytes: encoded.png)
                for y in 20..<100 {
                    for x in 30..<170 { brightest = max(brightest, Int(image.pixels[4 * (y * image.width + x) + 1])) }
                }
            }
            rows.append(
                ConformanceRow(
                    area: "View animations", claim: "a view at alpha 0.5 fades as one picture: its white label stays white",
                    source: "CALayer.allowsGroupOpacity: true by default since the iOS 7 SDK", expected: "green 255",
                    measured: "green \(brightest)", error: Double(255 - brightest), tolerance: 1, unit: "levels"))
        }
        // UIKit's duration spring (issue 46): ω such that the spring is within 0.001 of its travel
        // at T, found by the test support's bisection; each scene's box against the oscillator.
        var duration = 0.0
        for (z, t) in [(1.0, 0.5), (0.7, 0.6), (0.5, 0.4), (0.2, 1.0)] {
            let w = UIKitDurationSpring.omega(dampingRatio: z, duration: t)
            duration = max(
                duration,
                try springAnimation(
                    "animate: { views: [box], duration: \(t), spring: { damping: \(z) }, to: { center: [250, 100] } }",
                    omega: w, zeta: z, end: t))
        }
        let critical = UIKitDurationSpring.omega(dampingRatio: 1, duration: 1)
        rows.append(
            ConformanceRow(
                area: "View animations",
                claim:
                    "usingSpringWithDamping's curve for a duration: ω with the spring within 0.001 of its travel at T (ζ 1, 0.7, 0.5, 0.2 over 200 pt; ωT = \(n(critical)) at ζ = 1)",
                source:
                    "OpenUXKit's reconstruction of UIKit's spring parameter solver (UXViewAnimationContext); OpenUIKit's UISwitch measurement, ω·D ≈ 9.23",
                expected: "the oscillator of that ω, then the target", measured: "max distance \(e(duration)) pt",
                error: duration, tolerance: 1e-3, unit: "pt"))
        // Settling times by each platform's rule.
        let k100c10 = SpringSystem(mass: 1, stiffness: 100, damping: 10)
        let swiftui = abs(k100c10.settlingDuration(.swiftUI) - log(6 / 0.001) / 5)
        rows.append(
            ConformanceRow(
                area: "Springs", claim: "SwiftUI settlingDuration, stiffness 100, damping 10",
                source: "Apple (target 1, velocity 0, epsilon 0.001); rule as OpenSwiftUI reconstructs it",
                expected: "ln(6/0.001)/5 = \(n(log(6 / 0.001) / 5)) s", measured: "\(n(k100c10.settlingDuration(.swiftUI))) s",
                error: swiftui, tolerance: 1e-9, unit: "s"))
        let five = SpringSystem(mass: 1, stiffness: 100, damping: 5).settlingDuration(.coreAnimation)
        rows.append(
            ConformanceRow(
                area: "Springs", claim: "CASpringAnimation settlingDuration, stiffness 100, damping 5",
                source: "Apple's CASpringAnimation example", expected: "about 2.85 s", measured: "\(n(five)) s",
                error: abs(five - 2.85), tolerance: 0.01, unit: "s"))
        let fifteen = SpringSystem(mass: 1, stiffness: 100, damping: 15).settlingDuration(.coreAnimation)
        rows.append(
            ConformanceRow(
                area: "Springs", claim: "CASpringAnimation settlingDuration, stiffness 100, damping 15",
                source: "Apple's CASpringAnimation example", expected: "just over 1 s (taken as 1–1.1 s)",
                measured: "\(n(fifteen)) s", error: max(0, 1 - fifteen, fifteen - 1.1), tolerance: 0, unit: "s",
                toleranceText: "within 1–1.1 s (the error: the distance outside)"))
        // SwiftUI's own example: Spring(duration: 0.5, bounce: 0.3) is mass 1, stiffness 157.9, damping 17.6.
        let example = SpringSystem.swiftUI(duration: 0.5, bounce: 0.3)
        let apple = max(abs(example.stiffness - 157.9) / 157.9, abs(example.damping - 17.6) / 17.6)
        rows.append(
            ConformanceRow(
                area: "Springs", claim: "Spring(duration: 0.5, bounce: 0.3) as mass, stiffness, damping",
                source: "Apple's Spring documentation example: (1.0, 157.9, 17.6)", expected: "157.9, 17.6 (to 0.1)",
                measured: "\(n(example.stiffness)), \(n(example.damping))", error: apple, tolerance: 0.0035, unit: ""))
        // Round trips: every vocabulary there and back.
        var trip = 0.0
        for s in [
            SpringSystem.uikitAttachment(frequency: 1.7, damping: 0.35), SpringSystem.swiftUI(duration: 0.6, bounce: 0.2),
            SpringSystem.swiftUI(duration: 0.6, bounce: -0.4), SpringSystem.swiftUI(response: 0.45, dampingFraction: 0.8),
            SpringSystem(mass: 2, stiffness: 300, damping: 20),
        ] {
            let back = [
                SpringSystem.uikitAttachment(frequency: s.frequency, damping: s.dampingRatio),
                SpringSystem.swiftUI(duration: s.swiftUIDuration, bounce: s.swiftUIBounce),
                SpringSystem.swiftUI(response: s.swiftUIDuration, dampingFraction: s.dampingRatio),
            ]
            for b in back {
                trip = max(trip, abs(b.omega / s.omega - 1), abs(b.dampingRatio / s.dampingRatio - 1))
            }
        }
        rows.append(
            ConformanceRow(
                area: "Springs", claim: "`springy spring` round trips (UIKit, SwiftUI both forms; 5 springs incl. overdamped)",
                source: "the vocabularies' definitions (DYNAMICS.md)", expected: "the same ω₀ and ζ",
                measured: "max relative error \(e(trip))", error: trip, tolerance: 1e-9, unit: ""))
        return rows
    }

    /// A spring animation of a view's centre by 200 pt, against the oscillator written in the
    /// test support, on every frame until its settling time `end`, and at rest at its target after.
    static func springAnimation(_ script: String, omega: Double, zeta: Double, end: Double) throws -> Double {
        let f = try frames(
            scene(
                400, 200, time: "fps: 120, duration: \(end + 0.3)",
                """
                items:
                  box: { center: [50, 100], size: [20, 20] }
                script:
                  - { at: 0, \(script) }
                """))
        var worst = 0.0
        for fr in f {
            let expected = fr.time < end ? 50 + 200 * OscillatorClosedForm.value(fr.time, omega: omega, zeta: zeta) : 250
            worst = max(worst, abs(item(fr, "box")!.center.x - expected))
        }
        return worst
    }

    static func springRows() throws -> [ConformanceRow] {
        var rows: [ConformanceRow] = []
        // UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10): ω₀ 10, ζ 0.5, for
        // CASpringAnimation's settlingDuration ln((1 + ζω₀/ω_d)/0.001)/(ζω₀).
        let wd = 10 * (0.75).squareRoot()
        let animator = try springAnimation(
            "animator: { name: a, views: [box], spring: { mass: 1, stiffness: 100, damping: 10 }, to: { center: [250, 100] } }",
            omega: 10, zeta: 0.5, end: log((1 + 5 / wd) / 0.001) / 5)
        rows.append(
            ConformanceRow(
                area: "View animations", claim: "UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10) over 200 pt",
                source: "Apple, the damped oscillator m·x″ + c·x′ + k·x = 0; CASpringAnimation's settlingDuration",
                expected: "the oscillator, then the target", measured: "max distance \(e(animator)) pt",
                error: animator, tolerance: 0.2, unit: "pt"))
        // SwiftUI: .interpolatingSpring(stiffness: 170, damping: 15) is the closed form until
        // SwiftUI's settlingDuration ln((ζω₀ + 1)/0.001)/(ζω₀).
        let w = 170.0.squareRoot(), z = 15 / (2 * 170.0.squareRoot())
        let interpolating = try springAnimation(
            "swiftui: { views: [box], interpolating_spring: { stiffness: 170, damping: 15 }, to: { center: [250, 100] } }",
            omega: w, zeta: z, end: log((z * w + 1) / 0.001) / (z * w))
        rows.append(
            ConformanceRow(
                area: "View animations", claim: "SwiftUI interpolatingSpring(stiffness: 170, damping: 15) over 200 pt",
                source: "Apple, interpolatingSpring; SwiftUI's settlingDuration (OpenSwiftUI's SpringAnimation)",
                expected: "the oscillator, then the target", measured: "max distance \(e(interpolating)) pt",
                error: interpolating, tolerance: 0.2, unit: "pt"))
        // SwiftUI's .spring family: its 1/300 s integrator until its completion test.
        for (name, form, r, fraction) in [
            ("spring(duration: 0.5, bounce: 0.3)", "spring: { duration: 0.5, bounce: 0.3 }", 0.5, 0.7),
            (".snappy", "spring: snappy", 0.5, 0.85), (".interactiveSpring", "spring: interactive", 0.15, 0.86),
        ] {
            let end = FluidSpringReference.completion(response: r, dampingFraction: fraction, travel: 200)
            let f = try frames(
                scene(
                    400, 200, time: "fps: 120, duration: \(end + 0.3)",
                    "items:\n  box: { center: [50, 100], size: [20, 20] }\nscript:\n  - { at: 0, swiftui: { views: [box], \(form), to: { center: [250, 100] } } }"
                ))
            var reference = FluidSpringReference(response: r, dampingFraction: fraction, travel: 200)
            let worst = f.map { fr in
                abs(item(fr, "box")!.center.x - (fr.time < end ? 50 + reference.offset(at: fr.time) : 250))
            }.max()!
            rows.append(
                ConformanceRow(
                    area: "View animations", claim: "SwiftUI \(name) over 200 pt, frame by frame, and when it ends (\(n(end)) s)",
                    source:
                        "SwiftUI's FluidSpringAnimation as OpenSwiftUI reconstructs it (audited against SwiftUI 6.5): 1/300 s steps, stiffness (2π/response)² ≤ 45 000, complete when velocity² and force² ≤ 0.0036 within 1 % (reconstructed)",
                    expected: "the integrator stepped by the rule", measured: "max distance \(e(worst)) pt", error: worst,
                    tolerance: 1e-6, unit: "pt"))
        }
        // How far SwiftUI's integrator is from the closed form it stands for.
        var apart = 0.0
        for (r, fraction) in [(0.5, 1.0), (0.5, 0.7), (0.5, 0.85)] {
            let spring = FluidSpring(response: r, dampingFraction: fraction)
            let closed = SpringSystem.swiftUI(response: r, dampingFraction: fraction)
            for k in 1...600 {
                apart = max(apart, abs(spring.state(at: Double(k) / 300).position - closed.value(at: Double(k) / 300)))
            }
        }
        rows.append(
            ConformanceRow(
                area: "Springs",
                claim: "SwiftUI's integrator against the closed form of its spring (response 0.5; smooth, snappy, bouncy)",
                source:
                    "OpenSwiftUI's FluidSpringAnimation with the response kept (its non-blending branch's stiffness 1 is not SwiftUI's: checked against the closed form)",
                expected: "the oscillator ω₀ = 2π/response, ζ = dampingFraction",
                measured: "max distance \(n(100 * apart)) % of the travel",
                error: apart, tolerance: 0.008, unit: "of the travel"))
        // iOS's own springs (motion tokens): each one's duration is CASpringAnimation's
        // settlingDuration of its spring; the switch's track is UIKit's duration spring.
        for token in MotionToken.all where token.name != "ios.keyboard" {
            guard let duration = token.duration else {
                // The sheet's: UIKit's own conversion of its response and ratio.
                let k: Double = (2 * .pi / 0.3441442326) * (2 * .pi / 0.3441442326), z = token.spring.dampingRatio
                let c = 2 * z * k.squareRoot()
                let off = max(
                    abs(token.spring.stiffness - 333.3333332805039),
                    abs(token.spring.damping - (z == 1 ? 36.51483716411749 : 29.21186973129399)))
                rows.append(
                    ConformanceRow(
                        area: "iOS motion tokens",
                        claim:
                            "`\(token.name)`: \(token.what): UISpringTimingParameters(dampingRatio: \(n(z)), response: 0.3441442326) as mass, stiffness, damping",
                        source: token.source,
                        expected:
                            "1, \(n(k)), \(n(c)) (stiffness (2π/response)², damping 2ζ√k; the note's 333.3333, \(z == 1 ? "36.5148" : "29.2119"))",
                        measured: "\(n(token.spring.mass)), \(n(token.spring.stiffness)), \(n(token.spring.damping))", error: off,
                        tolerance: 1e-6, unit: ""))
                continue
            }
            let settle = token.spring.settlingDuration(.coreAnimation)
            rows.append(
                ConformanceRow(
                    area: "iOS motion tokens",
                    claim:
                        "`\(token.name)`: \(token.what), mass \(n(token.spring.mass)), stiffness \(n(token.spring.stiffness)), damping \(n(token.spring.damping)); its duration against CASpringAnimation's settlingDuration",
                    source: token.source, expected: "\(n(duration)) s", measured: "\(n(settle)) s",
                    error: abs(settle - duration), tolerance: 0.001, unit: "s"))
        }
        // A second, independent reconstruction of the sheet's spring: ChatKit's scroll view
        // controller animates with UIKit's numbers written out.
        let sheet = MotionToken.named("ios.sheet")!
        let second = max(abs(sheet.spring.stiffness / 333.34153 - 1), abs(sheet.spring.damping / 36.51529 - 1))
        rows.append(
            ConformanceRow(
                area: "iOS motion tokens",
                claim:
                    "`ios.sheet` against a second reconstruction: ChatKit's keyboard-driven scroll uses UISpringTimingParameters(mass: 1, stiffness: 333.34153, damping: 36.51529)",
                source:
                    "reconstructed: ChatKit's -[CKScrollViewController scrollWithDuration:animationCurve:scrollBlock:] of iOS 18.2 (22C152), as decompiled in the public EthanArbuckle/iPhone17-1_18.2_22C152_Restore",
                expected: "stiffness 333.34153, damping 36.51529",
                measured: "stiffness \(n(sheet.spring.stiffness)), damping \(n(sheet.spring.damping))", error: second,
                tolerance: 1e-4,
                unit: "relative"))
        // The keyboard's: played for the 0.5 s its animation prints, critically damped as it
        // measures; and UISpringTimingParameters() of the damping those readings print.
        let keyboard = MotionToken.named("ios.keyboard")!
        let left = 1 - keyboard.spring.value(at: keyboard.duration!)
        rows.append(
            ConformanceRow(
                area: "iOS motion tokens",
                claim:
                    "`ios.keyboard`: \(keyboard.what), mass 3, stiffness 1000, damping ratio 1: what is left of its travel at its printed duration 0.5 s",
                source: keyboard.source, expected: "(1 + ω₀·0.5)e^(−ω₀·0.5) = 0.11 % (ω₀ = √(1000/3))",
                measured: "\(n(100 * left)) %", error: left, tolerance: 0.002, unit: "of the travel"))
        let defaultRatio = 500 / (2 * (3.0 * 1000).squareRoot())
        rows.append(
            ConformanceRow(
                area: "View animations",
                claim:
                    "UISpringTimingParameters(): mass 3, stiffness 1000, damping 500 (the keyboard's printed spring), against Apple's documented damping ratio",
                source:
                    "Apple (init(): \"sets the damping ratio to 4.56\"); Apple Developer Forums thread 48088 for the three numbers",
                expected: "4.56", measured: n(defaultRatio), error: abs(defaultRatio - 4.56), tolerance: 0.005, unit: ""))
        for name in ["ios.switch.on", "ios.switch.off"] {
            let token = MotionToken.named(name)!
            let solved = SpringSystem.uiview(duration: token.duration!, damping: 1).omega
            rows.append(
                ConformanceRow(
                    area: "iOS motion tokens",
                    claim: "`\(name)`: UIKit's duration solver at ζ = 1 and its duration gives its ω₀",
                    source:
                        "measured: OpenUIKit on iOS 26.1's UISwitch (ωₙ·D = 9.2400 × 0.99947 s, 15.708 × 0.58792 s); UIKit's solver as OpenUXKit reconstructs it",
                    expected: "ω₀ \(n(token.spring.omega)) rad/s", measured: "ω₀ \(n(solved)) rad/s",
                    error: abs(solved / token.spring.omega - 1), tolerance: 0.001, unit: "relative"))
        }
        // Every vocabulary's numbers as `springy spring` prints them, rebuilt and run through the
        // oscillator written in the test support: the curve the user gets on each platform.
        var printed = 0.0, platforms = 0
        let springs = [
            SpringSystem.swiftUI(duration: 0.5, bounce: 0.3), SpringSystem(mass: 1, stiffness: 100, damping: 5),
            SpringSystem.uiview(duration: 0.6, damping: 0.4, initialVelocity: 2),
            SpringSystem.swiftUI(duration: 0.8, bounce: -0.4),
        ]
        for s in springs {
            let job = SpringJob(spring: s, cssError: 0.001)
            for r in job.readings() {
                platforms += 1
                for k in 0...2000 {
                    let t = s.settlingDuration() * 1.1 * Double(k) / 2000
                    let p = r.printed
                    let theirs = OscillatorClosedForm.value(
                        t, omega: p.omega, zeta: p.dampingRatio, velocity: p.initialVelocity)
                    let ours = OscillatorClosedForm.value(t, omega: s.omega, zeta: s.dampingRatio, velocity: s.initialVelocity)
                    printed = max(printed, abs(theirs - ours))
                }
            }
        }
        rows.append(
            ConformanceRow(
                area: "Springs",
                claim: "`springy spring`'s printed numbers, every vocabulary (\(platforms) readings of 4 springs)",
                source: "the vocabularies' definitions (DYNAMICS.md)", expected: "the source spring's curve",
                measured: "max distance \(e(printed)) of the travel", error: printed, tolerance: 5e-4, unit: ""))
        // CSS linear(): Apple's and Core Animation's example springs within 0.5 % of the travel,
        // the easing read back as a browser reads it.
        var css = 0.0, stops = 0
        for s in [
            SpringSystem.swiftUI(duration: 0.5, bounce: 0), SpringSystem.swiftUI(duration: 0.5, bounce: 0.15),
            SpringSystem.swiftUI(duration: 0.5, bounce: 0.3), SpringSystem(mass: 1, stiffness: 100, damping: 10),
            SpringSystem(mass: 1, stiffness: 100, damping: 5), SpringSystem.swiftUI(response: 0.55, dampingFraction: 0.825),
        ] {
            let written = s.cssLinear(maxError: 0.005)
            let easing = CSSLinearEasing(Substring(written.css))!
            stops = max(stops, easing.stops.count)
            for g in 0...3000 {
                let x = Double(g) / 3000
                css = max(
                    css,
                    abs(easing.value(x) - OscillatorClosedForm.value(x * written.duration, omega: s.omega, zeta: s.dampingRatio)))
            }
        }
        rows.append(
            ConformanceRow(
                area: "Springs",
                claim: "CSS linear() at 0.5 %: SwiftUI's smooth, snappy, bouncy and spring(); CA's default and damping 5",
                source: "CSS Easing Functions Level 2, linear(); the oscillator", expected: "within 0.5 % of the travel",
                measured: "max distance \(e(css)) of the travel", error: css, tolerance: 0.005, unit: ""))
        rows.append(
            ConformanceRow(
                area: "Springs", claim: "CSS linear() at 0.5 %: the most stops those six springs take",
                source: "issue 30: at most 40 stops", expected: "≤ 40 stops", measured: "\(stops) stops",
                error: Double(max(0, stops - 40)), tolerance: 0, unit: "stops"))
        return rows
    }
}
