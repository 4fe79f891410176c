import Foundation
import SeedScenes
import SpringyKit
import SpringyUIKit
import XCTest

@testable import UIKitSeeds

/// Expand and collapse in UIKit, held to scenes/expand-collapse.yaml and scenes/expand-sticky.yaml:
/// every row and header within 0.5 pt of the YAML scene's on every frame.
final class ExpandingListTests: XCTestCase {
    static func collapse() throws -> Scene { try SeedScenes.expandCollapse() }
    static func sticky() throws -> Scene { try SeedScenes.expandSticky() }

    /// The largest difference between the rows (by index path) and headers (by `header.S`) two
    /// frames both show: in centre, and in height.
    func gap(_ swift: Frame, _ yaml: Frame) -> (distance: Double, height: Double, id: String) {
        var worst = (0.0, 0.0, "")
        func compare(_ id: String, _ a: (Point, Double), _ b: (Point, Double)) {
            let d = hypot(a.0.x - b.0.x, a.0.y - b.0.y)
            if d > worst.0 || abs(a.1 - b.1) > worst.1 { worst.2 = id }
            worst.0 = max(worst.0, d)
            worst.1 = max(worst.1, abs(a.1 - b.1))
        }
        for x in swift.items where x.isCell {
            guard let y = yaml.item(x.id) else { continue }
            compare(x.id, (x.center, x.height), (y.center, y.height))
        }
        for h in yaml.headers {
            guard let x = swift.item(h.id) else { continue }
            compare(h.id, (x.center, x.height), (h.center, h.height))
        }
        return worst
    }

    /// Frames of both, compared: the same rows on screen, each within 0.5 pt.
    func hold(_ swift: [Frame], to yaml: [Frame], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(swift.count, yaml.count, file: file, line: line)
        for (a, b) in zip(swift, yaml) {
            let rows = { (f: Frame) in Set(f.items.filter(\.isCell).map(\.id)) }
            XCTAssertTrue(
                rows(b).isSubset(of: rows(a)), "frame \(a.index): the YAML scene's rows are on screen", file: file, line: line)
            let g = gap(a, b)
            XCTAssertLessThanOrEqual(
                g.distance, 0.5, "frame \(a.index): \(g.id) from the YAML scene (pt)", file: file, line: line)
            XCTAssertLessThanOrEqual(g.height, 0.5, "frame \(a.index): \(g.id)'s height (pt)", file: file, line: line)
            if g.distance > 0.5 || g.height > 0.5 { break }
        }
    }

    func testExpandAndCollapseMatchTheYAMLSceneOnEveryFrame() throws {
        let swift = try Self.collapse().simulate()
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/expand-collapse.yaml").simulate()
        hold(swift, to: yaml)
        // The grown row scrolled fully on screen: its bottom at the view's.
        let grown = try XCTUnwrap(swift[90].item("0.5"))
        XCTAssertEqual(grown.height, 300, accuracy: 1e-9)
        XCTAssertEqual(grown.center.y + grown.height / 2, 667, accuracy: 1e-9)
        XCTAssertEqual(swift.last?.item("0.2")?.height ?? 0, 300, accuracy: 1e-9)
    }

    func testPinnedHeadersAndAGrowingRowUnderOneMatchTheYAMLScene() throws {
        let swift = try Self.sticky().simulate()
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/expand-sticky.yaml").simulate()
        hold(swift, to: yaml)
        // Section 1's header is pinned at the top while its rows scroll under it.
        let header = try XCTUnwrap(swift[55].item("header.1"))
        XCTAssertEqual(header.center.y, 20, accuracy: 1e-9)
        XCTAssertEqual(yaml[55].headers.first { $0.id == "header.1" }?.isPinned, true)
    }

    /// Selection as UIKit's: a tap selects the row (the cell says so) and tells the delegate;
    /// the write-up's delegate deselects it on the second tap; a tap that stops a scroll selects
    /// nothing.
    func testATapSelectsTheRowAndTheWriteUpDeselectsItOnTheSecond() throws {
        let scene = try Scene(
            named: "selection", duration: 2,
            script: [
                .tap(at: 0.1, CGPoint(x: 187, y: 150)),
                .at(0.3) { (vc: ExpandingListViewController) in
                    XCTAssertEqual(vc.collectionView.indexPathsForSelectedItems, [IndexPath(item: 1, section: 0)])
                    XCTAssertEqual(vc.collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected, true)
                    XCTAssertEqual(vc.layout.selectedIndexPath, IndexPath(item: 1, section: 0))
                },
                .tap(at: 0.4, CGPoint(x: 187, y: 150)),
                .at(0.6) { (vc: ExpandingListViewController) in
                    XCTAssertNil(vc.collectionView.indexPathsForSelectedItems)
                    XCTAssertEqual(vc.collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected, false)
                    XCTAssertNil(vc.layout.selectedIndexPath)
                },
                // A fling, then a tap while the content still moves: it stops, nothing is selected.
                .pan(at: 0.8, from: CGPoint(x: 187, y: 600), to: CGPoint(x: 187, y: 300), duration: 0.1, release: .fling),
                .tap(at: 1.0, CGPoint(x: 187, y: 150)),
                .at(1.2) { (vc: ExpandingListViewController) in
                    XCTAssertNil(vc.collectionView.indexPathsForSelectedItems)
                    XCTAssertNil(vc.layout.selectedIndexPath)
                    XCTAssertFalse(vc.collectionView.isDecelerating)
                },
            ]
        ) { ExpandingListViewController(counts: [20]) }
        XCTAssertEqual(try scene.simulate().count, 120)
    }
}
