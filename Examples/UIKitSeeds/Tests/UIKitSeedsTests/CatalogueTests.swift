import Foundation
import SpringyKit
import SpringyUIKit
import Synchronization
import XCTest

@testable import UIKitSeeds

/// The repository this example lives in (its YAML scenes are the reference).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// What a scene's code reports back to the test (closures run on the simulation's thread).
final class Reports: Sendable {
    let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// The catalogue's samples written in UIKit, held to the repository's YAML scenes of the same
/// systems: every item within 0.5 pt and 0.01 rad on every frame.
final class CatalogueTests: XCTestCase {
    /// `before`: compare frames before this one only (the YAML scene does something the Swift
    /// one does not, from there on: the test says what).
    func assertMatches(
        _ swift: Scene, _ yamlFile: String, ids: [String], before: Int? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        try assertMatches(
            swift, try Scene(contentsOfFile: packageRoot + "/scenes/" + yamlFile), ids: ids, before: before, file: file,
            line: line)
    }

    func assertMatches(
        _ swift: Scene, _ yaml: Scene, ids: [String], before: Int? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        var a = try swift.simulate(), b = try yaml.simulate()
        if let before {
            a = Array(a.prefix(before))
            b = Array(b.prefix(before))
        }
        XCTAssertEqual(a.count, b.count, "frame count", file: file, line: line)
        var worst = (0.0, 0.0, 0.0)
        for (fa, fb) in zip(a, b) {
            for id in ids {
                guard let x = fa.item(id), let y = fb.item(id) else {
                    return XCTFail("frame \(fa.index): no item \(id)", file: file, line: line)
                }
                worst.0 = max(worst.0, hypot(x.center.x - y.center.x, x.center.y - y.center.y))
                worst.0 = max(worst.0, abs(x.width - y.width), abs(x.height - y.height))
                worst.2 = max(worst.2, abs(x.alpha - y.alpha))
                worst.1 = max(worst.1, abs(x.angle - y.angle))
            }
        }
        XCTAssertLessThanOrEqual(worst.0, 0.5, "largest distance from the YAML scene (pt)", file: file, line: line)
        XCTAssertLessThanOrEqual(worst.1, 0.01, "largest turn from the YAML scene (rad)", file: file, line: line)
        XCTAssertLessThanOrEqual(worst.2, 0.01, "largest alpha from the YAML scene", file: file, line: line)
    }

    func gravityScene(reversed: Bool = false) throws -> Scene {
        try Scene(named: "gravity", duration: 8, untilRest: true) {
            let vc = GravityViewController()
            vc.reversed = reversed
            return vc
        }
    }

    func testGravityMatchesTheYAMLScene() throws {
        try assertMatches(try gravityScene(), "gravity.yaml", ids: ["a", "b", "c", "d"])
    }

    func testCollisionWithItsDelegateMatchesTheYAMLScene() throws {
        let reports = Reports()
        let scene = try Scene(
            named: "collision", duration: 4,
            script: [.at(3.9) { vc in for line in vc.began { reports.add(line) } }]
        ) { CollisionViewController() }
        try assertMatches(scene, "collision.yaml", ids: ["ball", "box", "small"])
        // The trace's contact events (points aside) are the YAML scene's, frame by frame, and the
        // delegate heard the ramp, the bounds (no identifier) and items meeting.
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/collision.yaml")
        XCTAssertEqual(try events(scene), try events(yaml))
        let heard = reports.all
        XCTAssertTrue(heard.contains("ball|ramp"), "\(heard)")
        XCTAssertTrue(heard.contains { $0.hasSuffix("|bounds") }, "\(heard)")
        XCTAssertTrue(heard.contains { !$0.hasSuffix("|bounds") && !$0.hasSuffix("|ramp") }, "\(heard)")
    }

