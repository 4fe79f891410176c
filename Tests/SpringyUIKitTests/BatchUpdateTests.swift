import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// performBatchUpdates and its one-change forms: UIKit's checks, the layout's update hooks,
/// the animation, held to scenes/batch-updates.yaml.
final class BatchUpdateTests: XCTestCase {
    /// scenes/batch-updates.yaml's collection: two sections under headers; `numbers` are the
    /// cells' data (what the data source counts).
    final class Mail: UIViewController, UICollectionViewDataSource {
        var collectionView: UICollectionView!
        var numbers: [[Int]] = [Array(0..<9), Array(9..<15)]
        var nextNumber = 15
        let layout = RecordingFlowLayout()

        override func viewDidLoad() {
            layout.itemSize = CGSize(width: 105, height: 80)
            layout.sectionInset = UIEdgeInsets(top: 10, left: 15, bottom: 10, right: 15)
            layout.headerReferenceSize = CGSize(width: 0, height: 32)
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
            collectionView.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
            collectionView.dataSource = self
            view.addSubview(collectionView)
        }
        func numberOfSections(in collectionView: UICollectionView) -> Int { numbers.count }
        func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { numbers[section].count }
        func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            cell.backgroundColor = .systemTeal
            return cell
        }
        func take() -> Int {
            defer { nextNumber += 1 }
            return nextNumber
        }

