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
