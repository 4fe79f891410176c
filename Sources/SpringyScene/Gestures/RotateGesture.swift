import SpringyCore
import SpringyYAML

/// A rotation (UIRotationGestureRecognizer): a pinch whose fingers keep their distance and turn
/// by `rotation`.
package struct RotateGesture: ScriptedGesture {
    package var pinch: PinchGesture
    package init(pinch: PinchGesture) { self.pinch = pinch }

    package static var action: ScriptGestureName { .rotate }

    package static let keys = KeyTable("script[].rotate", PinchGesture.keys.keys)
}

extension RotateGesture: GestureDecoding {
    static func decode(_ m: YAMLMapping, references: ItemReferences) throws -> RotateGesture {
        if let x = m["scale"] { throw x.error("a rotate keeps the fingers' distance; use pinch to scale and turn at once") }
        if m["rotation"] == nil { throw m.owner.error("a rotate needs `rotation` (degrees)") }
        return RotateGesture(
            pinch: try PinchGesture.read(m, keys: keys, scale: nil, references: references, what: "a rotate"))
    }
}

// How it plays: as the pinch it is.

extension RotateGesture {
    package func start(on stage: any GestureStage, event: ScriptEvent) { pinch.start(on: stage, event: event) }
}
