import Foundation

// Behaviors as plain values, one struct per kind (UIKit's properties as fields), so that
// a script's `set` is a field assignment and is tested without a physics engine.

/// UIGravityBehavior: `vector` in units of 1000 pt/s² (magnitude 1 = 1000 pt/s²).
public struct GravitySpec: Sendable, Equatable {
    public var items: [String]
    public var vector: Vec2
    /// The angle kept while the magnitude is 0 (Apple: setting magnitude 0 resets it to 0).
    public var restingAngle = 0.0
    public init(items: [String], vector: Vec2) { self.items = items; self.vector = vector }
}

/// A vector set by angle and magnitude separately, as UIGravityBehavior and UIPushBehavior
/// are: the angle survives a magnitude of 0 in `restingAngle`.
enum PolarVector {
    static func settingMagnitude(_ v: inout Vec2, _ restingAngle: inout Double, _ m: Double) {
        let len = v.length
        if m == 0 {
            restingAngle = 0   // Apple: magnitude 0 resets the angle to 0
            v = .zero
        } else if len > 0 {
            v = v / len * m
        } else {
            v = restingAngle == 0 ? Vec2(m, 0) : Vec2(cos(restingAngle), sin(restingAngle)) * m
        }
    }

    static func settingAngle(_ v: inout Vec2, _ restingAngle: inout Double, _ a: Double) {
        let len = v.length
        if len > 0 { v = Vec2(cos(a), sin(a)) * len } else { restingAngle = a }
    }
}

/// UICollisionBehavior.
public struct CollisionSpec: Sendable, Equatable {
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
}

/// UIAttachmentBehavior's kinds: the iOS 7 one (rigid when `frequency` is 0, a spring
/// otherwise) and iOS 9's sliding, limit, fixed and pin attachments.
public enum AttachmentKind: String, Sendable, CaseIterable { case spring, sliding, limit, fixed, pin }

/// UIAttachmentBehavior: rigid when `frequency` is 0, a spring otherwise (kind spring).
public struct AttachmentSpec: Sendable, Equatable {
    public var kind: AttachmentKind = .spring
    /// attachmentAnchor (sliding, fixed, pin): a point in the reference view.
    public var anchor: Vec2?
    /// axisOfTranslation (sliding).
    public var axis = Vec2(1, 0)
    /// attachmentRange: points of translation (sliding) or degrees of turn (pin), from the start.
    public var rangeLower: Double?
    public var rangeUpper: Double?
    /// frictionTorque (pin), UIKit's (Box2D's) newton-metres at 100 pt per metre.
    public var frictionTorque = 0.0
    public var item: String
    public var to: AttachTarget
    /// nil: the distance when the behavior is made (UIKit's default).
    public var length: Double?
    public var frequency: Double
    public var damping: Double
    public var offset: Vec2
    public var toOffset: Vec2
    public init(item: String, to: AttachTarget, length: Double?, frequency: Double, damping: Double,
                offset: Vec2, toOffset: Vec2) {
        self.item = item; self.to = to; self.length = length; self.frequency = frequency; self.damping = damping
        self.offset = offset; self.toOffset = toOffset
    }
}

/// UISnapBehavior.
public struct SnapSpec: Sendable, Equatable {
    public var item: String
    public var point: Vec2
    public var damping: Double
    public init(item: String, point: Vec2, damping: Double) { self.item = item; self.point = point; self.damping = damping }
}

/// UIPushBehavior: `vector` in newtons (continuous) or N·s (instantaneous).
public struct PushSpec: Sendable, Equatable {
    public var items: [String]
    public var mode: PushMode
    public var vector: Vec2
    public var offset: Vec2
    /// The angle kept while the magnitude is 0 (UIKit's default angle is 0).
    public var restingAngle = 0.0
    public init(items: [String], mode: PushMode, vector: Vec2, offset: Vec2) {
        self.items = items; self.mode = mode; self.vector = vector; self.offset = offset
    }
}

/// UIDynamicItemBehavior.
public struct ItemBehaviorSpec: Sendable, Equatable {
    public var items: [String]
    public var properties: ItemProperties
    public init(items: [String], properties: ItemProperties) { self.items = items; self.properties = properties }
}

