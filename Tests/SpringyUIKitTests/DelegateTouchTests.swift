import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// UIGestureRecognizerDelegate's touch and failure questions: `shouldReceive` (a recogniser
/// that does not receive a finger never sees it) and `shouldRequireFailureOf` /
/// `shouldBeRequiredToFailBy` (require(toFail:) asked of the delegates).
final class DelegateTouchTests: XCTestCase {
    /// A board with a handle in its top-left corner; the board has a tap (added first) and a pan
    /// (added last) whose delegate refuses fingers that land on the handle.
    final class Board: UIView, UIGestureRecognizerDelegate {
        let reports = Reports()
        let handle = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        init() {
            super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            addSubview(handle)
            let tap = UITapGestureRecognizer { [unowned self] r in reports.add("tap \(r.state)") }
            let pan = UIPanGestureRecognizer { [unowned self] r in reports.add("pan \(r.state)") }
            tap.delegate = self
            pan.delegate = self
            addGestureRecognizer(tap)
            addGestureRecognizer(pan)
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            let p = touch.location(in: self), q = touch.location(in: handle)
            let on = touch.view === handle ? "handle" : touch.view === self ? "board" : "?"
            reports.add(
                "\(gestureRecognizer is UIPanGestureRecognizer ? "pan" : "tap") asked: \(on) \(Int(p.x)),\(Int(p.y)) (\(Int(q.x)),\(Int(q.y))) \(touch.phase) \(touch.type)"
            )
            return !(gestureRecognizer is UIPanGestureRecognizer && touch.view === handle)
        }
    }

    func board(_ script: [ScriptStep<Board>]) throws -> [String] {
        let box = Reports()
        _ = try Scene(
            named: "board", duration: 1,
            script: script + [.at(0.95) { b in for line in b.reports.all { box.add(line) } }]
        ) { Board() }.simulate()
        return box.all
    }

    /// On the handle the pan does not receive the finger: the tap does (asked in the order they
    /// were added, once each, shown the touch as it lands).
    func testARecogniserThatDoesNotReceiveTheFingerNeverSeesIt() throws {
        XCTAssertEqual(
            try board([.tap(at: 0.1, CGPoint(x: 50, y: 60))]),
            [
                "tap asked: handle 50,60 (50,60) began direct",
                "pan asked: handle 50,60 (50,60) began direct",
                "tap ended",
            ])
        // A drag from the handle: the pan never begins; the tap fails (it moved).
        let dragged = try board([.pan(at: 0.1, through: [CGPoint(x: 50, y: 60), CGPoint(x: 250, y: 60)], duration: 0.3)])
        XCTAssertFalse(dragged.contains { $0.hasPrefix("pan ") && !$0.contains("asked") }, "\(dragged)")
        XCTAssertFalse(dragged.contains("tap ended"), "\(dragged)")
    }

    /// One point past the handle (x 101, the handle's width is 100) the finger lands on the board:
    /// the pan receives it and takes it (it was added last).
    func testOnTheBoardThePanTakesTheFinger() throws {
        let lines = try board([.pan(at: 0.1, through: [CGPoint(x: 101, y: 60), CGPoint(x: 250, y: 60)], duration: 0.3)])
        XCTAssertEqual(
            Array(lines.prefix(3)),
            [
                "tap asked: board 101,60 (101,60) began direct",
                "pan asked: board 101,60 (101,60) began direct",
                "pan began",
            ])
        XCTAssertTrue(lines.contains("pan ended"), "\(lines)")
        let onEdge = try board([.tap(at: 0.1, CGPoint(x: 99, y: 60))])
        XCTAssertEqual(onEdge.last, "tap ended", "x 99 is still the handle: \(onEdge)")
    }

    /// A pinch whose delegate does not receive the fingers never measures them.
    func testAPinchThatDoesNotReceiveTheFingersNeverBegins() throws {
        final class Photo: UIView, UIGestureRecognizerDelegate {
            let reports = Reports()
            var receive = true
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receive }
        }
        for receive in [true, false] {
            let box = Reports()
            _ = try Scene(
                named: "photo", duration: 1,
                script: [
                    .pinch(at: 0.1, center: CGPoint(x: 187, y: 333), scale: 2, duration: 0.4),
                    .at(0.95) { (p: Photo) in for line in p.reports.all { box.add(line) } },
                ]
            ) { () -> Photo in
                let p = Photo(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
                p.receive = receive
                let pinch = UIPinchGestureRecognizer { [unowned p] r in p.reports.add("pinch \(r.state)") }
                pinch.delegate = p
                p.addGestureRecognizer(pinch)
                return p
            }.simulate()
            XCTAssertEqual(box.all.contains("pinch began"), receive, "\(box.all)")
        }
    }

    /// A single and a double tap on one view; the delegates ask for the single to wait for the
    /// double to fail — by the single's delegate (`shouldRequireFailureOf`) or the double's
    /// (`shouldBeRequiredToFailBy`) — or do not.
    final class Card: UIView, UIGestureRecognizerDelegate {
        enum Asks { case requireFailureOf, requiredToFailBy, nothing }
        let reports = Reports()
        let single = UITapGestureRecognizer()
        let double = UITapGestureRecognizer()
        let asks: Asks
        init(_ asks: Asks) {
            self.asks = asks
            super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            double.numberOfTapsRequired = 2
            single.addTarget { [unowned self] _ in reports.add("single") }
            double.addTarget { [unowned self] _ in reports.add("double") }
            single.delegate = self
            double.delegate = self
            addGestureRecognizer(single)
            addGestureRecognizer(double)
        }
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool { asks == .requireFailureOf && gestureRecognizer === single && otherGestureRecognizer === double }
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool { asks == .requiredToFailBy && gestureRecognizer === double && otherGestureRecognizer === single }
    }

    func card(_ asks: Card.Asks, _ script: [ScriptStep<Card>]) throws -> [String] {
        let box = Reports()
        _ = try Scene(
            named: "card", duration: 1.2,
            script: script + [.at(1.15) { c in for line in c.reports.all { box.add(line) } }]
        ) { Card(asks) }.simulate()
        return box.all
    }

    /// Asked either way, the single tap waits for the double tap's time for a second tap to run
    /// out (the lift at 0.3 s, + 0.35 s), and fails when the double tap recognises; not asked,
    /// both recognise on their own rules.
    func testTheDelegatesFailureQuestionsAreRequireToFail() throws {
        for asks in [Card.Asks.requireFailureOf, .requiredToFailBy] {
            let one = try card(
                asks,
                [
                    .tap(at: 0.2, CGPoint(x: 100, y: 100)),
                    .at(0.6) { c in c.reports.add("at 0.6") },
                    .at(0.7) { c in c.reports.add("at 0.7") },
                ])
            XCTAssertEqual(one, ["at 0.6", "single", "at 0.7"], "\(asks)")
            XCTAssertEqual(try card(asks, [.doubleTap(at: 0.2, CGPoint(x: 100, y: 100))]), ["double"], "\(asks)")
        }
        XCTAssertEqual(try card(.nothing, [.doubleTap(at: 0.2, CGPoint(x: 100, y: 100))]), ["single", "single", "double"])
    }
}
