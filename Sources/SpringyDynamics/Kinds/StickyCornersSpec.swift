import Foundation
import SpringyCore
import SpringyYAML

// Apple's StickyCornersBehavior (WWDC 2015, "What's New in UIKit Dynamics and Visual Effects"):
// a custom UIDynamicBehavior that keeps one view in the reference bounds and carries it, once
// thrown, to the nearest corner, as picture-in-picture windows move. Its children: a collision
// with the bounds, an item behavior (density 0.01, resistance 10, no friction, no rotation), and
// four spring fields at `inset` from each corner, each acting over the quarter of the bounds
// nearest its corner.

package struct StickyCornersSpec: BehaviorKindSpec {
    package var item: String
    /// cornerInset: the gap between the item and the edges at a corner, in points.
    package var inset: Double
    /// The spring fields' strength (UIFieldBehavior.springField(), strength 1 by default).
    package var strength: Double
    package init(item: String, inset: Double = 16, strength: Double = 1) {
        self.item = item; self.inset = inset; self.strength = strength
    }

    package static var kind: BehaviorKind { .stickyCorners }
    package static var uikitName: String { "StickyCornersBehavior" }
    static let inset = SceneKey(
        "inset", "number", range: 0...1000, unit: "pt", default: "16",
        "cornerInset: the gap between the item and the edges at a corner")
    static let strength = SceneKey(
        "strength", "number", range: 0...1e6, default: "1", "the corner spring fields' strength (UIFieldBehavior's units)")
    package static let keys = KeyTable("behaviors[].sticky_corners", [CommonKeys.item, inset, strength])
    package static let setKeys = setTable([inset.named("inset", "moves the corners' springs in or out")])
    /// Nothing a Swift program sets on it needs a range of its own (its items are checked as items).
    package var problem: String? { nil }
    package var behavior: BehaviorSpec { .stickyCorners(self) }
    package var referencedItems: [String] { [item] }
    package func withItems(_ items: [String]) -> StickyCornersSpec? { nil }
    package func setting(_ p: BehaviorParameter) -> StickyCornersSpec? {
        var s = self
        guard p.key == "inset", let d = p.number else { return nil }
        s.inset = d
        return s
    }

    /// The behaviors it is made of, for an item of `size` in `bounds` (the sample's
    /// updateFieldsInBounds): the field at each corner sits where the item's centre rests there,
    /// and acts over a region the size of the bounds less the inset item on each side, centred on
    /// it — the quarter of the bounds nearest that corner.
    package func children(bounds: Rect, size: Size2) -> [BehaviorSpec] {
        let dx = inset + size.width / 2, dy = inset + size.height / 2
        let region = Size2(max(bounds.width - 2 * dx, 0.01), max(bounds.height - 2 * dy, 0.01))
        var out: [BehaviorSpec] = [
            .collision(items: [item], mode: .everything, bounds: true, insets: .zero, boundaries: []),
            .item(
                items: [item],
                properties: ItemProperties(friction: 0, density: 0.01, resistance: 10, allowsRotation: false)),
        ]
        for corner in [
            Vec2(bounds.minX + dx, bounds.minY + dy), Vec2(bounds.maxX - dx, bounds.minY + dy),
            Vec2(bounds.minX + dx, bounds.maxY - dy), Vec2(bounds.maxX - dx, bounds.maxY - dy),
        ] {
            var field = FieldSpec(kind: .spring, items: [item], position: corner)
            field.strength = strength
            field.region = .rect(region)
            out.append(.field(field))
        }
        return out
    }
}

extension BehaviorParameter {
    /// A sticky-corners behavior's corner inset.
    package static func inset(_ d: Double) -> Self { Self("inset", .number(d)) }
}

// Read from a scene: its declaration, and a script's `set` on it (BehaviorReading).

extension StickyCornersSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .stickyCorners(
            StickyCornersSpec(
                item: try r.item(try m.require("item")), inset: try m["inset"]?.double(keys["inset"]) ?? 16,
                strength: try m["strength"]?.double(keys["strength"]) ?? 1))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        try m["inset"].map { [.inset(try $0.double(setKeys["inset"]))] } ?? []
    }
}

// Apple's StickyCornersBehavior: a behavior made of child behaviors (a collision with the
// bounds, an item behavior, four corner spring fields) sized to the animator's reference bounds
// and the item, added and removed with it, made again when its inset changes.

extension StickyCornersSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws {
        try addChildren(to: animator, id: id, label: label)
    }

    func removed(from animator: Animator) {}

    func changed(in animator: Animator, slot s: Int, from old: StickyCornersSpec) throws {
        let id = animator.registry.slots[s].id, label = animator.registry.slots[s].label
        for child in animator.registry.slots[s].children { animator.removeBehavior(child) }
        try addChildren(to: animator, id: id, label: label)
    }

    func itemsChanged(in animator: Animator, from old: [String]) {}
    /// Its children forget the item (the fields and the others hold it in their lists).
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) {}

    func addChildren(to animator: Animator, id: BehaviorID, label: String) throws {
        let size = animator.size(of: item) ?? Size2(0, 0)
        try animator.addChildren(children(bounds: animator.bounds, size: size), of: id) { k, child in
            "\(label).\(child.kindName)[\(k)]"
        }
    }
}
