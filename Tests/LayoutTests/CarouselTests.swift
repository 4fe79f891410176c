import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// The springy carousel and the scroll view, through scene text and the trace's frames.
final class CarouselTests: XCTestCase {
    func carousel(width: Double = 375, items: Int = 30, fps: Int = 120, duration: Double = 8, script: String) -> String {
        scene(width, 667, time: "fps: \(fps), duration: \(duration)", """
        collection:
          layout: { kind: flow, direction: horizontal, item_size: [70, 70], line_spacing: 10, interitem_spacing: 10, align: bottom }
          sections:
            - items: \(items)
          dynamics: { kind: springy }
        script:
        \(script)
        """)
    }

    func x(_ f: FrameState, _ id: String) -> Double? { item(f, id)?.center.x }

    /// A plain vertical grid of 80 pt cells on a phone screen, panned once at 0.1 s.
    func grid(items: Int, duration: Double, pan: String) -> String {
        scene(375, 667, time: "fps: 60, duration: \(duration)", """
        collection:
          layout: { kind: flow, item_size: [80, 80] }
          sections:
            - items: \(items)
        script:
          - at: 0.1
            pan: \(pan)
        """)
    }

    func testNearCellsFollowTheFingerAndFarCellsLagByTheFullDelta() throws {
        // A wide view so that cells 500 pt and more from the touch are on screen.
        let f = try frames(carousel(width: 1000, fps: 120, duration: 1.5, script: """
          - at: 0.5
            pan: { from: [40, 600], to: [-200, 600], duration: 0.5, release: hold }
        """))
        let start = 60 // the pan's first step is frame 61
        let content = f[start + 1].contentOffset.x - f[start].contentOffset.x
        XCTAssertGreaterThan(content, 1, "the content scrolls")
        let near = x(f[start + 1], "0.0")! - x(f[start], "0.0")!       // 5 pt from the touch
        let far = x(f[start + 1], "0.8")! - x(f[start], "0.8")!        // 635 pt from the touch
        XCTAssertEqual(near, -content, accuracy: 0.05 * content, "near cell moves with the content")
        XCTAssertEqual(far, 0, accuracy: 0.05 * content, "far cell lags by the full scroll delta")
        // Half-way: a cell 250 pt away moves with half the content.
        let mid = x(f[start + 1], "0.3")! - x(f[start], "0.3")!         // 235 pt from the touch
        XCTAssertEqual(mid, -content * (1 - 235.0 / 500), accuracy: 0.05 * content)
    }

    func testAfterAPanEveryCellReturnsToItsFlowPositionAtRest() throws {
        let text = carousel(script: """
          - at: 0.3
            pan: { from: [330, 600], to: [100, 600], duration: 0.5, release: hold, hold: 0.2 }
        """).replacingOccurrences(of: "duration: 8", with: "until: rest, max_duration: 20")
        let f = try frames(text)
        let last = f.last!
        XCTAssertTrue(last.atRest, "comes to rest")
        XCTAssertEqual(last.contentOffset.x, 230, accuracy: 0.001)
        for cell in last.items {
            let index = Double(ItemPath(string: cell.id)!.item)
            let slot = Vec2(35 + 80 * index - last.contentOffset.x, 632)
            XCTAssertEqual(cell.center.distance(to: slot), 0, accuracy: 0.5, "\(cell.id) at \(cell.center), slot \(slot)")
        }
    }

