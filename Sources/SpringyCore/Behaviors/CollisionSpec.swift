/// UICollisionBehavior.
public struct CollisionSpec: BehaviorKindSpec {
    public var items: [String]
    public var mode: CollisionMode
    /// translatesReferenceBoundsIntoBoundary
    public var bounds: Bool
    /// top, left, bottom, right
    public var insets: EdgeInsets
    public var boundaries: [NamedSegment]
    public init(items: [String], mode: CollisionMode, bounds: Bool, insets: EdgeInsets, boundaries: [NamedSegment]) {
        self.items = items; self.mode = mode; self.bounds = bounds; self.insets = insets; self.boundaries = boundaries
    }

    public static var kind: BehaviorKind { .collision }
    public static var uikitName: String { "UICollisionBehavior" }
    public static let keys = KeyTable(
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
    public static let boundaryKeys = KeyTable(
        "behaviors[].collision.boundaries.<name>",
        [
            SceneKey("from", "[x, y]", unit: "pt", default: "", "a segment's start (with `to`)"),
            SceneKey("to", "[x, y]", unit: "pt", default: "", "its end"),
            SceneKey("path", "[[x, y], ...]", unit: "pt", default: "", "a polyline through these points"),
            SceneKey("closed", "bool", default: "false", "path: joined back to its first point"),
            SceneKey("circle", "{ center, radius }", default: "", "a circle of 48 segments"),
            SceneKey("rounded_rect", "{ rect, radius }", default: "", "a rounded rectangle, corners of 12 segments"),
        ])
    public static let circleKeys = KeyTable(
        "behaviors[].collision.boundaries.<name>.circle",
        [
            SceneKey("center", "[x, y]", unit: "pt", default: "required", "its centre"),
            SceneKey("radius", "number", range: 0...1e6, lowerOpen: true, unit: "pt", default: "required", "its radius"),
        ])
    public static let roundedRectKeys = KeyTable(
        "behaviors[].collision.boundaries.<name>.rounded_rect",
        [
            SceneKey("rect", "[x, y, w, h]", unit: "pt", default: "required", "the rectangle (a positive size)"),
            SceneKey(
                "radius", "number", range: 0...1e6, unit: "pt", default: "0",
                "its corners' radius (at most half its shorter side)"),
        ])
    public static var partKeys: [KeyTable] { [boundaryKeys, circleKeys, roundedRectKeys] }
    public static let setKeys = setTable([])
    public var behavior: BehaviorSpec { .collision(self) }
    public var referencedItems: [String] { items }
    public func withItems(_ items: [String]) -> CollisionSpec? { var c = self; c.items = items; return c }
    public func setting(_ p: BehaviorParameter) -> CollisionSpec? { nil }
}
