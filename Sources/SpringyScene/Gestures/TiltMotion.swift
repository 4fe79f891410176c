import SpringyCore
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
