import Foundation
import SpringyBehaviors
import SpringyCore

// The scene part of the push kind: its declaration and a script's `set` on it.

extension PushSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        let names: [String]
        if let one = m["item"] {
            if m["items"] != nil { throw one.error("give `item` or `items`, not both") }
            names = [try r.item(one)]
        } else {
            names = try r.items(m)
        }
        return .push(
            items: names, mode: try m["mode"]?.oneOf(PushMode.self, [.continuous, .instantaneous]) ?? .continuous,
            vector: try BehaviorDecoder.directionVector(m, defaultAngle: 0, defaultMagnitude: 0) ?? .zero,
            offset: try m["offset"]?.point() ?? .zero)
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        try BehaviorDecoder.vectorParameters(m) + (try m["active"].map { [.active(try $0.bool())] } ?? [])
    }
}
