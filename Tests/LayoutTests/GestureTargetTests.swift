import SpringyCore
import SpringyScene
import SpringyTestSupport
import XCTest

@testable import SpringyDynamics
@testable import SpringySimulation

/// Gestures act through the narrow `GestureTarget` surface, so a recording target sees
/// exactly what a scripted gesture does, step by step.
final class GestureTargetTests: XCTestCase {
    final class Recorder: GestureTarget {
        var calls: [String] = []
        var hasCollection = true
        var drivesFingers = false
        func grab(item: String, at point: Vec2, label: String) throws -> BehaviorID? {
            calls.append("grab \(item) \(point.x),\(point.y)")
            return BehaviorID(raw: 7)
        }
        func moveGrab(_ grab: BehaviorID, to point: Vec2) { calls.append("move \(point.x)") }
        func letGo(_ grab: BehaviorID) { calls.append("let go") }
        func center(of item: String) -> Vec2? { Vec2(100, 100) }
        func scrollBegan(_ touch: Int, at point: Vec2) { calls.append("scroll began \(point.y)") }
        func scrollMoved(_ touch: Int, to point: Vec2) { calls.append("scroll \(point.y)") }
        func scrollEnded(_ touch: Int, at point: Vec2, velocity: Vec2) { calls.append("scroll ended \(point.y) v \(velocity.y)") }
        func longPressBegan(at point: Vec2) throws { calls.append("press began") }
        func longPressMoved(to point: Vec2) { calls.append("press \(Int(point.x.rounded()))") }
        func longPressEnded() { calls.append("press ended") }
        func reorderBegan(at point: Vec2) { calls.append("lift \(Int(point.x.rounded()))") }
        func reorderMoved(to point: Vec2) throws { calls.append("target \(Int(point.x.rounded()))") }
        func reorderEnded(cancelled: Bool) throws { calls.append(cancelled ? "cancel" : "end") }
    }

    func gesture(_ script: String) throws -> ActiveGesture {
        let s = try SceneLoader.decode(
            yaml: scene(
                300, 300,
                """
                items:
                  box: { center: [100, 100], size: [20, 20] }
                collection:
                  layout: { kind: flow, item_size: [50, 50] }
                  sections:
                    - items: 40
                  dynamics: { kind: drag }
                script:
                  - at: 0
                    \(script)
                """), file: "gesture.yaml")
        let e = s.script[0]
        switch e.action {
        case .pan(let p): return ActiveGesture(pan: p, start: 0, event: e)
        case .longPress(let lp): return ActiveGesture(longPress: lp, start: 0, event: e)
        case .reorder(let r): return ActiveGesture(reorder: r, start: 0, event: e)
        default:
            struct NotAGesture: Error, CustomStringConvertible { var description: String }
            throw NotAGesture(description: "the decoder made \(e.action) of `\(script)`, not a one-finger gesture")
        }
    }

    /// What a target is asked to do by the scripted gesture over `steps` steps of 0.1 s.
    func calls(_ script: String, steps: Int) throws -> [String] {
        var g = try gesture(script)
        let target = Recorder()
        for k in 1...steps where try !g.update(time: Double(k) * 0.1, target: target) { break }
        return target.calls
    }

    func testAFlingScrollsThenLiftsWithTheFingersVelocity() throws {
        let calls = try calls("pan: { from: [150, 250], to: [150, 150], duration: 0.2, release: fling }", steps: 5)
        XCTAssertEqual(calls, ["scroll began 250.0", "scroll 200.0", "scroll ended 150.0 v -500.0"])
    }

    func testAPanOnAnItemGrabsMovesAndLetsGo() throws {
        let calls = try calls("pan: { item: box, from: [100, 100], to: [200, 100], duration: 0.2 }", steps: 5)
        XCTAssertEqual(calls, ["grab box 100.0,100.0", "move 150.0", "let go"])
    }

    func testALongPressBeginsAfterItsPressTimeAndEnds() throws {
        let calls = try calls(
            "long_press: { at: [100, 100], press: 0.25, path: [[100, 100], [200, 100]], duration: 0.2 }",
            steps: 10)
        // recognised at 0.3 s (the first step after 0.25 s), moving until 0.45 s, lifted at 0.5 s
        XCTAssertEqual(calls, ["press began", "press 125", "press 175", "press ended"])
    }

    func testAReorderLiftsMovesTheTargetAndEndsOrCancels() throws {
        let script = "reorder: { at: [100, 100], press: 0.25, path: [[100, 100], [200, 100]], duration: 0.2"
        XCTAssertEqual(try calls(script + " }", steps: 10), ["lift 100", "target 125", "target 175", "target 200", "end"])
        XCTAssertEqual(
            try calls(script + ", cancel: true }", steps: 10), ["lift 100", "target 125", "target 175", "target 200", "cancel"])
    }
}
