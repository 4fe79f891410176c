import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// A batch update's headers: a header follows its section when the section moves; one whose
/// section is deleted leaves through the layout's
/// finalLayoutAttributesForDisappearingSupplementaryElement (else fading where it is); the
/// layout's indexPathsToDelete/InsertForSupplementaryView replace views besides.
final class SupplementaryUpdateTests: XCTestCase {
    typealias Mail = BatchUpdateTests.Mail

    /// Records the disappearing headers it is asked about, and may send them off to the left
    /// or name headers to delete and to insert.
    final class HeaderLayout: UICollectionViewFlowLayout {
        var asked: [String] = []
        var sendLeft = false
        var toDelete: [IndexPath] = []
        var toInsert: [IndexPath] = []
        override func finalLayoutAttributesForDisappearingSupplementaryElement(
            ofKind elementKind: String, at elementIndexPath: IndexPath
        ) -> UICollectionViewLayoutAttributes? {
            asked.append("\(elementKind) \(elementIndexPath.section)")
            guard sendLeft else { return nil }
            let a = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: elementIndexPath)
            a.frame = CGRect(x: -375, y: 0, width: 375, height: 32)
            return a
        }
        override func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { toDelete }
        override func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { toInsert }
    }

    /// Mail on `HeaderLayout`, its headers views of their own (tagged by the section they were made for).
    final class Headers: UIViewController, UICollectionViewDataSource {
        var collectionView: UICollectionView!
        var numbers: [[Int]] = [Array(0..<9), Array(9..<15)]
        let layout = HeaderLayout()
        var made: [Int] = []

        override func viewDidLoad() {
            layout.itemSize = CGSize(width: 105, height: 80)
            layout.sectionInset = UIEdgeInsets(top: 10, left: 15, bottom: 10, right: 15)
            layout.headerReferenceSize = CGSize(width: 0, height: 32)
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
            collectionView.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
            collectionView.register(
                UICollectionReusableView.init(frame:),
                forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "h")
            collectionView.dataSource = self
            view.addSubview(collectionView)
        }
        func numberOfSections(in collectionView: UICollectionView) -> Int { numbers.count }
        func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { numbers[section].count }
        func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
        func collectionView(
            _ cv: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) -> UICollectionReusableView {
            made.append(indexPath.section)
            let v = cv.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath)
            v.backgroundColor = .systemGray
            return v
        }
    }

    func run(_ duration: Double = 1, _ change: @escaping @Sendable (Headers) -> Void) throws -> (frames: [Frame], made: [Int]) {
        let made = Reports()
        let frames = try Scene(
            named: "headers", framesPerSecond: 60, duration: duration,
            script: [
                .at(0.1) { (vc: Headers) in change(vc) },
                .at(0.9) { vc in made.add(vc.made.map(String.init).joined(separator: ",")) },
            ]
        ) { Headers() }.simulate()
        return (frames, made.all.first?.split(separator: ",").compactMap { Int($0) } ?? [])
    }

    /// Section 1 moved to the top: its header is the same view, carried from where it was
    /// (section 0's 312 pt + 16) to the top (16) over the update; section 0's follows it down to
    /// 222 + 16. No header is made anew.
    func testAHeaderFollowsItsSectionWhenTheSectionMoves() throws {
        let (frames, made) = try run { vc in
            vc.collectionView.performBatchUpdates {
                vc.numbers.swapAt(0, 1)
                vc.collectionView.moveSection(1, toSection: 0)
            }
        }
        XCTAssertEqual(made, [0, 1], "the two headers of the first pass, none after")
        let top = frames[7...].compactMap { $0.item("header.0")?.center.y }
        let second = frames[7...].compactMap { $0.item("header.1")?.center.y }
        XCTAssertGreaterThan(try XCTUnwrap(top.first), 250, "the moved section's header starts where it was: \(top)")
        XCTAssertEqual(try XCTUnwrap(top.last), 16, accuracy: 1e-9)
        XCTAssertEqual(top, top.sorted(by: >), "it moves up all the way")
        XCTAssertLessThan(try XCTUnwrap(second.first), 100, "\(second)")
        XCTAssertEqual(try XCTUnwrap(second.last), 238, accuracy: 1e-9)
        XCTAssertEqual(second, second.sorted(), "it moves down all the way")
    }

    /// Section 0 deleted: its header is asked about with its index before the update, fades out
    /// where it is (drawn unnamed), and is gone when the animation ends; section 1's header
    /// follows its section up to the top.
    func testADeletedSectionsHeaderFadesOutWhereItIsThenGoes() throws {
        let (frames, made) = try run { vc in
            vc.collectionView.performBatchUpdates {
                vc.numbers.remove(at: 0)
                vc.collectionView.deleteSections(IndexSet(integer: 0))
            }
        }
        XCTAssertEqual(made, [0, 1])
        func unnamedHeaders(_ f: Frame) -> [Item] {
            f.items.filter { !$0.isCell && $0.height == 32 && !$0.id.hasPrefix("header.") }
        }
        let halfway = unnamedHeaders(frames[15])
        XCTAssertEqual(halfway.count, 1, "\(frames[15].items.map(\.id))")
        XCTAssertEqual(halfway.first?.center.y ?? 0, 16, accuracy: 1e-9, "where it was")
        XCTAssertEqual(halfway.first?.alpha ?? 0, 0.5, accuracy: 0.05)
        XCTAssertTrue(unnamedHeaders(frames.last!).isEmpty)
        XCTAssertEqual(frames.last?.item("header.0")?.center.y ?? 0, 16, accuracy: 1e-9)
        XCTAssertNil(frames.last?.item("header.1"))
    }

    /// The layout's final attributes for a leaving header are where it goes: off to the left.
    func testALeavingHeaderGoesWhereTheLayoutSays() throws {
        let (frames, _) = try run { vc in
            vc.layout.sendLeft = true
            vc.collectionView.performBatchUpdates {
                vc.numbers.remove(at: 0)
                vc.collectionView.deleteSections(IndexSet(integer: 0))
            }
        }
        // Two thirds into the animation (frame 6 + 12 of 18): past the middle, on its way left.
        let leaving = frames[18].items.filter { !$0.isCell && $0.height == 32 && !$0.id.hasPrefix("header.") }
        XCTAssertEqual(leaving.count, 1)
        XCTAssertLessThan(leaving.first?.center.x ?? 0, 0, "on its way left")
        XCTAssertGreaterThan(leaving.first?.center.x ?? 0, -375 / 2)
        XCTAssertEqual(leaving.first?.alpha ?? 0, 1)
    }

    /// A header the layout names to delete leaves though its section stays, and one named to
    /// insert is made anew (the old view at that path leaves): made again for sections 0 and 1.
    func testTheLayoutsDeletedAndInsertedHeadersAreMadeAnew() throws {
        let header = UICollectionView.elementKindSectionHeader
        let asked = Reports()
        let (frames, made) = try run { vc in
            vc.layout.toDelete = [IndexPath(item: 0, section: 0)]
            vc.layout.toInsert = [IndexPath(item: 0, section: 1)]
            vc.collectionView.performBatchUpdates {
                vc.numbers[0].append(99)
                vc.collectionView.insertItems(at: [IndexPath(item: 9, section: 0)])
            }
            for line in vc.layout.asked { asked.add(line) }
        }
        XCTAssertEqual(made, [0, 1, 0, 1])
        XCTAssertEqual(asked.all, ["\(header) 0", "\(header) 1"])
        XCTAssertNotNil(frames.last?.item("header.0"))
        XCTAssertNotNil(frames.last?.item("header.1"))
        XCTAssertEqual(frames.last!.items.filter { !$0.isCell && $0.height == 32 }.count, 2, "the old views are gone")
    }

    /// An update that touches no section keeps every header: none is asked about or made again.
    func testAnItemUpdateKeepsTheHeaders() throws {
        let asked = Reports()
        let (_, made) = try run { vc in
            vc.collectionView.performBatchUpdates {
                vc.numbers[1].append(99)
                vc.collectionView.insertItems(at: [IndexPath(item: 6, section: 1)])
            }
            asked.add("asked: \(vc.layout.asked)")
        }
        XCTAssertEqual(made, [0, 1])
        XCTAssertEqual(asked.all, ["asked: []"])
    }
}
