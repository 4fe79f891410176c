import SpringyCore
import SpringyYAML

/// A double tap (UITapGestureRecognizer, two taps): two touches of `touch` s whose starts are
/// `interval` s apart, recognised when the second lifts. On a free view it zooms the view to
/// `scale` (or back to 1 when it is zoomed) on a 0.3 s ease-in-out animation; on a
/// collection it is two taps.
package struct DoubleTapGesture: ScriptedGesture {
    package var target: TapTarget
    package var interval: Double
    package var touch: Double
    package var scale: Double
    package init(target: TapTarget, interval: Double, touch: Double, scale: Double) {
        self.target = target; self.interval = interval; self.touch = touch; self.scale = scale
    }
    /// UITapGestureRecognizer's touches are short; Springy draws each for this long by default.
    static let defaultTouch = 0.08
    package var recognisedAfter: Double { interval + touch }

    package static var action: ScriptGestureName { .doubleTap }

    package static let keys = KeyTable(
        "script[].double_tap",
        [
            SceneKey("item", "item id or cell", default: "", "what is tapped"),
            SceneKey("at", "[x, y]", unit: "pt", default: "required without `item`", "where"),
            SceneKey(
                "interval", "number", range: 0...1, lowerOpen: true, unit: "s", default: "0.2",
                "from the first touch to the second"),
            SceneKey("touch", "number", range: 0...1, lowerOpen: true, unit: "s", default: "0.08", "how long each touch lasts"),
            SceneKey(
                "scale", "number", range: 0...100, lowerOpen: true, default: "2", "a free view zooms to this (or back to 1)"),
        ])
}

extension DoubleTapGesture: GestureDecoding {
    static func decode(_ m: YAMLMapping, references: ItemReferences) throws -> DoubleTapGesture {
        let t = keys
        let target: TapTarget
        if let i = m["item"] {
            if m["at"] != nil { throw i.error("give `item` or `at`, not both") }
            target = .item(try references.check(i))
        } else {
            target = .point(try m.require("at").point())
        }
        let touch = try m["touch"]?.double(t["touch"]) ?? defaultTouch
        let interval = try m["interval"]?.double(t["interval"]) ?? 0.2
        if interval <= touch, let x = m["interval"] ?? m["touch"] {
            throw x.error(
                "the second tap starts \(interval) s after the first, before the first lifts (\(touch) s): a double tap is two touches"
            )
        }
        return DoubleTapGesture(
            target: target, interval: interval, touch: touch, scale: try m["scale"]?.double(t["scale"]) ?? 2)
    }
}

/// A double tap in progress: two short touches; recognised when the second lifts.
struct DoubleTapTouch: ActiveInput {
    let tap: DoubleTapGesture
    let start: Double
    var fingers: [Vec2] = []
    var tapsDone = 0
    /// The finger down on Swift code's views, if any.
    var touchDown: Int?

    static var stage: InputStage { .doubleTap }

    mutating func update(time t: Double, stage: any GestureStage) throws -> Bool {
        let local = t - start
        let slack = GestureTime.slack
        let down = local < tap.touch - slack || (local >= tap.interval - slack && local < tap.recognisedAfter - slack)
        fingers = down ? [stage.tapPoint(tap.target)] : []
        if let program = stage.program {
            // Swift code's views: two touches, one after the other (their tap recognisers count them).
            let p = stage.tapPoint(tap.target)
            if down, touchDown == nil {
                let finger = stage.newFinger()
                touchDown = finger
                program.touchBegan(finger, at: p)
            } else if let finger = touchDown {
                if down { program.touchMoved(finger, to: p) } else { program.touchEnded(finger, at: p, velocity: .zero) }
                if !down { touchDown = nil }
            }
            if local >= tap.recognisedAfter - slack { tapsDone = 2 }
            return tapsDone < 2
        }
        // Each lift is a tap for a collection; the second lift recognises the double tap.
        if tapsDone == 0 && local >= tap.touch - slack { tapsDone = 1; lifted(second: false, at: t, on: stage) }
        if tapsDone == 1 && local >= tap.recognisedAfter - slack {
            tapsDone = 2; lifted(second: true, at: t, on: stage)
        }
        return tapsDone < 2
    }

    /// A free view zooms (to the tap's scale, or back to 1); a collection takes each lift as a tap.
    func lifted(second: Bool, at t: Double, on stage: any GestureStage) {
        let view: String?
        switch tap.target {
        case .item(let id): view = ItemPath(string: id) == nil ? id : nil
        case .point(let p): view = stage.freeView(at: p)
        }
        if let id = view {
            guard second else { return }
            // The usual handler: UIView.animate(withDuration: 0.3) { view.transform = … } — toward
            // the tap's scale from the identity, back to it otherwise (by the model value, so a
            // second double tap mid-zoom turns back); additive, as UIView animations are.
            let model = stage.model(of: id, .scale)
            let target = abs(model.x - 1) < 1e-9 && abs(model.y - 1) < 1e-9 ? tap.scale : 1
            stage.animate(
                ViewAnimationSpec(
                    api: .uiView, views: [id], duration: DoubleTapGesture.zoomDuration, delay: 0, timing: .cubic(.easeInOut),
                    targets: [PropertyTarget(.scale, SIMD4(target, target, 0, 0))]),
                at: t)
        } else {
            stage.tapCollection(tap.target)
        }
    }
}

extension DoubleTapGesture {
    /// A double tap's zoom: the handler's UIView.animate(withDuration: 0.3).
    package static let zoomDuration = 0.3

    package func start(on stage: any GestureStage, event: ScriptEvent) {
        stage.start(DoubleTapTouch(tap: self, start: stage.time))
    }
}
