// UIKit Dynamics vocabulary shared by the scene model and the dynamics engine:
// behaviors name their items by id ("frog", "0.3"), in UIKit's units.

import SpringyCore

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

package enum AttachTarget: Sendable, Equatable {
    case point(Vec2)
    case item(String)
}

/// One parameter change of a `set` event: a key of the behavior kind's own `setKeys` table and
/// its value. Each kind reads the keys its table has, in its `setting` (its spec's file); a
/// parameter added to one kind touches no other kind's code. The constructors a kind's keys
/// need (`.damping(0.5)`) live beside that kind.
package struct BehaviorParameter: Sendable, Equatable {
    package enum Value: Sendable, Equatable {
        case number(Double)
        case point(Vec2)
        case flag(Bool)
        case properties(ItemProperties)
    }
    package var key: String
    package var value: Value
    package init(_ key: String, _ value: Value) { self.key = key; self.value = value }

    package var number: Double? { if case .number(let x) = value { x } else { nil } }
    package var point: Vec2? { if case .point(let p) = value { p } else { nil } }
    package var flag: Bool? { if case .flag(let b) = value { b } else { nil } }
}
