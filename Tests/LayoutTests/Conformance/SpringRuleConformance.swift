import Foundation
import SpringyCore
import SpringyFrame
import SpringyTestSupport

/// docs/CONFORMANCE.md's rows for the platforms' own spring algorithms (issue 46): UIKit's
/// duration solver, SwiftUI's fluid spring and its presets.
enum SpringRuleConformance {
    static func n(_ v: Double) -> String { ConformanceRow.n(v) }
    static func e(_ v: Double) -> String { ConformanceRow.e(v) }

    static func rows() throws -> [ConformanceRow] {
        var rows: [ConformanceRow] = []
        // UIKit's duration solver: at T the spring is within 0.001 of its travel, by UIKit's rule.
        for (z, v) in [(0.2, 0.0), (0.5, 0.0), (0.8, 0.0), (1.0, 0.0), (0.6, 2.0)] {
            let t = 0.6
            let w = SpringSystem.uiview(duration: t, damping: z, initialVelocity: v).omega
            let residual =
                z >= 1
                ? ((w - v) * t + 1) * exp(-w * t)
                : abs((z * w - v) / ((1 - z * z).squareRoot() * w)) * exp(-z * w * t)
            let reference = UIKitDurationSpring.omega(dampingRatio: z, duration: t, velocity: v)
            rows.append(
                ConformanceRow(
                    area: "Springs",
                    claim: "UIView spring, damping \(n(z)), velocity \(n(v)), duration 0.6 s: UIKit's ω₀ (ω₀·T = \(n(w * t)))",
                    source:
                        "OpenUXKit's reconstruction of UIKit's spring parameter solver (UXViewAnimationContext): the envelope at T is 0.001 of the travel (reconstructed)",
                    expected: "ω₀ \(n(reference)) rad/s (the rule solved by bisection)",
                    measured: "ω₀ \(n(w)) rad/s, envelope at T \(n(residual))", error: abs(w / reference - 1), tolerance: 1e-9,
                    unit: "relative"))
        }
        // SwiftUI's presets, as SwiftUI defines them.
        for (name, form, response, fraction, blend) in [
            ("smooth", "smooth", 0.5, 1.0, 0.0), ("snappy", "snappy", 0.5, 0.85, 0.0), ("bouncy", "bouncy", 0.5, 0.7, 0.0),
            ("interactiveSpring", "interactive", 0.15, 0.86, 0.25),
        ] {
            let f = try frames(
                scene(
                    400, 200, time: "fps: 120, duration: 1.5",
                    "items:\n  box: { center: [50, 100], size: [20, 20] }\nscript:\n  - { at: 0, swiftui: { views: [box], spring: \(form), to: { center: [250, 100] } } }"
                ))
            var reference = FluidSpringReference(response: response, dampingFraction: fraction, travel: 200)
            let end = FluidSpringReference.completion(response: response, dampingFraction: fraction, travel: 200)
            let worst = f.map { fr in
                abs(item(fr, "box")!.center.x - (fr.time < end ? 50 + reference.offset(at: fr.time) : 250))
            }.max()!
            rows.append(
                ConformanceRow(
                    area: "View animations",
                    claim:
                        "SwiftUI .\(name) (`spring: \(form)`) over 200 pt: response \(n(response)) s, dampingFraction \(n(fraction))\(blend > 0 ? ", blendDuration \(n(blend)) s" : "")",
                    source:
                        "SwiftUI's \(name) as OpenSwiftUI reconstructs it (bounce 0, 0.15, 0.3 on duration 0.5; interactiveSpring's defaults) (reconstructed)",
                    expected: "that fluid spring", measured: "max distance \(e(worst)) pt", error: worst, tolerance: 1e-6,
                    unit: "pt"))
        }
        // The fluid spring's completion is in the value's units: later for a longer move.
        let spring = FluidSpring(duration: 0.5, bounce: 0)
        let ends = [1.0, 100, 10_000].map { spring.settlingDuration(travel: $0) }
        let refs = [1.0, 100, 10_000].map { FluidSpringReference.completion(response: 0.5, dampingFraction: 1, travel: $0) }
        rows.append(
            ConformanceRow(
                area: "Springs", claim: "SwiftUI .spring completes later for a longer move: 1, 100 and 10 000 units",
                source: "SwiftUI's FluidSpringAnimation: velocity² and force² ≤ 0.0036 within 1 % (reconstructed)",
                expected: refs.map { "\(n($0)) s" }.joined(separator: ", "),
                measured: ends.map { "\(n($0)) s" }.joined(separator: ", "),
                error: zip(ends, refs).map { abs($0 - $1) }.max()!, tolerance: 1e-9, unit: "s"))
        // Its stiffness is capped at 45 000, and a changed response blends along a smoothstep.
        let capped = FluidSpring(response: 0.01, dampingFraction: 1).system.stiffness
        rows.append(
            ConformanceRow(
                area: "Springs", claim: "SwiftUI's fluid spring: stiffness of response 0.01 s ((2π/0.01)² = 394 784 uncapped)",
                source: "SwiftUI's FluidSpringAnimation: min((2π/response)², 45 000) (reconstructed)", expected: "45000",
                measured: n(capped), error: abs(capped - 45_000), tolerance: 0, unit: ""))
        let blend = FluidSpring(response: 0.2, dampingFraction: 1, blendDuration: 0.5, blendsFrom: 0.6)
        let blended = [0, 0.125, 0.25, 0.5].map { blend.response(at: $0) }
        let smooth = [0.0, 0.125, 0.25, 0.5].map { t -> Double in
            let p = t / 0.5
            return 0.2 + 0.4 * (1 - p * p * (3 - 2 * p))
        }
        rows.append(
            ConformanceRow(
                area: "Springs",
                claim: "SwiftUI's blendDuration 0.5 s from response 0.6 to 0.2: the response at 0, 0.125, 0.25, 0.5 s",
                source:
                    "SwiftUI's FluidSpringAnimation: response + Δ·(1 − smoothstep(t/blendDuration)) (reconstructed; the progress clamped to 0…1, an inference)",
                expected: smooth.map { n($0) }.joined(separator: ", "), measured: blended.map { n($0) }.joined(separator: ", "),
                error: zip(blended, smooth).map { abs($0 - $1) }.max()!, tolerance: 1e-12, unit: "s"))
        return rows
    }
}

