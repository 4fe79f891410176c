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