    /// Each trace line's events, without their points.
    func events(_ scene: Scene) throws -> [String] {
        let points = try NSRegularExpression(pattern: #", "point": \[[^\]]*\]"#)
        return try scene.traceText().split(separator: "\n").compactMap { line in
            guard let r = line.range(of: #""events": "#) else { return nil }
            let text = String(line[r.upperBound...])
            return points.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
        }
    }

    func testAttachmentsMatchTheYAMLScene() throws {
        let scene = try Scene(named: "attachment", duration: 4) { AttachmentViewController() }
        try assertMatches(scene, "attachment.yaml", ids: ["pendulum", "pinned", "head", "tail"])
    }

    /// Apple's APLPendulumBehavior, a UIDynamicBehavior subclass in Swift, is the scene files'
    /// `pendulum` kind (a behavior kind that is one file in SpringyDynamics).
    func testApplesPendulumBehaviorIsTheSceneFilesPendulum() throws {
        let swift = try Scene(named: "pendulum", duration: 3) { PendulumViewController() }
        let yaml = try Scene(
            yaml: """
                springy: 1
                viewport: { size: [375, 667], scale: 2 }
                time: { fps: 60, duration: 3 }
                items:
                  weight: { center: [343, 256], size: [60, 60] }
                behaviors:
                  - pendulum: { item: weight, from: [187.5, 100] }
                """, file: "pendulum.yaml")
        try assertMatches(swift, yaml, ids: ["weight"])
    }

    func testSnapAndASnapReplacedMatchTheYAMLScene() throws {
        let scene = try Scene(
            named: "snap", duration: 4, script: [.at(1.5) { (vc: SnapViewController) in vc.snapAgain() }]
        ) { SnapViewController() }
        try assertMatches(scene, "snap.yaml", ids: ["card"])
    }

    func testPushesMatchTheYAMLScene() throws {
        let scene = try Scene(
            named: "push", duration: 3,
            script: [
                .at(0.2) { (vc: PushViewController) in vc.flick() },
                .at(1.5) { vc in vc.push.active = false },
            ]
        ) { PushViewController() }
        try assertMatches(scene, "push.yaml", ids: ["flicked", "pushed"])
    }

    func testFieldsMatchTheYAMLScene() throws {
        let scene = try Scene(named: "fields", duration: 4) { FieldsViewController() }
        try assertMatches(scene, "fields.yaml", ids: ["planet", "moon", "leaf", "weight", "puck", "charge"])
        // UIKit's noise has no seed: a Swift scene's noise and turbulence use seed 0 (the scene
        // format's default). The YAML scene seeds its noise 42; with seed 0 the speck matches too.
        let text = try String(contentsOfFile: packageRoot + "/scenes/fields.yaml", encoding: .utf8)
        XCTAssertTrue(text.contains("seed: 42"))
        let seeded = try Scene(yaml: text.replacingOccurrences(of: "seed: 42", with: "seed: 0"), file: "fields.yaml")
        let a = try scene.simulate(), b = try seeded.simulate()
        XCTAssertEqual(a.count, b.count)
        for (x, y) in zip(a, b) {
            let p = try XCTUnwrap(x.item("speck")), q = try XCTUnwrap(y.item("speck"))
            XCTAssertLessThanOrEqual(hypot(p.center.x - q.center.x, p.center.y - q.center.y), 0.5, "frame \(x.index)")
        }
    }

    func testAnItemGroupMatchesTheYAMLSceneUntilItsPan() throws {
        // The YAML scene drags the foot from 2.2 s with a scripted pan; this one has no gesture.
        let scene = try Scene(named: "item-group", duration: 4) { ItemGroupViewController() }
        try assertMatches(scene, "item-group.yaml", ids: ["stem", "foot", "cap", "block"], before: 132)
    }

    func testUIViewAnimateMatchesTheYAMLScenesViewAnimations() throws {
        let scene = try Scene(
            named: "view-animations", duration: 3.5,
            script: [
                .at(0.25) { (vc: ViewAnimationsViewController) in
                    vc.slide()
                    vc.roundTheSquare()
                },
                .at(0.5) { vc in vc.grow() },
                .at(1.2) { vc in vc.shrink() },
            ]
        ) { ViewAnimationsViewController() }
        try assertMatches(scene, "view-animations.yaml", ids: ["in_out", "in", "out", "linear", "spring", "card"])
        // The keyframed square's path (its turns aside: see roundTheSquare) on every frame.
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/view-animations.yaml").simulate()
        for (a, b) in zip(try scene.simulate(), yaml) {
            let p = try XCTUnwrap(a.item("path")), q = try XCTUnwrap(b.item("path"))
            XCTAssertLessThanOrEqual(hypot(p.center.x - q.center.x, p.center.y - q.center.y), 0.5, "frame \(a.index)")
        }
    }

    func testPropertyAnimatorsMatchTheYAMLScene() throws {
        let reports = Reports()
        let scene = try Scene(
            named: "property-animator", duration: 3.5,
            script: [
                .at(0.2) { (vc: PropertyAnimatorViewController) in vc.start() },
                .at(0.35) { vc in vc.takeBack() },
                .at(0.6) { vc in vc.slide.pauseAnimation() },
                .at(0.9) { vc in vc.slide.fractionComplete = 0.25 },
                .at(1.0) { vc in reports.add("paused at \(vc.slide.fractionComplete), running \(vc.slide.isRunning)") },
                .at(1.2) { vc in vc.slide.startAnimation() },
                .at(1.7) { vc in
                    vc.slide.isReversed = true
                    vc.slide.addCompletion { position in reports.add("ended at \(position)") }
                },
                .at(3.4) { vc in reports.add("drawer \(vc.drawer.center), state \(vc.slide.state)") },
            ]
        ) { PropertyAnimatorViewController() }
        try assertMatches(scene, "property-animator.yaml", ids: ["drawer", "ball", "marker"])
        // Reversed, it ended at its start, where the drawer's own centre is again.
        XCTAssertEqual(
            reports.all,
            ["paused at 0.25, running false", "ended at start", "drawer CGPoint(x: 187.5, y: 600.0), state inactive"])
    }

    func testAPanRecogniserDragsTheFrogAsTheSceneFilesPanDoes() throws {
        let path = [CGPoint(x: 187, y: 200), CGPoint(x: 300, y: 260), CGPoint(x: 120, y: 320), CGPoint(x: 187, y: 220)]
        let scene = try Scene(
            named: "item-properties", duration: 5,
            script: [
                .pan(at: 0.5, through: path, duration: 2, release: .hold),
                .at(3.0) { (vc: ItemPropertiesViewController) in vc.snapHome() },
                .at(3.6) { vc in vc.push() },
            ]
        ) { ItemPropertiesViewController() }
        try assertMatches(scene, "item-properties.yaml", ids: ["frog", "dragon"])
    }

    func testTheOrderYourCodeAddsInDoesNotChangeTheWorld() throws {
        let one = try gravityScene().simulate(), two = try gravityScene(reversed: true).simulate()
        XCTAssertEqual(one, two)
    }

    func testFramesDrawTheViewTree() throws {
        let scene = try gravityScene()
        let frame = try XCTUnwrap(scene.simulate().first)
        // The root view (full screen), then each box and its label, in the tree's order.
        XCTAssertEqual(frame.items.map(\.id), ["view", "a", "view.0.0", "b", "view.1.0", "c", "view.2.0", "d", "view.3.0"])
        XCTAssertEqual(try XCTUnwrap(frame.item("b")).angle, 20 * .pi / 180, accuracy: 1e-6)
        let image = try scene.image(ofFrame: 0)
        XCTAssertEqual(image.width, 750)
    }
}
