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

    /// `plot --spring … --from T` (issue 47): the closed form starts at the release, from the
    /// value charted then, at rest — so it lies over a spring released mid-scene. A free view
    /// held by an animator until 0.5 s, then released to an attachment (1 Hz, ζ 0.3) at its
    /// anchor 100 pt below: from 0.5 s the simulated y and the closed form agree.
    func testASpringReleasedMidSceneIsChartedFromItsRelease() throws {
        let text = scene(
            300, 400, time: "fps: 60, duration: 3",
            """
            items:
              card: { center: [150, 100], size: [40, 40] }
            script:
              - { at: 0.5, add: { attachment: { item: card, to: [150, 200], length: 0, frequency: 1, damping: 0.3 } } }
            """)
        let model = try SceneLoader.decode(yaml: text, file: "release.yaml")
        var job = PlotJob(scene: model, quantity: .y, item: "card", spring: (1, 0.3, 200))
        job.from = 0.5
        let plot = try job.plot()
        let curve = try XCTUnwrap(plot.lines.first { $0.name.contains("closed form") })
        XCTAssertEqual(try XCTUnwrap(curve.points.first).0, 0.5, accuracy: 1e-9, "it starts at the release")
        XCTAssertEqual(try XCTUnwrap(curve.points.first).1, 100, accuracy: 1e-9, "from the value then")
        XCTAssertTrue(curve.name.contains("from 0.5 s"), curve.name)
        let simulated = Dictionary(uniqueKeysWithValues: plot.series.map { (Int(($0.0 * 60).rounded()), $0.1) })
        var worst = 0.0
        for (t, y) in curve.points { worst = max(worst, abs(y - simulated[Int((t * 60).rounded())]!)) }
        XCTAssertLessThan(worst, 2, "the closed form lies over the released spring (worst \(worst) pt)")
        // One step past the last frame is refused, naming the time.
        job.from = 3.1
        XCTAssertThrowsError(try job.plot()) {
            XCTAssertTrue("\($0)".contains("--from 3.1 s is after the last time charted"), "\($0)")
        }
    }
}
