import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// UIDynamicAnimator's and UIDynamicBehavior's own API as UIKit documents it.
final class AnimatorAPITests: XCTestCase {
    final class Falling: UIViewController, UIDynamicAnimatorDelegate {
        var animator: UIDynamicAnimator!
        var box: UIView!
        var gravity: UIGravityBehavior!
        var actions = 0
        var pauses = 0, resumes = 0

        override func viewDidLoad() {
            box = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
            box.accessibilityIdentifier = "box"
            box.backgroundColor = .systemBlue
            view.addSubview(box)
            animator = UIDynamicAnimator(referenceView: view)
            animator.delegate = self
            gravity = UIGravityBehavior(items: [box])
            let parent = UIDynamicBehavior()
            parent.addChildBehavior(gravity)
            let collision = UICollisionBehavior(items: [box])
            collision.translatesReferenceBoundsIntoBoundary = true
            parent.addChildBehavior(collision)
            parent.action = { [unowned self] in actions += 1 }
            animator.addBehavior(parent)
        }
        func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { pauses += 1 }
        func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { resumes += 1 }
    }

    func testActionsRunEveryStepAndTheDelegateHearsThePause() throws {
        let reports = Reports()
        let scene = try Scene(
            named: "falling", duration: 6,
            script: [
                .at(1) { (vc: Falling) in reports.add("actions \(vc.actions) running \(vc.animator.isRunning)") },
                .at(5.9) { vc in
                    reports.add("pauses \(vc.pauses) resumes \(vc.resumes) running \(vc.animator.isRunning)")
                    reports.add("children \(vc.animator.behaviors.first?.childBehaviors.count ?? 0)")
                    reports.add("gravity in animator \(vc.gravity.dynamicAnimator === vc.animator)")
                },
            ]
        ) { Falling() }
        let frames = try scene.simulate()
        let lines = reports.all
        // The closure at 1 s runs before the step that starts then: 120 steps have run, each with its action.
        XCTAssertEqual(lines.first, "actions 120 running true")
        XCTAssertEqual(lines[1], "pauses 1 resumes 0 running false")
        XCTAssertEqual(lines[2], "children 2")
        XCTAssertEqual(lines[3], "gravity in animator true")
        // It fell to the floor: its bottom edge at the screen's, within Box2D's skin.
        let last = try XCTUnwrap(frames.last?.item("box"))
        XCTAssertEqual(last.center.y + 25, 667, accuracy: 1.5)
    }

    final class Flick: UIView {
        var animator: UIDynamicAnimator!
        var properties: UIDynamicItemBehavior!
        let box = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        func build() {
            box.accessibilityIdentifier = "box"
            addSubview(box)
            animator = UIDynamicAnimator(referenceView: self)
            properties = UIDynamicItemBehavior(items: [box])
            properties.resistance = 0
            properties.addLinearVelocity(CGPoint(x: 120, y: 0), for: box)
            animator.addBehavior(properties)
        }
    }

