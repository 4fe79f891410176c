import Foundation
import SpringyCore
import SpringyDynamics
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

/// A pinch (and rotation) in progress: its fingers, and the free view it transforms.
struct PinchTouch: ActiveInput {
    let pinch: PinchGesture
    let start: Double
    /// The view it acts on and that view's transform scale (its model value) and angle when the
    /// fingers landed.
    var view: (id: String, scale: SIMD4<Double>, angle: Double)?
    var fingers: [Vec2] = []

    /// The fingers' numbers, for Swift code's views (their recognisers, not the scene, act on them).
    let touches: (Int, Int)
    var landed = false

    static var stage: InputStage { .twoFinger }

    init(pinch: PinchGesture, start: Double, stage: any GestureStage, touches: (Int, Int)) {
        self.pinch = pinch; self.start = start; self.touches = touches
        if stage.program == nil, let id = pinch.item ?? stage.freeView(at: pinch.center),
            let s = stage.freeAnimator?.state(of: id)
        {
            view = (id, stage.model(of: id, .scale), s.angle)
        }
    }

    /// Advances to `t`; false once the fingers have lifted.
    mutating func update(time t: Double, stage: any GestureStage) -> Bool {
        let local = t - start
        let lifted = local >= pinch.duration + pinch.hold - GestureTime.slack
        if let program = stage.program {
            // Both fingers land where they start, then move together over each step, as a pan's
            // finger does; they lift together, still.
            let now = pinch.fingers(at: min(local, pinch.duration))
            if !landed {
                landed = true
                let first = pinch.fingers(at: 0)
                program.touchBegan(touches.0, at: first[0])
                program.touchBegan(touches.1, at: first[1])
            }
            if lifted {
                program.touchEnded(touches.0, at: now[0], velocity: .zero)
                program.touchEnded(touches.1, at: now[1], velocity: .zero)
            } else {
                program.touchMoved(touches.0, to: now[0])
                program.touchMoved(touches.1, to: now[1])
            }
        }
        fingers = lifted ? [] : pinch.fingers(at: local)
        if let v = view, let s = stage.freeAnimator?.state(of: v.id) {
            let (scale, rotation) = pinch.transform(at: local)
            // The handler's `view.transform = start.scaledBy(…)`: the model value, which the view
            // animations own (an animation of the scale in flight keeps adding its part).
            stage.setModel(of: v.id, .scale, SIMD4(v.scale.x * scale, v.scale.y * scale, 0, 0))
            // updateItemUsingCurrentState: the body turns with the view (its collision shape keeps the size it was added with).
            stage.freeAnimator?.updateItem(v.id, center: s.center, angle: v.angle + rotation)
        }
        return !lifted
    }
}

extension PinchGesture {
    package func start(on stage: any GestureStage, event: ScriptEvent) {
        let first = stage.newFinger(), second = stage.newFinger()
        stage.start(PinchTouch(pinch: self, start: stage.time, stage: stage, touches: (first, second)))
    }
}