/// docs/CONFORMANCE.md's flow layout rows: where UICollectionViewFlowLayout's documented
/// properties put the first items of a section.
enum FlowConformance {
    static func rows() throws -> [ConformanceRow] {
        // 330 pt wide, items 100 × 80, spacing 15 between items (three fit exactly: 3·100 + 2·15),
        // 10 between lines, inset top 20 left 0, headers 30 pt.
        let f = try frames(
            scene(
                330, 600, time: "fps: 60, duration: 0.1",
                """
                collection:
                  layout: { kind: flow, item_size: [100, 80], interitem_spacing: 15, line_spacing: 10, section_inset: [20, 0, 0, 0], header_height: 30 }
                  sections: [{ items: 6 }]
                """))
        let first = f[0]
        func c(_ id: String) -> Vec2 { item(first, id)!.center }
        var rows: [ConformanceRow] = []
        func row(_ claim: String, _ source: String, _ expected: Vec2, _ measured: Vec2) {
            let d = expected.distance(to: measured)
            rows.append(
                ConformanceRow(
                    area: "Collection view", claim: claim, source: source,
                    expected: "centre [\(ConformanceRow.n(expected.x)), \(ConformanceRow.n(expected.y))]",
                    measured: "centre [\(ConformanceRow.n(measured.x)), \(ConformanceRow.n(measured.y))]", error: d,
                    tolerance: 1e-6,
                    unit: "pt"))
        }
        row(
            "flow layout: the first item below its header (30 pt) and the section's top inset (20 pt)",
            "Apple, UICollectionViewFlowLayout.headerReferenceSize and sectionInset", Vec2(50, 30 + 20 + 40), c("0.0"))
        row(
            "flow layout: three 100-pt items in 330 pt with minimumInteritemSpacing 15 (the line exactly full)",
            "Apple, UICollectionViewFlowLayout.minimumInteritemSpacing", Vec2(280, 90), c("0.2"))
        row(
            "flow layout: the second line minimumLineSpacing (10 pt) below the first",
            "Apple, UICollectionViewFlowLayout.minimumLineSpacing", Vec2(50, 90 + 80 + 10), c("0.3"))
        return rows
    }
}

/// docs/CONFORMANCE.md's gravity direction rows: UIGravityBehavior's gravityDirection and angle.
enum GravityConformance {
    static func rows() throws -> [ConformanceRow] {
        var rows: [ConformanceRow] = []
        // After 60 steps of 1/120 s the discrete fall is a·h²·n(n+1)/2 along the direction.
        let h = 1.0 / 120, steps = 60.0, g = 1000.0
        let along = g * h * h * steps * (steps + 1) / 2
        for (claim, source, key, expected) in [
            (
                "UIGravityBehavior gravityDirection (1, 0), magnitude 1: the path after 0.5 s",
                "Apple, gravityDirection: (1.0, 0.0) is to the right; 1.0 is 1000 points/s²",
                "direction: [1, 0]", Vec2(along, 0)
            ),
            (
                "UIGravityBehavior angle 135°, magnitude 2: the path after 0.5 s",
                "Apple, UIGravityBehavior.angle (radians, clockwise from the x axis in UIKit's flipped coordinates) and magnitude",
                "angle: 135, magnitude: 2", Vec2(-2 * along / 2.0.squareRoot(), 2 * along / 2.0.squareRoot())
            ),
        ] {
            let f = try frames(
                scene(
                    4000, 4000, time: "fps: 120, duration: 0.51",
                    items: ["box: { center: [2000, 2000], size: [40, 40] }"],
                    behaviors: ["gravity: { items: [box], \(key) }", "item: { items: [box], resistance: 0 }"]))
            let moved = item(f[60], "box")!.center - Vec2(2000, 2000)
            let d = moved.distance(to: expected)
            rows.append(
                ConformanceRow(
                    area: "UIKit Dynamics", claim: claim, source: source,
                    expected:
                        "[\(ConformanceRow.n(expected.x)), \(ConformanceRow.n(expected.y))] pt (the discrete fall a·h²·n(n+1)/2)",
                    measured: "[\(ConformanceRow.n(moved.x)), \(ConformanceRow.n(moved.y))] pt", error: d / along,
                    tolerance: 0.001,
                    unit: "of the path"))
        }
        return rows
    }
}
