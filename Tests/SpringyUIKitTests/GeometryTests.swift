import Foundation
import SpringyUIKit
import XCTest

/// Core Graphics' and UIKit's value types, against their documented formulas.
final class GeometryTests: XCTestCase {
    func testAffineTransformsComposeAsCoreGraphicsDoes() {
        let p = CGPoint(x: 10, y: 0)
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        XCTAssertEqual(p.applying(r).x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.applying(r).y, 10, accuracy: 1e-12)
        // concatenating: this one first, then the argument.
        let t = CGAffineTransform(translationX: 5, y: 0)
        XCTAssertEqual(p.applying(r.concatenating(t)).x, 5, accuracy: 1e-12)
        XCTAssertEqual(p.applying(t.concatenating(r)).y, 15, accuracy: 1e-12)
        // translatedBy: the translation first (CGAffineTransformTranslate).
        XCTAssertEqual(p.applying(r.translatedBy(x: 5, y: 0)).y, 15, accuracy: 1e-12)
        XCTAssertEqual(p.applying(CGAffineTransform(scaleX: 2, y: 3)), CGPoint(x: 20, y: 0))
        let m = CGAffineTransform(a: 2, b: 1, c: 1, d: 3, tx: 4, ty: 5)
        let back = p.applying(m).applying(m.inverted())
        XCTAssertEqual(back.x, p.x, accuracy: 1e-12)
        XCTAssertEqual(back.y, p.y, accuracy: 1e-12)
        // A singular transform is returned unchanged.
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)
        XCTAssertEqual(singular.inverted(), singular)
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertFalse(t.isIdentity)
    }

    func testRectsTransformAndInset() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 20)
        let turned = r.applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(turned.width, 20, accuracy: 1e-9)
        XCTAssertEqual(turned.height, 10, accuracy: 1e-9)
        XCTAssertEqual(
            r.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)), CGRect(x: 2, y: 1, width: 4, height: 16))
    }

    func testIndexPathsHaveItemRowAndSection() {
        var ip = IndexPath(item: 4, section: 1)
        XCTAssertEqual(ip.item, 4)
        XCTAssertEqual(ip.row, 4)
        XCTAssertEqual(ip.section, 1)
        ip.item = 5
        XCTAssertEqual(ip, IndexPath(row: 5, section: 1))
        XCTAssertLessThan(IndexPath(item: 9, section: 0), IndexPath(item: 0, section: 1))
    }

    func testColoursClampAndResolveByAppearance() {
        XCTAssertEqual(UIColor(red: 2, green: -1, blue: 0.5, alpha: 1), UIColor(red: 1, green: 0, blue: 0.5, alpha: 1))
        XCTAssertEqual(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1), .red)
        XCTAssertEqual(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1), .green)
        XCTAssertNotEqual(UIColor.systemBlue, UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1), "it has a dark value too")
        XCTAssertEqual(UIColor.clear.cgColor.alpha, 0)
    }

    func testViewsConvertThroughTheirTransforms() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let parent = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        parent.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(parent)
        parent.addSubview(child)
        // The child's centre (5, 5) in a parent turned a quarter about its centre (150, 150).
        let c = child.convert(CGPoint(x: 5, y: 5), to: root)
        XCTAssertEqual(c.x, 195, accuracy: 1e-9)
        XCTAssertEqual(c.y, 105, accuracy: 1e-9)
        let back = root.convert(c, to: child)
        XCTAssertEqual(back.x, 5, accuracy: 1e-9)
        XCTAssertEqual(back.y, 5, accuracy: 1e-9)
        XCTAssertTrue(child.isDescendant(of: root))
        XCTAssertFalse(root.isDescendant(of: child))
    }

    func testTheHierarchyKeepsUIKitsOrder() {
        let root = UIView(frame: .zero)
        let a = UIView(), b = UIView(), c = UIView()
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, belowSubview: b)
        XCTAssertTrue(root.subviews.elementsEqual([a, c, b], by: ===))
        root.bringSubviewToFront(a)
        XCTAssertTrue(root.subviews.elementsEqual([c, b, a], by: ===))
        root.insertSubview(a, at: 0)
        XCTAssertTrue(root.subviews.elementsEqual([a, c, b], by: ===))
        b.removeFromSuperview()
        XCTAssertNil(b.superview)
        XCTAssertTrue(root.subviews.elementsEqual([a, c], by: ===))
    }

    func testAViewControllerLoadsItsViewOnceThenLaysItOut() {
        final class Counting: UIViewController {
            var loads = 0, layouts = 0
            override func viewDidLoad() { loads += 1 }
            override func viewDidLayoutSubviews() { layouts += 1 }
        }
        let vc = Counting()
        XCTAssertFalse(vc.isViewLoaded)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = vc
        XCTAssertEqual(vc.loads, 1)
        XCTAssertEqual(vc.view.frame, window.bounds)
        window.layoutIfNeeded()
        window.layoutIfNeeded()
        XCTAssertEqual(vc.layouts, 1, "laid out once until it needs layout again")
        vc.view.setNeedsLayout()
        window.layoutIfNeeded()
        XCTAssertEqual(vc.layouts, 2)
    }

    /// viewWithTag(_:) finds the view itself, else the first in its subtree with that tag, else nil.
    func testViewWithTagSearchesTheSubtree() {
        let root = UIView(), a = UIView(), b = UIView(), c = UIView()
        a.tag = 5
        b.tag = 7
        c.tag = 7
        root.addSubview(a)
        a.addSubview(b)
        root.addSubview(c)
        XCTAssertTrue(root.viewWithTag(0) === root)
        XCTAssertTrue(root.viewWithTag(7) === b, "depth first, in the subviews' order")
        XCTAssertTrue(root.viewWithTag(5) === a)
        XCTAssertNil(root.viewWithTag(9))
    }
}
