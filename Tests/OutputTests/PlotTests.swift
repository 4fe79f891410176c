import Foundation
import SpringyPipeline
import SpringyScene
import SpringyTestSupport
import XCTest

/// `springy plot`: gaps where an item is off screen, headers as plottable as cells.
final class PlotTests: XCTestCase {
    func testACellThatLeavesTheScreenLeavesAGapNotABridge() throws {
        let scene = try SceneLoader.load(path: packageRoot + "/scenes/flow-grid.yaml")
        let plot = try PlotJob(scene: scene, quantity: .y, item: "0.0", spring: nil).plot()
        let values = plot.series.map(\.1)
        let firstGap = try XCTUnwrap(values.firstIndex { $0.isNaN }, "0.0 scrolls off screen")
        XCTAssertTrue(values[..<firstGap].allSatisfy(\.isFinite))
        XCTAssertGreaterThan(firstGap, 0)
        // one NaN per absence, never two in a row
        XCTAssertFalse(zip(values, values.dropFirst()).contains { $0.isNaN && $1.isNaN })
        XCTAssertNoThrow(try plot.canvas())
    }

}
