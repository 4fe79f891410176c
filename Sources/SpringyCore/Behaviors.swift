// UIKit Dynamics vocabulary shared by the scene model and the dynamics engine:
// behaviors name their items by id ("frog", "0.3"), in UIKit's units.

/// UIDynamicItemBehavior's properties. In `defaults`, every field is set.
package struct ItemProperties: Sendable, Equatable {
    package var elasticity: Double?
    package var friction: Double?
    package var density: Double?
    package var resistance: Double?
    package var angularResistance: Double?
    package var allowsRotation: Bool?
    package var anchored: Bool?
    /// The electric charge field behaviors act on (UIDynamicItemBehavior.charge, default 0).
    package var charge: Double?
    package init(
        elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
        resistance: Double? = nil, angularResistance: Double? = nil,
        allowsRotation: Bool? = nil, anchored: Bool? = nil, charge: Double? = nil
    ) {
        self.elasticity = elasticity; self.friction = friction; self.density = density
        self.resistance = resistance; self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation; self.anchored = anchored; self.charge = charge
    }
    /// UIKit's observed defaults (DYNAMICS.md, "Item defaults").
    package static let uikit = ItemProperties(
        elasticity: 0.2, friction: 0.2, density: 1, resistance: 0.1,
        angularResistance: 0.1, allowsRotation: true, anchored: false, charge: 0)
    /// `other`'s set fields over this one's.
    package func merged(with other: ItemProperties) -> ItemProperties {
        ItemProperties(
            elasticity: other.elasticity ?? elasticity, friction: other.friction ?? friction,
            density: other.density ?? density, resistance: other.resistance ?? resistance,
            angularResistance: other.angularResistance ?? angularResistance,
            allowsRotation: other.allowsRotation ?? allowsRotation, anchored: other.anchored ?? anchored,
            charge: other.charge ?? charge)
    }
}

package enum CollisionMode: String, Sendable {
    case items, boundaries, everything
    package var includesItems: Bool { self != .boundaries }
    package var includesBoundaries: Bool { self != .items }
}

package enum PushMode: String, Sendable { case continuous, instantaneous }

package struct NamedSegment: Sendable, Equatable {
    package var name: String
    package var from: Vec2
    package var to: Vec2
    package init(name: String, from: Vec2, to: Vec2) { self.name = name; self.from = from; self.to = to }
}

/// The collision bounds of a dynamic item.
/// UIDynamicItemCollisionBoundsType: rectangle, ellipse, or path (an outline of its own).
package enum ItemShape: String, Sendable { case rectangle, ellipse, path }

package enum AttachTarget: Sendable, Equatable {
    case point(Vec2)
    case item(String)
}

/// One parameter change of a `set` event.
package enum BehaviorParameter: Sendable, Equatable {
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
