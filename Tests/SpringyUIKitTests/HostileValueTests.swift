import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// Values a Swift program may give, taken as UIKit takes them or refused where they were
/// written: never a trap or a hang in the user's process.
final class HostileValueTests: XCTestCase {
    final class Holder: UIView { var animator: UIDynamicAnimator! }

    /// A hue that is not finite is 0 (red), as a component that is not is 0; a whole turn is
    /// red again.
    func testAHueThatIsNotFiniteIsRed() {
        let red = UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)
        for hue in [CGFloat.nan, .infinity, -.infinity, 1, -1] {
            XCTAssertEqual(UIColor(hue: hue, saturation: 1, brightness: 1, alpha: 1), red, "\(hue)")
        }
        XCTAssertNotEqual(UIColor(hue: 0.5, saturation: 1, brightness: 1, alpha: 1), red)
    }

    /// An arc's sweep of −1e300 radians (adding a turn to it changes nothing) ends, within a
    /// turn; one past 10 000 radians is taken modulo a turn, one at 10 000 is drawn whole: both
    /// end at the end angle.
    func testAnArcOfAnyFiniteSweepEnds() {
        let p = UIBezierPath()
        p.addArc(withCenter: .zero, radius: 10, startAngle: 0, endAngle: -1e300, clockwise: true)
        XCTAssertTrue(p.bounds.width.isFinite && p.bounds.width <= 20.001, "\(p.bounds)")
        XCTAssertTrue(p.bounds.height.isFinite && p.bounds.height <= 20.001, "\(p.bounds)")
        for sweep in [10_000, 10_000.001] as [CGFloat] {
            let q = UIBezierPath()
            q.addArc(withCenter: .zero, radius: 10, startAngle: 0, endAngle: sweep, clockwise: true)
            XCTAssertEqual(q.bounds.width, 20, accuracy: 0.5, "\(sweep)")
            XCTAssertEqual(q.currentPoint.x, 10 * cos(sweep), accuracy: 1e-6, "ends at its end angle")
        }
    }

    /// An arc to an infinite angle makes a point that is not finite: the boundary made of it is
    /// refused at the line that added the collision, as any such path is.
    func testAnArcToAnInfiniteAngleIsRefusedWhereItIsUsed() throws {
        let line = #line + 10
        XCTAssertThrowsError(
            try Scene(named: "arc", duration: 0.1) { () -> Holder in
                let root = Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
                root.animator = UIDynamicAnimator(referenceView: root)
                let p = UIBezierPath()
                p.move(to: CGPoint(x: 10, y: 10))
                p.addArc(withCenter: CGPoint(x: 100, y: 100), radius: 50, startAngle: 0, endAngle: .infinity, clockwise: true)
                let collision = UICollisionBehavior(items: [])
                collision.addBoundary(withIdentifier: "arc" as NSString, for: p)
                root.animator.addBehavior(collision)
                return root
            }.simulate()
        ) { error in
            XCTAssertTrue("\(error)".contains("finite"), "\(error)")
            XCTAssertTrue("\(error)".contains("HostileValueTests.swift:\(line)"), "\(error)")
        }
    }

    /// A view tree is drawn to 1000 levels (the root view is level 1) and refused deeper, at
    /// the scene, however deep: it is walked with a stack, never recursion that could overflow
    /// the thread's.
    func testAViewTreeIsDrawnTo1000LevelsAndRefusedDeeper() throws {
        func scene(_ depth: Int) throws -> [Frame] {
            try Scene(named: "deep", duration: 0.05) { () -> UIView in
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
                var view = root
                for _ in 1..<depth {
                    let sub = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                    view.addSubview(sub)
                    view = sub
                }
                view.accessibilityIdentifier = "deepest"
                return root
            }.simulate()
        }
        XCTAssertNotNil(try scene(1000).last?.item("deepest"))
        for depth in [1001, 20_000] {
            XCTAssertThrowsError(try scene(depth)) { error in
                XCTAssertTrue("\(error)".contains("a view is more than 1000 views deep in the view tree"), "\(error)")
                XCTAssertTrue("\(error)".contains("HostileValueTests.swift:"), "\(error)")
            }
        }
    }

    /// A scroll view's deceleration rate is above 0 and below 1, as a scene file's: the least
    /// and most it takes scroll; 0, 1, a rate above 1 and NaN are refused at the scene, as is a
    /// size or inset that is not a finite number (a NaN width used to trap).
    func testAScrollViewsNumbersAreHeldToTheSceneFilesRules() throws {
        func scroll(_ configure: @escaping @Sendable (UIScrollView) -> Void) -> String? {
            do {
                _ = try Scene(
                    named: "scroll", duration: 0.6,
                    script: [.pan(at: 0.1, from: CGPoint(x: 100, y: 500), to: CGPoint(x: 100, y: 100), duration: 0.2)]
                ) { () -> UIView in
                    let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
                    let s = UIScrollView(frame: root.bounds)
                    s.contentSize = CGSize(width: 375, height: 3000)
                    configure(s)
                    root.addSubview(s)
                    return root
                }.simulate()
            } catch { return "\(error)" }
            return nil
        }
        for rate in [0.000001, 0.999999] as [CGFloat] {
            XCTAssertNil(scroll { $0.decelerationRate = UIScrollView.DecelerationRate(rawValue: rate) }, "\(rate)")
        }
        for rate in [0, 1, 5, -1, .nan] as [CGFloat] {
            let said = scroll { $0.decelerationRate = UIScrollView.DecelerationRate(rawValue: rate) }
            XCTAssertTrue(
                said?.contains("decelerationRate must be greater than 0 and less than 1") ?? false, "\(rate): \(said ?? "taken")")
            XCTAssertTrue(said?.contains("HostileValueTests.swift:") ?? false, "\(said ?? "")")
        }
        XCTAssertTrue(
            scroll { $0.frame.size.width = .nan }?.contains("a scroll view's bounds is not a finite number") ?? false)
        XCTAssertTrue(
            scroll { $0.contentSize.height = .infinity }?.contains("a scroll view's contentSize is not a finite number") ?? false)
        XCTAssertTrue(
            scroll { $0.contentInset.top = .nan }?.contains("a scroll view's contentInset is not a finite number") ?? false)
    }

    /// A 50 pt box in a screen whose animator runs the behavior `make` gives it.
    static func boxUnder(_ make: (UIView) -> UIDynamicBehavior) -> Holder {
        let root = Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.animator = UIDynamicAnimator(referenceView: root)
        let box = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        root.addSubview(box)
        root.animator.addBehavior(make(box))
        return root
    }

    /// An animator asked for the items in a rect that is not a number finds none (CGRect's own
    /// arithmetic traps on it); CGRect.infinite finds them all.
    func testAnAnimatorsItemsInARectOfNaNAreNone() throws {
        let counts = Locked<[Int]>([])
        _ = try Scene(
            named: "items", duration: 0.1,
            script: [
                .at(0.05) { (root: Holder) in
                    counts.value.append(root.animator.items(in: .infinite).count)
                    counts.value.append(root.animator.items(in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)).count)
                }
            ]
        ) { Self.boxUnder { UIGravityBehavior(items: [$0]) } }.simulate()
        XCTAssertEqual(counts.value, [1, 0])
    }

    /// A velocity added, or an item's state updated, that is not a finite number is refused at
    /// the line of the call, saying which call; the least finite change runs.
    func testVelocitiesAndStatesThatAreNotFiniteAreRefusedAtTheCall() throws {
        func run(_ act: @escaping @Sendable (UIDynamicAnimator, UIDynamicItemBehavior, UIView) -> Void) -> String? {
            do {
                _ = try Scene(
                    named: "flick", duration: 0.2,
                    script: [
                        .at(0.05) { (root: Holder) in
                            let behavior = root.animator.behaviors.compactMap { $0 as? UIDynamicItemBehavior }.first!
                            act(root.animator, behavior, root.subviews[0])
                        }
                    ]
                ) { Self.boxUnder { UIDynamicItemBehavior(items: [$0]) } }.simulate()
            } catch { return "\(error)" }
            return nil
        }
        XCTAssertNil(run { _, b, v in b.addLinearVelocity(CGPoint(x: 1e-300, y: 0), for: v) })
        XCTAssertNil(run { _, b, v in b.addAngularVelocity(-1e-300, for: v) })
        let line = #line + 1
        let linear = run { _, b, v in b.addLinearVelocity(CGPoint(x: 0, y: CGFloat.nan), for: v) }
        XCTAssertTrue(linear?.contains("HostileValueTests.swift:\(line)") ?? false, linear ?? "taken")
        XCTAssertTrue(linear?.contains("addLinearVelocity(_:for:): the velocity is not a finite number") ?? false, linear ?? "")
        let angular = run { _, b, v in b.addAngularVelocity(.infinity, for: v) }
        XCTAssertTrue(
            angular?.contains("addAngularVelocity(_:for:): the velocity is not a finite number") ?? false, angular ?? "")
        let updated = run { a, _, v in
            v.center.x = .nan
            a.updateItem(usingCurrentState: v)
        }
        XCTAssertTrue(updated?.contains("updateItem(usingCurrentState:): the item's centre or transform") ?? false, updated ?? "")
    }

    /// A Swift scene's screen and clock are held to a scene file's ranges, and a refusal names
    /// the Swift parameter: each end taken, one step past refused.
    func testASceneRefusesItsNumbersByTheirSwiftNames() {
        func refusal(size: CGSize = CGSize(width: 375, height: 667), scale: Int = 2, fps: Int = 60, duration: Double = 0.05)
            -> String?
        {
            do {
                _ = try Scene(named: "s", size: size, scale: scale, framesPerSecond: fps, duration: duration) {
                    UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                }.simulate()
            } catch { return "\(error)" }
            return nil
        }
        for ok in [
            refusal(scale: 1), refusal(scale: 3), refusal(fps: 1), refusal(fps: 240),
            refusal(size: CGSize(width: 0.01, height: 1)),
        ] {
            XCTAssertNil(ok)
        }
        for (said, words) in [
            (refusal(scale: 0), "Scene(named: \"s\"): scale: must be at least 1, found 0"),
            (refusal(scale: 4), "scale: must be at most 3, found 4"),
            (refusal(fps: 0), "framesPerSecond: must be at least 1, found 0"),
            (refusal(fps: 241), "framesPerSecond: must be at most 240, found 241"),
            (refusal(duration: 0), "duration: must be greater than 0, found 0"),
            (refusal(size: CGSize(width: 0, height: 1)), "size: width and height must be greater than 0"),
        ] {
            XCTAssertTrue(said?.contains(words) ?? false, "\(words): \(said ?? "taken")")
        }
    }
}