    func testVelocityAddedBeforeTheBehaviorIsAddedMovesTheItem() throws {
        let reports = Reports()
        let scene = try Scene(
            named: "flick", duration: 1.5,
            script: [
                .at(0.5) { (v: Flick) in reports.add("\(Int(v.properties.linearVelocity(for: v.box).x.rounded()))") },
                .at(1) { v in
                    v.animator.removeAllBehaviors()
                    reports.add("behaviors \(v.animator.behaviors.count)")
                },
            ]
        ) { () -> Flick in
            let v = Flick(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            v.build()
            return v
        }
        let frames = try scene.simulate()
        XCTAssertEqual(reports.all, ["120", "behaviors 0"])
        // 120 pt/s with no resistance: 60 pt in 0.5 s; once every behavior is gone it stays.
        XCTAssertEqual(try XCTUnwrap(frames[30].item("box")).center.x, 120 + 60, accuracy: 0.5)
        let stopped = try XCTUnwrap(frames[62].item("box")).center.x
        XCTAssertEqual(try XCTUnwrap(frames.last?.item("box")).center.x, stopped)
    }

    func testItemsInARectAreTheWorldsItemsThatMeetIt() throws {
        let reports = Reports()
        let scene = try Scene(
            named: "rect", duration: 0.2,
            script: [
                .at(0.1) { (vc: Falling) in
                    reports.add("\(vc.animator.items(in: CGRect(x: 0, y: 0, width: 99, height: 667)).count)")
                    reports.add("\(vc.animator.items(in: CGRect(x: 0, y: 0, width: 101, height: 667)).count)")
                    reports.add("\(vc.animator.items(in: CGRect(x: 300, y: 300, width: 10, height: 10)).count)")
                }
            ]
        ) { Falling() }
        _ = try scene.simulate()
        // The box spans x 100…150 (to Box2D's single precision): a rect ending at 99 misses it, one ending at 101 meets it.
        XCTAssertEqual(reports.all, ["0", "1", "0"])
    }

    func testStepsOfOneTimeRunInTheScriptsOrder() throws {
        let reports = Reports()
        _ = try Scene(
            named: "order", duration: 0.2,
            script: (0..<12).map { k in .at(k % 2 == 0 ? 0.1 : 0.05) { (_: UIView) in reports.add("\(k)") } }
        ) { UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }.simulate()
        XCTAssertEqual(reports.all, ["1", "3", "5", "7", "9", "11", "0", "2", "4", "6", "8", "10"])
    }

    func testAPausedPropertyAnimatorKeepsAnUntilRestSceneRunning() throws {
        final class Still: UIView {
            var animator: UIViewPropertyAnimator?
        }
        let frames = try Scene(
            named: "paused", duration: 1, untilRest: true,
            script: [
                .at(0.1) { (v: Still) in
                    let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                    v.addSubview(box)
                    v.animator = UIViewPropertyAnimator(duration: 0.2, curve: .linear) { box.center.x = 100 }
                    v.animator?.pauseAnimation()
                }
            ]
        ) { Still(frame: CGRect(x: 0, y: 0, width: 200, height: 200)) }.simulate()
        // Paused, it never ends: the scene runs its whole second (60 frames), never at rest.
        XCTAssertEqual(frames.count, 60)
        XCTAssertFalse(frames.last?.atRest ?? true)
    }

    func testAnItemOfAGroupCannotBeInTheAnimatorTwice() throws {
        final class Holder: UIView { var animator: UIDynamicAnimator! }
        let scene = try Scene(named: "twice", duration: 0.1) { () -> Holder in
            let root = Holder(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let a = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
            root.addSubview(a)
            root.animator = UIDynamicAnimator(referenceView: root)
            root.animator.addBehavior(UIGravityBehavior(items: [UIDynamicItemGroup(items: [a, a])]))
            return root
        }
        XCTAssertThrowsError(try scene.simulate()) { XCTAssertTrue("\($0)".contains("already in the animator"), "\($0)") }
    }

    func testAFieldRegionsSizeIsCheckedAtZero() throws {
        final class Holder: UIView { var animator: UIDynamicAnimator! }
        func refusal(_ size: CGSize) throws -> String? {
            let scene = try Scene(named: "region", duration: 0.1) { () -> Holder in
                let root = Holder(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
                let a = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
                root.addSubview(a)
                let field = UIFieldBehavior.dragField()
                field.region = UIRegion(size: size)
                field.addItem(a)
                root.animator = UIDynamicAnimator(referenceView: root)
                root.animator.addBehavior(field)
                return root
            }
            if case .failure(let error) = Result(catching: { try scene.simulate() }) { return "\(error)" }
            return nil
        }
        XCTAssertNil(try refusal(CGSize(width: 0, height: 10)))
        XCTAssertNil(try refusal(CGSize(width: 10, height: 0)))
        XCTAssertTrue(try refusal(CGSize(width: -0.01, height: 10))?.contains("region") ?? false)
        XCTAssertTrue(try refusal(CGSize(width: 10, height: -0.01))?.contains("region") ?? false)
    }
}

/// iOS 9's attachment ranges in UIKit's units: a sliding attachment's in points along its axis,
/// a pin's in radians of turn (a scene file writes the pin's in degrees; the library converts).
final class AttachmentRangeTests: XCTestCase {
    final class Holder: UIView {
        var animator: UIDynamicAnimator!
    }

    /// The last frame of a 2 s scene of `build`'s views and behaviors under gravity.
    func last(_ id: String, _ build: @escaping @Sendable (Holder) -> Void) throws -> (center: Point, angle: Double) {
        let scene = try Scene(named: "range", duration: 2) { () -> Holder in
            let root = Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            root.animator = UIDynamicAnimator(referenceView: root)
            build(root)
            return root
        }
        let item = try XCTUnwrap(try scene.simulate().last?.item(id))
        return (item.center, item.angle)
    }

    func testASlidingAttachmentsRangeIsInPointsAlongItsAxis() throws {
        let end = try last("box") { root in
            let box = UIView(frame: CGRect(x: 160, y: 100, width: 40, height: 40))
            box.accessibilityIdentifier = "box"
            root.addSubview(box)
            let slide = UIAttachmentBehavior.slidingAttachment(
                with: box, attachmentAnchor: CGPoint(x: 180, y: 120), axisOfTranslation: CGVector(dx: 0, dy: 1))
            slide.attachmentRange = UIFloatRange(minimum: -50, maximum: 50)
            root.animator.addBehavior(slide)
            root.animator.addBehavior(UIGravityBehavior(items: [box]))
        }
        XCTAssertEqual(end.center.y, 170, accuracy: 1, "50 pt down its axis, where the range ends")
        XCTAssertEqual(end.center.x, 180, accuracy: 0.1)
    }

    /// A 100 pt bar pinned by its left end to an anchored post, under gravity along y (`gravity`:
    /// 1 down, −1 up), its turn limited to `range`, its spin damped by `angularResistance`: its
    /// angle after 2 s.
    func pinnedBar(_ range: UIFloatRange, gravity: CGFloat = 1, angularResistance: CGFloat = 0) throws -> Double {
        try last("bar") { root in
            let post = UIView(frame: CGRect(x: 140, y: 290, width: 20, height: 20))
            post.accessibilityIdentifier = "post"
            let bar = UIView(frame: CGRect(x: 150, y: 290, width: 100, height: 20))
            bar.accessibilityIdentifier = "bar"
            root.addSubview(post)
            root.addSubview(bar)
            let fixed = UIDynamicItemBehavior(items: [post])
            fixed.isAnchored = true
            root.animator.addBehavior(fixed)
            if angularResistance > 0 {
                let damped = UIDynamicItemBehavior(items: [bar])
                damped.angularResistance = angularResistance
                root.animator.addBehavior(damped)
            }
            let pin = UIAttachmentBehavior.pinAttachment(with: bar, attachedTo: post, attachmentAnchor: CGPoint(x: 150, y: 300))
            pin.attachmentRange = range
            root.animator.addBehavior(pin)
            let g = UIGravityBehavior(items: [bar])
            g.gravityDirection = CGVector(dx: 0, dy: gravity)
            root.animator.addBehavior(g)
        }.angle
    }

    func testAPinsRangeIsInRadiansOfTurn() throws {
        // The bar swings down about its left end and stops half a radian on (it would hang at π/2).
        XCTAssertEqual(try pinnedBar(UIFloatRange(minimum: -0.5, maximum: 0.5)), 0.5, accuracy: 0.02)
    }

    /// A range open at one end (UIFloatRange's infinity) limits only the other: a box pulled up
    /// stops 50 pt up its axis, one pulled down is not held at all.
    func testASlidingRangeOpenAtOneEndLimitsOnlyTheOther() throws {
        func slide(_ range: UIFloatRange, gravity: CGFloat) throws -> Double {
            try last("box") { root in
                let box = UIView(frame: CGRect(x: 160, y: 300, width: 40, height: 40))
                box.accessibilityIdentifier = "box"
                root.addSubview(box)
                let slide = UIAttachmentBehavior.slidingAttachment(
                    with: box, attachmentAnchor: CGPoint(x: 180, y: 320), axisOfTranslation: CGVector(dx: 0, dy: 1))
                slide.attachmentRange = range
                root.animator.addBehavior(slide)
                let g = UIGravityBehavior(items: [box])
                g.gravityDirection = CGVector(dx: 0, dy: gravity)
                root.animator.addBehavior(g)
            }.center.y
        }
        XCTAssertEqual(try slide(UIFloatRange(minimum: -50, maximum: .infinity), gravity: -1), 270, accuracy: 1)
        XCTAssertGreaterThan(try slide(UIFloatRange(minimum: -50, maximum: .infinity), gravity: 1), 1000, "falls freely")
        XCTAssertEqual(try slide(UIFloatRange(minimum: -.infinity, maximum: 50), gravity: 1), 370, accuracy: 1)
        XCTAssertLessThan(try slide(UIFloatRange(minimum: -.infinity, maximum: 50), gravity: -1), -1000, "rises freely")
    }

    /// A pin's range open at one end stops the turn at the other only: the bar, damped, rests
    /// against the end it swings towards, or turns on past the open one towards hanging straight.
    func testAPinsRangeOpenAtOneEndLimitsOnlyTheOther() throws {
        func swing(_ range: UIFloatRange, gravity: CGFloat) throws -> Double {
            try pinnedBar(range, gravity: gravity, angularResistance: 8)
        }
        XCTAssertEqual(try swing(UIFloatRange(minimum: -.infinity, maximum: 0.5), gravity: 1), 0.5, accuracy: 0.02)
        XCTAssertEqual(try swing(UIFloatRange(minimum: -0.5, maximum: .infinity), gravity: -1), -0.5, accuracy: 0.02)
        XCTAssertGreaterThan(
            try swing(UIFloatRange(minimum: -0.5, maximum: .infinity), gravity: 1), 1, "on towards a quarter turn")
        XCTAssertLessThan(
            try swing(UIFloatRange(minimum: -.infinity, maximum: 0.5), gravity: -1), -1, "on towards a quarter turn")
    }

    /// A range that does not contain 0 (one upside down among them) is refused at the line that
    /// added it, as a scene file's is: it never reaches Box2D, whose joints assert lower ≤ upper.
    func testARangeWithout0IsRefusedNeverAnAssertion() throws {
        for (range, words) in [
            (UIFloatRange(minimum: 50, maximum: -50), "its minimum is above 0"),
            (UIFloatRange(minimum: 10, maximum: 20), "its minimum is above 0"),
            (UIFloatRange(minimum: -20, maximum: -10), "its maximum is below 0"),
            (UIFloatRange(minimum: .infinity, maximum: .infinity), "not a finite number"),
            (UIFloatRange(minimum: .nan, maximum: 5), "not a finite number"),
        ] {
            for pin in [false, true] {
                let line = #line + 17
                XCTAssertThrowsError(
                    try Scene(named: "range", duration: 0.1) { () -> Holder in
                        let root = Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
                        root.animator = UIDynamicAnimator(referenceView: root)
                        let box = UIView(frame: CGRect(x: 160, y: 300, width: 40, height: 40))
                        box.accessibilityIdentifier = "box"
                        let post = UIView(frame: CGRect(x: 100, y: 300, width: 20, height: 20))
                        root.addSubview(box)
                        root.addSubview(post)
                        let a =
                            pin
                            ? UIAttachmentBehavior.pinAttachment(
                                with: box, attachedTo: post, attachmentAnchor: CGPoint(x: 130, y: 310))
                            : UIAttachmentBehavior.slidingAttachment(
                                with: box, attachmentAnchor: CGPoint(x: 180, y: 320), axisOfTranslation: CGVector(dx: 0, dy: 1))
                        a.attachmentRange = range
                        root.animator.addBehavior(a)
                        return root
                    }.simulate()
                ) { error in
                    XCTAssertTrue("\(error)".contains(words), "\(range): \(error)")
                    XCTAssertTrue("\(error)".contains("AnimatorAPITests.swift:\(line)"), "\(error)")
                }
            }
        }
    }

    /// An item attached to itself (any kind) and a sliding attachment with no axis are refused at
    /// the line that added them, as a scene file's are: Box2D asserts a joint's two bodies differ.
    func testAnItemAttachedToItselfOrAlongNoAxisIsRefused() throws {
        let kinds: [(String, @Sendable (UIView) -> UIAttachmentBehavior)] = [
            ("itself", { UIAttachmentBehavior(item: $0, attachedTo: $0) }),
            ("itself", { UIAttachmentBehavior.pinAttachment(with: $0, attachedTo: $0, attachmentAnchor: CGPoint(x: 10, y: 10)) }),
            (
                "itself",
                { UIAttachmentBehavior.fixedAttachment(with: $0, attachedTo: $0, attachmentAnchor: CGPoint(x: 10, y: 10)) }
            ),
            (
                "itself",
                {
                    UIAttachmentBehavior.limitAttachment(
                        with: $0, offsetFromCenter: .zero, attachedTo: $0, offsetFromCenter: .zero)
                }
            ),
            (
                "an axis of translation needs a direction",
                {
                    UIAttachmentBehavior.slidingAttachment(
                        with: $0, attachmentAnchor: CGPoint(x: 10, y: 10), axisOfTranslation: CGVector(dx: 0, dy: 0))
                }
            ),
        ]
        for (words, make) in kinds {
            let line = #line + 7
            XCTAssertThrowsError(
                try Scene(named: "self", duration: 0.1) { () -> Holder in
                    let root = Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
                    root.animator = UIDynamicAnimator(referenceView: root)
                    let box = UIView(frame: CGRect(x: 160, y: 300, width: 40, height: 40))
                    root.addSubview(box)
                    root.animator.addBehavior(make(box))
                    return root
                }.simulate()
            ) { error in
                XCTAssertTrue("\(error)".contains(words), "\(error)")
                XCTAssertTrue("\(error)".contains("AnimatorAPITests.swift:\(line)"), "\(error)")
            }
        }
    }
}
