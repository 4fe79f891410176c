import SpringyCore

/// A view property an animation can change. Values are four numbers (unused ones 0): points,
/// a fraction, scale factors, radians, or RGBA in 0…1.
package enum AnimatedProperty: String, Sendable, CaseIterable {
    /// The view's centre (free views only: a cell's frame belongs to its layout).
    case center
    /// Its bounds' size (free views only).
    case size
    case alpha
    /// The transform's scale, x and y.
    case scale
    /// The transform's rotation (radians), interpolated as an angle.
    case rotation
    /// The transform's translation (pt).
    case translation
    /// backgroundColor, interpolated per RGBA component.
    case color
    /// The bounds' origin (a scroll view's content offset): UIKit code's views only; a scene
    /// file's collection scrolls through its own scroll physics.
    case origin

    /// The value a property has when nothing has set it (centre and size come from the view).
    package var identity: SIMD4<Double> {
        switch self {
        case .alpha: return SIMD4(1, 0, 0, 0)
        case .scale: return SIMD4(1, 1, 0, 0)
        case .center, .size, .rotation, .translation, .color, .origin: return .zero
        }
    }
}

/// One property's new value.
package struct PropertyTarget: Sendable, Equatable {
    package var property: AnimatedProperty
    package var value: SIMD4<Double>
    package init(_ property: AnimatedProperty, _ value: SIMD4<Double>) { self.property = property; self.value = value }
}

/// A keyframe of UIView.animateKeyframes: addKeyframe(withRelativeStartTime:relativeDuration:).
package struct Keyframe: Sendable {
    package var start: Double
    package var duration: Double
    package var targets: [PropertyTarget]
    package init(start: Double, duration: Double, targets: [PropertyTarget]) {
        self.start = start; self.duration = duration; self.targets = targets
    }
}

/// Which API started an animation, which decides how it meets one already running.
package enum ViewAnimationAPI: Sendable, Equatable {
    /// Whether a running animation of the same property keeps playing, added to this one.
    package var additive: Bool {
        switch self {
        case .uiView: return true
        case .propertyAnimator: return false
        case .swiftUI(let additive): return additive
        }
    }

    /// UIView.animate: additive, as UIKit's animations are since iOS 8 (a running animation of
    /// the same property keeps playing, added to the new one).
    case uiView
    /// UIViewPropertyAnimator: named, controllable by the script (pause, continue, reverse,
    /// scrub, stop); it takes each property over from its presentation value and velocity.
    case propertyAnimator(name: String, startsPaused: Bool, scrubsLinearly: Bool)
    /// SwiftUI's withAnimation: `.spring…` takes each property over from its presentation value
    /// and velocity (SwiftUI's springs retarget); `.interpolatingSpring` is additive.
    case swiftUI(additive: Bool)
}

/// One animation a script starts: on which views, over how long, on what curve, to what values.
package struct ViewAnimationSpec: Sendable {
    package var api: ViewAnimationAPI
    package var views: [String]
    /// The duration asked for (a physical spring runs for its settling time instead).
    package var duration: Double
    package var delay: Double
    package var timing: AnimationTiming
    /// Plain animations: each property to one value.
    package var targets: [PropertyTarget]
    /// Keyframe animations (targets empty): values at relative times, interpolated linearly
    /// (`discrete`: held) between them, the whole run on `timing`.
    package var keyframes: [Keyframe]
    package var discrete: Bool
    /// UIView.AnimationOptions.repeat (it never ends) and .autoreverse (there and back, then
    /// the model value shows): SpringyUIKit's blocks; scene files set neither.
    package var repeats = false
    package var autoreverses = false
    /// `to: { hidden: … }`: UIView.isHidden, which does not animate — set when the animation
    /// starts, on every view it names.
    package var hidden: Bool?

    package init(
        api: ViewAnimationAPI, views: [String], duration: Double, delay: Double, timing: AnimationTiming,
        targets: [PropertyTarget], keyframes: [Keyframe] = [], discrete: Bool = false
    ) {
        self.api = api; self.views = views; self.duration = duration; self.delay = delay; self.timing = timing
        self.targets = targets; self.keyframes = keyframes; self.discrete = discrete
    }

    package var name: String? {
        if case .propertyAnimator(let name, _, _) = api { return name }
        return nil
    }
}

/// What a script does to a named property animator.
package enum AnimatorControl: Sendable, Equatable {
    /// pauseAnimation().
    case pause
    /// continueAnimation / startAnimation on a paused one.
    case resume
    /// continueAnimation(withTimingParameters: nil, durationFactor:): it runs on (resumed) at
    /// `speed` times its own pace, so its remaining time is the factor times its duration.
    case pace(Double)
    /// continueAnimation(withTimingParameters:durationFactor:) with new timing: it runs on
    /// (resumed) from what it shows now to its end on `timing`, over `duration` s.
    case retime(AnimationTiming, duration: Double)
    /// isReversed toggled: it runs back toward its start.
    case reverse
    /// fractionComplete set (it pauses first, as UIKit requires).
    case scrub(Double)
    /// stopAnimation(false) then finishAnimation(at: .current): the views stay where they are.
    case stop
}
