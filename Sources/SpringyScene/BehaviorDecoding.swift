import Foundation
import SpringyCore
import SpringyDynamics
import SpringyYAML

// A scene's behaviors: each kind reads itself (SpringyDynamics/Kinds/<Kind>Spec.swift); the
// scene gives it the check of the items it names and the limits.

extension BehaviorDecoder {
    static var behaviorKinds: [String] { BehaviorKind.names }

    /// How this scene's behaviors are read: names checked against `references`.
    func reading(_ references: ItemReferences) -> BehaviorReading {
        BehaviorReading(maxBoundaryEdges: limits.maxBoundaryEdges) { try references.check($0) }
    }

    /// Every entry on its own: a bad behavior is noted in `problems` and the rest are still read.
    func decodeBehaviors(_ v: YAMLValue, references: ItemReferences, problems: Problems) throws -> [BehaviorDecl] {
        var out: [BehaviorDecl] = []
        let reading = reading(references)
        for entry in try v.list() {
            if let (spec, kindValue) = try problems.attempt({ try reading.behavior(entry) }) {
                out.append(BehaviorDecl(spec: spec, path: kindValue.path, line: kindValue.line))
            }
        }
        return out
    }

    /// One `- kind: { ... }` entry.
    func decodeBehavior(_ entry: YAMLValue, references: ItemReferences) throws -> (BehaviorSpec, YAMLValue) {
        try reading(references).behavior(entry)
    }

    func decodeBehavior(_ kind: BehaviorKind, _ v: YAMLValue, references: ItemReferences) throws -> BehaviorSpec {
        try reading(references).behavior(kind, v)
    }
}
