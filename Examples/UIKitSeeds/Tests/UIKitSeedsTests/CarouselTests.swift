import Foundation
import SeedScenes
import SpringyKit
import SpringyUIKit
import XCTest

@testable import UIKitSeeds

/// The springy carousel with inserts (day 5) in UIKit, held to scenes/springy-carousel-insert.yaml.
final class CarouselTests: XCTestCase {
    static func scene() throws -> Scene { try SeedScenes.carousel() }

    /// The number each cell shows, by index path: a YAML cell draws its own, a UIKit cell's is
    /// its label's (drawn where the cell is).
    func numbers(_ f: Frame) -> [String: String] {
        var out: [String: String] = [:]
        for cell in f.items where cell.isCell {
            if let n = cell.label {
                out[cell.id] = n
            } else if let label = f.items.first(where: {
                !$0.isCell && $0.label != nil && hypot($0.center.x - cell.center.x, $0.center.y - cell.center.y) < 0.01
            }) {
                out[cell.id] = label.label
            }
        }
        return out
    }

    /// The largest distance between the cells two frames both show (by index path).
    func gap(_ a: Frame, _ b: Frame) -> (distance: Double, turn: Double, id: String) {
        var worst = (0.0, 0.0, "")
        for x in a.items where x.isCell {
            guard let y = b.item(x.id) else { continue }
            let d = hypot(x.center.x - y.center.x, x.center.y - y.center.y)
            if d > worst.0 { worst = (d, worst.1, x.id) }
            worst.1 = max(worst.1, abs(x.angle - y.angle))
        }
        return worst
    }

    func testTheCarouselMatchesTheYAMLSceneUntilItsSecondInsert() throws {
        let swift = try Self.scene().simulate()
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/springy-carousel-insert.yaml").simulate()
        XCTAssertEqual(swift.count, yaml.count)
        // The same cells on screen showing the same numbers (the first insert's, 30, at 0.2).
        for (a, b) in zip(swift, yaml).prefix(180) {
            XCTAssertEqual(numbers(a), numbers(b), "frame \(a.index): the cells on screen and their numbers")
            if numbers(a) != numbers(b) { break }
        }
        XCTAssertEqual(numbers(swift[40])["0.2"], "30")
        // Every frame up to the second insert (frame 180) within 0.5 pt and 0.01 rad: the insert
        // at rest, the new cell's fall, the fling and the cells lagging it.
        for (a, b) in zip(swift, yaml).prefix(180) {
            let g = gap(a, b)
            XCTAssertLessThanOrEqual(g.distance, 0.5, "frame \(a.index): cell \(g.id) from the YAML scene (pt)")
            XCTAssertLessThanOrEqual(g.turn, 0.01, "frame \(a.index): a cell's turn from the YAML scene (rad)")
            if g.distance > 0.5 { break }
        }
    }

    /// The second insert comes while the cells still swing from the fling. The write-up's code
    /// keeps each index path's body and hands it the position of the cell before it (its
    /// `resetItemSpringsForInsertAtIndexPath`), so a cell's velocity stays with its index path;
    /// the YAML scene's cells keep their own bodies, velocities and all. So from frame 180 the two
    /// differ by what the cells' velocities differ by (measured: up to 11 pt 0.2 s after it, under
    /// 0.5 pt from frame 270 on) and settle to the same rest.
    func testAfterTheSecondInsertBothSettleInTheSamePlaces() throws {
        let swift = try Self.scene().simulate()
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/springy-carousel-insert.yaml").simulate()
        let g = gap(swift[swift.count - 1], yaml[yaml.count - 1])
        XCTAssertLessThanOrEqual(g.distance, 0.5, "the last frame: cell \(g.id) from the YAML scene (pt)")
        XCTAssertEqual(numbers(swift[swift.count - 1]), numbers(yaml[yaml.count - 1]), "the same numbers on screen")
        XCTAssertEqual(numbers(swift[swift.count - 1]).count, 5)
    }
}
