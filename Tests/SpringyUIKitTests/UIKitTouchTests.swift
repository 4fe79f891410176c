import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// The script's several fingers on your views: pinch and rotation recognisers measure two
/// fingers, swipes and screen-edge pans recognise one, and a double tap is two touches.
final class UIKitTouchTests: XCTestCase {
    /// A photo on a screen, with the recognisers a test adds; what they report is kept.
    final class Screen: UIView {
        let reports = Reports()
        let photo = UIView(frame: CGRect(x: 87, y: 233, width: 200, height: 200))
        init(_ setUp: (Screen) -> Void) {
            super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            addSubview(photo)
            setUp(self)
        }
        func report(_ r: UIGestureRecognizer, _ value: String = "") {
            reports.add("\(type(of: r)) \(r.state)\(value.isEmpty ? "" : " " + value)")
        }
    }

    func run(_ script: [ScriptStep<Screen>], until: Double = 1.5, _ setUp: @escaping @Sendable (Screen) -> Void) throws
        -> [String]
    {
        let box = Reports()
        let scene = try Scene(
            named: "touches", duration: until,
            script: script + [.at(until - 0.05) { s in for line in s.reports.all { box.add(line) } }]
        ) { Screen(setUp) }
        _ = try scene.simulate()
        return box.all
    }

    static func f(_ x: CGFloat) -> String { String(format: "%.4f", Double(x)) }

    func testAPinchScalesByTheFingersDistanceAndReportsTwoTouchesBetweenThem() throws {
        let lines = try run([.pinch(at: 0.1, center: CGPoint(x: 187, y: 333), scale: 2, duration: 0.5, hold: 0.1)]) { s in
            let pinch = UIPinchGestureRecognizer { [unowned s] r in
                let p = r as! UIPinchGestureRecognizer
                let c = p.location(in: s)
                s.report(r, "\(Self.f(p.scale)) touches \(p.numberOfTouches) at \(Int(c.x)),\(Int(c.y))")
                s.photo.transform = CGAffineTransform(scaleX: p.scale, y: p.scale)
            }
            s.photo.addGestureRecognizer(pinch)
        }
        XCTAssertTrue(lines.first?.hasPrefix("UIPinchGestureRecognizer began") ?? false, "\(lines)")
        XCTAssertEqual(lines.last, "UIPinchGestureRecognizer ended 2.0000 touches 0 at 187,333")
        XCTAssertEqual(lines.filter { $0.contains("ended") }.count, 1)
        XCTAssertTrue(lines.dropLast().allSatisfy { $0.contains("touches 2 at 187,333") }, "\(lines)")
        // Scales grow step by step to the script's 2.
        let scales = lines.compactMap { Double($0.split(separator: " ")[2]) }
        XCTAssertEqual(scales, scales.sorted())
    }

    /// A recogniser that ended is possible again for the next gesture: a second pinch begins and
    /// ends as the first did, from a scale of 1.
    func testASecondPinchIsRecognisedAsTheFirst() throws {
        let lines = try run(
            [
                .pinch(at: 0.1, center: CGPoint(x: 187, y: 333), scale: 2, duration: 0.3),
                .pinch(at: 0.8, center: CGPoint(x: 187, y: 333), scale: 0.5, duration: 0.3),
            ], until: 1.5
        ) { s in
            s.photo.addGestureRecognizer(
                UIPinchGestureRecognizer { [unowned s] r in
                    if r.state == .began || r.state == .ended { s.report(r, Self.f((r as! UIPinchGestureRecognizer).scale)) }
                })
        }
        XCTAssertEqual(lines.filter { $0.contains(" began ") }.count, 2, "\(lines)")
        XCTAssertEqual(
            lines.filter { $0.contains(" ended ") },
            ["UIPinchGestureRecognizer ended 2.0000", "UIPinchGestureRecognizer ended 0.5000"])
    }

    func testAHandlerThatResetsTheScaleGetsTheSameProduct() throws {
        let box = Reports()
        _ = try run([.pinch(at: 0.1, center: CGPoint(x: 187, y: 333), scale: 0.5, duration: 0.4)]) { s in
            s.photo.addGestureRecognizer(
                UIPinchGestureRecognizer { [unowned s] r in
                    let p = r as! UIPinchGestureRecognizer
                    s.photo.transform = s.photo.transform.scaledBy(x: p.scale, y: p.scale)
                    p.scale = 1
                    if r.state == .ended { box.add(Self.f(s.photo.transform.a)) }
                })
        }
        XCTAssertEqual(box.all, ["0.5000"])
    }

