import Foundation
import SpringyBehaviors
import SpringyCore

// The scene part of the composite kind: its declaration and a script's `set` on it.

extension CompositeSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .composite(try m.require("behaviors").list().map { try r.decoder.decodeBehavior($0, references: r.references).0 })
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] { [] }
}
