import SpringyCore

/// The values a behavior declares that a script's `set` may change later, each with its one
/// range: the behavior's declaration and `set` read them from here, so the two cannot drift
/// (a snap's damping was 0…1 where declared and 0…10 through `set`).
enum BehaviorValues {
    static let magnitude = -1000.0...1000.0
    static let attachmentDamping = 0.0...10.0
    static let snapDamping = 0.0...1.0
    static let fieldStrength = -1e6...1e6

    /// The keys `set` takes for a behavior of `kind` (BehaviorSpec.kindName), in the order the
    /// error lists them. Item properties are set on `item` behaviors; `active` on any.
    static func settable(_ kind: String) -> [String] {
        switch kind {
        case "gravity", "push": return ["magnitude", "angle", "direction", "active"]
        case "attachment": return ["length", "frequency", "damping", "anchor", "active"]
        case "snap": return ["to", "damping", "active"]
        case "field": return ["strength", "magnitude", "direction", "position", "anchor", "active"]
        case "item": return ["elasticity", "friction", "density", "resistance", "angular_resistance", "allows_rotation", "anchored",
                             "charge", "active"]
        case "collision", "composite": return ["active"]
        default: return []   // not a behavior kind (an `add` that did not decode): nothing to set
        }
    }

    /// `damping`'s range on a behavior of `kind`.
    static func damping(_ kind: String) -> ClosedRange<Double> { kind == "snap" ? snapDamping : attachmentDamping }
}
