import Foundation
import SpringyCore
import SpringyYAML

/// A two-finger gesture (UIPinchGestureRecognizer and UIRotationGestureRecognizer at once):
/// the fingers sit symmetrically about `center`, `distance` apart along a line at `angle`,
/// and over `duration` s their distance grows to `distance × scale` and the line turns by
/// `rotation`, both linearly; then they hold for `hold` s and lift. On a free view (named, or
/// the one under the centre) it sets the view's transform as the recognisers' usual handler
/// does: scaled by the distance's ratio, rotated by the turn, from the view's own at the start.
package struct PinchGesture: ScriptedGesture {
    package var center: Vec2
    package var distance: Double
    /// Radians.
    package var angle: Double
    package var scale: Double
    /// Radians.
    package var rotation: Double
    package var duration: Double
    package var hold: Double
    package var item: String?
    package init(
        center: Vec2, distance: Double, angle: Double, scale: Double, rotation: Double, duration: Double, hold: Double,
        item: String?
    ) {
        self.center = center; self.distance = distance; self.angle = angle; self.scale = scale; self.rotation = rotation
        self.duration = duration; self.hold = hold; self.item = item
    }

    /// The two fingers `t` s after they landed.
    package func fingers(at t: Double) -> [Vec2] {
        let s = duration > 0 ? min(max(t / duration, 0), 1) : 1
        let d = distance * (1 + (scale - 1) * s) / 2, a = angle + rotation * s
        let u = Vec2(cos(a), sin(a)) * d
        return [center - u, center + u]
    }

    /// The recognisers' scale and rotation `t` s after the fingers landed.
    package func transform(at t: Double) -> (scale: Double, rotation: Double) {
        let s = duration > 0 ? min(max(t / duration, 0), 1) : 1
        return (1 + (scale - 1) * s, rotation * s)
    }

    package static var action: ScriptGestureName { .pinch }

    package static let keys = KeyTable(
        "script[].pinch",
        [
            SceneKey("center", "[x, y]", unit: "pt", default: "required", "the point between the two fingers"),
            SceneKey(
                "distance", "number", range: 0...10_000, lowerOpen: true, unit: "pt", default: "100",
                "the fingers' distance at the start"),
            SceneKey(
                "angle", "number", range: -3600...3600, unit: "degrees", default: "0", "the line between the fingers at the start"
            ),
            SceneKey("scale", "number", range: 0...100, lowerOpen: true, default: "1", "the distance's ratio at the end"),
            SceneKey("rotation", "number", range: -3600...3600, unit: "degrees", default: "0", "how far the fingers turn"),
            ScriptKeys.duration, ScriptKeys.hold,
            ScriptKeys.freeItem.named("item"),
        ])
}

extension PinchGesture: GestureDecoding {
    static func decode(_ m: YAMLMapping, references: ItemReferences) throws -> PinchGesture {
        if m["scale"] == nil, m["rotation"] == nil { throw m.owner.error("a pinch needs `scale`, `rotation` or both") }
        return try read(m, keys: keys, scale: m["scale"], references: references, what: "a pinch")
    }

    /// A pinch or rotate's fingers from `m` (`scale` given or 1).
    static func read(_ m: YAMLMapping, keys t: KeyTable, scale: YAMLValue?, references: ItemReferences, what: String) throws
        -> PinchGesture
    {
        PinchGesture(
            center: try m.require("center").point(),
            distance: try m["distance"]?.double(t["distance"]) ?? 100,
            angle: try m["angle"]?.double(t["angle"]).degreesToRadians ?? 0,
            scale: try scale?.double(t["scale"]) ?? 1,
            rotation: try m["rotation"]?.double(t["rotation"]).degreesToRadians ?? 0,
            duration: try m.require("duration").double(t["duration"]),
            hold: try m["hold"]?.double(t["hold"]) ?? 0,
            item: try references.freeView(m, what: what))
    }
}
