import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// contentInsetAdjustmentBehavior: what the chrome's safe area adds to a scroll view's insets.
final class ContentInsetAdjustmentTests: XCTestCase {
    /// A full-screen scroll view under the status bar (47 pt) and home indicator (34 pt) of a
    /// 390 × 844 screen, its content `content` tall; what it reports after the first layout.
    func adjusted(
        content: CGFloat, _ behavior: UIScrollView.ContentInsetAdjustmentBehavior, bounce: Bool = false,
        offset: CGPoint? = nil, inset: CGFloat = 0
    ) throws -> String {
        let reports = Reports()
        _ = try Scene(
            named: "insets", size: CGSize(width: 390, height: 844), chrome: .statusBar, duration: 0.1,
            script: [
                .at(0.05) { (v: UIScrollView) in
                    reports.add("\(v.adjustedContentInset.top) \(v.adjustedContentInset.bottom) \(v.contentOffset.y)")
                }
            ]
        ) { () -> UIScrollView in
            let v = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            v.contentInsetAdjustmentBehavior = behavior
            v.alwaysBounceVertical = bounce
            v.contentInset = UIEdgeInsets(top: inset, left: 0, bottom: 0, right: 0)
            v.contentSize = CGSize(width: 390, height: content)
            if let offset { v.contentOffset = offset }
            return v
        }.simulate()
        return reports.all.joined()
    }

    func testTheSafeAreaIsAddedAlongAxesTheContentScrollsOn() throws {
        // Content as tall as the view does not scroll: nothing added; a point taller, it does,
        // and content at its top starts below the status bar.
        XCTAssertEqual(try adjusted(content: 844, .scrollableAxes), "0.0 0.0 0.0")
        XCTAssertEqual(try adjusted(content: 845, .scrollableAxes), "47.0 34.0 -47.0")
        XCTAssertEqual(try adjusted(content: 845, .automatic), "47.0 34.0 -47.0")
        XCTAssertEqual(try adjusted(content: 844, .automatic), "0.0 0.0 0.0")
        XCTAssertEqual(try adjusted(content: 844, .automatic, bounce: true), "47.0 34.0 -47.0")
        XCTAssertEqual(try adjusted(content: 100, .always), "47.0 34.0 -47.0")
        XCTAssertEqual(try adjusted(content: 2000, .never), "0.0 0.0 0.0")
        // Your own inset is kept under the safe area's, and moves no offset.
        XCTAssertEqual(try adjusted(content: 2000, .never, inset: 10), "10.0 0.0 0.0")
        XCTAssertEqual(try adjusted(content: 2000, .always, offset: CGPoint(x: 0, y: -10), inset: 10), "57.0 34.0 -57.0")
        // Content scrolled away from its top stays where it was put.
        XCTAssertEqual(try adjusted(content: 2000, .automatic, offset: CGPoint(x: 0, y: 300)), "47.0 34.0 300.0")
    }
}