    /// A pinch begins once the fingers' distance has changed by more than 4 pt.
    func testAPinchBeginsPastFourPoints() throws {
        func began(_ scale: Double) throws -> Bool {
            try run([.pinch(at: 0.1, center: CGPoint(x: 187, y: 333), scale: scale, duration: 0.2, hold: 0.1)]) { s in
                s.photo.addGestureRecognizer(UIPinchGestureRecognizer { [unowned s] r in s.report(r) })
            }.contains { $0.contains("began") }
        }
        XCTAssertFalse(try began(1.0399), "3.99 pt")
        XCTAssertTrue(try began(1.0401), "4.01 pt")
        XCTAssertTrue(try began(0.9599), "4.01 pt closer")
    }

    func testARotationTurnsClockwiseOnScreenPastHalfATurn() throws {
        let lines = try run([.rotate(at: 0.1, center: CGPoint(x: 187, y: 333), rotation: 4, duration: 0.8)]) { s in
            s.photo.addGestureRecognizer(
                UIRotationGestureRecognizer { [unowned s] r in
                    let p = r as! UIRotationGestureRecognizer
                    s.report(r, "\(Self.f(p.rotation)) \(p.velocity > 0 ? "+" : "-")")
                })
        }
        XCTAssertEqual(lines.last, "UIRotationGestureRecognizer ended 4.0000 +")
        // Begun past 5°: the first report is the first step past it.
        let first = try XCTUnwrap(lines.first.flatMap { Double($0.split(separator: " ")[2]) })
        XCTAssertGreaterThan(first, 5 * .pi / 180)
        XCTAssertLessThan(first, 5 * .pi / 180 + 4.0 / 96)
    }

    /// A rotation begins past 5°: 4.99° is not enough, 5.01° is.
    func testARotationBeginsPastFiveDegrees() throws {
        func began(_ degrees: Double) throws -> Bool {
            try run([
                .rotate(at: 0.1, center: CGPoint(x: 187, y: 333), rotation: degrees * .pi / 180, duration: 0.2, hold: 0.1)
            ]) { s in
                s.photo.addGestureRecognizer(UIRotationGestureRecognizer { [unowned s] r in s.report(r) })
            }.contains { $0.contains("began") }
        }
        XCTAssertFalse(try began(4.99))
        XCTAssertTrue(try began(5.01))
        XCTAssertTrue(try began(-5.01), "either way round")
    }

    /// Two fingers that land on one point and stay there make no pinch (there is no distance to
    /// measure from); parting, they pinch from where they first part.
    func testTwoFingersOnOnePointPinchOnlyOnceTheyPart() throws {
        let p = CGPoint(x: 187, y: 333)
        let still = try run([.touches(at: 0.1, fingers: [[p, p], [p, p]], duration: 0.3, release: .hold)]) { s in
            s.photo.addGestureRecognizer(UIPinchGestureRecognizer { [unowned s] r in s.report(r) })
        }
        XCTAssertEqual(still, [])
        let parting = try run([
            .touches(
                at: 0.1, fingers: [[p, CGPoint(x: 137, y: 333)], [p, CGPoint(x: 237, y: 333)]], duration: 0.3, release: .hold)
        ]) { s in
            s.photo.addGestureRecognizer(UIPinchGestureRecognizer { [unowned s] r in s.report(r) })
        }
        XCTAssertEqual(parting.last, "UIPinchGestureRecognizer ended")
    }

    func testAPinchAndARotationOnOneViewDoNotRecogniseTogether() throws {
        let setUp: @Sendable (Screen) -> Void = { s in
            s.photo.addGestureRecognizer(UIPinchGestureRecognizer { [unowned s] r in s.report(r) })
            s.photo.addGestureRecognizer(UIRotationGestureRecognizer { [unowned s] r in s.report(r) })
        }
        let pinching = try run([.pinch(at: 0.1, center: CGPoint(x: 187, y: 333), scale: 1.5, duration: 0.3)], setUp)
        XCTAssertFalse(pinching.contains { $0.hasPrefix("UIRotation") }, "\(pinching)")
        XCTAssertTrue(pinching.contains("UIPinchGestureRecognizer ended"))
        // Both move far enough in the same step: the first added wins, the other fails.
        let both = try run(
            [.pinch(at: 0.1, center: CGPoint(x: 187, y: 333), scale: 2, rotation: 2, duration: 0.3)], setUp)
        XCTAssertEqual(Set(both.map { $0.split(separator: " ")[0] }), ["UIPinchGestureRecognizer"])
        let turning = try run([.rotate(at: 0.1, center: CGPoint(x: 187, y: 333), rotation: 1, duration: 0.3)], setUp)
        XCTAssertEqual(Set(turning.map { $0.split(separator: " ")[0] }), ["UIRotationGestureRecognizer"])
    }

