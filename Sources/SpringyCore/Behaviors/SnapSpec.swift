/// UISnapBehavior: the item springs to `point` (snapPoint, settable at run time as iOS 9
/// allows) with `damping` 0…1.
public struct SnapSpec: BehaviorKindSpec {
    public var item: String
    public var point: Vec2
    public var damping: Double
    public init(item: String, point: Vec2, damping: Double) { self.item = item; self.point = point; self.damping = damping }

    public static var kind: BehaviorKind { .snap }
    public static var uikitName: String { "UISnapBehavior" }
    static let to = SceneKey("to", "[x, y]", unit: "pt", default: "required", "the snap point (snapPoint)")
    static let damping = SceneKey(
        "damping", "number", range: 0...1, default: "0.5", "oscillation while snapping: 0 bouncy … 1 none")
    public static let keys = KeyTable("behaviors[].snap", [CommonKeys.item, to, damping])
    public static let setKeys = setTable([to.named("to", "moves the snap point (iOS 9)"), damping.named("damping")])
    public var behavior: BehaviorSpec { .snap(self) }
    public var referencedItems: [String] { [item] }
    public func withItems(_ items: [String]) -> SnapSpec? { nil }
    public func setting(_ p: BehaviorParameter) -> SnapSpec? {
        var s = self
        switch p {
        case .snapPoint(let point): s.point = point
        case .damping(let d): s.damping = d
        case .magnitude, .angle, .direction, .length, .frequency, .anchor, .active, .properties, .inset: return nil
        }
        return s
    }
}