public indirect enum BehaviorSpec: Sendable, Equatable {
    case gravity(GravitySpec)
    case collision(CollisionSpec)
    case attachment(AttachmentSpec)
    case snap(SnapSpec)
    case push(PushSpec)
    case item(ItemBehaviorSpec)
    case field(FieldSpec)
    case composite([BehaviorSpec])

    public static func gravity(items: [String], vector: Vec2) -> BehaviorSpec { .gravity(GravitySpec(items: items, vector: vector)) }
    public static func collision(items: [String], mode: CollisionMode, bounds: Bool, insets: EdgeInsets,
                                 boundaries: [NamedSegment]) -> BehaviorSpec {
        .collision(CollisionSpec(items: items, mode: mode, bounds: bounds, insets: insets, boundaries: boundaries))
    }
    public static func attachment(item: String, to: AttachTarget, length: Double?, frequency: Double, damping: Double,
                                  offset: Vec2, toOffset: Vec2) -> BehaviorSpec {
        .attachment(AttachmentSpec(item: item, to: to, length: length, frequency: frequency, damping: damping,
                                   offset: offset, toOffset: toOffset))
    }
    public static func snap(item: String, to point: Vec2, damping: Double) -> BehaviorSpec {
        .snap(SnapSpec(item: item, point: point, damping: damping))
    }
    public static func push(items: [String], mode: PushMode, vector: Vec2, offset: Vec2) -> BehaviorSpec {
        .push(PushSpec(items: items, mode: mode, vector: vector, offset: offset))
    }
    public static func item(items: [String], properties: ItemProperties) -> BehaviorSpec {
        .item(ItemBehaviorSpec(items: items, properties: properties))
    }

    public var kindName: String {
        switch self {
        case .gravity: return "gravity"
        case .collision: return "collision"
        case .attachment: return "attachment"
        case .snap: return "snap"
        case .push: return "push"
        case .item: return "item"
        case .field: return "field"
        case .composite: return "composite"
        }
    }

    /// The items this behavior (and its children) names, in order.
    public var referencedItems: [String] {
        switch self {
        case .gravity(let g): return g.items
        case .collision(let c): return c.items
        case .push(let p): return p.items
        case .item(let i): return i.items
        case .field(let f): return f.items
        case .attachment(let a):
            if case .item(let other) = a.to { return [a.item, other] }
            return [a.item]
        case .snap(let s): return [s.item]
        case .composite(let children): return children.flatMap(\.referencedItems)
        }
    }

    /// This behavior with one parameter changed, as a script's `set` does (DYNAMICS.md);
    /// nil when the parameter does not belong to this kind. `active` is the animator's.
    public func setting(_ p: BehaviorParameter) -> BehaviorSpec? {
        switch (self, p) {
        case (.gravity(var g), .magnitude(let m)):
            PolarVector.settingMagnitude(&g.vector, &g.restingAngle, m)
            return .gravity(g)
        case (.gravity(var g), .angle(let a)):
            PolarVector.settingAngle(&g.vector, &g.restingAngle, a)
            return .gravity(g)
        case (.gravity(var g), .direction(let d)):
            g.vector = d
            return .gravity(g)
        case (.push(var s), .magnitude(let m)):
            PolarVector.settingMagnitude(&s.vector, &s.restingAngle, m)
            return .push(s)
        case (.push(var s), .angle(let a)):
            PolarVector.settingAngle(&s.vector, &s.restingAngle, a)
            return .push(s)
        case (.push(var s), .direction(let d)):
            s.vector = d
            return .push(s)
        case (.attachment(var a), .length(let l)):
            a.length = l
            return .attachment(a)
        case (.attachment(var a), .frequency(let f)):
            a.frequency = f
            return .attachment(a)
        case (.attachment(var a), .damping(let d)):
            a.damping = d
            return .attachment(a)
        case (.attachment(var a), .anchor(let p)):
            guard case .point = a.to else { return nil }
            a.to = .point(p)
            return .attachment(a)
        case (.snap(var s), .snapPoint(let p)):
            s.point = p
            return .snap(s)
        case (.snap(var s), .damping(let d)):
            s.damping = d
            return .snap(s)
        case (.field(var f), .magnitude(let m)):
            f.strength = m
            return .field(f)
        case (.field(var f), .direction(let d)):
            f.direction = d
            return .field(f)
        case (.field(var f), .anchor(let p)):
            f.position = p
            return .field(f)
        case (.item(var i), .properties(let change)):
            i.properties = i.properties.merged(with: change)
            return .item(i)
        default:
            return nil
        }
    }

    /// The same behavior acting on `items` instead (gravity, collision, push and item behaviors).
    public func withItems(_ items: [String]) -> BehaviorSpec? {
        switch self {
        case .gravity(var g): g.items = items; return .gravity(g)
        case .collision(var c): c.items = items; return .collision(c)
        case .push(var p): p.items = items; return .push(p)
        case .item(var i): i.items = items; return .item(i)
        case .field(var f): f.items = items; return .field(f)
        default: return nil
        }
    }
}
