/// The system's own motions, by name (`ios.switch.on`): springs iOS itself runs, with where
/// their numbers come from. Apple publishes none of them as data. Each is a Core Animation
/// spring (mass, stiffness, damping) with the duration iOS gives it, which is
/// CASpringAnimation's settlingDuration of that spring (docs/CONFORMANCE.md checks each).
package struct MotionToken: Sendable, Equatable {
    package let name: String
    package let spring: SpringSystem
    /// The animation's duration as iOS sets it, s.
    package let duration: Double
    /// What it moves.
    package let what: String
    /// Where the numbers come from, and whether they were measured or reconstructed.
    package let source: String

    /// UISwitch's springs in UIKitCore's _UISwitchSettings (iOS 18.2), as a public
    /// reconstruction of that build's code gives them.
    static let switchSource =
        "reconstructed: UIKitCore's _UISwitchSettings of iOS 18.2 (22C152), as decompiled in the public EthanArbuckle/iPhone17-1_18.2_22C152_Restore"

    package static let all: [MotionToken] = [
        MotionToken(
            name: "ios.switch.on", spring: SpringSystem(mass: 1, stiffness: 246.74011, damping: 31.4159265),
            duration: 0.58792069, what: "UISwitch's track going on (critically damped, ω₀·D = 9.23)", source: switchSource),
        MotionToken(
            name: "ios.switch.off", spring: SpringSystem(mass: 1, stiffness: 85.3772007, damping: 18.4799568),
            duration: 0.999465174, what: "UISwitch's track going off (critically damped, ω₀·D = 9.23)", source: switchSource),
        MotionToken(
            name: "ios.switch.knob", spring: SpringSystem(mass: 1, stiffness: 438.649084, damping: 31.4159265),
            duration: 0.488013841, what: "UISwitch's knob (damping ratio 0.75)", source: switchSource),
        MotionToken(
            name: "ios.switch.knob_down", spring: SpringSystem(mass: 1, stiffness: 322.272797, damping: 31.236407),
            duration: 0.507396551, what: "UISwitch's knob as a finger lands (damping ratio 0.87)", source: switchSource),
    ]

    /// `ios.switch` is the track going on.
    static let aliases: [(String, String)] = [("ios.switch", "ios.switch.on")]

    /// The token of a name or alias.
    package static func named(_ name: String) -> MotionToken? {
        let resolved = aliases.first { $0.0 == name }?.1 ?? name
        return all.first { $0.name == resolved }
    }

    /// Every name it takes, for error messages.
    package static var names: [String] { all.map(\.name) + aliases.map(\.0) }
}
