import Foundation
import SpringyBehaviors
import SpringyCore

// The scene part of the attachment kind: its declaration and a script's `set` on it.

extension AttachmentSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        let item = try r.item(try m.require("item"))
        let toValue = try m.require("to")
        let target: AttachTarget
        if case .sequence = toValue.node {
            target = .point(try toValue.point())
        } else {
            let other = try r.item(toValue)
            if other == item { throw toValue.error("an item cannot be attached to itself") }
            target = .item(other)
        }
        var spec = AttachmentSpec(
            item: item, to: target, length: try m["length"]?.double(keys["length"]),
            frequency: try m["frequency"]?.double(keys["frequency"]) ?? 0,
            damping: try m["damping"]?.double(keys["damping"]) ?? 0,
            offset: try m["offset"]?.point() ?? .zero, toOffset: try m["to_offset"]?.point() ?? .zero)
        try r.decoder.decodeAttachmentKind(m, into: &spec)
        return .attachment(spec)
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        var out: [BehaviorParameter] = []
        for (key, _, value) in m.entries {
            switch key {
            case "length": out.append(.length(try value.double(setKeys["length"])))
            case "frequency": out.append(.frequency(try value.double(setKeys["frequency"])))
            case "damping": out.append(.damping(try value.double(setKeys["damping"])))
            case "anchor": out.append(.anchor(try value.point()))
            default: break  // open set: keys in the file
            }
        }
        return out
    }
}
