import Foundation
import SpringyCore
import SpringyYAML

// UIDynamicItemBehavior.

package struct ItemBehaviorSpec: BehaviorKindSpec {
    package var items: [String]
    package var properties: ItemProperties
    package init(items: [String], properties: ItemProperties) { self.items = items; self.properties = properties }

    package static var kind: BehaviorKind { .item }
    package static var uikitName: String { "UIDynamicItemBehavior" }
    package static let keys = KeyTable("behaviors[].item", [CommonKeys.items] + ItemProperties.keys.keys)
    package static let setKeys = setTable(ItemProperties.keys.keys)
    package var problem: String? {
        if let d = properties.density, d <= 0 { return "density \(d) must be above 0" }
        return nil
    }
    package var behavior: BehaviorSpec { .item(self) }
    package var referencedItems: [String] { items }
    package func withItems(_ items: [String]) -> ItemBehaviorSpec? { var i = self; i.items = items; return i }
    package func setting(_ p: BehaviorParameter) -> ItemBehaviorSpec? {
        guard p.key == "properties", case .properties(let change) = p.value else { return nil }
        var i = self
        i.properties = i.properties.merged(with: change)
        return i
    }
}

extension ItemProperties {
    /// The properties' keys, as an `item` behavior, `defaults` and `set` take them.
    package static let keys = KeyTable(
        "defaults",
        [
            SceneKey("elasticity", "number", range: 0...1, default: "0.2", "bounce kept in a collision (0 none, 1 all)"),
            SceneKey("friction", "number", range: 0...100, default: "0.2", "sliding friction against other items and boundaries"),
            SceneKey(
                "density", "number", range: 0...1e6, lowerOpen: true, default: "1",
                "mass per area: 1 gives a 100 × 100 pt item a mass of 1"),
            SceneKey("resistance", "number", range: 0...1e4, default: "0.1", "linear damping of its velocity"),
            SceneKey("angular_resistance", "number", range: 0...1e4, default: "0.1", "damping of its spin"),
            SceneKey("allows_rotation", "bool", default: "true", "whether it turns"),
            SceneKey("anchored", "bool", default: "false", "fixed in place: others collide with it, nothing moves it"),
            SceneKey("charge", "number", range: -1e6...1e6, default: "0", "what electric and magnetic fields act on"),
        ])
}

extension BehaviorParameter {
    /// An item behavior's properties, the ones given.
    package static func properties(_ p: ItemProperties) -> Self { Self("properties", .properties(p)) }
}

// Read from a scene: its declaration, and a script's `set` on it (BehaviorReading).

extension ItemBehaviorSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .item(items: try r.items(m), properties: try BehaviorReading.properties(m))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        m.entries.contains { $0.0 != "behavior" } ? [.properties(try BehaviorReading.properties(m))] : []
    }
}

// The animator part of the item-properties kind: it sets its items' bodies
// (ItemPropertiesBehavior.swift).

extension ItemBehaviorSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { animator.applyProperties(to: items) }
    func removed(from animator: Animator) { animator.applyProperties(to: items) }
    func changed(in animator: Animator, slot s: Int, from old: ItemBehaviorSpec) throws { animator.applyProperties(to: items) }
    func itemsChanged(in animator: Animator, from old: [String]) { animator.applyProperties(to: old + items) }
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }
}

extension Animator {
    func applyProperties(to items: [String]) {
        for item in items { if let b = bodyIndex[item] { applyProperties(b) } }
    }

    func refreshCollisionGroups(of items: [String]) {
        for item in items { if let b = bodyIndex[item] { refreshCollisionGroups(b) } }
    }
}
