import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// UICollectionView's interactive movement, driven as UIKit's documentation shows: a long press
/// begins it on the item under the finger, each change moves the target, the lift ends it.
final class InteractiveMovementTests: XCTestCase {
    enum Ending: Sendable { case end, cancel }

    /// Twelve numbered items, four to a row (80 pt, UIKit's justified spacing), and a long press
    /// that moves them.
    final class Screen: UIView, UICollectionViewDataSource, UICollectionViewDelegate {
        let reports = Reports()
        var items = Array(0..<12)
        let cv: UICollectionView
        let movable: Bool
        let ending: Ending
        let redirect: IndexPath?
        /// Another data source the screen keeps (the collection view holds its data source weakly).
        var other: AnyObject?

        init(movable: Bool = true, ending: Ending = .end, redirect: IndexPath? = nil) {
            self.movable = movable
            self.ending = ending
            self.redirect = redirect
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 80, height: 80)
            cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
            super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            cv.register(NumberedCell.init(frame:), forCellWithReuseIdentifier: "n")
            cv.dataSource = self
            cv.delegate = self
            let press = UILongPressGestureRecognizer { [unowned self] r in
                let p = r.location(in: cv)
                switch r.state {
                case .began:
                    if let ip = cv.indexPathForItem(at: p) {
                        reports.add("begin \(ip.item) \(cv.beginInteractiveMovementForItem(at: ip))")
                    }
                case .changed: cv.updateInteractiveMovementTargetPosition(p)
                case .ended: if ending == .end { cv.endInteractiveMovement() } else { cv.cancelInteractiveMovement() }
                case .possible, .cancelled, .failed: cv.cancelInteractiveMovement()
                }
            }
            cv.addGestureRecognizer(press)
            addSubview(cv)
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath) as! NumberedCell
            cell.label.text = "\(items[indexPath.item])"
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { movable }
        func collectionView(_ collectionView: UICollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
            items.insert(items.remove(at: source.item), at: destination.item)
            reports.add("move \(source.item) -> \(destination.item)")
        }
        func collectionView(
            _ collectionView: UICollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
            atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
        ) -> IndexPath { redirect ?? proposedIndexPath }

