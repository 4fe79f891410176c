import Foundation
import SpringyBehaviors
import SpringyCore

// The scene part of the snap kind: its declaration and a script's `set` on it.

extension SnapSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .snap(
            item: try r.item(try m.require("item")), to: try m.require("to").point(),
            damping: try m["damping"]?.double(keys["damping"]) ?? 0.5)
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        var out: [BehaviorParameter] = []
        for (key, _, value) in m.entries {
            if key == "to" { out.append(.snapPoint(try value.point())) }
            if key == "damping" { out.append(.damping(try value.double(setKeys["damping"]))) }
        }
        return out
    }
}
