import Foundation
import SpringyCore

extension GestureDecoder {
    /// The free view a gesture names with `item` (cells move with their collection).
    func gestureItem(_ m: YAMLMapping, references: ItemReferences, what: String) throws -> String? {
        guard let i = m["item"] else { return nil }
        let name = try references.check(i)
        if ItemPath(string: name) != nil { throw i.error("\(what) acts on a free view by name; cells move with the content") }
        return name
    }

    /// Two-finger and multi-finger gestures (pinch, rotate, double_tap, touches, edge_pan), a flick
    /// given as velocity (add_velocity) and the
    /// device's motion (tilt).
    func decodeGesture(_ kind: GestureName, _ v: YAMLValue, references: ItemReferences) throws -> ScriptAction {
        switch kind {
        case .pinch, .rotate:
            let t = kind == .rotate ? ScriptKeys.rotate : ScriptKeys.pinch
            let m = try v.mapping(t)
            let scaleValue = m["scale"], rotationValue = m["rotation"]
            if kind == .rotate, let x = scaleValue {
                throw x.error("a rotate keeps the fingers' distance; use pinch to scale and turn at once")
            }
            if kind == .rotate, rotationValue == nil { throw v.error("a rotate needs `rotation` (degrees)") }
            if kind == .pinch, scaleValue == nil, rotationValue == nil {
                throw v.error("a pinch needs `scale`, `rotation` or both")
            }
            return .pinch(
                PinchGesture(
                    center: try m.require("center").point(),
                    distance: try m["distance"]?.double(t["distance"]) ?? 100,
                    angle: try m["angle"]?.double(t["angle"]).degreesToRadians ?? 0,
                    scale: try scaleValue?.double(t["scale"]) ?? 1,
                    rotation: try rotationValue?.double(t["rotation"]).degreesToRadians ?? 0,
                    duration: try m.require("duration").double(t["duration"]),
                    hold: try m["hold"]?.double(t["hold"]) ?? 0,
                    item: try gestureItem(m, references: references, what: "a \(kind.rawValue)")))
        case .touches:
            let t = ScriptKeys.touches
            let m = try v.mapping(t)
            let duration = try m.require("duration").double(t["duration"])
            let release = try m["release"]?.oneOf(PanRelease.self, [.fling, .hold]) ?? .fling
            let hold = try m["hold"]?.double(t["hold"]) ?? 0
            let fingersValue = try m.require("fingers")
            let fingers = try fingersValue.list()
            guard (1...10).contains(fingers.count) else {
                throw fingersValue.error("a touch has 1 to 10 fingers, found \(fingers.count)")
            }
            return .touches(
                try fingers.map { f in
                    let fm = try f.mapping(ScriptKeys.finger)
                    let pv = try fm.require("path")
                    var path = try pv.list().map { try $0.point() }
                    if path.isEmpty { throw pv.error("a path needs at least one point") }
                    if path.count == 1 { path.append(path[0]) }
                    return PanGesture(
                        item: try gestureItem(fm, references: references, what: "a finger"), path: path, duration: duration,
                        release: release, hold: hold)
                })
        case .edgePan:
            let t = ScriptKeys.edgePan
            let m = try v.mapping(t)
            let edge = try m.require("edge").oneOf(ScreenEdge.self, ScreenEdge.allCases)
            let size = references.viewSize
            let along = edge == .left || edge == .right ? size.height : size.width
            let at = try m["at"]?.double(min: 0, max: along) ?? along / 2
            return .pan(
                .edgePan(
                    edge, along: at, of: size, distance: try m.require("distance").double(t["distance"]),
                    duration: try m.require("duration").double(t["duration"]),
                    release: try m["release"]?.oneOf(PanRelease.self, [.fling, .hold]) ?? .fling,
                    hold: try m["hold"]?.double(t["hold"]) ?? 0,
                    item: try gestureItem(m, references: references, what: "an edge pan")))
        case .addVelocity:
            let m = try v.mapping(ScriptKeys.addVelocity)
            let iv = try m.require("item")
            let item = try references.check(iv)
            if ItemPath(string: item) != nil { throw iv.error("add_velocity acts on a free view by name") }
            if m["linear"] == nil && m["angular"] == nil {
                throw v.error("add_velocity needs `linear: [vx, vy]` (pt/s), `angular` (degrees/s) or both")
            }
            let linear = try m["linear"]?.point() ?? .zero
            guard abs(linear.x) <= 100_000, abs(linear.y) <= 100_000 else {
                throw v.error("a velocity is at most 100000 pt/s each way")
            }
            return .addVelocity(
                item: item, linear: linear,
                angular: (try m["angular"]?.double(ScriptKeys.addVelocity["angular"]) ?? 0).degreesToRadians)
        }
    }
}
