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
    public static let setKeys = setTable([])
    public var behavior: BehaviorSpec { .collision(self) }
    public var referencedItems: [String] { items }
    public func withItems(_ items: [String]) -> CollisionSpec? { var c = self; c.items = items; return c }
    public func setting(_ p: BehaviorParameter) -> CollisionSpec? { nil }
}
