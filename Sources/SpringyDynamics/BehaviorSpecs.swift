import Foundation
import SpringyCore

// Behaviors as plain values, one struct per kind (Behaviors/<Kind>Spec.swift, UIKit's
// properties as fields), so that a script's `set` is a field assignment and is tested without
// a physics engine.

extension BehaviorSpec {
    package var kind: BehaviorKind { type(of: payload).kind }
    package var kindName: String { kind.rawValue }

    /// The items this behavior (and its children) names, in order.
    package var referencedItems: [String] { payload.referencedItems }

    /// This behavior and every behavior inside it, depth first.
    package var flattened: [BehaviorSpec] {
        if case .composite(let c) = self { return [self] + c.behaviors.flatMap(\.flattened) }
        return [self]
    }

    /// This behavior with one parameter changed, as a script's `set` does (DYNAMICS.md);
    /// nil when the parameter does not belong to this kind. `active` is the animator's.
    package func setting(_ p: BehaviorParameter) -> BehaviorSpec? {
        func set<S: BehaviorKindSpec>(_ s: S) -> BehaviorSpec? { s.setting(p)?.behavior }
        return set(payload)
    }

    /// The same behavior acting on `items` instead (gravity, collision, push, item and field behaviors).
    package func withItems(_ items: [String]) -> BehaviorSpec? {
        func with<S: BehaviorKindSpec>(_ s: S) -> BehaviorSpec? { s.withItems(items)?.behavior }
        return with(payload)
    }

    package static func gravity(items: [String], vector: Vec2) -> BehaviorSpec {
        .gravity(GravitySpec(items: items, vector: vector))
    }
    package static func collision(
        items: [String], mode: CollisionMode, bounds: Bool, insets: EdgeInsets,
        boundaries: [NamedSegment]
    ) -> BehaviorSpec {
        .collision(CollisionSpec(items: items, mode: mode, bounds: bounds, insets: insets, boundaries: boundaries))
    }
    package static func attachment(
        item: String, to: AttachTarget, length: Double?, frequency: Double, damping: Double,
        offset: Vec2, toOffset: Vec2
    ) -> BehaviorSpec {
        .attachment(
            AttachmentSpec(
                item: item, to: to, length: length, frequency: frequency, damping: damping,
                offset: offset, toOffset: toOffset))
    }
    package static func snap(item: String, to point: Vec2, damping: Double) -> BehaviorSpec {
        .snap(SnapSpec(item: item, point: point, damping: damping))
    }
    package static func push(items: [String], mode: PushMode, vector: Vec2, offset: Vec2) -> BehaviorSpec {
        .push(PushSpec(items: items, mode: mode, vector: vector, offset: offset))
    }
    package static func item(items: [String], properties: ItemProperties) -> BehaviorSpec {
        .item(ItemBehaviorSpec(items: items, properties: properties))
    }
    package static func composite(_ behaviors: [BehaviorSpec]) -> BehaviorSpec { .composite(CompositeSpec(behaviors)) }
}
