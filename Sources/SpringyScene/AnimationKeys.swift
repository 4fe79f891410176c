import SpringyCore

/// The keys of the script's view animations (UIView.animate, keyframes, UIViewPropertyAnimator,
/// SwiftUI springs) and their targets, one table each: AnimationDecoder reads them, and
/// SCENE-FORMAT's animation reference is generated from them.
package enum AnimationKeys {
    static let views = SceneKey(
        "views", "view or [view]", default: "required", "free views or cells (a group's items, not the group)")
    static let duration = SceneKey("duration", "number", range: 0...3600, unit: "s", default: "required", "how long")
    static let delay = SceneKey("delay", "number", range: 0...3600, unit: "s", default: "0", "before it starts")
    static let curve = SceneKey(
        "curve", "ease_in_out | ease_in | ease_out | linear", default: "ease_in_out", "UIView.AnimationCurve")
    static let to = SceneKey(
        "to", "{ center, frame, bounds, alpha, scale, rotation, translation, color }", default: "required",
        "the values it animates to (`script[].animate.to`)")
    static let velocity = SceneKey(
        "velocity", "number", range: -1000...1000, default: "0", "initial velocity, in distances per second")

    package static let animate = KeyTable(
        "script[].animate",
        [
            views, duration, delay, curve,
            SceneKey(
                "spring", "{ damping, velocity }", default: "", "usingSpringWithDamping:initialSpringVelocity: instead of `curve`"
            ),
            to,
        ])

    package static let uiviewSpring = KeyTable(
        "script[].animate.spring",
        [
            SceneKey("damping", "number", range: 0...1, lowerOpen: true, default: "required", "the damping ratio"),
            velocity,
        ])

    package static let keyframes = KeyTable(
        "script[].animate_keyframes",
        [
            views, duration, delay, curve,
            SceneKey(
                "calculation", "linear | discrete", default: "linear", "between keyframes (calculationModeLinear / Discrete)"),
            SceneKey("keyframes", "[{ start, duration, to }]", default: "required", "at least one"),
        ])

    package static let keyframe = KeyTable(
        "script[].animate_keyframes.keyframes[]",
        [
            SceneKey("start", "number", range: 0...1, default: "required", "relative start time"),
            SceneKey("duration", "number", range: 0...1, default: "required", "relative duration (start + duration ≤ 1)"),
            to,
        ])

    package static let animator = KeyTable(
        "script[].animator",
        [
            SceneKey("name", "text", default: "required", "what its controls (pause_animator, …) call it"),
            views,
            duration.named(
                "duration", "how long (with `bounce`: the perceptual duration; not with `spring`, which runs until it settles)"),
            delay, curve,
            SceneKey(
                "cubic", "[x1, y1, x2, y2]", range: -10...10, default: "", "UICubicTimingParameters' control points (x in 0…1)"),
            SceneKey(
                "spring", "{ mass, stiffness, damping, velocity } | ios.switch…", default: "",
                "UISpringTimingParameters(mass:stiffness:damping:), or one of iOS's own springs by name (DYNAMICS.md, iOS motion tokens)"
            ),
            SceneKey(
                "damping_ratio", "number", range: 0...1, lowerOpen: true, default: "",
                "UISpringTimingParameters(dampingRatio:): UIKit's duration spring over `duration`"),
            SceneKey(
                "bounce", "number", range: -1...1, lowerOpen: true, default: "",
                "UISpringTimingParameters(duration:bounce:) (iOS 17): `duration` is the perceptual duration (0.5 s if not given); it runs until it settles"
            ),
            velocity.named("velocity", "with damping_ratio or bounce: its initial velocity"),
            SceneKey("paused", "bool", default: "false", "starts paused (pausesOnCompletion aside)"),
            SceneKey("scrubs_linearly", "bool", default: "true", "fractionComplete is linear while paused"),
            to,
        ])

    package static let physicalSpring = KeyTable(
        "script[].animator.spring",
        [
            SceneKey("mass", "number", range: 0...1e6, lowerOpen: true, default: "1", "mass"),
            SceneKey("stiffness", "number", range: 0...1e6, lowerOpen: true, default: "100", "stiffness"),
            SceneKey("damping", "number", range: 0...1e6, default: "10", "damping (some is needed to settle)"),
            velocity,
        ])

    package static let swiftUI = KeyTable(
        "script[].swiftui",
        [
            views,
            SceneKey(
                "spring", "{ duration, bounce } | { response, damping_fraction } | smooth | snappy | bouncy | interactive",
                default: ".spring (0.5 s, bounce 0)",
                "withAnimation(.spring(…)), or .smooth, .snappy, .bouncy, .interactiveSpring: SwiftUI's 1/300 s integrator"),
            SceneKey(
                "interpolating_spring", "{ mass, stiffness, damping, velocity }", default: "",
                "interpolatingSpring(…): additive when interrupted"),
            delay, to,
        ])

    package static let swiftUISpring = KeyTable(
        "script[].swiftui.spring",
        [
            SceneKey("duration", "number", range: 0...3600, lowerOpen: true, unit: "s", default: "0.5", "perceptual duration"),
            SceneKey("bounce", "number", range: -1...1, lowerOpen: true, default: "0", "-1 … 1 (negative: overdamped)"),
            SceneKey("response", "number", range: 0...3600, lowerOpen: true, unit: "s", default: "0.5", "instead of duration"),
            SceneKey("damping_fraction", "number", range: 0...100, lowerOpen: true, default: "0.825", "instead of bounce"),
            SceneKey(
                "blend_duration", "number", range: 0...3600, unit: "s", default: "0",
                "blendDuration: a changed response blends in over this long when it takes over a SwiftUI spring"),
        ])

    package static let interpolatingSpring = KeyTable(
        "script[].swiftui.interpolating_spring",
        [
            SceneKey("mass", "number", range: 0...1e6, lowerOpen: true, default: "1", "mass"),
            SceneKey("stiffness", "number", range: 0...1e6, lowerOpen: true, default: "required", "stiffness"),
            SceneKey("damping", "number", range: 0...1e6, default: "required", "damping"),
            velocity,
        ])

    package static let scrubAnimator = KeyTable(
        "script[].scrub_animator",
        [
            SceneKey("name", "text", default: "required", "the animator"),
            SceneKey("fraction", "number", range: 0...1, default: "required", "fractionComplete"),
        ])

    package static let targets = KeyTable(
        "script[].animate.to",
        [
            SceneKey("center", "[x, y]", range: -100_000...100_000, unit: "pt", default: "", "a free view's centre"),
            SceneKey(
                "frame", "[x, y, w, h]", range: -100_000...100_000, unit: "pt", default: "",
                "a free view's frame (not with center or bounds)"),
            SceneKey("bounds", "[w, h]", range: 0...100_000, unit: "pt", default: "", "a free view's size"),
            SceneKey("alpha", "number", range: 0...1, default: "", "opacity"),
            SceneKey("scale", "number or [sx, sy]", range: -100...100, default: "", "the transform's scale"),
            SceneKey("rotation", "number", range: -36_000...36_000, unit: "degrees", default: "", "the transform's rotation"),
            SceneKey("translation", "[x, y]", range: -100_000...100_000, unit: "pt", default: "", "the transform's translation"),
            SceneKey("color", "colour", default: "", "the fill"),
            SceneKey("hidden", "bool", default: "", "isHidden: set at once when the animation starts (it does not animate)"),
        ])

    package static let all: [KeyTable] = [
        animate, uiviewSpring, keyframes, keyframe, animator, physicalSpring, swiftUI, swiftUISpring, interpolatingSpring,
        scrubAnimator, targets,
    ]
}
