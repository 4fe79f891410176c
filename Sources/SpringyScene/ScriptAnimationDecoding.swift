import Foundation
import SpringyCore
import SpringyYAML

// View animations in scripts: animate (UIView.animate), animate_keyframes, animator
// (UIViewPropertyAnimator) and its controls, swiftui (withAnimation(.spring…)).

extension AnimationDecoder {
    static let curveNames = ["ease_in_out", "ease_in", "ease_out", "linear"]

    func decodeAnimation(_ kind: AnimationActionName, _ v: YAMLValue, references: ItemReferences) throws -> ScriptAction {
        switch kind {
        case .animate:
            let m = try v.mapping(AnimationKeys.animate)
            let views = try animatedViews(m, references: references)
            let timing: AnimationTiming
            if let s = m["spring"] {
                if let c = m["curve"] { throw c.error("give `curve` or `spring` (usingSpringWithDamping), not both") }
                let k = AnimationKeys.uiviewSpring
                let sm = try s.mapping(k)
                timing = .durationSpring(
                    dampingRatio: try sm.require("damping").double(k["damping"]),
                    initialVelocity: try sm["velocity"]?.double(k["velocity"]) ?? 0)
            } else {
                timing = .cubic(try namedCurve(m["curve"]))
            }
            let targets = try animationTargets(try m.require("to"), views: views)
            var spec = ViewAnimationSpec(
                api: .uiView, views: views.names, duration: try animationDuration(m),
                delay: try m["delay"]?.double(AnimationKeys.animate["delay"]) ?? 0, timing: timing, targets: targets)
            spec.hidden = try hiddenTarget(try m.require("to"))
            return .animate(spec)
        case .animateKeyframes:
            let m = try v.mapping(AnimationKeys.keyframes)
            let views = try animatedViews(m, references: references)
            let kv = try m.require("keyframes")
            let list = try kv.list()
            if list.isEmpty { throw kv.error("a keyframe animation needs at least one keyframe") }
            let keyframes = try list.map { k -> Keyframe in
                let kt = AnimationKeys.keyframe
                let km = try k.mapping(kt)
                let start = try km.require("start").double(kt["start"])
                let dv = try km.require("duration")
                let d = try dv.double(kt["duration"])
                if start + d > 1 + 1e-9 {
                    throw dv.error("a keyframe's start + duration is at most 1 (relative times), found \(fmt(start + d))")
                }
                return Keyframe(start: start, duration: d, targets: try animationTargets(try km.require("to"), views: views))
            }
            let calc =
                try m["calculation"].map { c -> String in
                    let s = try c.string()
                    guard ["linear", "discrete"].contains(s) else {
                        throw c.error("calculation is linear or discrete, found \"\(s)\"")
                    }
                    return s
                } ?? "linear"
            return .animate(
                ViewAnimationSpec(
                    api: .uiView, views: views.names, duration: try animationDuration(m),
                    delay: try m["delay"]?.double(AnimationKeys.keyframes["delay"]) ?? 0,
                    timing: .cubic(try namedCurve(m["curve"])), targets: [], keyframes: keyframes,
                    discrete: calc == "discrete"))
        case .animator:
            let t = AnimationKeys.animator
            let m = try v.mapping(t)
            let nameValue = try m.require("name")
            let name = try nameValue.string()
            if name.isEmpty { throw nameValue.error("an animator's name is not empty") }
            let views = try animatedViews(m, references: references)
            let given = ["curve", "cubic", "spring", "damping_ratio", "bounce"].filter { m[$0] != nil }
            if given.count > 1, let x = m[given[1]] {
                throw x.error("give one timing: `curve`, `cubic`, `spring`, `damping_ratio` or `bounce`")
            }
            if let x = m["velocity"], m["damping_ratio"] == nil, m["bounce"] == nil {
                throw x.error("`velocity` goes with `damping_ratio` or `bounce` (a spring's own velocity is inside `spring`)")
            }
            let timing: AnimationTiming
            var duration = 0.0
            if let c = m["cubic"] {
                let p = try c.list()
                guard p.count == 4 else { throw c.error("expected the control points [x1, y1, x2, y2]") }
                let n = try p.map { try $0.double(t["cubic"]) }
                guard (0...1).contains(n[0]), (0...1).contains(n[2]) else {
                    throw c.error(
                        "a timing curve's x1 and x2 lie in 0…1 (time runs forward), found \(fmt(n[0])) and \(fmt(n[2]))")
                }
                timing = .cubic(CubicTimingCurve(n[0], n[1], n[2], n[3]))
            } else if let s = m["spring"] {
                // UISpringTimingParameters(mass:stiffness:damping:initialVelocity:): the animator's
                // duration is ignored; the spring runs until it settles. Defaults are CASpringAnimation's.
                if let d = m["duration"] {
                    throw d.error(
                        "a spring given by mass, stiffness and damping runs for its settling time; leave out `duration`")
                }
                let system: SpringSystem
                if case .scalar = s.node {
                    // One of iOS's own springs by name: its Core Animation spring and settling.
                    let token = try s.string()
                    guard let found = MotionToken.named(token) else {
                        throw s.error(
                            "`\(token)` is not one of iOS's springs: \(MotionToken.names.joined(separator: ", ")), or a mapping")
                    }
                    system = found.spring
                } else {
                    let k = AnimationKeys.physicalSpring
                    let sm = try s.mapping(k)
                    system = SpringSystem(
                        mass: try sm["mass"]?.double(k["mass"]) ?? 1,
                        stiffness: try sm["stiffness"]?.double(k["stiffness"]) ?? 100,
                        damping: try sm["damping"]?.double(k["damping"]) ?? 10,
                        initialVelocity: try sm["velocity"]?.double(k["velocity"]) ?? 0)
                }
                try checkSettles(system, at: s)
                timing = .spring(system, settling: .coreAnimation)
            } else if let b = m["bounce"] {
                // UISpringTimingParameters(duration:bounce:initialVelocity:) (iOS 17): the perceptual
                // duration and bounce, as SwiftUI's Spring; it runs until it settles by SwiftUI's rule.
                var system = SpringSystem.swiftUI(
                    duration: try m["duration"]?.double(t["duration"]) ?? 0.5, bounce: try b.double(t["bounce"]))
                system.initialVelocity = try m["velocity"]?.double(t["velocity"]) ?? 0
                try checkSettles(system, at: b)
                timing = .spring(system, settling: .swiftUI)
            } else if let r = m["damping_ratio"] {
                timing = .durationSpring(
                    dampingRatio: try r.double(t["damping_ratio"]),
                    initialVelocity: try m["velocity"]?.double(t["velocity"]) ?? 0)
            } else {
                timing = .cubic(try namedCurve(m["curve"]))
            }
            if case .spring = timing {} else { duration = try animationDuration(m) }
            var spec = ViewAnimationSpec(
                api: .propertyAnimator(
                    name: name, startsPaused: try m["paused"]?.bool() ?? false,
                    scrubsLinearly: try m["scrubs_linearly"]?.bool() ?? true),
                views: views.names, duration: duration, delay: try m["delay"]?.double(t["delay"]) ?? 0,
                timing: timing, targets: try animationTargets(try m.require("to"), views: views))
            spec.hidden = try hiddenTarget(try m.require("to"))
            return .animate(spec)
        case .swiftui:
            let m = try v.mapping(AnimationKeys.swiftUI)
            let views = try animatedViews(m, references: references)
            var timing = AnimationTiming.fluidSpring(FluidSpring(duration: 0.5, bounce: 0))  // SwiftUI's `.spring`
            var additive = false
            if let s = m["spring"] {
                if let x = m["interpolating_spring"] { throw x.error("give `spring` or `interpolating_spring`, not both") }
                timing = .fluidSpring(try swiftUISpring(s))
            } else if let s = m["interpolating_spring"] {
                // interpolatingSpring(mass:stiffness:damping:initialVelocity:): additive when interrupted.
                let k = AnimationKeys.interpolatingSpring
                let sm = try s.mapping(k)
                let system = SpringSystem(
                    mass: try sm["mass"]?.double(k["mass"]) ?? 1,
                    stiffness: try sm.require("stiffness").double(k["stiffness"]),
                    damping: try sm.require("damping").double(k["damping"]),
                    initialVelocity: try sm["velocity"]?.double(k["velocity"]) ?? 0)
                try checkSettles(system, at: s)
                timing = .spring(system, settling: .swiftUI)
                additive = true
            }
            var spec = ViewAnimationSpec(
                api: .swiftUI(additive: additive), views: views.names, duration: 0,
                delay: try m["delay"]?.double(AnimationKeys.swiftUI["delay"]) ?? 0,
                timing: timing, targets: try animationTargets(try m.require("to"), views: views))
            spec.hidden = try hiddenTarget(try m.require("to"))
            return .animate(spec)
        case .scrubAnimator:
            let k = AnimationKeys.scrubAnimator
            let m = try v.mapping(k)
            return .controlAnimator(name: try m.require("name").string(), .scrub(try m.require("fraction").double(k["fraction"])))
        case .pauseAnimator: return .controlAnimator(name: try v.string(), .pause)
        case .continueAnimator: return .controlAnimator(name: try v.string(), .resume)
        case .reverseAnimator: return .controlAnimator(name: try v.string(), .reverse)
        case .stopAnimator: return .controlAnimator(name: try v.string(), .stop)
        }
    }

