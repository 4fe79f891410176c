import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// UILongPressGestureRecognizer from the script's `longPress`: recognised after its minimum
/// press duration within its allowable movement, then changed and ended; over a scroll view it
/// takes the touch (the content stops where it is, and no tap selects).
final class LongPressTests: XCTestCase {
    final class Screen: UIView, UICollectionViewDataSource {
        let reports = Reports()
        let press = UILongPressGestureRecognizer()
        let scroller = UICollectionView(
            frame: CGRect(x: 0, y: 300, width: 375, height: 367), collectionViewLayout: UICollectionViewFlowLayout())

        init(minimum: TimeInterval) {
            super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            press.minimumPressDuration = minimum
            press.addTarget { [unowned self] r in
                let p = r.location(in: self)
                reports.add("\(r.state) \(Int(p.x)),\(Int(p.y))")
            }
            scroller.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
            scroller.allowsMultipleSelection = true
            scroller.dataSource = self
            scroller.addGestureRecognizer(press)
            addSubview(scroller)
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 200 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
    }

    /// What the recogniser reported, the scroll's offset and the selection at `until`.
    func run(minimum: TimeInterval = 0.5, _ script: [ScriptStep<Screen>], until: Double = 2) throws -> [String] {
        let box = Reports()
        let scene = try Scene(
            named: "long-press", duration: until,
            script: script + [
                .at(until - 0.05) { s in
                    for line in s.reports.all { box.add(line) }
                    box.add(
                        "offset \(Int(s.scroller.contentOffset.y)) selected \(s.scroller.indexPathsForSelectedItems?.count ?? 0)")
                }
            ]
        ) { Screen(minimum: minimum) }
        _ = try scene.simulate()
        return box.all
    }

    func testRecognisedAfterItsPressThenChangedAndEndedAndTheScrollStops() throws {
        let lines = try run([
            .longPress(
                at: 0.2, CGPoint(x: 100, y: 400), press: 0.5, through: [CGPoint(x: 100, y: 400), CGPoint(x: 100, y: 300)],
                duration: 0.2, hold: 0.1)
        ])
        XCTAssertEqual(lines.first, "began 100,400")
        // Moving 0.2 s and still 0.1 s: 36 steps after it is recognised, the last of them the lift.
        XCTAssertEqual(lines.filter { $0.hasPrefix("changed") }.count, 35, "a change every step it is held: \(lines)")
        XCTAssertEqual(lines.dropLast().last, "ended 100,300")
        XCTAssertEqual(lines.last, "offset 0 selected 0", "the press took the touch: no scroll, no tap")
    }

    /// The boundaries: recognised at its minimum duration to the step and not a step before; a
    /// finger that creeps 10 pt still presses, 10.5 pt fails it; lifted first, it fails.
    func testItsDurationAndItsAllowableMovementHoldAtTheirEdges() throws {
        func began(press: Double, minimum: TimeInterval = 0.5, drift: CGFloat = 0) throws -> Bool {
            try run(
                minimum: minimum,
                [.longPress(at: 0.2, CGPoint(x: 100, y: 400), press: press, hold: 0.1, drift: CGVector(dx: drift, dy: 0))]
            ).contains { $0.hasPrefix("began") }
        }
        XCTAssertTrue(try began(press: 0.5))
        // Held 0.6 s (0.5 pressing, 0.1 still); the last step's end is the lift, so the last
        // moment it can be recognised is a step before: at 0.6 − 1/120 s, not at 0.6 s.
        XCTAssertTrue(try began(press: 0.5, minimum: 0.6 - 1.0 / 120), "recognised while held")
        XCTAssertFalse(try began(press: 0.5, minimum: 0.6), "lifted before its minimum: fails")
        XCTAssertTrue(try began(press: 0.5, drift: 10))
        XCTAssertFalse(try began(press: 0.5, drift: 10.5))
    }

    /// A short touch is not a press: the collection view's tap selects as before.
    func testATapIsStillATap() throws {
        let lines = try run([.tap(at: 0.2, CGPoint(x: 30, y: 330))])
        XCTAssertEqual(lines, ["offset 0 selected 1"])
    }
}
