import Foundation
import SpringyPipeline
import SpringyScene
import SpringyTestSupport
import XCTest

/// The parts of OutputTests's PlotTests that run the `springy` binary (issue 44: subprocess tests
/// live in the end-to-end target; PlotTests keeps what runs in process).
final class PlotCommandTests: XCTestCase {
    func testAHeaderCanBePlotted() throws {
        let scene = try SceneLoader.load(path: packageRoot + "/scenes/sticky-headers.yaml")
        let plot = try PlotJob(scene: scene, quantity: .y, item: "header.1", spring: nil).plot()
        XCTAssertGreaterThan(plot.series.filter { $0.1.isFinite }.count, 10)
        let speed = try PlotJob(scene: scene, quantity: .speed, item: "header.1", spring: nil).plot()
        XCTAssertTrue(speed.series.contains { $0.1.isFinite && $0.1 > 0 }, "a header's speed from its motion")
        let r = try runSpringy([
            "plot", "scenes/sticky-headers.yaml", "--item", "header.1", "--out", temporaryDirectory() + "/h.svg",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
    }
}
