import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// Taps from the script: UIButton with UIAction (iOS 14's form of target–action), and
/// UITapGestureRecognizer with UIKit's movement and multi-tap rules.
final class ControlTests: XCTestCase {
    final class Screen: UIView {
        let button = UIButton(type: .system)
        let pad = UIView(frame: CGRect(x: 0, y: 300, width: 375, height: 300))
        let tap = UITapGestureRecognizer()
        let reports = Reports()
        var presses = 0
        lazy var press = UIAction { [unowned self] action in
            presses += 1
            // The sender is the button while its action runs (UIKit's `Any?`).
            reports.add("sent by the button: \((action.sender as? UIButton) === button)")
        }

        init(taps: Int) {
            super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            button.frame = CGRect(x: 100, y: 100, width: 175, height: 44)
            button.setTitle("Drop", for: .normal)
            button.addAction(press, for: .touchUpInside)
            addSubview(button)
            tap.numberOfTapsRequired = taps
            tap.addTarget { [unowned self] r in reports.add("tap \(r.state) at \(Int(r.location(in: pad).y))") }
            pad.addGestureRecognizer(tap)
            addSubview(pad)
        }
    }

    func run(taps: Int = 1, _ script: [ScriptStep<Screen>], until: Double = 1.5) throws -> (Reports, [String]) {
        let box = Reports()
        var steps = script
        steps.append(
            .at(until - 0.05) { s in
                box.add("presses \(s.presses)")
                for line in s.reports.all { box.add(line) }
            })
        let scene = try Scene(named: "controls", duration: until, script: steps) { Screen(taps: taps) }
        _ = try scene.simulate()
        return (box, box.all)
    }

    func testAButtonSendsItsActionOnATouchUpInsideOnly() throws {
        let highlighted = Reports()
        let (_, inside) = try run([
            .tap(at: 0.2, CGPoint(x: 180, y: 120), duration: 0.2),
            .at(0.3) { s in highlighted.add("\(s.button.isHighlighted) \(s.button.state == .highlighted) \(s.presses)") },
            .at(0.5) { s in highlighted.add("\(s.button.isHighlighted) \(s.button.state == .normal) \(s.presses)") },
        ])
        XCTAssertEqual(inside, ["presses 1", "sent by the button: true"])
        XCTAssertEqual(highlighted.all, ["true true 0", "false true 1"], "highlighted while held, the action at the lift")
        // An action removed is not sent.
        let removed = try run([
            .at(0.1) { s in s.button.removeAction(s.press, for: .touchUpInside) },
            .tap(at: 0.2, CGPoint(x: 180, y: 120)),
        ]).1
        XCTAssertEqual(removed, ["presses 0"])
        // Landing on it and lifting outside it: no action (a touch-up outside).
        let (_, outside) = try run([
            .pan(at: 0.2, from: CGPoint(x: 180, y: 120), to: CGPoint(x: 180, y: 200), duration: 0.2, release: .hold)
        ])
        XCTAssertEqual(outside, ["presses 0"])
        // A tap beside it: nothing.
        XCTAssertEqual(try run([.tap(at: 0.2, CGPoint(x: 90, y: 120))]).1, ["presses 0"])
    }

    /// A button's image (at its size) and title are centred together, each centred vertically;
    /// a finger on the image presses the button; a state without an image of its own shows the
    /// normal one.
    func testAButtonsImageAndTitleAreCentredTogether() throws {
        let dir = temporaryDirectory()
        let path = try ImageTests.swatch(dir)  // 40 × 20 pt at scale 1
        let box = Reports()
        let frames = try Scene(
            named: "image", duration: 0.6,
            script: [
                .at(0.05) { (s: Screen) in
                    let image = UIImage(contentsOfFile: path)
                    s.button.setTitle("Go", for: .normal)
                    s.button.setImage(image, for: .normal)
                    s.button.imageView?.accessibilityIdentifier = "icon"
                    s.button.titleLabel?.accessibilityIdentifier = "title"
                    box.add("\(s.button.image(for: .highlighted) === image) \(s.button.currentImage === image)")
                },
                .tap(at: 0.2, CGPoint(x: 140, y: 122)),
                .at(0.5) { s in box.add("presses \(s.presses)") },
            ]
        ) { Screen(taps: 1) }.simulate()
        XCTAssertEqual(box.all.first, "true true")
        XCTAssertEqual(box.all.last, "presses 1")
        let f = try XCTUnwrap(frames.last)
        let icon = try XCTUnwrap(f.item("icon")), title = try XCTUnwrap(f.item("title"))
        XCTAssertEqual(icon.width, 40)
        XCTAssertEqual(icon.height, 20)
        XCTAssertEqual(icon.center.y, 122, accuracy: 1e-9)
        XCTAssertEqual(title.center.y, 122, accuracy: 1e-9)
        let iconLeft = icon.center.x - 20, titleLeft = title.center.x - title.width / 2
        XCTAssertEqual(titleLeft, iconLeft + 40, accuracy: 1e-9, "the title right after the image")
        XCTAssertGreaterThan(title.width, 0)
        XCTAssertEqual(iconLeft - 100, 275 - (titleLeft + title.width), accuracy: 1e-9, "centred together in the button")
    }

