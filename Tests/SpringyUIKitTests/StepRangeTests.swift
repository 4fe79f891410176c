import Foundation
import SpringyCore
import SpringyKit
import SpringyScene
import SpringyUIKit
import XCTest

/// The Swift door's script steps and the scene file's actions are one set of rules: a step's
/// numbers are checked against its action's key table.
final class StepRangeTests: XCTestCase {
    final class Holder: UIView {}

    /// A Swift script step takes the numbers its scene-file action takes, read from the same key
    /// tables: each range's end runs, and one step past it is refused saying the range.
    func testSwiftStepsTakeTheRangesTheirSceneFileActionsTake() throws {
        func refusal(_ step: ScriptStep<Holder>) -> String? {
            do {
                _ = try SpringyKit.Scene(named: "range", duration: 0.1, script: [step]) {
                    Holder(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
                }
                .simulate()
            } catch { return "\(error)" }
            return nil
        }
        let p = CGPoint(x: 100, y: 100), radians = Double.pi / 180
        func hi(_ t: KeyTable, _ k: String) -> Double { t.range(k).upperBound }
        func lo(_ t: KeyTable, _ k: String) -> Double { t.range(k).lowerBound }
        // (what, the step at the range's end, the step one past it, the refusal's words)
        let cases: [(String, ScriptStep<Holder>, ScriptStep<Holder>, String)] = [
            (
                "swipe distance", .swipe(at: 0, from: p, direction: .left, distance: hi(ScriptKeys.swipe, "distance")),
                .swipe(at: 0, from: p, direction: .left, distance: hi(ScriptKeys.swipe, "distance") + 0.001),
                "a swipe's distance must be greater than 0 and at most 10000 pt, found 10000.001"
            ),
            (
                "swipe distance above 0", .swipe(at: 0, from: p, direction: .left, distance: 0.001),
                .swipe(at: 0, from: p, direction: .left, distance: lo(ScriptKeys.swipe, "distance")),
                "a swipe's distance must be greater than 0 and at most 10000 pt, found 0"
            ),
            (
                "swipe speed", .swipe(at: 0, from: p, direction: .up, speed: hi(ScriptKeys.swipe, "speed")),
                .swipe(at: 0, from: p, direction: .up, speed: hi(ScriptKeys.swipe, "speed") + 0.01),
                "a swipe's speed must be greater than 0 and at most 100000 pt/s"
            ),
            (
                "edge pan hold", .edgePan(at: 0, edge: .left, distance: 10, duration: 0.1, hold: hi(EdgePanGesture.keys, "hold")),
                .edgePan(at: 0, edge: .left, distance: 10, duration: 0.1, hold: -0.001),
                "an edge pan's hold must be 0 to 3600 s, found -0.001"
            ),
            (
                "pinch scale", .pinch(at: 0, center: p, scale: hi(PinchGesture.keys, "scale"), duration: 0.1),
                .pinch(at: 0, center: p, scale: hi(PinchGesture.keys, "scale") + 0.001, duration: 0.1),
                "a pinch's scale must be greater than 0 and at most 100, found 100.001"
            ),
            (
                "pinch angle in radians",
                .pinch(at: 0, center: p, angle: lo(PinchGesture.keys, "angle") * radians, scale: 2, duration: 0.1),
                .pinch(at: 0, center: p, angle: lo(PinchGesture.keys, "angle") * radians - 0.001, scale: 2, duration: 0.1),
                "a pinch's angle (radians) must be -62.83185307179586 to 62.83185307179586, found"
            ),
            (
                "rotate's turn in radians",
                .rotate(at: 0, center: p, rotation: hi(PinchGesture.keys, "rotation") * radians, duration: 0.1),
                .rotate(at: 0, center: p, rotation: hi(PinchGesture.keys, "rotation") * radians + 0.001, duration: 0.1),
                "a rotate's rotation (radians) must be"
            ),
            (
                "touch duration", .touches(at: 0, fingers: [[p]], duration: hi(TouchesGesture.keys, "duration")),
                .touches(at: 0, fingers: [[p]], duration: hi(TouchesGesture.keys, "duration") + 0.001),
                "a touch's duration must be greater than 0 and at most 3600 s"
            ),
            (
                "double tap interval", .doubleTap(at: 0, p, interval: hi(DoubleTapGesture.keys, "interval")),
                .doubleTap(at: 0, p, interval: hi(DoubleTapGesture.keys, "interval") + 0.001),
                "a double tap's interval must be greater than 0 and at most 1 s, found 1.001"
            ),
            (
                "long press press", .longPress(at: 0, p, press: hi(ScriptKeys.longPress, "press")),
                .longPress(at: 0, p, press: hi(ScriptKeys.longPress, "press") + 0.001),
                "a long press's press must be 0 to 60 s, found 60.001"
            ),
            (
                "pan velocity",
                .pan(at: 0, from: p, to: p, duration: 0.1, velocity: CGPoint(x: 0, y: -hi(ScriptKeys.pan, "velocity"))),
                .pan(at: 0, from: p, to: p, duration: 0.1, velocity: CGPoint(x: 0, y: -hi(ScriptKeys.pan, "velocity") - 0.01)),
                "a pan's velocity (y) must be -100000 to 100000 pt/s, found -100000.01"
            ),
            (
                "pan duration above 0", .pan(at: 0, from: p, to: p, duration: 0.001),
                .pan(at: 0, from: p, to: p, duration: lo(ScriptKeys.pan, "duration")),
                "a pan's duration must be greater than 0 and at most 3600 s, found 0"
            ),
        ]
        for (what, edge, past, words) in cases {
            XCTAssertNil(refusal(edge), what)
            let said = refusal(past)
            XCTAssertTrue(said?.contains(words) ?? false, "\(what): \(said ?? "accepted")")
        }
    }
}
