// UIKit Dynamics vocabulary shared by the scene model and the dynamics engine:
// behaviors name their items by id ("frog", "0.3"), in UIKit's units.

/// UIDynamicItemBehavior's properties. In `defaults`, every field is set.
public struct ItemProperties: Sendable, Equatable {
    public var elasticity: Double?
    public var friction: Double?
    public var density: Double?
    public var resistance: Double?
    public var angularResistance: Double?
    public var allowsRotation: Bool?
    public var anchored: Bool?
    /// The electric charge field behaviors act on (UIDynamicItemBehavior.charge, default 0).
    public var charge: Double?
    public init(
        elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
        resistance: Double? = nil, angularResistance: Double? = nil,
        allowsRotation: Bool? = nil, anchored: Bool? = nil, charge: Double? = nil
    ) {
        self.elasticity = elasticity; self.friction = friction; self.density = density
        self.resistance = resistance; self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation; self.anchored = anchored; self.charge = charge
    }
    /// UIKit's observed defaults (DYNAMICS.md, "Item defaults").
    public static let uikit = ItemProperties(
        elasticity: 0.2, friction: 0.2, density: 1, resistance: 0.1,
        angularResistance: 0.1, allowsRotation: true, anchored: false, charge: 0)
    /// `other`'s set fields over this one's.
    public func merged(with other: ItemProperties) -> ItemProperties {
        ItemProperties(
            elasticity: other.elasticity ?? elasticity, friction: other.friction ?? friction,
            density: other.density ?? density, resistance: other.resistance ?? resistance,
            angularResistance: other.angularResistance ?? angularResistance,
            allowsRotation: other.allowsRotation ?? allowsRotation, anchored: other.anchored ?? anchored,
            charge: other.charge ?? charge)
    }
}

public enum CollisionMode: String, Sendable {
    case items, boundaries, everything
    public var includesItems: Bool { self != .boundaries }
    public var includesBoundaries: Bool { self != .items }
}

public enum PushMode: String, Sendable { case continuous, instantaneous }

public struct NamedSegment: Sendable, Equatable {
    public var name: String
    public var from: Vec2
    public var to: Vec2
    public init(name: String, from: Vec2, to: Vec2) { self.name = name; self.from = from; self.to = to }
}

/// The collision bounds of a dynamic item.
/// UIDynamicItemCollisionBoundsType: rectangle, ellipse, or path (an outline of its own).
public enum ItemShape: String, Sendable { case rectangle, ellipse, path }

public enum AttachTarget: Sendable, Equatable {
    case point(Vec2)
    case item(String)
}

/// One parameter change of a `set` event.
public enum BehaviorParameter: Sendable, Equatable {
    case magnitude(Double)
    case angle(Double)
    case direction(Vec2)
    case length(Double)
    case frequency(Double)
    case damping(Double)
    case anchor(Vec2)
    case snapPoint(Vec2)
    case active(Bool)
    case properties(ItemProperties)
    /// A sticky-corners behavior's corner inset.
    case inset(Double)
}
