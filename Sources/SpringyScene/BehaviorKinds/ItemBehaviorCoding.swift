import Foundation
import SpringyBehaviors
import SpringyCore

// The scene part of the itemBehavior kind: its declaration and a script's `set` on it.

extension ItemBehaviorSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .item(items: try r.items(m), properties: try BehaviorDecoder.properties(m))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] {
        m.entries.contains { $0.0 != "behavior" } ? [.properties(try BehaviorDecoder.properties(m))] : []
    }
}
