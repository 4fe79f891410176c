/// UICollisionBehavior.

import SpringyCore

package struct CollisionSpec: BehaviorKindSpec {
    package var items: [String]
    package var mode: CollisionMode
    /// translatesReferenceBoundsIntoBoundary
    package var bounds: Bool
    /// top, left, bottom, right
    package var insets: EdgeInsets
    package var boundaries: [NamedSegment]
    package init(items: [String], mode: CollisionMode, bounds: Bool, insets: EdgeInsets, boundaries: [NamedSegment]) {
        self.items = items; self.mode = mode; self.bounds = bounds; self.insets = insets; self.boundaries = boundaries
    }

    package static var kind: BehaviorKind { .collision }
    package static var uikitName: String { "UICollisionBehavior" }
    package static let keys = KeyTable(
        "behaviors[].collision",
        [
            CommonKeys.items,
            SceneKey(
                "mode", "items | boundaries | everything", default: "everything", "what the items collide with (collisionMode)"),
            SceneKey(
                "bounds", "bool", default: "true", "the viewport's edges are a boundary (translatesReferenceBoundsIntoBoundary)"),
            SceneKey(
                "insets", "[top, left, bottom, right]", unit: "pt", default: "[0, 0, 0, 0]", "the bounds boundary inset by these"),
            SceneKey(
                "boundaries", "mapping of name → boundary", default: "none",
                "named boundaries: `{ from, to }`, `{ path, closed }`, `{ circle }` or `{ rounded_rect }`"),
        ])
    /// `boundaries.<name>`: one of four forms (UICollisionBehavior.addBoundary(withIdentifier:…)).
    package static let boundaryKeys = KeyTable(
        "behaviors[].collision.boundaries.<name>",
        [
            SceneKey("from", "[x, y]", unit: "pt", default: "", "a segment's start (with `to`)"),
            SceneKey("to", "[x, y]", unit: "pt", default: "", "its end"),
            SceneKey("path", "[[x, y], ...]", unit: "pt", default: "", "a polyline through these points"),
            SceneKey("closed", "bool", default: "false", "path: joined back to its first point"),
            SceneKey("circle", "{ center, radius }", default: "", "a circle of 48 segments"),
            SceneKey("rounded_rect", "{ rect, radius }", default: "", "a rounded rectangle, corners of 12 segments"),
        ])
    package static let circleKeys = KeyTable(
        "behaviors[].collision.boundaries.<name>.circle",
        [
            SceneKey("center", "[x, y]", unit: "pt", default: "required", "its centre"),
            SceneKey("radius", "number", range: 0...1e6, lowerOpen: true, unit: "pt", default: "required", "its radius"),
        ])
    package static let roundedRectKeys = KeyTable(
        "behaviors[].collision.boundaries.<name>.rounded_rect",
        [
            SceneKey("rect", "[x, y, w, h]", unit: "pt", default: "required", "the rectangle (a positive size)"),
            SceneKey(
                "radius", "number", range: 0...1e6, unit: "pt", default: "0",
                "its corners' radius (at most half its shorter side)"),
        ])
    package static var partKeys: [KeyTable] { [boundaryKeys, circleKeys, roundedRectKeys] }
    package static let setKeys = setTable([])
    package var behavior: BehaviorSpec { .collision(self) }
    package var referencedItems: [String] { items }
    package func withItems(_ items: [String]) -> CollisionSpec? { var c = self; c.items = items; return c }
    package func setting(_ p: BehaviorParameter) -> CollisionSpec? { nil }
}
