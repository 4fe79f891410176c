import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// UICollectionView with UIKit's flow layout, held to the scene files' collection views.
final class CollectionViewTests: XCTestCase {
    func cells(_ frame: Frame) -> [String: Item] {
        var out: [String: Item] = [:]
        for item in frame.items where item.id.split(separator: ".").count == 2 && item.id.first!.isNumber { out[item.id] = item }
        return out
    }

    func testAFlowLayoutPlacesCellsAsTheSceneFilesDoes() throws {
        let swift = try Scene(named: "static-grid", framesPerSecond: 30, duration: 0.5) { GridViewController() }.simulate()
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/static-grid.yaml").simulate()
        XCTAssertEqual(swift.count, yaml.count)
        for (a, b) in zip(swift, yaml) {
            let x = cells(a), y = cells(b)
            XCTAssertEqual(x.keys.sorted(), y.keys.sorted(), "the same cells on screen")
            XCTAssertEqual(x.count, 20, "the cells that meet the 667 pt screen")
            for (id, cell) in x {
                let other = try XCTUnwrap(y[id])
                XCTAssertEqual(cell.center.x, other.center.x, accuracy: 1e-9, id)
                XCTAssertEqual(cell.center.y, other.center.y, accuracy: 1e-9, id)
                XCTAssertEqual(cell.width, other.width, id)
                XCTAssertEqual(cell.height, other.height, id)
            }
        }
    }

    func testScrollingProgrammaticallyMatchesTheSceneFile() throws {
        let yamlText = """
            springy: 1
            viewport: { size: [375, 667], scale: 2 }
            time: { fps: 60, duration: 2 }
            collection:
              layout: { kind: flow, item_size: [80, 80], section_inset: [10, 10, 10, 10] }
              sections: [{ items: 100 }]
            script:
              - { at: 0.2, scroll_to: { offset: [0, 600], animated: true } }
              - { at: 1.0, scroll_to: { offset: [0, 90], animated: false } }
              - { at: 1.2, scroll_to_item: { item: "0.60", position: center, animated: true } }
            """
        final class Grid: UIViewController, UICollectionViewDataSource {
            var collectionView: UICollectionView!
            override func viewDidLoad() {
                let layout = UICollectionViewFlowLayout()
                layout.itemSize = CGSize(width: 80, height: 80)
                layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
                collectionView = UICollectionView(
                    frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
                collectionView.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
                collectionView.dataSource = self
                view.addSubview(collectionView)
            }
            func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { 100 }
            func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            }
        }
        let swift = try Scene(
            named: "scrolling", duration: 2,
            script: [
                .at(0.2) { (vc: Grid) in vc.collectionView.setContentOffset(CGPoint(x: 0, y: 600), animated: true) },
                .at(1.0) { vc in vc.collectionView.contentOffset = CGPoint(x: 0, y: 90) },
                .at(1.2) { vc in
                    vc.collectionView.scrollToItem(at: IndexPath(item: 60, section: 0), at: .centeredVertically, animated: true)
                },
            ]
        ) { Grid() }.simulate()
        let yaml = try Scene(yaml: yamlText, file: "scrolling.yaml").simulate()
        XCTAssertEqual(swift.count, yaml.count)
        for (a, b) in zip(swift, yaml) {
            let x = cells(a), y = cells(b)
            XCTAssertEqual(x.keys.sorted(), y.keys.sorted(), "frame \(a.index): the same cells on screen")
            for (id, cell) in x {
                guard let other = y[id] else { continue }
                XCTAssertEqual(cell.center.y, other.center.y, accuracy: 1e-6, "frame \(a.index) \(id)")
            }
        }
    }