    /// A pan begun under the first finger yields to the pinch while it has moved under 10 pt, as
    /// UIKit's pan not yet recognised does; a pan already past 10 pt keeps the fingers.
    func testAPinchTakesTheFingersFromAPanThatHasNotMovedFar() throws {
        let setUp: @Sendable (Screen) -> Void = { s in
            s.photo.addGestureRecognizer(UIPanGestureRecognizer { [unowned s] r in s.report(r) })
            s.photo.addGestureRecognizer(UIPinchGestureRecognizer { [unowned s] r in s.report(r) })
        }
        let lines = try run([.pinch(at: 0.1, center: CGPoint(x: 187, y: 333), scale: 1.5, duration: 0.3)], setUp)
        XCTAssertEqual(lines.first, "UIPanGestureRecognizer began")
        XCTAssertTrue(lines.contains("UIPanGestureRecognizer cancelled"), "\(lines)")
        XCTAssertEqual(lines.last, "UIPinchGestureRecognizer ended")
        XCTAssertFalse(lines.contains { $0.hasPrefix("UIPan") && $0.contains("ended") })
    }

    func testTwoFingersDragTwoViewsEachWithItsOwnPan() throws {
        let lines = try run([
            .touches(
                at: 0.1,
                fingers: [[CGPoint(x: 20, y: 20), CGPoint(x: 20, y: 120)], [CGPoint(x: 187, y: 333), CGPoint(x: 287, y: 333)]],
                duration: 0.3, release: .hold)
        ]) { s in
            let corner = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            s.addSubview(corner)
            for v in [corner, s.photo] {
                v.addGestureRecognizer(
                    UIPanGestureRecognizer { [unowned s] r in
                        let t = (r as! UIPanGestureRecognizer).translation(in: s)
                        if r.state == .ended { s.report(r, "\(Int(t.x)),\(Int(t.y))") }
                    })
            }
        }
        XCTAssertEqual(lines, ["UIPanGestureRecognizer ended 0,100", "UIPanGestureRecognizer ended 100,0"])
    }

    func testASwipeIsRecognisedOnceInItsDirectionWhereItBegan() throws {
        func swipe(_ way: ScriptStep<Screen>.SwipeDirection, distance: Double = 100, speed: Double = 1000) throws -> [String] {
            try run([.swipe(at: 0.1, from: CGPoint(x: 250, y: 333), direction: way, distance: distance, speed: speed)]) { s in
                let r = UISwipeGestureRecognizer { [unowned s] r in
                    let p = r.location(in: s)
                    s.report(r, "\(Int(p.x)),\(Int(p.y))")
                }
                r.direction = [.left, .up]
                s.photo.addGestureRecognizer(r)
            }
        }
        XCTAssertEqual(try swipe(.left), ["UISwipeGestureRecognizer ended 250,333"])
        XCTAssertEqual(try swipe(.up), ["UISwipeGestureRecognizer ended 250,333"])
        XCTAssertEqual(try swipe(.right), [])
        // 50 pt along it, within 0.5 s: a stroke of 50 pt is one; 49 pt is not.
        XCTAssertEqual(try swipe(.left, distance: 50).count, 1)
        XCTAssertEqual(try swipe(.left, distance: 49), [])
        XCTAssertEqual(try swipe(.left, speed: 101).count, 1, "50 pt in 0.495 s")
        XCTAssertEqual(try swipe(.left, speed: 99), [], "50 pt in 0.505 s")
    }

