import Foundation
import SpringyCore
import SpringyTestSupport
import XCTest

/// `springy spring`: the converter as a user runs it.
final class SpringCommandTests: XCTestCase {
    func testItPrintsEveryVocabularyAndWritesThePlotAndKeyframes() throws {
        let dir = temporaryDirectory()
        let r = try runSpringy([
            "spring", "swiftui", "duration=0.5", "bounce=0.3", "--plot", "\(dir)/s.svg", "--lottie", "\(dir)/s.json",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        for fragment in [
            "UIKit attachment:     frequency 2 Hz, damping 0.7", ".spring(duration: 0.5, bounce: 0.3)",
            "setDampingRatio(0.7f)", "SpringDescription(mass: 1, stiffness: 157.9137", "visualDuration: 0.4167",
            "usingSpringWithDamping 0.7", "SwiftUI's settlingDuration 1.0447 s", "the exact crossing (last |x − 1| > 0.001)",
            "linear(0, ",
        ] {
            XCTAssertTrue(r.stdout.contains(fragment), "\(fragment) in\n\(r.stdout)")
        }
        let svg = try String(contentsOfFile: "\(dir)/s.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg"))
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/s.json"))) as? [String: Any]
        let keys = try XCTUnwrap(json?["k"] as? [[String: Any]])
        let spring = SpringSystem.swiftUI(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(json?["fr"] as? Int, 60)
        XCTAssertEqual(keys.count, Int((spring.settlingDuration() * 60).rounded(.up)) + 1)
        let tenth = try XCTUnwrap((keys[10]["s"] as? [Double])?.first)
        XCTAssertEqual(tenth, spring.value(at: 10.0 / 60) * 100, accuracy: 1e-4)
        XCTAssertEqual((keys.last?["s"] as? [Double])?.first, 100)
        // Files that exist are kept unless asked.
        let again = try runSpringy(["spring", "uikit", "frequency=1", "damping=0.5", "--plot", "\(dir)/s.svg"])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("exists; pass --overwrite"), again.stderr)
    }

    /// Issue 46: beside the analytic numbers, UIKit's duration solver's ω for the UIView reading,
    /// both UISpringTimingParameters families, and when SwiftUI's fluid integrator completes.
    func testItPrintsUIKitsDurationOmegaAndSwiftUIsFluidCompletion() throws {
        let r = try runSpringy(["spring", "uiview", "duration=0.6", "damping=0.4"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let w = UIKitDurationSpring.omega(dampingRatio: 0.4, duration: 0.6)
        let printed = SpringSystem.number(w)
        XCTAssertTrue(
            r.stdout.contains("(UIKit's duration solver: ω₀ \(printed) rad/s, within 0.001 of the travel at 0.6 s)"), r.stdout)
        let s = SpringSystem(omega: w, dampingRatio: 0.4)
        XCTAssertTrue(
            r.stdout.contains(
                "or (duration: \(SpringSystem.number(2 * .pi / w)), bounce: 0.6) (iOS 17: the perceptual duration), or (dampingRatio: 0.4) under an animator of 0.6 s"
            ),
            r.stdout)
        var ends: [String] = []
        for travel in [1.0, 100, 1000] {
            ends.append(
                SpringSystem.number(
                    FluidSpringReference.completion(response: s.swiftUIDuration, dampingFraction: 0.4, travel: travel)))
        }
        XCTAssertTrue(r.stdout.contains("at \(ends[0]) s for a move of 1, \(ends[1]) s of 100, \(ends[2]) s of 1000"), r.stdout)
    }

    /// Issue 30: `--proof` draws every platform's curve from the printed numbers over the closed
    /// form and prints each one's largest distance; the CSS easing within 0.5 % of the travel
    /// takes at most 40 stops, or the proof says how many it needs. The closed form here is the
    /// damped oscillator's step response written from DYNAMICS.md, not Springy's.
    func testTheProofChartsEveryPlatformAndPrintsItsError() throws {
        let dir = temporaryDirectory()
        let r = try runSpringy(["spring", "ca", "damping=5", "--proof", "\(dir)/proof.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = r.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") && $0.contains(" %") }
        var named: [String: Double] = [:]
        for row in rows where !row.contains("within 0.5 %") {
            let parts = row.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").filter { !$0.isEmpty }
            let error = parts[1].hasPrefix("<") ? 0 : try XCTUnwrap(Double(parts[1].split(separator: " ")[0]), row)
            named[parts[0]] = error
            if !parts[0].hasPrefix("CSS") { XCTAssertTrue(row.contains("round trip of ω₀ and ζ < 1e-12"), row) }
        }
        for platform in [
            "UIKit attachment", "UIView usingSpringWithDamping", "CASpringAnimation, interpolatingSpring, Flutter, Motion",
            "SwiftUI spring(duration:bounce:)", "SwiftUI spring(response:dampingFraction:)", "Android SpringForce",
            "Motion visualDuration",
        ] {
            // Printed to four decimals, every platform's curve stays within 0.05 % of the travel.
            let error = try XCTUnwrap(named[platform], "\(platform) in\n\(r.stdout)")
            XCTAssertLessThan(error, 0.05, platform)
        }
        let css = try XCTUnwrap(named.first { $0.key.hasPrefix("CSS linear(), ") })
        XCTAssertLessThanOrEqual(css.value, 0.1 + 1e-9, "the CSS easing keeps --css-error (0.001 of the travel)")
        XCTAssertTrue(r.stdout.contains("CSS linear() within 0.5 % of the travel: "), r.stdout)
        // The chart: two panels, 900 × 820 px.
        let png = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/proof.png"))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(png[16..<24].map { $0 }, [0, 0, 3, 0x84, 0, 0, 3, 0x34])

        // The stop count it states, checked on the CSS Springy writes at 0.5 %, against the
        // oscillator written from DYNAMICS.md (OscillatorClosedForm).
        for (args, k, c) in [
            (["uikit", "frequency=1", "damping=0.1"], 4 * Double.pi * Double.pi, 0.4 * Double.pi), (["ca", "damping=5"], 100, 5),
        ] {
            let proof = try runSpringy(["spring"] + args + ["--proof", "\(dir)/\(args[0])\(args.count).svg"])
            let half = try runSpringy(["spring"] + args + ["--css-error", "0.005"])
            let line = try XCTUnwrap(half.stdout.split(separator: "\n").first { $0.hasPrefix("CSS (") })
            let duration = try XCTUnwrap(Double(line.dropFirst("CSS (".count).prefix { $0 != "s" }))
            let css = try XCTUnwrap(CSSLinearEasing(line[line.range(of: "linear(")!.lowerBound...]))
            let worst = (0...3000).map { g -> Double in
                let x = Double(g) / 3000
                return abs(css.value(x) - OscillatorClosedForm.value(x * duration, stiffness: k, damping: c))
            }.max()!
            XCTAssertLessThanOrEqual(worst, 0.005, "\(args)")
            let count = css.stops.count
            let said =
                count <= 40
                ? "CSS linear() within 0.5 % of the travel: \(count) stops (at most 40)"
                : "CSS linear() within 0.5 % of the travel needs \(count) stops, more than 40"
            XCTAssertTrue(proof.stdout.contains(said), "\(said) in\n\(proof.stdout)")
        }
        // Bad proof paths.
        for (args, fragment) in [
            (["--proof", "\(dir)/p.gif"], "--proof must end in .png or .svg"),
            (["--proof", ""], "--proof"),
            (["--proof", "\(dir)/same.png", "--plot", "\(dir)/same.png"], "name the same file"),
            (["--proof", "\(dir)/proof.png"], "exists; pass --overwrite"),
        ] {
            let bad = try runSpringy(["spring", "ca"] + args)
            XCTAssertEqual(bad.status, 2, "\(args)")
            XCTAssertTrue(bad.stderr.contains(fragment), "\(args): \(bad.stderr)")
        }
    }

    func testBadSpringsAreClearErrors() throws {
        for (args, fragment) in [
            (["spring", "swifty", "duration=1"], "did you mean swiftui?"),
            (["spring", "ca", "stiffnes=100", "damping=10"], "did you mean stiffness?"),
            (["spring", "uikit", "damping=0.5"], "uikit needs frequency"),
            (["spring", "swiftui", "mass=2"], "(.interpolatingSpring); stiffness is missing"),
            (["spring", "swiftui", "bounce=-1"], "bounce must be above -1"),
            (["spring", "uikit", "frequency=-1", "damping=0.5"], "frequency must be above 0"),
            (["spring", "uiview", "duration=0.5", "damping=2"], "damping must be at most 1"),
            (["spring", "android", "stiffness=x", "damping_ratio=1"], "\"x\" is not a number"),
            (["spring", "swiftui", "duration=0.5", "bounce=0.2", "response=0.5"], "does not go with"),
            (["spring", "uikit", "frequency=1", "damping=0.5", "--css-error", "0"], "--css-error"),
        ] {
            let r = try runSpringy(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains(fragment), "\(args): \(r.stderr)")
        }
    }

    /// Issue 26, item 12: degenerate springs are refused with a plain message (no trap, no
    /// nan/inf, no half-written file), and every output stays bounded.
    func testDegenerateSpringsAreRefusedAndOutputsBounded() throws {
        let dir = temporaryDirectory()
        for (args, fragment) in [
            (["uikit", "frequency=1", "damping=0", "--lottie", "\(dir)/l.json"], "never comes to rest"),
            (["uikit", "frequency=1e-300", "damping=1e-300", "--lottie", "\(dir)/l.json"], "outside"),
            (["ca", "stiffness=100", "damping=10", "velocity=1e300"], "initial velocity"),
            (["ca", "stiffness=100", "damping=1e6", "--plot", "\(dir)/p.png"], "to settle, more than 60 s"),
            (["ca", "stiffness=1", "damping=1", "mass=1e-320"], "ω₀"),
        ] {
            let r = try runSpringy(["spring"] + args, timeout: 20)
            XCTAssertFalse(r.signalled || r.timedOut, "\(args): \(r.stderr)")
            XCTAssertEqual(r.status, 2, "\(args): \(r.stdout)")
            XCTAssertTrue(r.stderr.contains(fragment), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stdout.contains("nan") || r.stdout.contains("inf"), "\(args): \(r.stdout)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "nothing written")
        // The fastest, least damped spring still accepted: the report and files stay small.
        let r = try runSpringy(
            ["spring", "uikit", "frequency=15000", "damping=0.0001", "--lottie", "\(dir)/l.json"], timeout: 60)
        if r.status == 0 {
            XCTAssertLessThan(r.stdout.utf8.count, 200_000, "the CSS easing is bounded")
            let size = (try FileManager.default.attributesOfItem(atPath: "\(dir)/l.json")[.size] as? NSNumber)?.intValue ?? 0
            XCTAssertLessThan(size, 2_000_000, "the keyframes are bounded (60 s at 240 fps at most)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/l.json")))
            XCTAssertNotNil(json as? [String: Any], "valid JSON")
        } else {
            XCTAssertEqual(r.status, 2, r.stderr)
        }
    }

    /// Issue 30, items 2 and 3: a key left out takes its platform's default, and the report says
    /// which; SwiftUI's negative bounce (overdamped) is taken; the initial velocity reaches every
    /// output that has one; Motion's transition object defaults bounce to 0.
    func testPlatformDefaultsNegativeBounceAndVelocity() throws {
        func out(_ args: [String]) throws -> String {
            let r = try runSpringy(["spring"] + args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            return r.stdout
        }
        let plain = try out(["swiftui"])
        XCTAssertTrue(plain.contains("defaults used (SwiftUI Spring(duration:bounce:)): bounce 0, duration 0.5"), plain)
        XCTAssertTrue(plain.contains("swiftui takes duration= bounce="), "the forms are listed: \(plain)")
        XCTAssertTrue(plain.contains("damping ratio 1)"), plain)
        let over = try out(["swiftui", "duration=0.5", "bounce=-0.5"])
        XCTAssertTrue(over.contains("damping ratio 2)"), "ζ = 1/(1 + bounce): \(over)")
        XCTAssertTrue(over.contains("bounce: -0.5)"), "and back: \(over)")
        let response = try out(["swiftui", "response=0.4"])
        XCTAssertTrue(response.contains("defaults used (SwiftUI .spring(response:dampingFraction:)): damping_fraction 0.825"))
        XCTAssertTrue(response.contains("dampingFraction: 0.825)"), response)
        let ca = try out(["ca"])
        XCTAssertTrue(ca.contains("defaults used (CASpringAnimation): mass 1, stiffness 100, damping 10"), ca)
        let android = try out(["android"])
        XCTAssertTrue(android.contains("setStiffness(1500f), setDampingRatio(0.5f)"), android)
        let framer = try out(["framer", "visual_duration=0.5"])
        XCTAssertTrue(framer.contains("defaults used (Motion's transition): bounce 0"), framer)
        XCTAssertTrue(framer.contains("damping ratio 1)"), framer)
        let moving = try out(["swiftui", "stiffness=100", "damping=10", "velocity=3"])
        XCTAssertTrue(moving.contains(".interpolatingSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 3)"), moving)
        XCTAssertTrue(moving.contains("mass: 1, velocity: 3 }"), moving)
        XCTAssertTrue(moving.contains("initialSpringVelocity 3"), moving)
        XCTAssertTrue(moving.contains("initialVelocity: CGVector(dx: 3, dy: 0)"), moving)
        XCTAssertFalse(try out(["swiftui", "stiffness=100", "damping=10"]).contains("initialVelocity: 0"))
    }
}