    /// Titles are looked up by the whole state: a selected button held down is [.selected,
    /// .highlighted] and shows the normal title unless that combination has its own, as UIKit's.
    func testATitleIsLookedUpByTheWholeState() throws {
        let box = Reports()
        _ = try run([
            .at(0.05) { s in
                s.button.setTitle("Off", for: .normal)
                s.button.setTitle("On", for: .selected)
                s.button.isSelected = true
                box.add(s.button.currentTitle ?? "nil")
            },
            .tap(at: 0.1, CGPoint(x: 180, y: 120), duration: 0.2),
            .at(0.2) { s in
                box.add(s.button.currentTitle ?? "nil")
                s.button.setTitle("On, pressed", for: [.selected, .highlighted])
                box.add(s.button.currentTitle ?? "nil")
            },
            .at(0.4) { s in box.add(s.button.currentTitle ?? "nil") },
        ])
        XCTAssertEqual(box.all, ["On", "Off", "On, pressed", "On"])
    }

    /// Outside its action, an action has no sender.
    func testAnActionHasNoSenderOutsideItsRun() throws {
        let box = Reports()
        _ = try run([.tap(at: 0.2, CGPoint(x: 180, y: 120)), .at(0.5) { s in box.add("\(s.press.sender == nil)") }])
        XCTAssertEqual(box.all, ["true"])
    }

    func testATapRecogniserAllowsTenPointsOfMovementAndNoMore() throws {
        func moved(_ d: CGFloat) throws -> [String] {
            try run([.pan(at: 0.2, from: CGPoint(x: 100, y: 400), to: CGPoint(x: 100 + d, y: 400), duration: 0.1, release: .hold)]
            )
            .1
        }
        XCTAssertEqual(try moved(10), ["presses 0", "tap ended at 100"])
        XCTAssertEqual(try moved(10.5), ["presses 0"])
        // A touch that moved too far fails that tap only: the next finger taps.
        let after = try run([
            .pan(at: 0.2, from: CGPoint(x: 100, y: 400), to: CGPoint(x: 130, y: 400), duration: 0.1, release: .hold),
            .tap(at: 0.6, CGPoint(x: 100, y: 450)),
        ]).1
        XCTAssertEqual(after, ["presses 0", "tap ended at 150"])
    }

    func testADoubleTapNeedsItsSecondTapWithinTheInterval() throws {
        // Lifts at 0.3 s; the second lands 0.35 s later (recognised) or a step (1/120 s) more (not).
        func second(after gap: Double) throws -> [String] {
            try run(
                taps: 2,
                [
                    .tap(at: 0.2, CGPoint(x: 100, y: 400)),
                    .tap(at: 0.3 + gap, CGPoint(x: 110, y: 410)),
                ]
            ).1
        }
        XCTAssertEqual(try second(after: 0.35), ["presses 0", "tap ended at 110"])
        // The second tap 45 pt from the first counts; half a point further it starts again.
        func second(at x: CGFloat) throws -> [String] {
            try run(taps: 2, [.tap(at: 0.2, CGPoint(x: 100, y: 400)), .tap(at: 0.4, CGPoint(x: x, y: 400))]).1
        }
        XCTAssertEqual(try second(at: 145), ["presses 0", "tap ended at 100"])
        XCTAssertEqual(try second(at: 145.5), ["presses 0"])
        // One scripted finger never makes a two-finger tap.
        XCTAssertEqual(
            try run([.at(0.1) { s in s.tap.numberOfTouchesRequired = 2 }, .tap(at: 0.2, CGPoint(x: 100, y: 400))]).1,
            ["presses 0"])
        XCTAssertEqual(try second(after: 0.35 + 1.0 / 120), ["presses 0"])
    }
}