    func testAnInsertedCellFallsFromAboveTouchesTheRowAndBounces() throws {
        let f = try frames(carousel(duration: 4, script: """
          - at: 0.5
            insert: { at: right_of_center }
        """))
        let startFrame = 61
        let new = "0.2" // the first cell right of the centre (x 195 > 187.5)
        XCTAssertEqual(f[startFrame - 1].items.count, f[startFrame].items.count - 1, "one more cell")
        let y0 = item(f[startFrame], new)!.center.y
        XCTAssertLessThan(y0, 100, "starts at the top of the view")
        XCTAssertEqual(item(f[startFrame], new)!.center.x, 195, accuracy: 0.01)
        let ys = f[startFrame...].map { item($0, new)!.center.y }
        let touch = f[startFrame...].firstIndex { $0.events.contains { $0.kind == .began && $0.item == new && $0.with == "bounds" } }
        XCTAssertNotNil(touch, "touches the row's floor")
        // a bounce: after the lowest point it rises again
        let turn = ys.indices.first { $0 + 1 < ys.count && ys[$0 + 1] < ys[$0] - 0.01 }!
        XCTAssertGreaterThan(ys[turn], 625, "falls onto the row before turning")
        XCTAssertLessThan(ys[turn...].min()!, ys[turn] - 20, "bounces back up")
        // the neighbours keep their places and spring to the new slots
        XCTAssertEqual(x(f[startFrame], "0.3")!, 195, accuracy: 0.5, "old 0.2 starts where it was")
        XCTAssertEqual(x(f.last!, "0.3")!, 275, accuracy: 0.5, "and springs to its new slot")
    }

    func testAFlingDeceleratesAsUIScrollViewDoes() throws {
        let f = try frames(grid(items: 400, duration: 4, pan: "{ from: [187, 600], to: [187, 500], duration: 0.1, release: fling }"))
        // released at 0.2 s at offset 100 with 1000 pt/s
        let release = 12
        XCTAssertEqual(f[release].contentOffset.y, 100, accuracy: 0.01)
        for n in [18, 30, 60, 120, 200] {
            let t = Double(n - release) / 60
            let expected = ScrollAxis.decelerated(start: 100, velocity: 1000, time: t).offset
            XCTAssertEqual(f[n].contentOffset.y, expected, accuracy: 0.02 * (expected - 100), "frame \(n)")
        }
        let rest = 100 - 1000 / (1000 * log(0.998))
        XCTAssertEqual(f.last!.contentOffset.y, rest, accuracy: 0.5)
    }

    func testAnOverscrollRubberBandsAndReturnsToTheEdge() throws {
        let f = try frames(grid(items: 20, duration: 3, pan: "{ from: [187, 200], to: [187, 400], duration: 0.4, release: hold }"))
        // frame 29 (t = 0.4833 s): the finger is 191.67 pt down, still touching
        let pulled = f[29].contentOffset.y
        XCTAssertLessThan(pulled, 0, "pulled past the top")
        XCTAssertGreaterThan(pulled, -191, "less than the finger moved")
        XCTAssertEqual(pulled, -ScrollAxis.rubberBand(200 * (0.4833333333 - 0.1) / 0.4, dimension: 667), accuracy: 0.01)
        XCTAssertEqual(f.last!.contentOffset.y, 0, accuracy: 0.001, "back at the edge")
        XCTAssertTrue(f.last!.atRest)
    }

    func testACarouselFrameRangeTracesTheSameAsTheFullRun() throws {
        let scene = try SceneLoader.load(path: packageRoot + "/scenes/springy-carousel-insert.yaml")
        let a = try Simulation.frames(of: scene).map(TraceWriter.line)
        var part: [String] = []
        try Simulation(scene: scene).run(frames: 200...260) { part.append(TraceWriter.line($0)) }
        XCTAssertEqual(part, Array(a[200...260]).map { $0 }, "a frame range traces the same as the full run")
    }

    func testCarouselRendersTheSameOnOneAndTwoThreads() throws {
        let dir = temporaryDirectory()
        for (name, threads) in [("one", "1"), ("two", "2")] {
            let r = try runSpringy(["render", "scenes/springy-carousel.yaml", "--out", "\(dir)/\(name)", "--threads", threads,
                                    "--frames", "40-70", "--quiet", "--scale", "1"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        for n in 40...70 {
            let file = "springy-carousel/frame-000\(n).png"
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/one/\(file)")),
                           try Data(contentsOf: URL(fileURLWithPath: "\(dir)/two/\(file)")), file)
        }
    }
}
