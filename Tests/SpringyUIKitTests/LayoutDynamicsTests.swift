import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// UIDynamicAnimator(collectionViewLayout:): a flow layout that hands its attributes to an
/// animator (the springy-layout pattern), scrolled from the script.
final class LayoutDynamicsTests: XCTestCase {
    /// Every cell hangs on a spring at its flow position; a scroll drags the cells by the scroll's
    /// delta less a resistance that grows with their distance from the visible top, so far cells lag.
    final class SpringyLayout: UICollectionViewFlowLayout {
        lazy var animator = UIDynamicAnimator(collectionViewLayout: self)

        override func prepare() {
            super.prepare()
            guard animator.behaviors.isEmpty else { return }
            let all = super.layoutAttributesForElements(in: CGRect(origin: .zero, size: collectionViewContentSize)) ?? []
            for item in all where item.representedElementCategory == .cell {
                let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
                spring.length = 0
                spring.damping = 0.8
                spring.frequency = 1
                animator.addBehavior(spring)
            }
        }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            animator.items(in: rect).compactMap { $0 as? UICollectionViewLayoutAttributes }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            animator.layoutAttributesForCell(at: indexPath)
        }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            guard let cv = collectionView else { return false }
            let delta = newBounds.origin.y - cv.bounds.origin.y
            for case let spring as UIAttachmentBehavior in animator.behaviors {
                guard let item = spring.items.first as? UICollectionViewLayoutAttributes else { continue }
                let resistance = abs(spring.anchorPoint.y - newBounds.minY) / 1500
                item.center.y += delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
                animator.updateItem(usingCurrentState: item)
            }
            return false
        }
    }

    final class Springy: UIViewController, UICollectionViewDataSource {
        var collectionView: UICollectionView!
        let layout = SpringyLayout()
        override func viewDidLoad() {
            layout.itemSize = CGSize(width: 355, height: 60)
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
            collectionView.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "c")
            collectionView.dataSource = self
            view.addSubview(collectionView)
        }
        func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { 40 }
        func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            cell.backgroundColor = .systemBlue
            return cell
        }
    }

    func testCellsLagAScrollAndSpringBackToTheirFlowPlaces() throws {
        let reports = Reports()
        let scene = try Scene(
            named: "springy-layout", duration: 6,
            script: [
                .at(0.5) { (vc: Springy) in vc.collectionView.setContentOffset(CGPoint(x: 0, y: 300), animated: true) },
                .at(0.6) { vc in reports.add("running \(vc.layout.animator.isRunning)") },
                .at(5.9) { vc in
                    let a = vc.layout.animator.layoutAttributesForCell(at: IndexPath(item: 12, section: 0))
                    reports.add(
                        "cell 12 at \(a.map { Int($0.center.y.rounded()) } ?? -1), running \(vc.layout.animator.isRunning)")
                    reports.add("elapsed \(vc.layout.animator.elapsedTime > 0.5)")
                },
            ]
        ) { Springy() }
        let frames = try scene.simulate()
        // Flow places: cell k's centre at 10 + 30 + 70 k in the content; on screen, less the offset.
        func gap(_ frame: Frame, _ k: Int) throws -> Double {
            let cell = try XCTUnwrap(frame.item("0.\(k)"), "cell \(k) in frame \(frame.index)")
            let offset = frame.index >= 60 ? 300.0 : -1
            return offset < 0 ? 0 : abs(cell.center.y - (40 + 70 * Double(k) - offset))
        }
        // Mid-scroll the cells are off their places (far ones lag); at the end they are back.
        let mid = frames[40]
        XCTAssertNotNil(frames[0].item("0.0"), "the cells show from the first frame (the animator's items, not yet stepped)")
        let spread = try (4...10).map { try XCTUnwrap(mid.item("0.\($0)")).center.y }
        let flowSpread = 70.0 * 6
        XCTAssertGreaterThan(abs((spread.last! - spread.first!) - flowSpread), 1, "the springs stretch while it scrolls")
        XCTAssertLessThanOrEqual(try gap(frames.last!, 12), 0.5)
        XCTAssertEqual(reports.all, ["running true", "cell 12 at 880, running false", "elapsed true"])
    }
}
