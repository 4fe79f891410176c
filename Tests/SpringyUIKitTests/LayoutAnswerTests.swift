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

    final class Screen: UIView, UICollectionViewDataSource, UICollectionViewDelegate {
        let collection: UICollectionView
        let told = Reports()
        init(layout: UICollectionViewLayout) {
            collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
            super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            collection.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
            collection.dataSource = self
            collection.delegate = self
            addSubview(collection)
        }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 30 }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            told.add("select \(indexPath.item)")
        }
        func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
            told.add("deselect \(indexPath.item)")
        }
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
        func scroll(to item: Int, section: Int = 0) throws -> String? {
            let scene = try Scene(
                named: "scroll", duration: 0.2,
                script: [
                    .at(0.05) { (s: Screen) in
                        s.collection.scrollToItem(at: IndexPath(item: item, section: section), at: .top, animated: false)
                    }
                ]
            ) { Screen(layout: UICollectionViewFlowLayout()) }
            do { _ = try scene.simulate() } catch { return "\(error)" }
            return nil
        }
        XCTAssertNil(try scroll(to: 29))
        XCTAssertNotNil(try scroll(to: -1))
        let section = try XCTUnwrap(try scroll(to: 0, section: 1))
        XCTAssertTrue(section.contains("invalid index path: 1.0"), section)
        let text = try XCTUnwrap(try scroll(to: 30))
        XCTAssertTrue(text.contains("attempt to scroll to invalid index path: 0.30 (1 sections: 30 items)"), text)
        XCTAssertTrue(text.contains("LayoutAnswerTests.swift:"), text)
    }

    /// One selection at a time (allowsMultipleSelection false): a tap on another cell deselects
    /// the first and tells the delegate; a second tap on the selected cell selects it again.
    func testATapOnAnotherCellMovesASingleSelection() throws {
        let box = Reports()
        let scene = try Scene(
            named: "select", duration: 1,
            script: [
                .tap(at: 0.1, CGPoint(x: 25, y: 25)),  // item 0 (50-pt cells, 10 apart)
                .tap(at: 0.3, CGPoint(x: 25, y: 85)),  // the first of the next row
                .tap(at: 0.5, CGPoint(x: 25, y: 85)),
                .at(0.9) { (s: Screen) in
                    for line in s.told.all { box.add(line) }
                    box.add("selected \(s.collection.indexPathsForSelectedItems?.map(\.item) ?? [])")
                    box.add("cell 0 \(s.collection.cellForItem(at: IndexPath(item: 0, section: 0))?.isSelected ?? true)")
                },
            ]
        ) { Screen(layout: UICollectionViewFlowLayout()) }
        _ = try scene.simulate()
        // Six 50-pt columns across 375 pt: item 6 begins the second row.
        XCTAssertEqual(box.all, ["select 0", "deselect 0", "select 6", "select 6", "selected [6]", "cell 0 false"])
    }
}