        /// Each shown cell's number and whether it sits at its index path's place.
        func describe() -> String {
            cv.indexPathsForVisibleItems.sorted().map { ip in
                let cell = cv.cellForItem(at: ip) as! NumberedCell
                let home = cv.layoutAttributesForItem(at: ip)!.center
                let settled = abs(cell.center.x - home.x) < 1e-6 && abs(cell.center.y - home.y) < 1e-6
                return "\(ip.item):\(cell.label.text ?? "")\(settled ? "" : "*")"
            }.joined(separator: " ")
        }
    }

    final class NumberedCell: UICollectionViewCell {
        let label = UILabel(frame: .zero)
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(label)
        }
    }

    /// Item 0 (its centre at 40, 40) pressed, dragged over item 6's place (row 1, column 2) and
    /// held; what the code saw, and the items shown, as the finger holds and after it lifts.
    func run(_ make: @escaping @Sendable () -> Screen) throws -> (lines: [String], during: String, after: String) {
        let box = Reports()
        let scene = try Scene(
            named: "move", duration: 2.2,
            script: [
                .longPress(
                    at: 0.1, CGPoint(x: 40, y: 40), press: 0.5, through: [CGPoint(x: 40, y: 40), CGPoint(x: 236, y: 130)],
                    duration: 0.3, hold: 0.6),
                .at(1.3) { s in
                    box.add("during " + s.describe())
                    let moving = s.cv.visibleCells.first { $0.center == CGPoint(x: 236, y: 130) }
                    box.add("finger holds \((moving as? NumberedCell)?.label.text ?? "nothing")")
                },
                .at(2.1) { s in
                    for line in s.reports.all { box.add(line) }
                    box.add("after " + s.describe())
                    box.add("data \(s.items.map(String.init).joined(separator: ","))")
                },
            ]
        ) { make() }
        _ = try scene.simulate()
        let lines = box.all
        return (
            lines.filter { !$0.hasPrefix("during") && !$0.hasPrefix("after") },
            lines.first { $0.hasPrefix("during") } ?? "", lines.first { $0.hasPrefix("after") } ?? ""
        )
    }

    func testTheItemFollowsTheFingerTheOthersMakeRoomAndTheDataSourceMovesItsData() throws {
        let r = try run { Screen() }
        XCTAssertEqual(r.lines.filter { $0.hasPrefix("move") || $0.hasPrefix("begin") }, ["begin 0 true", "move 0 -> 6"])
        XCTAssertTrue(r.lines.contains("finger holds 0"), "\(r.lines)")
        // While it moves, 1…6 have moved one place back to make room at 6, where 0 shows (not yet settled).
        XCTAssertTrue(r.during.hasPrefix("during 0:1 1:2 2:3 3:4 4:5 5:6 6:0* 7:7"), r.during)
        XCTAssertEqual(r.after, "after 0:1 1:2 2:3 3:4 4:5 5:6 6:0 7:7 8:8 9:9 10:10 11:11")
        XCTAssertTrue(r.lines.contains("data 1,2,3,4,5,6,0,7,8,9,10,11"))
    }

    func testACancelledMovementPutsEveryItemBackAndTouchesNoData() throws {
        let r = try run { Screen(ending: .cancel) }
        XCTAssertFalse(r.lines.contains { $0.hasPrefix("move") })
        XCTAssertEqual(r.after, "after 0:0 1:1 2:2 3:3 4:4 5:5 6:6 7:7 8:8 9:9 10:10 11:11")
        XCTAssertTrue(r.lines.contains("data 0,1,2,3,4,5,6,7,8,9,10,11"))
    }

    func testAnItemTheDataSourceKeepsInPlaceDoesNotMove() throws {
        let r = try run { Screen(movable: false) }
        XCTAssertTrue(r.lines.contains("begin 0 false"), "\(r.lines)")
        XCTAssertTrue(r.lines.contains("finger holds nothing"), "\(r.lines)")
        XCTAssertEqual(r.after, "after 0:0 1:1 2:2 3:3 4:4 5:5 6:6 7:7 8:8 9:9 10:10 11:11")
    }

    func testTheDelegateChoosesWhereTheItemGoes() throws {
        let r = try run { Screen(redirect: IndexPath(item: 2, section: 0)) }
        XCTAssertTrue(r.lines.contains("move 0 -> 2"), "\(r.lines)")
        XCTAssertEqual(r.after, "after 0:1 1:2 2:0 3:3 4:4 5:5 6:6 7:7 8:8 9:9 10:10 11:11")
    }

    /// A data source without `moveItemAt` ignores the reorder, as UIKit's does: the items go back.
    func testADataSourceThatDoesNotMoveItsDataIgnoresTheReorder() throws {
        final class Plain: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath) as! NumberedCell
                cell.label.text = "\(indexPath.item)"
                return cell
            }
        }
        let r = try run {
            let s = Screen()
            let plain = Plain()
            s.other = plain
            s.cv.dataSource = plain
            return s
        }
        XCTAssertEqual(r.after, "after 0:0 1:1 2:2 3:3 4:4 5:5 6:6 7:7 8:8 9:9 10:10 11:11")
    }

    /// Only an item that is there can move: the last item begins, one past it does not.
    func testOnlyAnItemThatIsThereBegins() throws {
        let box = Reports()
        let scene = try Scene(
            named: "begin", duration: 0.3,
            script: [
                .at(0.1) { s in
                    box.add("\(s.cv.beginInteractiveMovementForItem(at: IndexPath(item: 12, section: 0)))")
                    box.add("\(s.cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 1)))")
                    box.add("\(s.cv.beginInteractiveMovementForItem(at: IndexPath(item: 11, section: 0)))")
                    box.add("\(s.cv.beginInteractiveMovementForItem(at: IndexPath(item: 10, section: 0)))")
                    s.cv.cancelInteractiveMovement()
                }
            ]
        ) { Screen() }
        _ = try scene.simulate()
        XCTAssertEqual(box.all, ["false", "false", "true", "false"], "one movement at a time")
    }

    /// A selected item stays selected where it moves to.
    func testTheSelectionFollowsTheMovedItem() throws {
        let box = Reports()
        let scene = try Scene(
            named: "selection", duration: 2.2,
            script: [
                .at(0.05) { s in s.cv.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: []) },
                .longPress(
                    at: 0.1, CGPoint(x: 40, y: 40), press: 0.5, through: [CGPoint(x: 40, y: 40), CGPoint(x: 236, y: 130)],
                    duration: 0.3, hold: 0.6),
                .at(2.1) { s in box.add("\(s.cv.indexPathsForSelectedItems?.map(\.item) ?? [])") },
            ]
        ) { Screen() }
        _ = try scene.simulate()
        XCTAssertEqual(box.all, ["[6]"])
    }
}
