// UIKit Dynamics' behavior kinds. Each kind is one file here, `<Kind>Spec.swift`: its spec type
// conforming to BehaviorKindSpec (UIKit's properties as fields, its keys and ranges, its `set`
// parameters, the items it names), how it is read from a scene (BehaviorCoding) and its part in
// the animator (AnimatorBehavior). `BehaviorKind`, `BehaviorSpec` and the switches over them are
// generated from these files (BehaviorKind+Generated.swift; `swift run springy-generate`).

import SpringyCore

extension BehaviorKind {
    package static var names: [String] { allCases.map(\.rawValue) }
}

/// One behavior kind as plain values (UIKit's properties as fields), testable without Box2D.
package protocol BehaviorKindSpec: Sendable, Equatable {
    static var kind: BehaviorKind { get }
    /// UIKit's class for it (DYNAMICS.md has a row for each).
    static var uikitName: String { get }
    /// The keys it is declared with (`behaviors[].<kind>`).
    static var keys: KeyTable { get }
    /// The keys a script's `set` changes on it (besides `behavior`).
    static var setKeys: KeyTable { get }
    /// Tables of the mappings its keys take (a collision's boundaries, a field's region), in
    /// the order documented.
    static var partKeys: [KeyTable] { get }
    /// Why its numbers cannot go to Box2D: a value outside the range its keys allow (the scene
    /// decoder never lets one through; a Swift program can set any), nil when all are within.
    var problem: String? { get }
    /// The spec as a BehaviorSpec.
    var behavior: BehaviorSpec { get }
    /// The items it names, in order (children's too).
    var referencedItems: [String] { get }
    /// With one parameter changed, as `set` does (a field assignment); nil when the parameter
    /// is not this kind's.
    func setting(_ p: BehaviorParameter) -> Self?
    /// The same behavior acting on `items` (behaviors holding a list of items); nil otherwise.
    func withItems(_ items: [String]) -> Self?
}

extension BehaviorKindSpec {
    package static var partKeys: [KeyTable] { [] }

    /// `set`'s table, `script[].set` on this kind.
    static func setTable(_ keys: [SceneKey]) -> KeyTable {
        KeyTable(
            "script[].set (\(kind.rawValue))",
            [
                SceneKey(
                    "behavior", "whole number", default: "required",
                    "which behavior: its place among those declared and added so far")
            ]
                + keys)
    }
}