    /// SwiftUI's fluid spring from `spring:`: a preset's name (SwiftUI's defaults for it) or
    /// { duration, bounce } / { response, damping_fraction }, with blend_duration.
    func swiftUISpring(_ s: YAMLValue) throws -> FluidSpring {
        if case .scalar = s.node {
            switch try s.string() {
            case "smooth": return FluidSpring(duration: 0.5, bounce: 0)
            case "snappy": return FluidSpring(duration: 0.5, bounce: 0.15)
            case "bouncy": return FluidSpring(duration: 0.5, bounce: 0.3)
            case "interactive": return FluidSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)
            case let other:
                throw s.error("`\(other)` is not a SwiftUI spring: smooth, snappy, bouncy, interactive, or a mapping")
            }
        }
        let k = AnimationKeys.swiftUISpring
        let sm = try s.mapping(k)
        let blend = try sm["blend_duration"]?.double(k["blend_duration"]) ?? 0
        let spring: FluidSpring
        if sm["response"] != nil || sm["damping_fraction"] != nil {
            if let x = sm["duration"] ?? sm["bounce"] {
                throw x.error("give duration and bounce, or response and damping_fraction")
            }
            spring = FluidSpring(
                response: try sm["response"]?.double(k["response"]) ?? 0.5,
                dampingFraction: try sm["damping_fraction"]?.double(k["damping_fraction"]) ?? 0.825,
                blendDuration: blend)
        } else {
            spring = FluidSpring(
                duration: try sm["duration"]?.double(k["duration"]) ?? 0.5, bounce: try sm["bounce"]?.double(k["bounce"]) ?? 0,
                blendDuration: blend)
        }
        try checkSettles(spring.system, at: s)
        return spring
    }

    /// A spring that never settles within an hour (no damping) cannot be an animation's timing.
    func checkSettles(_ s: SpringSystem, at v: YAMLValue) throws {
        let t = s.settlingDuration()
        if !(t <= 3600) {
            throw v.error("this spring does not settle within an hour (damping \(fmt(s.damping))); give it some damping")
        }
    }

    func animationDuration(_ m: YAMLMapping) throws -> Double {
        try m.require("duration").double(AnimationKeys.animate["duration"])
    }

    func namedCurve(_ v: YAMLValue?) throws -> CubicTimingCurve {
        guard let v else { return .easeInOut }
        let s = try v.string()
        switch s {
        case "ease_in_out": return .easeInOut
        case "ease_in": return .easeIn
        case "ease_out": return .easeOut
        case "linear": return .linear
        default:  // open set: names in the file
            let hint = suggestion(for: s, among: Self.curveNames).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw v.error("\"\(s)\" is not one of \(Self.curveNames.joined(separator: ", "))\(hint)")
        }
    }

    struct AnimatedViews { var names: [String]; var anyCell: Bool; var value: YAMLValue }

    /// `views: [a, b]` (free views or cells); a group is not a view, its items are.
    func animatedViews(_ m: YAMLMapping, references: ItemReferences) throws -> AnimatedViews {
        let vv = try m.require("views")
        let list: [YAMLValue]
        if case .sequence = vv.node { list = try vv.list() } else { list = [vv] }
        if list.isEmpty { throw vv.error("an animation needs at least one view") }
        var names: [String] = []
        for e in list {
            let name = try references.check(e)
            if references.groups.contains(name) { throw e.error("\"\(name)\" is an item group, not a view: animate its items") }
            if names.contains(name) { throw e.error("\"\(name)\" is named twice") }
            names.append(name)
        }
        return AnimatedViews(names: names, anyCell: names.contains { ItemPath(string: $0) != nil }, value: vv)
    }

    /// `to: { center, frame, bounds, alpha, scale, rotation, translation, color }`.
    /// `to.hidden`, if given.
    func hiddenTarget(_ v: YAMLValue) throws -> Bool? { try v.mapping(AnimationKeys.targets)["hidden"]?.bool() }

    func animationTargets(_ v: YAMLValue, views: AnimatedViews) throws -> [PropertyTarget] {
        let t = AnimationKeys.targets
        let m = try v.mapping(t)
        if m.entries.isEmpty {
            throw v.error("`to` needs at least one of center, frame, bounds, alpha, scale, rotation, translation, color, hidden")
        }
        if m["frame"] != nil, let x = m["center"] ?? m["bounds"] {
            throw x.error("frame sets the centre and size: give frame, or center and bounds")
        }
        var out: [PropertyTarget] = []
        for (key, _, value) in m.entries {
            if views.anyCell, ["center", "frame", "bounds"].contains(key) {
                throw value.error(
                    "a cell's \(key) belongs to its layout; animate its transform (translation, scale, rotation), alpha or color")
            }
            func limited(_ p: Vec2) throws -> Vec2 {
                guard abs(p.x) <= 100_000, abs(p.y) <= 100_000 else { throw value.error("at most 100000 pt each way") }
                return p
            }
            switch key {
            case "center": let c = try limited(try value.point()); out.append(PropertyTarget(.center, SIMD4(c.x, c.y, 0, 0)))
            case "frame":
                let n = try value.list()
                guard n.count == 4 else { throw value.error("expected [x, y, width, height]") }
                let f = try n.map { try $0.double(min: -100_000, max: 100_000) }
                guard f[2] >= 0, f[3] >= 0 else { throw value.error("a frame's width and height are 0 or more") }
                out.append(PropertyTarget(.center, SIMD4(f[0] + f[2] / 2, f[1] + f[3] / 2, 0, 0)))
                out.append(PropertyTarget(.size, SIMD4(f[2], f[3], 0, 0)))
            case "bounds":
                let s = try value.size(allowZero: true)
                guard s.width <= 100_000, s.height <= 100_000 else { throw value.error("at most 100000 pt each way") }
                out.append(PropertyTarget(.size, SIMD4(s.width, s.height, 0, 0)))
            case "alpha": out.append(PropertyTarget(.alpha, SIMD4(try value.double(t["alpha"]), 0, 0, 0)))
            case "scale":
                if case .sequence = value.node {
                    let (x, y) = try value.pair("[x, y] scale factors")
                    guard abs(x) <= 100, abs(y) <= 100 else { throw value.error("a scale is at most 100 each way") }
                    out.append(PropertyTarget(.scale, SIMD4(x, y, 0, 0)))
                } else {
                    let k = try value.double(t["scale"])
                    out.append(PropertyTarget(.scale, SIMD4(k, k, 0, 0)))
                }
            case "hidden": _ = try value.bool()  // not a property that animates: ViewAnimationSpec.hidden
            case "rotation":
                out.append(
                    PropertyTarget(.rotation, SIMD4(try value.double(t["rotation"]).degreesToRadians, 0, 0, 0)))
            case "translation":
                let t = try limited(try value.point()); out.append(PropertyTarget(.translation, SIMD4(t.x, t.y, 0, 0)))
            default:  // open set: keys in the file
                let c = try value.color()
                out.append(PropertyTarget(.color, SIMD4(c.r, c.g, c.b, c.a)))
            }
        }
        return out
    }
}
