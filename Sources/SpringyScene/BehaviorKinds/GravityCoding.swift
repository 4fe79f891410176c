import Foundation
import SpringyBehaviors
import SpringyCore

// The scene part of the gravity kind: its declaration and a script's `set` on it.

extension GravitySpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        .gravity(items: try r.items(m), vector: try BehaviorDecoder.directionVector(m, defaultAngle: nil) ?? Vec2(0, 1))
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] { try BehaviorDecoder.vectorParameters(m) }
}
