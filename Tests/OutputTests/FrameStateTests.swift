import SpringyCore
import SpringyFrame
import XCTest

/// Issue 44, item 8: FrameState.drawsSame (what lets a still frame be written once) survived a
/// mutant that compared the fingers the wrong way round: each part it compares is changed on
/// its own, and what it leaves aside (number, time, events) is changed too.
final class FrameStateTests: XCTestCase {
    let base = FrameState(
        frame: 3, time: 0.05, contentOffset: Vec2(0, 10), atRest: false, items: [], headers: [], springs: [], events: [],
        fingers: [Vec2(10, 20)])

    func testEachPartThatIsDrawnMakesADifferentPicture() {
        XCTAssertTrue(base.drawsSame(as: base))
        var other = base
        other.fingers = [Vec2(10, 21)]
        XCTAssertFalse(base.drawsSame(as: other), "a finger moved")
        other = base
        other.fingers = []
        XCTAssertFalse(base.drawsSame(as: other), "a finger lifted")
        other = base
        other.contentOffset = Vec2(0, 11)
        XCTAssertFalse(base.drawsSame(as: other), "the content scrolled")
        other = base
        other.boundaries = [Segment(from: Vec2(0, 0), to: Vec2(1, 0))]
        XCTAssertFalse(base.drawsSame(as: other), "a boundary appeared")
    }

    func testNumberTimeAndEventsAreNotPartOfThePicture() {
        var other = base
        other.frame = 4
        other.time = 0.1
        other.atRest = true
        XCTAssertTrue(base.drawsSame(as: other))
    }
}
