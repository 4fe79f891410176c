import SpringyCore
import SpringyDynamics
import SpringyYAML

/// The device turning in the user's hands (CMDeviceMotion's gravity, as an app feeds it to its
/// UIGravityBehaviors): from its angle now to `angle` over `duration` s at a steady rate.
/// Angles are the device's turn about the screen's normal, clockwise as the user sees it, 0
/// upright in portrait (gravity straight down the screen).
package struct TiltMotion: ScriptedGesture, Equatable {
    /// The device's angle at the end, radians.
    package var angle: Double
    package var duration: Double
    package init(angle: Double, duration: Double) { self.angle = angle; self.duration = duration }

    package static var action: ScriptGestureName { .tilt }

    package static let keys = KeyTable(
        "script[].tilt",
        [
            SceneKey(
                "angle", "number", range: -3600...3600, unit: "degrees", default: "required",
                "the device's turn at the end, clockwise as the user sees it; 0 upright, 90 lying on its right edge"),
            SceneKey("duration", "number", range: 0...3600, unit: "s", default: "0.5", "how long it turns (0: at once)"),
        ])

    /// Gravity's direction on screen (y down) when the device is at `deviceAngle`: (sin θ, cos θ),
    /// as the angle UIGravityBehavior takes (π/2 − θ).
    package static func gravityAngle(deviceAngle: Double) -> Double { Double.pi / 2 - deviceAngle }
}

extension TiltMotion: GestureDecoding {
    static func decode(_ m: YAMLMapping, references: ItemReferences) throws -> TiltMotion {
        TiltMotion(
            angle: try m.require("angle").double(keys["angle"]).degreesToRadians,
            duration: try m["duration"]?.double(keys["duration"]) ?? 0.5)
    }
}

/// `tilt` as it plays: the device turns from its angle now to the script's at a steady rate, and
/// every gravity behavior of the free views points where gravity is on the turned screen,
/// keeping its magnitude — what an app does that sets each UIGravityBehavior's gravityDirection
/// from CMDeviceMotion's gravity on every motion update. A gravity behavior added after a tilt
/// keeps its own direction until the next one.
struct DeviceTilt: ActiveInput {
    let motion: TiltMotion
    let start: Double
    let from: Double

    static var stage: InputStage { .motion }
    var fingers: [Vec2] { [] }

    init(_ motion: TiltMotion, start: Double, from: Double) { self.motion = motion; self.start = start; self.from = from }

    /// The device's angle `local` s after the tilt began.
    func angle(at local: Double) -> Double {
        motion.duration <= 0 ? motion.angle : from + (motion.angle - from) * min(1, max(0, local / motion.duration))
    }

    mutating func update(time t: Double, stage: any GestureStage) throws -> Bool {
        let local = t - start
        stage.deviceAngle = angle(at: local)
        if let animator = stage.freeAnimator {
            let direction = TiltMotion.gravityAngle(deviceAngle: stage.deviceAngle)
            for id in animator.behaviorIDs {
                guard case .gravity = animator.spec(of: id) else { continue }
                try animator.set(id, [.angle(direction)])
            }
        }
        return local < motion.duration - GestureTime.slack
    }
}

extension TiltMotion {
    package func start(on stage: any GestureStage, event: ScriptEvent) {
        stage.start(DeviceTilt(self, start: stage.time, from: stage.deviceAngle))
    }
}
