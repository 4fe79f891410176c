import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// UICollectionViewFlowLayout's numbers from a Swift program: sizes that are not positive are
/// refused in UIKit's words, numbers that are not finite by name; negative spacings are taken
/// (UIKit overlaps the items), and any rect may be asked about.
final class FlowLayoutValueTests: XCTestCase {
    final class Grid: UIViewController, UICollectionViewDataSource {
        var collectionView: UICollectionView!
        let configure: @Sendable (UICollectionViewFlowLayout) -> Void
        init(_ configure: @escaping @Sendable (UICollectionViewFlowLayout) -> Void) {
            self.configure = configure
            super.init()
        }
        override func viewDidLoad() {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 80, height: 80)
            configure(layout)
            collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
            collectionView.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
            collectionView.dataSource = self
            view.addSubview(collectionView)
        }
        func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
        func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
    }

    func refusal(_ configure: @escaping @Sendable (UICollectionViewFlowLayout) -> Void) -> String? {
        do { _ = try Scene(named: "flow", duration: 0.1) { Grid(configure) }.simulate() } catch { return "\(error)" }
        return nil
    }

    func testSizesThatAreNotPositiveAreRefusedInUIKitsWords() {
        XCTAssertNil(refusal { $0.itemSize = CGSize(width: 0.001, height: 0.001) })
        for size in [CGSize(width: 0, height: 80), CGSize(width: 80, height: -1), CGSize(width: CGFloat.nan, height: 80)] {
            let said = refusal { $0.itemSize = size }
            XCTAssertTrue(
                said?.contains("negative or zero sizes are not supported in the flow layout: itemSize is") ?? false,
                "\(size): \(said ?? "accepted")")
            XCTAssertTrue(said?.contains("FlowLayoutValueTests.swift:") ?? false, "located at the scene: \(said ?? "")")
        }
    }

    func testNumbersThatAreNotFiniteAreRefusedByName() {
        for (name, set) in [
            ("minimumLineSpacing", { @Sendable (l: UICollectionViewFlowLayout) in l.minimumLineSpacing = .infinity }),
            ("minimumInteritemSpacing", { @Sendable (l: UICollectionViewFlowLayout) in l.minimumInteritemSpacing = -.infinity }),
            ("sectionInset", { @Sendable (l: UICollectionViewFlowLayout) in l.sectionInset.left = .nan }),
            ("headerReferenceSize", { @Sendable (l: UICollectionViewFlowLayout) in l.headerReferenceSize.height = .infinity }),
        ] {
            XCTAssertTrue(refusal(set)?.contains("\(name) is not a finite number") ?? false, name)
        }
    }

    /// Spacing of minus an item's width: UIKit stacks the items; every cell is laid out, and
    /// the layout answers CGRect.infinite.
    func testNegativeSpacingsOverlapAndAnyRectIsAnswered() throws {
        let counts = Locked<[Int]>([])
        _ = try Scene(
            named: "overlap", duration: 0.1,
            script: [
                .at(0.05) { (vc: Grid) in
                    counts.value.append(
                        vc.collectionView.collectionViewLayout.layoutAttributesForElements(in: .infinite)?.count ?? -1)
                }
            ]
        ) { Grid { $0.minimumInteritemSpacing = -80 } }.simulate()
        XCTAssertEqual(counts.value, [12])
    }
}
