import SpringyCore
import SpringyYAML

/// A screen-edge pan (UIScreenEdgePanGestureRecognizer): a pan whose finger lands on an edge of
/// the screen and moves `distance` pt inward, its translation moving `item` if given.
package struct EdgePanGesture: ScriptedGesture {
    package var pan: PanGesture
    package init(pan: PanGesture) { self.pan = pan }

    package static var action: ScriptGestureName { .edgePan }

    package static let keys = KeyTable(
        "script[].edge_pan",
        [
            SceneKey(
                "edge", ScreenEdge.allCases.map(\.rawValue).joined(separator: " | "), default: "required",
                "the screen edge it starts on"),
            SceneKey("at", "number", unit: "pt", default: "the edge's middle", "how far along the edge"),
            SceneKey("distance", "number", range: 0...10_000, lowerOpen: true, unit: "pt", default: "required", "how far inward"),
            ScriptKeys.duration, ScriptKeys.release, ScriptKeys.hold,
            ScriptKeys.freeItem.named("item", "moves this free view by the finger's translation"),
        ])
}

extension EdgePanGesture: GestureDecoding {
    static func decode(_ m: YAMLMapping, references: ItemReferences) throws -> EdgePanGesture {
        let t = keys
        let edge = try m.require("edge").oneOf(ScreenEdge.self, ScreenEdge.allCases)
        let size = references.viewSize
        let along = edge == .left || edge == .right ? size.height : size.width
        let at = try m["at"]?.double(min: 0, max: along) ?? along / 2
        return EdgePanGesture(
            pan: .edgePan(
                edge, along: at, of: size, distance: try m.require("distance").double(t["distance"]),
                duration: try m.require("duration").double(t["duration"]),
                release: try m["release"]?.oneOf(PanRelease.self, [.fling, .hold]) ?? .fling,
                hold: try m["hold"]?.double(t["hold"]) ?? 0,
                item: try references.freeView(m, what: "an edge pan")))
    }
}

// How it plays: a pan from the edge.

extension EdgePanGesture {
    package func start(on stage: any GestureStage, event: ScriptEvent) {
        stage.startPan(pan, event: event, finger: stage.newFinger(), touchOnly: false)
    }
}
