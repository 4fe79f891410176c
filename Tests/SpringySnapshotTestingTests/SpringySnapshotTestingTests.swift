import Foundation
import SnapshotTesting
import SpringyKit
import SpringySnapshotTesting
import Testing
import XCTest

/// Issue 32: swift-snapshot-testing strategies for a scene, on Linux, under XCTest and Swift
/// Testing, with swift-snapshot-testing's own record modes. The references in __Snapshots__ were
/// recorded by these strategies; a spring whose damping changes fails with what moved and when.
enum SpringFixture {
    /// References are recorded only when asked (SPRINGY_RECORD_SNAPSHOTS=1), never in CI's run.
    static var record: SnapshotTestingConfiguration.Record {
        ProcessInfo.processInfo.environment["SPRINGY_RECORD_SNAPSHOTS"] == "1" ? .all : .never
    }

    static func scene(damping: Double = 0.3) throws -> SpringyKit.Scene {
        try Scene(
            yaml: """
                springy: 1
                viewport: { size: [200, 300], scale: 1, background: "#FFFFFF" }
                time: { fps: 30, duration: 2 }
                items:
                  bob: { center: [100, 250], size: [30, 30], fill: "#FF2D55" }
                behaviors:
                  - attachment: { item: bob, to: [100, 80], length: 100, frequency: 1.5, damping: \(damping) }
                  - item: { items: [bob], resistance: 0, allows_rotation: false }
                """, file: "bob.yaml")
    }
}

final class SpringySnapshotTestingTests: XCTestCase {
    func testTheSpringMatchesItsSnapshots() throws {
        let scene = try SpringFixture.scene()
        assertSnapshots(of: scene, as: .animation(keyFrames: [0, 15, 59]), record: SpringFixture.record)
        assertSnapshot(of: scene, as: .trace, record: SpringFixture.record)
    }

    func testAChangedDampingFailsWithWhatMovedAndWhen() throws {
        let changed = try SpringFixture.scene(damping: 0.5)
        let animation = try XCTUnwrap(
            verifySnapshot(
                of: changed, as: .animation, named: "animation", record: .never,
                testName: "testTheSpringMatchesItsSnapshots()"))
        XCTAssertTrue(animation.contains("frames' pixels differ (frames "), animation)
        XCTAssertTrue(animation.contains("first differs at frame "), animation)
        XCTAssertTrue(animation.contains("item bob: center.y differs by up to "), animation)
        let trace = try XCTUnwrap(
            verifySnapshot(of: changed, as: .trace, named: "1", record: .never, testName: "testTheSpringMatchesItsSnapshots()"))
        XCTAssertTrue(trace.contains("item bob: center.y differs by up to "), trace)
        let frame = try XCTUnwrap(
            verifySnapshot(
                of: changed, as: .frame(15), named: "frame-00015", record: .never, testName: "testTheSpringMatchesItsSnapshots()")
        )
        XCTAssertTrue(frame.contains("frame 15 differs: "), frame)
        // The frame's first picture is the same: no failure there.
        XCTAssertNil(
            verifySnapshot(
                of: changed, as: .frame(0), named: "frame-00000", record: .never, testName: "testTheSpringMatchesItsSnapshots()"))
        // A tolerance, named as swift-snapshot-testing names it, lets a small change pass.
        XCTAssertNil(
            verifySnapshot(
                of: changed, as: .frame(15, precision: 0.5), named: "frame-00015", record: .never,
                testName: "testTheSpringMatchesItsSnapshots()"))
    }
}

/// The same strategies under Swift Testing.
@Suite struct SpringySnapshotSwiftTesting {
    @Test func theSpringMatchesItsTrace() throws {
        let scene = try SpringFixture.scene()
        withSnapshotTesting(record: SpringFixture.record) {
            assertSnapshot(of: scene, as: .trace)
        }
    }
}
