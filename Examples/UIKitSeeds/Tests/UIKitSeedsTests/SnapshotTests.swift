import SnapshotTesting
import SpringyKit
import SpringySnapshotTesting
import XCTest

@testable import UIKitSeeds

/// swift-snapshot-testing's strategies take a scene made from UIKit code as they take a scene
/// file: every frame's hash and the trace, PNGs of the key frames (recorded in __Snapshots__).
final class SnapshotTests: XCTestCase {
    func testTheGravitySampleIsAsRecorded() throws {
        let scene = try Scene(named: "gravity", duration: 8, untilRest: true) { GravityViewController() }
        assertSnapshots(of: scene, as: .animation(keyFrames: [0, 60]))
    }
}
