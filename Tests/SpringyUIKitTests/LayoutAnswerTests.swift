import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// What a layout answers, as UIKit judges it: attributes equal by value, a non-finite frame and
/// an index path past the data refused where they come from.
final class LayoutAnswerTests: XCTestCase {
    func testAttributesAreEqualWhenTheyDescribeTheSameElementTheSameWay() {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 1))
        a.frame = CGRect(x: 10, y: 20, width: 50, height: 60)
        let b = a.copy() as! UICollectionViewLayoutAttributes
        XCTAssertTrue(a.isEqual(b))
        XCTAssertEqual(a.hash, b.hash)
        XCTAssertEqual(a, b)
        for change in [
            { (x: UICollectionViewLayoutAttributes) in x.alpha = 0.5 }, { $0.zIndex = 1 }, { $0.isHidden = true },
            { $0.center.x += 0.5 }, { $0.size.height += 1 }, { $0.transform = CGAffineTransform(scaleX: 2, y: 2) },
            { $0.indexPath = IndexPath(item: 4, section: 1) },
        ] {
            let c = a.copy() as! UICollectionViewLayoutAttributes
            change(c)
            XCTAssertFalse(a.isEqual(c), "\(c)")
        }
        // The same place, another kind of element: not the same.
        let header = UICollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: IndexPath(item: 3, section: 1))
        header.frame = a.frame
        XCTAssertFalse(a.isEqual(header))
        XCTAssertFalse(a.isEqual("a string"))
    }

    final class Broken: UICollectionViewLayout {
        override var collectionViewContentSize: CGSize { CGSize(width: 375, height: 667) }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
            a.frame = CGRect(x: 0, y: CGFloat.nan, width: 50, height: 50)
            return [a]
        }
    }

    final class Screen: UIView, UICollectionViewDataSource {
        let collection: UICollectionView
        init(layout: UICollectionViewLayout) {
            collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
            super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            collection.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
            collection.dataSource = self
            addSubview(collection)
        }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 30 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
    }

    func error(_ scene: Scene) -> String {
        do { _ = try scene.simulate() } catch { return "\(error)" }
        XCTFail("no error")
        return ""
    }

    func testANonFiniteFrameIsRefusedAtTheScene() throws {
        let line = #line + 1
        let scene = try Scene(named: "broken", duration: 0.2) { Screen(layout: Broken()) }
        let text = error(scene)
        XCTAssertTrue(text.contains("LayoutAnswerTests.swift:\(line)"), text)
        XCTAssertTrue(text.contains("Broken gave item 0.0 a frame that is not finite"), text)
    }

    func testScrollingToAnItemPastTheDataIsRefusedAtTheCall() throws {
        // Item 29 is the last; 30 is one past it.
        func scroll(to item: Int) throws -> String? {
            let scene = try Scene(
                named: "scroll", duration: 0.2,
                script: [
                    .at(0.05) { (s: Screen) in
                        s.collection.scrollToItem(at: IndexPath(item: item, section: 0), at: .top, animated: false)
                    }
                ]
            ) { Screen(layout: UICollectionViewFlowLayout()) }
            do { _ = try scene.simulate() } catch { return "\(error)" }
            return nil
        }
        XCTAssertNil(try scroll(to: 29))
        let text = try XCTUnwrap(try scroll(to: 30))
        XCTAssertTrue(text.contains("attempt to scroll to invalid index path: 0.30 (1 sections: 30 items)"), text)
        XCTAssertTrue(text.contains("LayoutAnswerTests.swift:"), text)
    }
}
