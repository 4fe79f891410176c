import SpringyCore

/// The keys of each script action, one table per action: the decoder reads only these (with
/// their ranges), the did-you-mean suggests from them, and SCENE-FORMAT's script reference is
/// generated from them.
package enum ScriptKeys {
    static let duration = SceneKey(
        "duration", "number", range: 0...3600, lowerOpen: true, unit: "s", default: "required",
        "how long the finger moves")
    static let release = SceneKey(
        "release", "fling | hold", default: "fling",
        "fling: lifts moving at the finger's speed; hold: stops, then lifts")
    static let hold = SceneKey(
        "hold", "number", range: 0...3600, unit: "s", default: "0", "how long the finger stays still before it lifts")
    static let freeItem = SceneKey(
        "item", "free view", default: "the topmost under the finger",
        "the free view it acts on (cells move with their collection)")

    package static let pan = KeyTable(
        "script[].pan",
        [
            SceneKey("from", "[x, y]", unit: "pt", default: "required without `path`", "where the finger lands"),
            SceneKey("to", "[x, y]", unit: "pt", default: "required without `path`", "where it moves to"),
            SceneKey(
                "path", "[[x, y], ...]", unit: "pt", default: "",
                "the points it moves through at constant speed, instead of from/to"),
            freeItem.named("item", "drags this free view (an attachment to the finger); without it the collection scrolls"),
            duration, release, hold,
            SceneKey(
                "velocity", "[vx, vy]", range: -100_000...100_000, unit: "pt/s", default: "the path's last speed",
                "the finger's speed as it lifts (a fling)"),
            SceneKey("cancel", "bool", default: "false", "the touch is cancelled: it lifts without a fling"),
        ])

    package static let swipe = KeyTable(
        "script[].swipe",
        [
            SceneKey("from", "[x, y]", unit: "pt", default: "required", "where the finger lands"),
            SceneKey("direction", "left | right | up | down", default: "required", "UISwipeGestureRecognizer's direction"),
            SceneKey(
                "distance", "number", range: 0...10_000, lowerOpen: true, unit: "pt", default: "100", "how far the stroke goes"),
            SceneKey(
                "speed", "number", range: 0...100_000, lowerOpen: true, unit: "pt/s", default: "1000",
                "the stroke's speed, kept as it lifts"),
            freeItem.named("item"),
        ])

    package static let tap = KeyTable(
        "script[].tap",
        [
            SceneKey("item", "item id or cell", default: "", "what is tapped"),
            SceneKey("at", "[x, y]", unit: "pt", default: "required without `item`", "where"),
        ])

    package static let insert = KeyTable(
        "script[].insert",
        [
            SceneKey("at", "right_of_center | \"section.item\"", default: "required", "where the new cells go"),
            SceneKey("count", "whole number", range: 1...10_000, default: "1", "how many"),
            SceneKey("label", "text", default: "numbered", "the new cell's label (one cell)"),
            SceneKey("labels", "[text]", default: "numbered", "the new cells' labels, one each (their count is the count)"),
        ])

    package static let delete = KeyTable(
        "script[].delete", [SceneKey("items", "[\"section.item\"]", default: "required", "the cells")])
    package static let select = KeyTable(
        "script[].select",
        [
            SceneKey("items", "[\"section.item\"]", default: "required", "the selection becomes exactly these cells")
        ])

    package static let longPress = KeyTable(
        "script[].long_press",
        [
            SceneKey("at", "[x, y]", unit: "pt", default: "required", "where the finger lands"),
            SceneKey(
                "press", "number", range: 0...60, unit: "s", default: "0.5",
                "minimumPressDuration: held this long before it is recognised"),
            SceneKey("path", "[[x, y], ...]", unit: "pt", default: "[at]", "where it moves once recognised"),
            SceneKey("duration", "number", range: 0...3600, unit: "s", default: "0", "how long it moves along `path`"),
            hold,
            SceneKey(
                "drift", "[x, y]", unit: "pt", default: "[0, 0]",
                "how far the finger creeps while pressing (past allowableMovement the press fails)"),
        ])

    package static let reorder = KeyTable(
        "script[].reorder",
        longPress.keys + [
            SceneKey("cancel", "bool", default: "false", "cancelInteractiveMovement instead of end: the cell goes back")
        ])

    package static let scrollTo = KeyTable(
        "script[].scroll_to",
        [
            SceneKey("offset", "[x, y]", unit: "pt", default: "required", "the content offset"),
            SceneKey("animated", "bool", default: "true", "UIKit's 0.3 s ease-in-out, or at once"),
        ])

    package static let scrollToItem = KeyTable(
        "script[].scroll_to_item",
        [
            SceneKey("item", "\"section.item\"", default: "required", "the cell"),
            SceneKey(
                "position", ScrollPosition.allCases.map(\.rawValue).joined(separator: " | "), default: "nearest",
                "where it ends in the view (UICollectionView.ScrollPosition)"),
            SceneKey("animated", "bool", default: "true", "UIKit's 0.3 s ease-in-out, or at once"),
        ])

    package static let remove = KeyTable(
        "script[].remove",
        [
            SceneKey(
                "behavior", "whole number", default: "required", "which behavior: its place among those declared and added so far"
            )
        ])

    package static let update = KeyTable(
        "script[].update",
        [
            SceneKey(
                "insert", "[\"section.item\" | { at, label }]", default: "",
                "cells inserted (performBatchUpdates' insertItems), numbered or with their labels"),
            SceneKey("delete", "[\"section.item\"]", default: "", "cells deleted, by their paths before the update"),
            SceneKey("move", "[[from, to]]", default: "", "cells moved"),
            SceneKey("reload", "[\"section.item\"]", default: "", "cells reloaded (a cross-fade)"),
            SceneKey(
                "insert_sections", "[section with `at`]", default: "",
                "sections inserted: each as under `collection.sections[]`, plus `at`"),
            SceneKey("delete_sections", "[whole number]", default: "", "sections deleted"),
            SceneKey("move_sections", "[[from, to]]", default: "", "sections moved"),
            SceneKey("reload_sections", "[whole number]", default: "", "sections reloaded"),
            SceneKey("animated", "bool", default: "true", "animated over collection.updates' duration, or at once"),
        ])

    /// Every script table, in SCENE-FORMAT's order.
    package static let all: [KeyTable] =
        [
            pan, swipe, tap, insert, delete, select, longPress, reorder, scrollTo, scrollToItem, remove, update,
        ] + ScriptGestureName.allCases.flatMap { [$0.type.keys] + $0.type.partKeys }
}
