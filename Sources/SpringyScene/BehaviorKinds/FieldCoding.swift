import Foundation
import SpringyBehaviors
import SpringyCore

// The scene part of the field kind: its declaration and a script's `set` on it.

extension FieldSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .field(try r.decoder.decodeField(m, items: { try r.items($0) }))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        var out: [BehaviorParameter] = []
        for (key, _, value) in m.entries {
            switch key {
            case "strength", "magnitude": out.append(.magnitude(try value.double(setKeys[key])))
            case "direction": out.append(.direction(try value.point()))
            case "position", "anchor": out.append(.anchor(try value.point()))
            default: break  // open set: keys in the file
            }
        }
        return out
    }
}