        /// The scene file's first update: delete 0.1 and 0.4, insert 0.0 and 0.5, move 0.8 to
        /// 0.2, reload 0.6 — the data changed as UIKit applies them.
        func firstUpdate(_ done: @escaping (Bool) -> Void) {
            collectionView.performBatchUpdates(
                {
                    var s = self.numbers[0]
                    let moved = s[8]
                    s = s.enumerated().filter { ![1, 4, 8].contains($0.offset) }.map(\.element)
                    s.insert(self.take(), at: 0)
                    s.insert(moved, at: 2)
                    s.insert(self.take(), at: 5)
                    self.numbers[0] = s
                    self.collectionView.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 4, section: 0)])
                    self.collectionView.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 5, section: 0)])
                    self.collectionView.moveItem(at: IndexPath(item: 8, section: 0), to: IndexPath(item: 2, section: 0))
                    self.collectionView.reloadItems(at: [IndexPath(item: 6, section: 0)])
                }, completion: done)
        }
        /// The second: a section of three inserted at 1, and 1.0 moved to 0.0.
        func secondUpdate() {
            collectionView.performBatchUpdates {
                let moved = self.numbers[1].removeFirst()
                self.numbers[0].insert(moved, at: 0)
                self.numbers.insert([self.take(), self.take(), self.take()], at: 1)
                self.collectionView.insertSections(IndexSet(integer: 1))
                self.collectionView.moveItem(at: IndexPath(item: 0, section: 1), to: IndexPath(item: 0, section: 0))
            }
        }
    }

    /// A flow layout that notes what the update hooks were told.
    final class RecordingFlowLayout: UICollectionViewFlowLayout {
        var told: [String] = []
        override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
            super.prepare(forCollectionViewUpdates: updateItems)
            for u in updateItems {
                func path(_ ip: IndexPath?) -> String {
                    guard let ip else { return "-" }
                    return ip.item == NSNotFound ? "s\(ip.section)" : "\(ip.section).\(ip.item)"
                }
                told.append("\(u.updateAction) \(path(u.indexPathBeforeUpdate))>\(path(u.indexPathAfterUpdate))")
            }
        }
        override func finalizeCollectionViewUpdates() {
            super.finalizeCollectionViewUpdates()
            told.append("finalize")
        }
    }

    /// A cell at an index path (the scene file draws leaving cells as `deleted.<old path>`).
    func isCell(_ item: Item) -> Bool { item.isCell && !item.id.hasPrefix("deleted.") }

    func testABatchUpdateAnimatesAsTheSceneFilesDoes() throws {
        let reports = Reports()
        let swift = try Scene(
            named: "batch-updates", duration: 2.6,
            script: [
                .at(0.5) { (vc: Mail) in vc.firstUpdate { done in reports.add("done \(done) at \(vc.layout.told.count)") } },
                .at(0.81) { vc in reports.add(vc.layout.told.joined(separator: ", ")) },
                .at(1.5) { vc in vc.secondUpdate() },
            ]
        ) { Mail() }.simulate()
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/batch-updates.yaml").simulate()
        XCTAssertEqual(swift.count, yaml.count)
        var worst = (distance: 0.0, alpha: 0.0, at: "", alphaAt: "")
        for (a, b) in zip(swift, yaml) {
            let x = a.items.filter(isCell), y = b.items.filter(isCell)
            XCTAssertEqual(Set(x.map(\.id)), Set(y.map(\.id)), "frame \(a.index): the cells by index path")
            for cell in x {
                guard let other = b.item(cell.id) else { continue }
                let d = hypot(cell.center.x - other.center.x, cell.center.y - other.center.y)
                if d > worst.distance { (worst.distance, worst.at) = (d, "frame \(a.index) cell \(cell.id)") }
                if abs(cell.alpha - other.alpha) > worst.alpha {
                    worst.alpha = abs(cell.alpha - other.alpha)
                    worst.alphaAt = "frame \(a.index) cell \(cell.id): \(cell.alpha) vs \(other.alpha)"
                }
            }
        }
        XCTAssertLessThanOrEqual(worst.distance, 0.5, worst.at)
        XCTAssertLessThanOrEqual(worst.alpha, 0.01, worst.alphaAt)
        // The layout heard the changes, then finalized inside the animation; the completion ran
        // when the 0.3 s animation ended.
        XCTAssertEqual(
            reports.all,
            [
                "done true at 7",
                "delete 0.1>-, delete 0.4>-, insert ->0.0, insert ->0.5, move 0.8>0.2, reload 0.6>0.7, finalize",
            ])
    }

    /// A header that appears in an update's animation (a section inserted at the end) starts
    /// where it goes, faded out, and fades in with the update — it does not grow from nothing.
    func testAHeaderAppearingInAnUpdateFadesInWhereItGoes() throws {
        let swift = try Scene(
            named: "appearing", duration: 1,
            script: [
                .at(0.3) { (vc: Mail) in
                    vc.collectionView.performBatchUpdates {
                        vc.numbers.append([100, 101, 102])
                        vc.collectionView.insertSections(IndexSet(integer: 2))
                    }
                }
            ]
        ) { Mail() }.simulate()
        var seen: [(y: Double, alpha: Double)] = []
        for f in swift where f.index >= 18 {
            guard let h = f.item("header.2") else { continue }
            XCTAssertEqual(h.width, 375, "frame \(f.index)")
            XCTAssertEqual(h.height, 32, "frame \(f.index)")
            seen.append((h.center.y, h.alpha))
        }
        // Section 0: 32 + 10 + 3 rows of 80, 10 apart, + 10 = 312; section 1: 32 + 10 + 2 rows + 10
        // = 222; section 2's 32-pt header is centred at 534 + 16.
        let y = 550.0
        XCTAssertTrue(seen.allSatisfy { abs($0.y - y) < 1e-9 }, "\(seen)")
        XCTAssertLessThan(try XCTUnwrap(seen.first).alpha, 0.5, "\(seen)")
        XCTAssertEqual(try XCTUnwrap(seen.last).alpha, 1, "\(seen)")
        XCTAssertEqual(seen.map(\.alpha), seen.map(\.alpha).sorted(), "it fades in")
    }

    func testCountsThatDoNotAddUpGetUIKitsMessageAtTheCall() throws {
        let scene = try Scene(
            named: "bad-update", duration: 0.5,
            script: [
                .at(0.1) { (vc: Mail) in
                    vc.numbers[0].append(vc.take())  // one more cell, but two inserted
                    vc.collectionView.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
                }
            ]
        ) { Mail() }
        XCTAssertThrowsError(try scene.simulate()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("BatchUpdateTests.swift"), text)
            XCTAssertTrue(
                text.contains(
                    "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (10) must be equal to the number of items contained in that section before the update (9), plus or minus the number of items inserted or deleted from that section (2 inserted, 0 deleted)"
                ), text)
        }
    }

    /// A move out of a section the data source did not follow: UIKit's message counts it as
    /// moved out of that section (scripts/mutate found the count untested).
    func testAMoveTheDataSourceDidNotFollowIsCountedInTheMessage() throws {
        let scene = try Scene(
            named: "bad-move", duration: 0.5,
            script: [
                .at(0.1) { (vc: Mail) in
                    vc.collectionView.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1))
                }
            ]
        ) { Mail() }
        XCTAssertThrowsError(try scene.simulate()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("invalid number of items in section 0"), text)
            XCTAssertTrue(text.contains("(0 inserted, 0 deleted)"), text)
            XCTAssertTrue(text.contains("(0 moved in, 1 moved out)"), text)
        }
    }

    func testAnIndexPathPastTheEndIsRefusedAndTheLastPlaceIsNot() throws {
        func run(_ item: Int) throws -> [Frame] {
            try Scene(
                named: "insert-at-end", duration: 0.5,
                script: [
                    .at(0.1) { (vc: Mail) in
                        vc.numbers[1].insert(vc.take(), at: min(item, vc.numbers[1].count))
                        vc.collectionView.insertItems(at: [IndexPath(item: item, section: 1)])
                    }
                ]
            ) { Mail() }.simulate()
        }
        // Section 1 has 6 cells: 6 is the end (appending), 7 is past it.
        let frames = try run(6)
        XCTAssertNotNil(frames.last?.item("1.6"))
        XCTAssertThrowsError(try run(7)) { error in
            XCTAssertTrue("\(error)".contains("cannot insert or move a cell to 1.7"), "\(error)")
        }
    }

    func testDeletedCellsFadeOutWhereTheyWereThenLeave() throws {
        let scene = try Scene(
            named: "delete", framesPerSecond: 60, duration: 1,
            script: [
                .at(0.1) { (vc: Mail) in
                    vc.numbers[0].remove(at: 0)
                    vc.collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)])
                }
            ]
        ) { Mail() }
        let frames = try scene.simulate()
        // Halfway through the 0.3 s animation (frame 6 + 9): a cell that is not a cell any more,
        // half faded where 0.0 was; at the end it is gone.
        let before = try XCTUnwrap(frames[5].item("0.0"))
        let leaving = frames[15].items.filter { !$0.isCell && $0.width == 105 && $0.height == 80 }
        XCTAssertEqual(leaving.count, 1)
        XCTAssertEqual(leaving.first?.center.x ?? 0, before.center.x, accuracy: 1e-9)
        XCTAssertEqual(leaving.first?.alpha ?? 0, 0.5, accuracy: 0.05)
        XCTAssertTrue(frames.last!.items.filter { !$0.isCell && $0.width == 105 }.isEmpty)
        // 0.1 slid into 0.0's place.
        XCTAssertEqual(frames.last?.item("0.0")?.center.x ?? 0, before.center.x, accuracy: 1e-9)
    }
}
