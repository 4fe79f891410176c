import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyScene
import SpringyTestSupport
import XCTest

/// Layout dynamics run on plain `CollectionGeometry` values, with no collection view behind them.
final class LayoutDynamicsTests: XCTestCase {
    let spec: CollectionSpec = {
        let s = try? SceneLoader.decode(
            yaml: scene(
                375, 200,
                """
                collection:
                  layout: { kind: flow, direction: horizontal, item_size: [70, 70], line_spacing: 10, interitem_spacing: 10, align: bottom }
                  sections:
                    - items: 30
                  dynamics: { kind: springy }
                """), file: "springy.yaml")
        return s!.collection!
    }()

    func geometry(offset: Double) -> CollectionGeometry {
        let layout = FlowLayout(spec: spec.layout, sectionCounts: [30], viewSize: Size2(375, 200))
        return CollectionGeometry(
            layout: layout, offset: offset, viewSize: Size2(375, 200), vertical: false,
            keys: [Array(0..<30)])
    }

    func testTheSpringyLayoutLagsBehindTheScrollingFingerOnly() throws {
        func firstCellShift(finger source: FingerSource?) throws -> Double {
            let springy = try SpringyCarousel(
                params: spec.dynamics, itemSize: Size2(70, 70), world: .uikit, in: geometry(offset: 0))
            let before = try XCTUnwrap(springy.state(ofKey: 0)).center.x
            if let source { springy.fingerMoved(to: Vec2(140, 100), source: source, in: geometry(offset: 0)) }
            try springy.step(in: geometry(offset: 10))
            return try XCTUnwrap(springy.state(ofKey: 0)).center.x - before
        }
        // Cell 0 first moves min(1, distance from the finger / scroll_resistance) of the 10 pt scroll,
        // the finger over the content before the scroll (offset 0: UIKit asks the layout first).
        let anchor = try XCTUnwrap(geometry(offset: 10).layout.attributes(for: ItemPath(0, 0))).center.x
        let expected = 10 * min(1, abs(anchor - (140 + 0)) / spec.dynamics.scrollResistance)
        XCTAssertGreaterThan(expected, 0.1)
        XCTAssertEqual(try firstCellShift(finger: .pan), expected, accuracy: 0.02)
        XCTAssertEqual(try firstCellShift(finger: .longPress), 0, accuracy: 1e-3, "a long press is not the pan")
        XCTAssertEqual(try firstCellShift(finger: nil), 0, accuracy: 1e-3)
    }

    func testTheDragFollowsTheLongPressAndSettlesWhenItLifts() throws {
        var params = spec.dynamics
        params.kind = .drag
        let drag = try DragSession(
            params: params, selection: [ItemPath(0, 1)], touch: Vec2(120, 150), world: .uikit,
            in: geometry(offset: 0))
        XCTAssertEqual(drag.cellsDrawnAnywhere, [ItemPath(0, 1)])
        XCTAssertEqual(drag.cellZ, 1)
        drag.fingerMoved(to: Vec2(300, 150), source: .pan, in: geometry(offset: 0))
        for _ in 0..<60 { try drag.step(in: geometry(offset: 0)) }
        let still = try XCTUnwrap(drag.state(ofKey: 1)).center.x
        drag.fingerMoved(to: Vec2(300, 150), source: .longPress, in: geometry(offset: 0))
        for _ in 0..<120 { try drag.step(in: geometry(offset: 0)) }
        XCTAssertGreaterThan(try XCTUnwrap(drag.state(ofKey: 1)).center.x, still + 150, "follows the press, not a pan")
        XCTAssertFalse(drag.isFinished)
        drag.fingerLifted(source: .longPress)
        var steps = 0
        while !drag.isFinished && steps < 2400 { try drag.step(in: geometry(offset: 0)); steps += 1 }
        XCTAssertTrue(drag.isFinished, "rests after the press ends")
        XCTAssertEqual(try XCTUnwrap(drag.state(ofKey: 1)).center.x, still, accuracy: 2, "back where the press began")
    }
}
