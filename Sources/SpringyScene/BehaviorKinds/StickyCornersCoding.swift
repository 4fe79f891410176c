import Foundation
import SpringyBehaviors
import SpringyCore

// The scene part of the stickyCorners kind: its declaration and a script's `set` on it.

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