    func testAScreenEdgePanTakesOnlyAFingerAtItsEdge() throws {
        func translation(_ step: ScriptStep<Screen>) throws -> [String] {
            try run([step]) { s in
                let edge = UIScreenEdgePanGestureRecognizer { [unowned s] r in
                    let t = (r as! UIPanGestureRecognizer).translation(in: s)
                    if r.state == .ended { s.report(r, "\(Int(t.x)),\(Int(t.y))") }
                }
                edge.edges = .left
                s.addGestureRecognizer(edge)
            }
        }
        XCTAssertEqual(
            try translation(.edgePan(at: 0.1, edge: .left, distance: 150, duration: 0.3, release: .hold)),
            ["UIScreenEdgePanGestureRecognizer ended 150,0"])
        XCTAssertEqual(try translation(.edgePan(at: 0.1, edge: .right, distance: 150, duration: 0.3)), [])
        let pan = { (x: CGFloat) in
            ScriptStep<Screen>.pan(
                at: 0.1, from: CGPoint(x: x, y: 100), to: CGPoint(x: x + 100, y: 100), duration: 0.3, release: .hold)
        }
        XCTAssertEqual(try translation(pan(20)), ["UIScreenEdgePanGestureRecognizer ended 100,0"], "20 pt from the edge")
        XCTAssertEqual(try translation(pan(20.5)), [], "past 20 pt")
        // Each edge is its own: a recogniser of the top and bottom edges takes only those.
        func vertical(_ step: ScriptStep<Screen>) throws -> [String] {
            try run([step]) { s in
                let edge = UIScreenEdgePanGestureRecognizer { [unowned s] r in if r.state == .ended { s.report(r) } }
                edge.edges = [.top, .bottom]
                s.addGestureRecognizer(edge)
            }
        }
        XCTAssertEqual(try vertical(.edgePan(at: 0.1, edge: .bottom, distance: 100, duration: 0.3)).count, 1)
        XCTAssertEqual(try vertical(.edgePan(at: 0.1, edge: .top, distance: 100, duration: 0.3)).count, 1)
        XCTAssertEqual(try vertical(.edgePan(at: 0.1, edge: .left, distance: 100, duration: 0.3)), [])
        XCTAssertEqual(try vertical(.edgePan(at: 0.1, edge: .right, distance: 100, duration: 0.3)), [])
    }

    /// A left or right edge runs the screen's height: the finger lands at its middle by default,
    /// and any point along it up to the height is taken (a top or bottom edge runs the width).
    func testAnEdgePanLandsAlongItsEdgesOwnLength() throws {
        func landing(_ step: ScriptStep<Screen>) throws -> [String] {
            try run([step]) { s in
                let edge = UIScreenEdgePanGestureRecognizer { [unowned s] r in
                    if r.state == .began { s.report(r, "y \(Int(r.location(in: s).y))") }
                }
                edge.edges = .left
                s.addGestureRecognizer(edge)
            }
        }
        XCTAssertEqual(
            try landing(.edgePan(at: 0.1, edge: .left, distance: 150, duration: 0.3)),
            ["UIScreenEdgePanGestureRecognizer began y 333"], "the middle of the screen's height")
        XCTAssertEqual(
            try landing(.edgePan(at: 0.1, edge: .left, along: 600, distance: 150, duration: 0.3)),
            ["UIScreenEdgePanGestureRecognizer began y 600"], "past the width, within the height")
    }

    func testADoubleTapIsTwoTouchesForATapRecogniserThatNeedsTwo() throws {
        let lines = try run([.doubleTap(at: 0.1, CGPoint(x: 187, y: 333))]) { s in
            let tap = UITapGestureRecognizer { [unowned s] r in s.report(r) }
            tap.numberOfTapsRequired = 2
            s.photo.addGestureRecognizer(tap)
        }
        XCTAssertEqual(lines, ["UITapGestureRecognizer ended"])
    }

    func testWrongValuesAreRefusedAtTheCallAndATouchPastTheFingersIsLocated() throws {
        let line = #line + 3
        XCTAssertThrowsError(
            try Scene(
                named: "bad", duration: 1, script: [ScriptStep<UIView>.pinch(at: 0, center: .zero, scale: 0, duration: 1)]
            ) { UIView() }
        ) { error in
            XCTAssertTrue("\(error)".contains("UIKitTouchTests.swift:\(line)"), "\(error)")
            XCTAssertTrue("\(error)".contains("a pinch's scale must be greater than 0 and at most 100, found 0"), "\(error)")
        }
        let scene = try Scene(
            named: "past", duration: 1,
            script: [.pinch(at: 0.1, center: CGPoint(x: 187, y: 333), scale: 2, duration: 0.3)]
        ) {
            Screen { s in
                s.photo.addGestureRecognizer(
                    UIPinchGestureRecognizer { r in
                        if r.state == .changed { _ = r.location(ofTouch: 2, in: nil) }
                    })
            }
        }
        XCTAssertThrowsError(try scene.simulate()) { error in
            XCTAssertTrue("\(error)".contains("index (2) beyond bounds (2)"), "\(error)")
            XCTAssertTrue("\(error)".contains("UIKitTouchTests.swift"), "\(error)")
        }
    }

