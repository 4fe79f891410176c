import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// Asked of scripts/mutate's survivors (seed 55): a layout animator finds the attributes asked
/// for by category, kind and index path together; a push's one shared offset runs and a
/// gravity-like angle with a magnitude pushes; a view moved in the tree takes its new name.
final class AnimatorLookupTests: XCTestCase {
    /// Two headers, a footer and a decoration of the same kind string as a header: each is found
    /// only by its own category, kind and index path.
    func testALayoutAnimatorFindsAttributesByCategoryKindAndIndexPath() {
        let animator = UIDynamicAnimator(collectionViewLayout: UICollectionViewFlowLayout())
        let header0 = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: "header", with: IndexPath(item: 0, section: 0))
        let header1 = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: "header", with: IndexPath(item: 0, section: 1))
        let footer1 = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: "footer", with: IndexPath(item: 0, section: 1))
        let decoration = UICollectionViewLayoutAttributes(forDecorationViewOfKind: "header", with: IndexPath(item: 0, section: 1))
        for a in [header0, header1, footer1, decoration] { a.frame = CGRect(x: 0, y: 0, width: 10, height: 10) }
        animator.addBehavior(UIGravityBehavior(items: [header0, header1, footer1, decoration]))
        let s1 = IndexPath(item: 0, section: 1)
        XCTAssertTrue(animator.layoutAttributesForSupplementaryView(ofKind: "header", at: s1) === header1)
        XCTAssertTrue(animator.layoutAttributesForSupplementaryView(ofKind: "footer", at: s1) === footer1)
        XCTAssertNil(animator.layoutAttributesForSupplementaryView(ofKind: "footer", at: IndexPath(item: 0, section: 0)))
        XCTAssertTrue(animator.layoutAttributesForDecorationView(ofKind: "header", at: s1) === decoration)
        XCTAssertNil(animator.layoutAttributesForDecorationView(ofKind: "header", at: IndexPath(item: 0, section: 0)))
        XCTAssertNil(animator.layoutAttributesForDecorationView(ofKind: "footer", at: s1))
    }

    final class Holder: UIView { var animator: UIDynamicAnimator! }

    func last(_ build: @escaping @Sendable (Holder, UIView, UIView) -> Void) throws -> (a: Point, b: Point) {
        let frames = try Scene(named: "push", duration: 0.5) { () -> Holder in
            let root = Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            root.animator = UIDynamicAnimator(referenceView: root)
            let a = UIView(frame: CGRect(x: 50, y: 100, width: 40, height: 40))
            let b = UIView(frame: CGRect(x: 200, y: 100, width: 40, height: 40))
            a.accessibilityIdentifier = "a"
            b.accessibilityIdentifier = "b"
            root.addSubview(a)
            root.addSubview(b)
            build(root, a, b)
            return root
        }.simulate()
        let f = try XCTUnwrap(frames.last)
        return (try XCTUnwrap(f.item("a")).center, try XCTUnwrap(f.item("b")).center)
    }

    /// setAngle(_:magnitude:) on a push pushes that way (down here); every item given the same
    /// target offset is one push Springy holds, as one item given one is.
    func testAPushsAngleAndOneSharedOffset() throws {
        let down = try last { root, a, b in
            let push = UIPushBehavior(items: [a, b], mode: .continuous)
            push.setAngle(.pi / 2, magnitude: 1)
            root.animator.addBehavior(push)
        }
        XCTAssertGreaterThan(down.a.y, 110, "pushed down")
        XCTAssertEqual(down.a.x, 70, accuracy: 1e-4, "straight down")
        let shared = try last { root, a, b in
            let push = UIPushBehavior(items: [a, b], mode: .continuous)
            push.setAngle(.pi / 2, magnitude: 1)
            push.setTargetOffsetFromCenter(UIOffset(horizontal: 5, vertical: 0), for: a)
            push.setTargetOffsetFromCenter(UIOffset(horizontal: 5, vertical: 0), for: b)
            root.animator.addBehavior(push)
        }
        XCTAssertGreaterThan(shared.b.y, 110, "the shared offset runs")
        let one = try last { root, a, _ in
            let push = UIPushBehavior(items: [a], mode: .continuous)
            push.magnitude = 1
            push.setTargetOffsetFromCenter(UIOffset(horizontal: 5, vertical: 0), for: a)
            root.animator.addBehavior(push)
        }
        XCTAssertGreaterThan(one.a.x, 80, "pushed right (angle 0)")
    }

    /// A view without a name is named by its place in the tree; moved to another place, it is
    /// named by the new one.
    func testAViewMovedInTheTreeTakesItsNewName() throws {
        let names = Locked<[[String]]>([])
        let frames = try Scene(
            named: "moved", duration: 0.2,
            script: [
                .at(0.1) { (root: UIView) in
                    let moved = root.subviews[0]
                    moved.removeFromSuperview()
                    root.addSubview(moved)
                }
            ]
        ) { () -> UIView in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            for side in [20, 30] as [CGFloat] {
                let v = UIView(frame: CGRect(x: 10, y: 10, width: side, height: side))
                v.backgroundColor = .red
                root.addSubview(v)
            }
            return root
        }.simulate()
        for f in [frames.first!, frames.last!] {
            names.value.append(f.items.sorted { $0.id < $1.id }.map { "\($0.id) \(Int($0.width))" })
        }
        XCTAssertEqual(names.value.first, ["view.0 20", "view.1 30"])
        XCTAssertEqual(names.value.last, ["view.0 30", "view.1 20"], "the 20 pt view moved last: it is view.1 now")
    }
}
