import Foundation
import SpringyCore
import SpringyDynamics
import SpringyYAML

/// The device shaken in the user's hands: it moves back and forth along `angle` on the screen,
/// `count` times at `frequency` Hz, and ends at rest where it started. Its acceleration —
/// CMDeviceMotion's userAcceleration — is `amplitude` g × cos(2πft): the device's offset is
/// P(1 − cos 2πft), P = amplitude·g/(2πf)². The free views feel it as the contents of a shaken
/// box do: each is pushed the other way by its mass times that acceleration (what an app does
/// that gives each view a continuous UIPushBehavior from userAcceleration on every motion
/// update). A gesture in one file: its values, keys and reading, and how it plays.
package struct ShakeMotion: ScriptedGesture, Equatable {
    /// The acceleration's peak, in g (UIKit's gravity unit, 1000 pt/s²).
    var amplitude: Double
    /// Shakes a second.
    var frequency: Double
    /// How many shakes (whole periods: the device ends still, where it started).
    var count: Int
    /// The line it shakes along on the screen, radians (0 side to side, π/2 up and down).
    var angle: Double
    package init(amplitude: Double, frequency: Double, count: Int, angle: Double) {
        self.amplitude = amplitude; self.frequency = frequency; self.count = count; self.angle = angle
    }

    package static var action: ScriptGestureName { .shake }

    package static let keys = KeyTable(
        "script[].shake",
        [
            SceneKey(
                "amplitude", "number", range: 0...10, lowerOpen: true, unit: "g", default: "0.5",
                "the device's peak acceleration (CMDeviceMotion.userAcceleration), in g = 1000 pt/s²"),
            SceneKey("frequency", "number", range: 0...30, lowerOpen: true, unit: "Hz", default: "5", "shakes a second"),
            SceneKey("count", "whole number", range: 1...100, default: "3", "how many shakes; the device ends where it started"),
            SceneKey(
                "angle", "number", range: -360...360, unit: "degrees", default: "0",
                "the line it shakes along on the screen: 0 side to side, 90 up and down"),
        ])

    /// How long it shakes, s.
    package var duration: Double { Double(count) / frequency }

    /// The device's acceleration `local` s after it began (pt/s², along `angle`; g is UIKit's
    /// gravity unit, 1000 pt/s²): zero before and after.
    package func acceleration(at local: Double) -> Vec2 {
        guard local >= 0, local < duration else { return .zero }
        let a = amplitude * FieldForce.gravityUnit * cos(2 * .pi * frequency * local)
        return Vec2(cos(angle), sin(angle)) * a
    }
}

extension ShakeMotion: GestureDecoding {
    static func decode(_ m: YAMLMapping, references: ItemReferences) throws -> ShakeMotion {
        let t = keys
        return ShakeMotion(
            amplitude: try m["amplitude"]?.double(t["amplitude"]) ?? 0.5,
            frequency: try m["frequency"]?.double(t["frequency"]) ?? 5,
            count: try m["count"]?.int(min: 1, max: Int(t.range("count").upperBound)) ?? 3,
            angle: (try m["angle"]?.double(t["angle"]) ?? 0).degreesToRadians)
    }
}

/// `shake` as it plays: one continuous push per free view, set each step to the view's mass
/// times the device's acceleration (at the step's middle), the other way; removed when the
/// shaking ends, the views keeping their velocities.
struct DeviceShake: ActiveInput {
    let motion: ShakeMotion
    let start: Double
    /// Each free view's push, added on the first step.
    var pushes: [(mass: Double, push: BehaviorID)]?

    static var stage: InputStage { .motion }
    var fingers: [Vec2] { [] }

    mutating func update(time t: Double, stage: any GestureStage) throws -> Bool {
        guard let animator = stage.freeAnimator else { return false }
        let local = t - start
        if pushes == nil {
            pushes = try animator.itemIDs.compactMap { item in
                guard let mass = animator.mass(of: item) else { return nil }
                let push = BehaviorSpec.push(items: [item], mode: .continuous, vector: .zero, offset: .zero)
                return (mass, try animator.addBehavior(push, label: "shake (\(item))"))
            }
        }
        // The step that ends now began after the shaking: the pushes go, the views keep moving.
        if local - animator.h >= motion.duration - GestureTime.slack {
            for p in pushes ?? [] { animator.removeBehavior(p.push) }
            return false
        }
        // The force over the step that ends now, taken at its middle.
        let a = motion.acceleration(at: local - animator.h / 2)
        for p in pushes ?? [] { try animator.set(p.push, [.direction(a * (-p.mass / FieldForce.newton))]) }
        return true
    }
}

extension ShakeMotion {
    package func start(on stage: any GestureStage, event: ScriptEvent) {
        stage.start(DeviceShake(motion: self, start: stage.time))
    }
}