    /// A pan's velocity while the finger moves is the finger's (here 100 pt over 0.5 s: 200 pt/s).
    func testAPansVelocityWhileMovingIsTheFingers() throws {
        let lines = try run([
            .pan(at: 0.1, from: CGPoint(x: 100, y: 300), to: CGPoint(x: 200, y: 300), duration: 0.5, release: .hold)
        ]) { s in
            s.photo.frame = s.bounds
            s.photo.addGestureRecognizer(
                UIPanGestureRecognizer { [unowned s] r in
                    if r.state == .changed { s.report(r, "\(Int((r as! UIPanGestureRecognizer).velocity(in: s).x.rounded()))") }
                })
        }
        XCTAssertFalse(lines.isEmpty)
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.hasSuffix(" 200") }, "\(lines)")
    }

    /// UIKit's hit-testing skips a view below an alpha of 0.01: at 0.01 it takes the tap.
    func testAViewAtAnAlphaOf001TakesATapAndOneBelowDoesNot() throws {
        func tapped(_ alpha: CGFloat) throws -> Bool {
            try run([.tap(at: 0.1, CGPoint(x: 187, y: 333))]) { s in
                s.photo.alpha = alpha
                s.photo.addGestureRecognizer(UITapGestureRecognizer { [unowned s] r in s.report(r) })
            }.contains("UITapGestureRecognizer ended")
        }
        XCTAssertTrue(try tapped(0.01))
        XCTAssertFalse(try tapped(0.0099))
    }

    /// A view's own `point(inside:with:)` and `hitTest(_:with:)` decide where the script's fingers
    /// land, as UIKit's do: a bigger touch area, and a view that lets touches through.
    final class Roomy: UIView {
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            bounds.insetBy(dx: -20, dy: -20).contains(point)
        }
    }
    final class PassThrough: UIView {
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        }
    }

    func testHitTestingAsksTheViewsOwnAnswers() throws {
        func tapped(_ at: CGPoint, roomy: Bool) throws -> [String] {
            try run([.tap(at: 0.1, at)]) { s in
                let button =
                    roomy
                    ? Roomy(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
                    : UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
                button.addGestureRecognizer(UITapGestureRecognizer { [unowned s] r in s.report(r, "button") })
                s.addSubview(button)
            }
        }
        XCTAssertEqual(try tapped(CGPoint(x: 90, y: 120), roomy: true), ["UITapGestureRecognizer ended button"])
        XCTAssertEqual(try tapped(CGPoint(x: 90, y: 120), roomy: false), [])
        XCTAssertEqual(try tapped(CGPoint(x: 79, y: 120), roomy: true), [], "past its 20 pt")
        let through = try run([.tap(at: 0.1, CGPoint(x: 187, y: 333))]) { s in
            s.photo.addGestureRecognizer(UITapGestureRecognizer { [unowned s] r in s.report(r, "under") })
            let glass = PassThrough(frame: s.bounds)
            glass.addGestureRecognizer(UITapGestureRecognizer { [unowned s] r in s.report(r, "glass") })
            s.addSubview(glass)
        }
        XCTAssertEqual(through, ["UITapGestureRecognizer ended under"], "the glass lets the touch through")
    }

    func testTheMainScreenIsTheScenesViewport() throws {
        let box = Reports()
        let scene = try Scene(
            named: "screen", size: CGSize(width: 320, height: 480), scale: 3, duration: 0.05,
            script: [
                .at(0) { _ in
                    box.add("\(UIScreen.main.bounds.size.width) \(UIScreen.main.bounds.size.height) \(UIScreen.main.scale)")
                }
            ]
        ) { UIView() }
        _ = try scene.simulate()
        XCTAssertEqual(box.all, ["320.0 480.0 3.0"])
    }
}