    /// scrollToItem keeps a horizontal offset within the content: 30 cells of 70 pt in one row
    /// (the view is one cell tall), 10 apart, make 2390 pt, so the offset goes from 0 to 2015 on
    /// a 375 pt wide view.
    func testScrollingToAnItemHorizontallyStopsAtTheContentsEnds() throws {
        final class Row: UIViewController, UICollectionViewDataSource {
            var collectionView: UICollectionView!
            override func viewDidLoad() {
                let layout = UICollectionViewFlowLayout()
                layout.scrollDirection = .horizontal
                layout.itemSize = CGSize(width: 70, height: 70)
                collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 70), collectionViewLayout: layout)
                collectionView.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
                collectionView.dataSource = self
                view.addSubview(collectionView)
            }
            func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { 30 }
            func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            }
        }
        let reports = Reports()
        func scroll(_ item: Int, _ position: UICollectionView.ScrollPosition, _ t: Double) -> [ScriptStep<Row>] {
            [
                .at(t) { vc in
                    vc.collectionView.scrollToItem(at: IndexPath(item: item, section: 0), at: position, animated: false)
                },
                .at(t + 0.05) { vc in reports.add("\(item) \(vc.collectionView.contentOffset.x)") },
            ]
        }
        _ = try Scene(
            named: "row", duration: 1,
            script: scroll(25, .left, 0.1) + scroll(29, .right, 0.2) + scroll(29, .left, 0.3)
                + scroll(0, .centeredHorizontally, 0.4)
                + scroll(1, .left, 0.5)
        ) { Row() }.simulate()
        // Under the end, on it (the last cell's right edge at the screen's), past it (clamped), past
        // the start (clamped), and one cell in.
        XCTAssertEqual(reports.all, ["25 2000.0", "29 2015.0", "29 2015.0", "0 0.0", "1 80.0"])
    }

    /// scenes/flow-grid.yaml: four sections under headers, dragged up by a finger that stops and
    /// lifts, then flung to the end and the rubber band; the UIKit grid gets the same scripted pans.
    func testAScriptedPanDragsTheCollectionViewAsTheSceneFilesPanDoes() throws {
        final class Sections: UIViewController, UICollectionViewDataSource {
            var collectionView: UICollectionView!
            let counts = [10, 7, 13, 5]
            override func viewDidLoad() {
                let layout = UICollectionViewFlowLayout()
                layout.itemSize = CGSize(width: 80, height: 80)
                layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 20, right: 10)
                layout.headerReferenceSize = CGSize(width: 0, height: 40)
                collectionView = UICollectionView(
                    frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
                collectionView.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
                collectionView.dataSource = self
                view.addSubview(collectionView)
            }
            func numberOfSections(in cv: UICollectionView) -> Int { counts.count }
            func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
            func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            }
        }
        let reports = Reports()
        let swift = try Scene(
            named: "flow-grid", duration: 5,
            script: [
                .pan(at: 0.2, from: CGPoint(x: 187, y: 600), to: CGPoint(x: 187, y: 250), duration: 0.6, release: .hold),
                .pan(at: 1.2, from: CGPoint(x: 187, y: 600), to: CGPoint(x: 187, y: 350), duration: 0.2),
                .at(0.5) { (vc: Sections) in
                    let pan = vc.collectionView.panGestureRecognizer
                    reports.add("\(pan.state) \(pan.location(in: vc.collectionView).y > 0) \(vc.collectionView.isDragging)")
                },
            ]
        ) { Sections() }.simulate()
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/flow-grid.yaml").simulate()
        XCTAssertEqual(swift.count, yaml.count)
        var compared = 0
        for (a, b) in zip(swift, yaml) {
            let x = cells(a), y = cells(b)
            XCTAssertEqual(x.keys.sorted(), y.keys.sorted(), "frame \(a.index): the same cells on screen")
            for (id, cell) in x {
                guard let other = y[id] else { continue }
                XCTAssertEqual(cell.center.y, other.center.y, accuracy: 1e-6, "frame \(a.index) \(id)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 1000)
        XCTAssertEqual(reports.all, ["changed true true"])
        // It moved: the first frame's top cell is off screen at the end.
        XCTAssertNil(swift.last?.item("0.0"))
    }

    /// An invalidation context's contentOffsetAdjustment moves the content offset, as in UIKit.
    func testAnInvalidationContextAdjustsTheContentOffset() throws {
        final class Grid: UIViewController, UICollectionViewDataSource {
            var collectionView: UICollectionView!
            override func viewDidLoad() {
                let layout = UICollectionViewFlowLayout()
                layout.itemSize = CGSize(width: 80, height: 80)
                collectionView = UICollectionView(
                    frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
                collectionView.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
                collectionView.dataSource = self
                view.addSubview(collectionView)
            }
            func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { 100 }
            func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            }
        }
        let reports = Reports()
        _ = try Scene(
            named: "adjust", duration: 0.3,
            script: [
                .at(0.1) { (vc: Grid) in
                    let context = UICollectionViewLayoutInvalidationContext()
                    context.contentOffsetAdjustment = CGPoint(x: 0, y: 45)
                    vc.collectionView.collectionViewLayout.invalidateLayout(with: context)
                    reports.add("\(vc.collectionView.contentOffset.y)")
                },
                .at(0.2) { vc in
                    // The cells on screen, found by index path (one off screen is not).
                    let cv = vc.collectionView!
                    reports.add(
                        "\(cv.cellForItem(at: IndexPath(item: 8, section: 0)).map { cv.indexPath(for: $0) == IndexPath(item: 8, section: 0) } ?? false)"
                    )
                    reports.add("\(cv.cellForItem(at: IndexPath(item: 90, section: 0)) == nil)")
                },
            ]
        ) { Grid() }.simulate()
        XCTAssertEqual(reports.all, ["45.0", "true", "true"])
    }
}
