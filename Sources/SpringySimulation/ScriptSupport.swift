import SpringyCore
import SpringyScene

/// What a script asks that its scene cannot do (a scroll or an update without a collection, a
/// drag without drag dynamics): refused before the first step, located at the event.
enum ScriptSupport {
    static func check(_ scene: Scene, hasCollection: Bool) throws {
        for e in scene.script {
            let unsupported: String?
            switch e.action {
            case .pan(let p) where p.item == nil && !hasCollection:
                unsupported = "a pan without `item` scrolls a collection, and this scene has none"
            case .gesture(let g as EdgePanGesture) where g.pan.item == nil && !hasCollection:
                unsupported = "an edge pan without `item` scrolls a collection, and this scene has none"
            case .insert, .delete, .update, .reorder:
                unsupported = !hasCollection ? "insert, delete, update and reorder need a collection" : nil
            case .longPress:
                // (Swift code's views take it as a finger: their recognisers decide.)
                unsupported =
                    scene.collection?.dynamics.kind == .drag || scene.program != nil
                    ? nil : "long_press drags selected cells: it needs `collection.dynamics.kind: drag`"
            case .pan, .tap, .select, .addBehavior, .set, .removeBehavior, .scrollTo, .scrollToItem, .gesture,
                .animate, .controlAnimator:
                unsupported = nil
            }
            if let message = unsupported {
                throw SimulationError(file: scene.file, line: e.line, keyPath: e.path, message: message)
            }
        }
    }
}
