import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// A scroll view under the script's finger: each axis its own, deceleration told when both have
/// stopped, and a tap on a collection view's cell only when the finger stayed within 10 pt.
final class ScrollViewTouchTests: XCTestCase {
    final class Screen: UIView, UICollectionViewDataSource, UIScrollViewDelegate, UICollectionViewDelegate {
        let scroller = UIScrollView(frame: CGRect(x: 0, y: 0, width: 375, height: 300))
        let collection = UICollectionView(
            frame: CGRect(x: 0, y: 320, width: 375, height: 347), collectionViewLayout: UICollectionViewFlowLayout())
        let told = Reports()

        init(alwaysBounceVertical: Bool = false) {
            super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            scroller.contentSize = CGSize(width: 1500, height: 300)
            scroller.alwaysBounceVertical = alwaysBounceVertical
            scroller.delegate = self
            addSubview(scroller)
            collection.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
            collection.dataSource = self
            collection.delegate = self
            addSubview(collection)
        }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 200 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            if scrollView === scroller { told.add("ended at \(Int(scroller.contentOffset.x)),\(Int(scroller.contentOffset.y))") }
        }
    }

    func run(
        _ script: [ScriptStep<Screen>], alwaysBounceVertical: Bool = false, until: Double = 3,
        check: @escaping @Sendable (Screen, Reports) -> Void = { _, _ in }
    ) throws -> [String] {
        let box = Reports()
        let scene = try Scene(
            named: "scroll-touch", duration: until,
            script: script + [
                .at(until - 0.05) { s in
                    check(s, box)
                    for line in s.told.all { box.add(line) }
                    box.add("offset \(Int(s.scroller.contentOffset.x)),\(Int(s.scroller.contentOffset.y))")
                    box.add("selected \(s.collection.indexPathsForSelectedItems?.map(\.item) ?? [])")
                }
            ]
        ) { Screen(alwaysBounceVertical: alwaysBounceVertical) }
        _ = try scene.simulate()
        return box.all
    }

    /// A horizontal fling moves only the horizontal axis; it decelerates (isDecelerating while
    /// only that axis moves) and the delegate hears the end once, where it came to rest.
    func testAHorizontalFlingDeceleratesOnItsOwnAxisAndEndsOnce() throws {
        let moving = Reports()
        let lines = try run(
            [
                .pan(at: 0.1, from: CGPoint(x: 300, y: 150), to: CGPoint(x: 200, y: 150), duration: 0.1, release: .fling),
                .at(0.4) { s in moving.add("decelerating \(s.scroller.isDecelerating), y \(Int(s.scroller.contentOffset.y))") },
            ], until: 6)
        XCTAssertEqual(moving.all, ["decelerating true, y 0"])
        XCTAssertEqual(lines.filter { $0.hasPrefix("ended") }.count, 1, "\(lines)")
        let end = try XCTUnwrap(lines.first { $0.hasPrefix("ended") })
        XCTAssertEqual(end.replacingOccurrences(of: "ended at", with: "offset"), lines.first { $0.hasPrefix("offset") })
        XCTAssertGreaterThan(Int(end.dropFirst(9).split(separator: ",")[0]) ?? 0, 150, "it went on past the finger's 100 pt")
    }

    /// alwaysBounceVertical is the vertical axis's own: a vertical drag on content no taller than
    /// the view rubber-bands with it and not without it.
    func testAlwaysBounceIsPerAxis() throws {
        let drag: [ScriptStep<Screen>] = [
            .pan(at: 0.1, from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 200), duration: 0.2, release: .hold),
            .at(0.35) { s in s.told.add("held at \(Int(s.scroller.contentOffset.y))") },
        ]
        let bounced = try run(drag, alwaysBounceVertical: true, until: 0.5)
        let still = try run(drag, alwaysBounceVertical: false, until: 0.5)
        XCTAssertLessThan(Int(bounced.first { $0.hasPrefix("held") }?.dropFirst(8) ?? "0") ?? 0, -10, "\(bounced)")
        XCTAssertEqual(still.first { $0.hasPrefix("held") }, "held at 0")
    }

    /// A tap selects when the finger stayed within 10 pt of where it landed, however it came back.
    func testATapOnACellAllowsTenPointsOfMovement() throws {
        func selected(_ points: [CGPoint]) throws -> String? {
            try run([.pan(at: 0.1, through: points, duration: 0.1, release: .hold)], until: 0.5).last
        }
        let landing = CGPoint(x: 25, y: 345)  // item 0
        XCTAssertEqual(try selected([landing, CGPoint(x: 35, y: 345)]), "selected [0]")
        XCTAssertEqual(try selected([landing, CGPoint(x: 35.5, y: 345)]), "selected []")
        // Out 20 pt and back to where it landed: it moved, so it is no tap.
        XCTAssertEqual(try selected([landing, CGPoint(x: 45, y: 345), landing]), "selected []")
    }

    /// Bounds set from outside are where the next drag starts (the axes take the new origin).
    func testADragStartsFromBoundsSetFromOutside() throws {
        let lines = try run(
            [
                .at(0.05) { s in s.scroller.bounds.origin.x = 200 },
                .pan(at: 0.1, from: CGPoint(x: 300, y: 150), to: CGPoint(x: 250, y: 150), duration: 0.2, release: .hold),
            ], until: 0.5)
        XCTAssertEqual(lines.first { $0.hasPrefix("offset") }, "offset 250,0")
    }
}
