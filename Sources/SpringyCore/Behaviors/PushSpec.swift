/// UIPushBehavior: `vector` in newtons (continuous) or N·s (instantaneous).
public struct PushSpec: BehaviorKindSpec {
    public var items: [String]
    public var mode: PushMode
    public var vector: Vec2
    public var offset: Vec2
    /// The angle kept while the magnitude is 0 (UIKit's default angle is 0).
    public var restingAngle = 0.0
    public init(items: [String], mode: PushMode, vector: Vec2, offset: Vec2) {
        self.items = items; self.mode = mode; self.vector = vector; self.offset = offset
    }

    public static var kind: BehaviorKind { .push }
    public static var uikitName: String { "UIPushBehavior" }
    public static let keys = KeyTable(
        "behaviors[].push",
        [
            CommonKeys.items.named("items", "the items it pushes (or `item` for one)"),
            SceneKey("item", "item id", default: "", "one item, instead of `items`"),
            SceneKey(
                "mode", "continuous | instantaneous", default: "continuous (a scripted push: instantaneous)",
                "a steady force, or one impulse"),
            VectorKeys.angle(default: "0"), VectorKeys.magnitude(default: "0"), VectorKeys.direction(default: ""),
            SceneKey(
                "offset", "[x, y]", unit: "pt", default: "[0, 0]", "where on the item it pushes, from its centre (turns it)"),
        ])
    public static let setKeys = setTable([
        VectorKeys.magnitude(default: ""), VectorKeys.angle(default: ""), VectorKeys.direction(default: ""),
        SceneKey(
            "active", "bool", default: "", "on or off (UIPushBehavior.active); a new magnitude or direction turns it on again"),
    ])
    public var behavior: BehaviorSpec { .push(self) }
    public var referencedItems: [String] { items }
    public func withItems(_ items: [String]) -> PushSpec? { var p = self; p.items = items; return p }
    /// `active` is the animator's (not a value of the spec): nil here.
    public func setting(_ p: BehaviorParameter) -> PushSpec? {
        var s = self
        return PolarVector.setting(p, &s.vector, &s.restingAngle) ? s : nil
    }
}
