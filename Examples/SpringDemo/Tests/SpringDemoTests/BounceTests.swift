import Foundation
import SnapshotTesting
import SpringDemo
import SpringyKit
import SpringySnapshotTesting
import XCTest

/// The card's bounce, held to its goldens with Springy's snapshot strategies: every frame's
/// pixels and geometry, and PNGs of three frames to look at. Record with
/// `SNAPSHOT_TESTING_RECORD=all swift test`.
final class BounceTests: XCTestCase {
    func testTheCardBouncesAsRecorded() throws {
        let scene = try Scene(yaml: Bounce.scene, file: "bounce.yaml")
        assertSnapshots(of: scene, as: .animation(keyFrames: [0, 15, 59]))
    }

    func testTheBounceKeepsItsPeriod() throws {
        // A damped spring's period, 1/(f√(1−ζ²)), from the frames SpringyKit gives.
        let ys = try Scene(yaml: Bounce.scene).simulate().map { $0.item("card")!.center.y - 210 }
        var turns: [Double] = []
        for k in 1..<(ys.count - 1) where (ys[k] - ys[k - 1]) * (ys[k + 1] - ys[k]) < 0 { turns.append(Double(k) / 30) }
        let expected = 1 / (Bounce.frequency * (1 - Bounce.damping * Bounce.damping).squareRoot())
        XCTAssertEqual(turns[2] - turns[0], expected, accuracy: 1.0 / 30)
    }
}
