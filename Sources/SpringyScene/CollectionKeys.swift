import SpringyCore

/// The keys of the collection view's contexts, one table each: read by CollectionDecoder (with
/// their ranges), by an update's `insert_sections` (a section as under `sections`), by the
/// did-you-mean, and printed in SCENE-FORMAT's collection reference.
package enum CollectionKeys {
    static let spacing = 0.0...100_000.0

    package static let collection = KeyTable(
        "collection",
        [
            SceneKey(
                "layout", "mapping", default: "a vertical flow of 50 × 50 items", "how cells are laid out (`collection.layout`)"),
            SceneKey("sections", "[section]", default: "required", "the sections, at least one (`collection.sections[]`)"),
            SceneKey("selection", "[\"section.item\"]", default: "none", "cells selected at the start"),
            SceneKey("dynamics", "mapping", default: "none", "dynamics the layout runs on its cells (`collection.dynamics`)"),
            SceneKey(
                "transitions", "mapping", default: "UIView's spring, 0.4 s, ratio 1",
                "animated layout changes (`collection.transitions`)"),
            SceneKey("scroll", "mapping", default: "UIScrollView's defaults", "the scroll view (`collection.scroll`)"),
            SceneKey("updates", "mapping", default: "0.3 s, fade", "batch updates' animation (`collection.updates`)"),
            SceneKey(
                "reorder", "mapping", default: "lift 1.1, elevation 8",
                "the interactive move's lifted cell (`collection.reorder`)"),
        ])

    /// A section, wherever one is written (`sections`, an update's `insert_sections` with `at`).
    package static let section = KeyTable(
        "collection.sections[]",
        [
            SceneKey("items", "whole number or [label]", range: 0...1e9, default: "required", "how many cells, or their labels"),
            SceneKey("header", "text", default: "none", "the section header's title"),
            SceneKey("footer", "text", default: "none", "flow: the footer's title"),
            SceneKey(
                "item_size", "[w, h] (compositional: [\"N%\" or w, h])", unit: "pt", default: "the layout's",
                "this section's item size"),
            SceneKey("sizes", "[[w, h], ...]", unit: "pt", default: "", "flow: each item's own size, repeating"),
            SceneKey(
                "section_inset", "[top, left, bottom, right]", range: 0...1e9, unit: "pt", default: "the layout's",
                "this section's insets"),
            SceneKey("line_spacing", "number", range: 0...1e9, unit: "pt", default: "the layout's", "between lines"),
            SceneKey(
                "interitem_spacing", "number", range: 0...1e9, unit: "pt", default: "the layout's", "between items of a line"),
            SceneKey("background", "colour", default: "none", "flow: a decoration view behind the section"),
            SceneKey("columns", "whole number", range: 1...1000, default: "as many as fit", "compositional: items per row"),
            SceneKey(
                "orthogonal", OrthogonalScrolling.allCases.map(\.rawValue).joined(separator: " | "), default: "none",
                "compositional: the section scrolls sideways in one row"),
        ])

    package static let updates = KeyTable(
        "collection.updates",
        [
            SceneKey("duration", "number", range: 0...60, unit: "s", default: "0.3", "performBatchUpdates' animation"),
            SceneKey(
                "appearance", UpdateAppearance.allCases.map(\.rawValue).joined(separator: " | "), default: "fade",
                "how inserted cells appear and deleted ones leave"),
        ])

    package static let reorder = KeyTable(
        "collection.reorder",
        [
            SceneKey(
                "lift_scale", "number", range: 0...10, lowerOpen: true, default: "1.1", "the moving cell's scale while held"),
            SceneKey("elevation", "number", range: 0...100, unit: "pt", default: "8", "its shadow's height while held"),
        ])

    package static let scroll = KeyTable(
        "collection.scroll",
        [
            SceneKey("bounces", "bool", default: "true", "rubber-band past the edges"),
            SceneKey("always_bounce_vertical", "bool", default: "false", "bounce vertically even when the content fits"),
            SceneKey("always_bounce_horizontal", "bool", default: "false", "bounce horizontally even when the content fits"),
            SceneKey("paging", "bool", default: "false", "isPagingEnabled: rest on multiples of the view's size"),
            SceneKey(
                "deceleration_rate", "normal | fast | number", range: 0...1, lowerOpen: true, upperOpen: true,
                default: "normal (0.998)",
                "velocity kept per millisecond (fast: 0.99)"),
            SceneKey(
                "content_inset", "[top, left, bottom, right]", range: 0...100_000, unit: "pt", default: "[0, 0, 0, 0]",
                "contentInset"),
            SceneKey("content_offset", "[x, y]", unit: "pt", default: "[0, 0]", "where the content starts"),
            SceneKey("directional_lock", "bool", default: "false", "isDirectionalLockEnabled"),
        ])

    package static let layout = KeyTable(
        "collection.layout",
        [
            SceneKey("kind", LayoutKind.allCases.map(\.rawValue).joined(separator: " | "), default: "flow", "which layout"),
            SceneKey("direction", "vertical | horizontal", default: "vertical", "flow: the scroll direction"),
            SceneKey("item_size", "[w, h]", unit: "pt", default: "[50, 50]", "flow, grid, compositional: the items' size"),
            SceneKey("line_spacing", "number", range: 0...1e9, unit: "pt", default: "10", "between lines"),
            SceneKey("interitem_spacing", "number", range: 0...1e9, unit: "pt", default: "10", "between items of a line"),
            SceneKey(
                "section_inset", "[top, left, bottom, right]", range: 0...1e9, unit: "pt", default: "[0, 0, 0, 0]",
                "around each section"),
            SceneKey("align", "top | bottom", default: "top", "flow, horizontal: put the single row at the top or bottom"),
            SceneKey(
                "last_line", "leading | columns", default: "leading",
                "flow: a section's last line at the minimum spacing from the leading inset (UIKit's), or under the columns"),
            SceneKey(
                "header_height", "number", range: 0...1e9, unit: "pt", default: "0 (none)", "list and flow: section headers"),
            SceneKey("sticky_headers", "bool", default: "false", "headers stay pinned until pushed off by the next"),
            SceneKey("row_height", "number", range: 0.01...1e9, unit: "pt", default: "100", "list: rows"),
            SceneKey("expanded_height", "number", range: 0.01...1e9, unit: "pt", default: "300", "list: a tapped row"),
            SceneKey(
                "snap", SnapMode.allCases.map(\.rawValue).joined(separator: " | "), default: "none",
                "flow: where a fling comes to rest (targetContentOffset)"),
            SceneKey("footer_height", "number", range: 0...1e9, unit: "pt", default: "0 (none)", "flow: section footers"),
            SceneKey("sticky_footers", "bool", default: "false", "flow: footers stay at the bottom while their section shows"),
            SceneKey("section_backgrounds", "bool", default: "false", "flow: every section gets a decoration view"),
            SceneKey("right_to_left", "bool", default: "false", "vertical flow and list: mirrored for right-to-left languages"),
            SceneKey("columns", "whole number", range: 1...10_000, default: "required for grid", "grid: items per row"),
            SceneKey("style", "plain | inset_grouped", default: "plain", "list: a table's style"),
        ])

    package static let dynamics = KeyTable(
        "collection.dynamics",
        [
            SceneKey(
                "kind", CollectionDynamicsKind.allCases.map(\.rawValue).joined(separator: " | "), default: "none",
                "springy: cells on springs (flow); drag: multi-select drag"),
            SceneKey(
                "spring", "{ length, damping, frequency }", default: "{ 0, 0.5, 0.8 }", "each cell's attachment to its slot"),
            SceneKey("gravity", "{ magnitude }", default: "{ 0.3 }", "drag: gravity on dragged cells"),
            SceneKey(
                "collision", "{ mode, elasticity, apply_elasticity } | none", default: "{ boundaries, 1, false }",
                "drag: collisions"),
            SceneKey(
                "scroll_resistance", "number", range: 0...1e9, lowerOpen: true, unit: "pt", default: "500",
                "springy: how far from the finger a cell lags fully"),
            SceneKey(
                "margin", "number", range: 0...1000, unit: "pt", default: "2",
                "springy: cells this far outside the view keep springs"),
            SceneKey(
                "corner_springs", "{ frequency, damping, square }", default: "{ 8, 0.6, [40, 40] }",
                "drag: the lifted stack's corners"),
            SceneKey("lift_elevation", "number", range: 0...100, unit: "pt", default: "0", "drag: lifted cells' shadow"),
        ])

    package static let dynamicsSpring = KeyTable(
        "collection.dynamics.spring",
        [
            SceneKey("length", "number", range: 0...1e9, unit: "pt", default: "0", "rest length"),
            SceneKey("damping", "number", range: 0...10, default: "0.5", "damping ratio"),
            SceneKey(
                "frequency", "number", range: 0...60, unit: "Hz", default: "0.8", "frequency (at most a quarter of the step rate)"
            ),
        ])

    package static let dynamicsGravity = KeyTable(
        "collection.dynamics.gravity",
        [
            SceneKey("magnitude", "number", range: -1000...1000, default: "0.3", "1 = 1000 pt/s²")
        ])

    package static let dynamicsCollision = KeyTable(
        "collection.dynamics.collision",
        [
            SceneKey("mode", "items | boundaries | everything", default: "boundaries", "what the cells collide with"),
            SceneKey("elasticity", "number", range: 0...1, default: "1", "bounce"),
            SceneKey("apply_elasticity", "bool", default: "false", "give the cells this elasticity"),
        ])

    package static let cornerSprings = KeyTable(
        "collection.dynamics.corner_springs",
        [
            SceneKey("frequency", "number", range: 0...60, lowerOpen: true, unit: "Hz", default: "8", "the corner springs'"),
            SceneKey("damping", "number", range: 0...10, default: "0.6", "their damping ratio"),
            SceneKey("square", "[w, h]", unit: "pt", default: "[40, 40]", "where the corners are held"),
        ])

    package static let transitions = KeyTable(
        "collection.transitions",
        [
            SceneKey(
                "animation", "{ duration, damping_ratio, initial_velocity }", default: "{ 0.4, 1, 0 }",
                "UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)"),
            SceneKey("keep_selected_visible", "bool", default: "true", "scroll so a row that grows stays on screen"),
            SceneKey("fade", "bool", default: "false", "appearing rows fade in and disappearing ones out (UIKit's default)"),
        ])

    package static let transitionAnimation = KeyTable(
        "collection.transitions.animation",
        [
            SceneKey("duration", "number", range: 0...60, unit: "s", default: "0.4", "the spring's duration"),
            SceneKey("damping_ratio", "number", range: 0...10, lowerOpen: true, default: "1", "usingSpringWithDamping"),
            SceneKey("initial_velocity", "number", range: -1000...1000, default: "0", "initialSpringVelocity"),
        ])

    /// Every collection table, in SCENE-FORMAT's order.
    package static let all: [KeyTable] = [
        collection, layout, section, scroll, dynamics, dynamicsSpring, dynamicsGravity, dynamicsCollision, cornerSprings,
        transitions, transitionAnimation, updates, reorder,
    ]
}
