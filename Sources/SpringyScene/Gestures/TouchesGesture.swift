import SpringyCore
import SpringyYAML

/// Several fingers at once, each on its own path (each a pan), all moving over the same
/// `duration` and lifting together.
package struct TouchesGesture: ScriptedGesture {
    package var fingers: [PanGesture]
    package init(fingers: [PanGesture]) { self.fingers = fingers }

    package static var action: ScriptGestureName { .touches }

    package static let keys = KeyTable(
        "script[].touches",
        [
            SceneKey("fingers", "[{ path, item }]", default: "required", "1 to 10 fingers, each along its own path"),
            ScriptKeys.duration, ScriptKeys.release, ScriptKeys.hold,
        ])

    /// Each finger's keys.
    static let finger = KeyTable(
        "script[].touches.fingers[]",
        [
            SceneKey("path", "[[x, y], ...]", unit: "pt", default: "required", "the finger's points"),
            ScriptKeys.freeItem.named("item", "drags this free view"),
        ])
    package static var partKeys: [KeyTable] { [finger] }
}

extension TouchesGesture: GestureDecoding {
    static func decode(_ m: YAMLMapping, references: ItemReferences) throws -> TouchesGesture {
        let t = keys
        let duration = try m.require("duration").double(t["duration"])
        let release = try m["release"]?.oneOf(PanRelease.self, [.fling, .hold]) ?? .fling
        let hold = try m["hold"]?.double(t["hold"]) ?? 0
        let fingersValue = try m.require("fingers")
        let fingers = try fingersValue.list()
        guard (1...10).contains(fingers.count) else {
            throw fingersValue.error("a touch has 1 to 10 fingers, found \(fingers.count)")
        }
        return TouchesGesture(
            fingers: try fingers.map { f in
                let fm = try f.mapping(finger)
                let pv = try fm.require("path")
                var path = try pv.list().map { try $0.point() }
                if path.isEmpty { throw pv.error("a path needs at least one point") }
                if path.count == 1 { path.append(path[0]) }
                return PanGesture(
                    item: try references.freeView(fm, what: "a finger"), path: path, duration: duration, release: release,
                    hold: hold)
            })
    }
}

// How it plays: each finger a pan. The first finger that is on no view scrolls the collection;
// the others only touch (Swift code's views take every finger: their recognisers decide).

extension TouchesGesture {
    package func start(on stage: any GestureStage, event: ScriptEvent) {
        var scrolls = true
        for p in fingers {
            var touchOnly = false
            if p.item == nil { touchOnly = !scrolls && stage.program == nil; scrolls = false }
            stage.startPan(p, event: event, finger: stage.newFinger(), touchOnly: touchOnly)
        }
    }
}
