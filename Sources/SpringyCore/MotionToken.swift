/// The system's own motions, by name (`ios.switch.on`): springs iOS itself runs, with where
/// their numbers come from. Apple publishes none of them as data. Each is a Core Animation
/// spring (mass, stiffness, damping); where iOS sets the animation's duration itself (the
/// switch), it is CASpringAnimation's settlingDuration of that spring (docs/CONFORMANCE.md
/// checks each; the keyboard's is the 0.5 s its animation prints); the sheet's spring runs for its own settling time, as any
/// UISpringTimingParameters(mass:stiffness:damping:) in an animator does.
package struct MotionToken: Sendable, Equatable {
    package let name: String
    package let spring: SpringSystem
    /// The animation's duration as iOS sets it, s (nil: the spring's own settling time).
    package let duration: Double?
    /// What it moves.
    package let what: String
    /// Where the numbers come from, and whether they were measured or reconstructed.
    package let source: String

    /// UISwitch's springs in UIKitCore's _UISwitchSettings (iOS 18.2), as a public
    /// reconstruction of that build's code gives them.
    static let switchSource =
        "reconstructed: UIKitCore's _UISwitchSettings of iOS 18.2 (22C152), as decompiled in the public EthanArbuckle/iPhone17-1_18.2_22C152_Restore"

    /// The sheet's springs in UIKitCore's _UISheetPresentationMetrics (iOS 26): response
    /// 0.3441442326 s at damping ratio 1 (0.8 while a drag ends fast), converted as
    /// UISpringTimingParameters(dampingRatio:response:) does: stiffness (2π/response)², damping
    /// 2ζ√k, mass 1.
    static let sheetSource =
        "reconstructed: UIKitCore's _UISheetPresentationMetrics of iOS 26 (SheetResponse 0.3441442326, SheetDampingRatio 1, SheetHighSpeedDampingRatio 0.8), from a public disassembly note (NOW_PLAYING_ANIMATION_SPEC, section A)"
    static let sheetResponse = 0.3441442326

    /// The keyboard's curve (UIKeyboardAnimationCurveUserInfoKey's 7): a Core Animation spring
    /// of mass 3 and stiffness 1000 played for 0.5 s. Those three numbers are printed alike by
    /// two public readings; its damping is not: the CASpringAnimation prints 500 (ratio 4.56,
    /// UISpringTimingParameters()'s documented default), which would leave the keyboard 37 %
    /// short of its frame at 0.5 s, while the motion measured frame by frame is critically
    /// damped (ω₀·D = 9.13: within 0.11 % at 0.5 s). The token is the measured motion.
    static let keyboardSource =
        "measured: Flutter's engine follows iOS's keyboard frame by frame with mass 3, stiffness 1000, damping ratio 1, settled at 0.5 s (flutter/engine PR 37604); mass 3, stiffness 1000 and duration 0.5 s are what the keyboard's CASpringAnimation prints (Apple Developer Forums thread 48088; reconstructed alike in Telegram's Display framework), whose printed damping 500 the measured motion does not follow"

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
        MotionToken(
            name: "ios.sheet", spring: SpringSystem(omega: 2 * .pi / sheetResponse, dampingRatio: 1), duration: nil,
            what: "a sheet presented, dismissed or settling on a detent (critically damped, response 0.344 s)",
            source: sheetSource),
        MotionToken(
            name: "ios.sheet.fast", spring: SpringSystem(omega: 2 * .pi / sheetResponse, dampingRatio: 0.8), duration: nil,
            what: "a sheet thrown to a detent (damping ratio 0.8, response 0.344 s)", source: sheetSource),
        MotionToken(
            name: "ios.keyboard", spring: SpringSystem(mass: 3, stiffness: 1000, damping: 2 * (3.0 * 1000).squareRoot()),
            duration: 0.5, what: "the keyboard showing or hiding, and views following it (critically damped, 0.5 s)",
            source: keyboardSource),
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
