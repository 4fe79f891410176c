import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// Wrong use gets a described error naming the Swift call site, never a trap.
final class WrongUseTests: XCTestCase {
    /// A view holding `make`'s behaviors; `addLine` is the line of the addBehavior call.
    final class Holder: UIView {
        var animator: UIDynamicAnimator!
    }

    func problem(_ build: @escaping @Sendable (Holder) -> Void) throws -> String {
        let scene = try Scene(named: "wrong", duration: 0.5) { () -> Holder in
            let root = Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            build(root)
            return root
        }
        do {
            _ = try scene.simulate()
        } catch {
            return "\(error)"
        }
        XCTFail("no error")
        return ""
    }

    func testAViewOutsideTheReferenceViewIsRefusedAtItsAddBehavior() throws {
        let line = #line + 5
        let text = try problem { root in
            let stray = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            UIView(frame: .zero).addSubview(stray)
            root.animator = UIDynamicAnimator(referenceView: root)
            root.animator.addBehavior(UIGravityBehavior(items: [stray]))
        }
        XCTAssertTrue(text.contains("WrongUseTests.swift:\(line)"), text)
        XCTAssertTrue(text.contains("not in the animator's reference view"), text)
        XCTAssertTrue(text.contains("UIGravityBehavior"), text)
    }

    func testNonFiniteNumbersNeverReachBox2D() throws {
        let text = try problem { root in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            root.addSubview(v)
            v.center = CGPoint(x: CGFloat.nan, y: 0)
            root.animator = UIDynamicAnimator(referenceView: root)
            root.animator.addBehavior(UIGravityBehavior(items: [v]))
        }
        XCTAssertTrue(text.contains("not a finite number"), text)

        let frequency = try problem { root in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            root.addSubview(v)
            let a = UIAttachmentBehavior(item: v, attachedToAnchor: CGPoint(x: 100, y: 100))
            a.frequency = .infinity
            root.animator = UIDynamicAnimator(referenceView: root)
            root.animator.addBehavior(a)
        }
        XCTAssertTrue(frequency.contains("not a finite number"), frequency)
    }

    func testTheSceneFormatsRangesHoldAtTheirEdges() throws {
        // Attachment frequency: 60 Hz is the last value taken, one step past it is refused.
        func attach(_ f: CGFloat) throws -> String? {
            let scene = try Scene(named: "edge", duration: 0.1) { () -> Holder in
                let root = Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
                let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                root.addSubview(v)
                let a = UIAttachmentBehavior(item: v, attachedToAnchor: CGPoint(x: 100, y: 100))
                a.frequency = f
                root.animator = UIDynamicAnimator(referenceView: root)
                root.animator.addBehavior(a)
                return root
            }
            do { _ = try scene.simulate() } catch { return "\(error)" }
            return nil
        }
        XCTAssertNil(try attach(60))
        XCTAssertNil(try attach(0))
        XCTAssertTrue(try attach(60.001)?.contains("frequency") ?? false)
        XCTAssertTrue(try attach(-0.001)?.contains("frequency") ?? false)
    }

    func testABehaviorInTwoAnimatorsIsRefused() throws {
        let text = try problem { root in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            root.addSubview(v)
            let gravity = UIGravityBehavior(items: [v])
            root.animator = UIDynamicAnimator(referenceView: root)
            root.animator.addBehavior(gravity)
            let other = UIDynamicAnimator(referenceView: root)
            other.addBehavior(gravity)
        }
        XCTAssertTrue(text.contains("already in another UIDynamicAnimator"), text)
    }

    func testASelfCrossingCollisionPathIsRefused() throws {
        final class Bow: UIView {
            override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .path }
            override var collisionBoundingPath: UIBezierPath {
                let p = UIBezierPath()
                p.move(to: CGPoint(x: -10, y: -10))
                p.addLine(to: CGPoint(x: 10, y: 10))
                p.addLine(to: CGPoint(x: 10, y: -10))
                p.addLine(to: CGPoint(x: -10, y: 10))
                p.close()
                return p
            }
        }
        let text = try problem { root in
            let v = Bow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            root.addSubview(v)
            root.animator = UIDynamicAnimator(referenceView: root)
            root.animator.addBehavior(UICollisionBehavior(items: [v]))
        }
        XCTAssertTrue(text.contains("collisionBoundingPath"), text)
    }

    /// A script step's time is 0 or more: a step at 0 runs, one a millisecond before is refused.
    func testAScriptStepAtZeroRunsAndOneBeforeItIsRefused() throws {
        func scene(at time: Double) throws -> Scene {
            try Scene(named: "early", duration: 0.2, script: [.at(time) { (root: Holder) in root.tag = 7 }]) {
                Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            }
        }
        XCTAssertNoThrow(try scene(at: 0).simulate())
        XCTAssertThrowsError(try scene(at: -0.001).simulate()) {
            XCTAssertTrue("\($0)".contains("a script step's time must be a finite number of seconds, 0 or more"), "\($0)")
        }
    }

    /// A long press's durations are 0 or more (its move may take no time at all): 0 runs, one
    /// a millisecond below is refused with its message, as a scene file's `long_press` is.
    func testALongPressOfNoMoveRunsAndANegativeOneIsRefused() throws {
        func scene(duration: Double, press: Double = 0.5, hold: Double = 0) throws -> Scene {
            try Scene(
                named: "press", duration: 1,
                script: [.longPress(at: 0.1, CGPoint(x: 100, y: 100), press: press, duration: duration, hold: hold)]
            ) { Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667)) }
        }
        func refusal(duration: Double, press: Double = 0.5, hold: Double = 0) -> String? {
            do { _ = try scene(duration: duration, press: press, hold: hold).simulate() } catch { return "\(error)" }
            return nil
        }
        XCTAssertNil(refusal(duration: 0))
        XCTAssertNil(refusal(duration: 0, press: 0, hold: 0))
        for (message, bad) in [
            ("a long press's duration must be 0 to 3600 s", refusal(duration: -0.001)),
            ("a long press's press must be 0 to 60 s", refusal(duration: 0, press: -0.001)),
            ("a long press's hold must be 0 to 3600 s", refusal(duration: 0, hold: -0.001)),
        ] {
            XCTAssertTrue(bad?.contains(message) ?? false, bad ?? "accepted")
        }
    }
}
