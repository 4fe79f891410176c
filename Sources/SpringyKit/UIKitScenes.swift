import Foundation
import SpringyCore
import SpringyFrame
import SpringyRender
import SpringyScene
import SpringyUIKit

/// A moment in a Swift scene's script: at `time` seconds, your closure is called with the root
/// view or view controller (a button press, a data change, a behavior added).
public struct ScriptStep<Root>: Sendable {
    let time: Double
    let body: (@Sendable (Root) -> Void)?
    /// A finger the scene's gesture player moves (as a scene file's `pan`).
    let pan: PanGesture?
    /// A pressing finger (as a scene file's `long_press`).
    var press: LongPressGesture? = nil
    /// Any other gesture, as the scene file's action it is (`swipe`, `pinch`, …) on a screen of
    /// the given size, or why it cannot run.
    var gesture: (@Sendable (Size2) -> Result<(action: ScriptAction, name: String), GestureProblem>)? = nil
    let site: CallSite
    /// At `time` seconds (before the step that starts then), call `body` with the root.
    public static func at(
        _ time: Double, file: String = #fileID, line: Int = #line, _ body: @escaping @Sendable (Root) -> Void
    ) -> ScriptStep {
        ScriptStep(time: time, body: body, pan: nil, site: CallSite(file: file, line: line))
    }

    /// How a scripted finger leaves the screen: moving at its speed (a fling), or stopped first.
    public enum Release: Sendable { case fling, hold }

    /// At `time`, a finger lands at the first point and moves through the others at constant
    /// speed for `duration` seconds, then lifts (after `hold` seconds still, with `.hold`), moving at
    /// `velocity` (pt/s) when given: the scroll view under it is dragged, as a scene file's `pan`.
    public static func pan(
        at time: Double, through points: [CGPoint], duration: Double, release: Release = .fling, hold: Double = 0,
        velocity: CGPoint? = nil, file: String = #fileID, line: Int = #line
    ) -> ScriptStep {
        ScriptStep(
            time: time, body: nil,
            pan: PanGesture(
                item: nil, path: points.map { Vec2(Double($0.x), Double($0.y)) }, duration: duration,
                release: release == .fling ? .fling : .hold, hold: hold,
                velocity: velocity.map { Vec2(Double($0.x), Double($0.y)) }),
            site: CallSite(file: file, line: line))
    }
    public static func pan(
        at time: Double, from: CGPoint, to: CGPoint, duration: Double, release: Release = .fling, hold: Double = 0,
        velocity: CGPoint? = nil, file: String = #fileID, line: Int = #line
    ) -> ScriptStep {
        pan(
            at: time, through: [from, to], duration: duration, release: release, hold: hold, velocity: velocity, file: file,
            line: line)
    }

    /// At `time`, a finger lands on `point` and stays `press` seconds (a long-press recogniser's
    /// 0.5 s recognises it), creeping by `drift` meanwhile, then moves through `path` at constant
    /// speed for `duration` seconds, stays `hold` seconds and lifts: a scene file's `long_press`.
    public static func longPress(
        at time: Double, _ point: CGPoint, press: Double = 0.5, through path: [CGPoint] = [], duration: Double = 0,
        hold: Double = 0, drift: CGVector = CGVector(dx: 0, dy: 0), file: String = #fileID, line: Int = #line
    ) -> ScriptStep {
        let at = Vec2(Double(point.x), Double(point.y))
        var gesture = LongPressGesture(
            at: at, press: press, path: path.isEmpty ? [at] : path.map { Vec2(Double($0.x), Double($0.y)) }, duration: duration,
            hold: hold)
        gesture.drift = Vec2(Double(drift.dx), Double(drift.dy))
        var step = ScriptStep(time: time, body: nil, pan: nil, site: CallSite(file: file, line: line))
        step.press = gesture
        return step
    }

    /// At `time`, a finger lands on `point`, stays `duration` seconds and lifts where it landed:
    /// a tap recogniser's tap, a button's touch-up inside (a scroll view under it stops).
    public static func tap(
        at time: Double, _ point: CGPoint, duration: Double = 0.1, file: String = #fileID, line: Int = #line
    ) -> ScriptStep {
        pan(at: time, through: [point, point], duration: duration, release: .hold, file: file, line: line)
    }

    /// Why this step cannot run (checked as a scene file's `pan` is), or nil.
    var problem: String? {
        guard time.isFinite, time >= 0 else { return "a script step's time must be a finite number of seconds, 0 or more" }
        if let press {
            let keys = ScriptKeys.longPress
            for (value, name) in [(press.press, "press"), (press.duration, "duration"), (press.hold, "hold")] {
                if let problem = Self.refusal(value, keys[name], "a long press's \(name)") { return problem }
            }
            if !(press.path + [press.at, press.drift]).allSatisfy(\.isFinite) {
                return "a long press's points must be finite numbers"
            }
        }
        guard let pan else { return nil }
        if pan.path.count < 2 { return "a pan needs at least two points" }
        if pan.path.contains(where: { !$0.isFinite }) { return "a pan's points must be finite numbers" }
        let keys = ScriptKeys.pan
        if let problem = Self.refusal(pan.duration, keys["duration"], "a pan's duration") { return problem }
        if let problem = Self.refusal(pan.hold, keys["hold"], "a pan's hold") { return problem }
        if let v = pan.velocity {
            for (c, axis) in [(v.x, "x"), (v.y, "y")] {
                if let problem = Self.refusal(c, keys["velocity"], "a pan's velocity (\(axis))") { return problem }
            }
        }
        return nil
    }
}

/// What a Swift scene draws around its views (a scene file's `style.chrome`): nothing, iOS's
/// status bar (and home indicator on screens 812 pt tall or more), or that in a device frame.
/// With a status bar, views' `safeAreaInsets` are what it and the home indicator cover.
public enum ScreenChrome: Sendable {
    case none, statusBar, device
    var key: String {
        switch self {
        case .none: "none"
        case .statusBar: "status_bar"
        case .device: "device"
        }
    }
}

extension Scene {
    /// A scene made from your UIKit code: `view` builds the root view afresh for every run (frames,
    /// goldens and every output run it), on a screen of `size` points at `scale`, for `duration`
    /// seconds (or until nothing moves, at most `duration`, with `untilRest`).
    ///
    /// ```swift
    /// let scene = try Scene(named: "gravity", duration: 3) { GravityView() }
    /// ```
    public init<Root: UIView>(
        named name: String, title: String? = nil, size: CGSize = CGSize(width: 375, height: 667), scale: Int = 2,
        appearance: UIUserInterfaceStyle = .light, chrome: ScreenChrome = .none, framesPerSecond: Int = 60, duration: Double,
        untilRest: Bool = false, script: [ScriptStep<Root>] = [], file: String = #fileID, line: Int = #line,
        view: @escaping @Sendable () -> Root
    ) throws {
        let steps = Self.closures(script) { $0 as? Root }
        let gestures = try Self.gestures(script, on: size)
        try self.init(
            uikit: name, title: title, size: size, scale: scale, appearance: appearance, chrome: chrome,
            framesPerSecond: framesPerSecond, duration: duration, untilRest: untilRest, gestures: gestures,
            site: CallSite(file: file, line: line)
        ) {
            UIKitRuntime(
                build: { window in
                    let root = view()
                    if root.bounds.size == .zero { root.frame = window.bounds }
                    window.addSubview(root)
                }, script: steps, site: CallSite(file: file, line: line), scale: scale)
        }
    }

    /// A scene made from your UIKit view controller: `viewController` makes it afresh for every
    /// run; it becomes the window's root view controller (its view loads, then lays out).
    public init<Root: UIViewController>(
        named name: String, title: String? = nil, size: CGSize = CGSize(width: 375, height: 667), scale: Int = 2,
        appearance: UIUserInterfaceStyle = .light, chrome: ScreenChrome = .none, framesPerSecond: Int = 60, duration: Double,
        untilRest: Bool = false, script: [ScriptStep<Root>] = [], file: String = #fileID, line: Int = #line,
        viewController: @escaping @Sendable () -> Root
    ) throws {
        let steps = Self.closures(script) { $0.controller as? Root }
        let gestures = try Self.gestures(script, on: size)
        try self.init(
            uikit: name, title: title, size: size, scale: scale, appearance: appearance, chrome: chrome,
            framesPerSecond: framesPerSecond, duration: duration, untilRest: untilRest, gestures: gestures,
            site: CallSite(file: file, line: line)
        ) {
            UIKitRuntime(
                build: { window in window.rootViewController = viewController() }, script: steps,
                site: CallSite(file: file, line: line), scale: scale)
        }
    }

    /// Labels' text measured as the renderer draws it, in the scene's face (UILabel.sizeThatFits).
    static func measureText(_ font: FontChoice)
        -> @Sendable (String, Double, Double, Int, LineBreak, Int) -> (
            widths: [Double], lineHeight: Double
        )?
    {
        { text, size, width, maxLines, mode, scale in
            try? TextMeasure.lines(text, size: size, width: width, maxLines: maxLines, lineBreak: mode, scale: scale, font: font)
        }
    }

    /// The script's closures, each called with the root (`root` finds it from the root view).
    static func closures<Root>(
        _ script: [ScriptStep<Root>], root: @escaping @Sendable (UIView) -> Root?
    ) -> [(at: Double, run: @Sendable (UIView) -> Void, site: CallSite)] {
        script.compactMap { s in
            guard let body = s.body else { return nil }
            return (at: s.time, run: { @Sendable view in if let r = root(view) { body(r) } }, site: s.site)
        }
    }

    /// The script's gestures as a scene file's events (in time order; the scene's gesture player
    /// moves their fingers), each refused at its Swift call site when it cannot run.
    static func gestures<Root>(_ script: [ScriptStep<Root>], on size: CGSize) throws -> [ScriptEvent] {
        let size = Size2(Double(size.width), Double(size.height))
        var out: [ScriptEvent] = []
        for (k, step) in script.enumerated() {
            if let why = step.problem {
                throw Problems(SpringyError(file: step.site.file, line: step.site.line, keyPath: "script[\(k)]", message: why))
            }
            if let gesture = step.gesture {
                switch gesture(size) {
                case .success(let g):
                    out.append(ScriptEvent(at: step.time, action: g.action, path: "script[\(k)].\(g.name)", line: step.site.line))
                case .failure(let why):
                    throw Problems(
                        SpringyError(file: step.site.file, line: step.site.line, keyPath: "script[\(k)]", message: why.message))
                }
            }
            if let press = step.press {
                out.append(
                    ScriptEvent(at: step.time, action: .longPress(press), path: "script[\(k)].long_press", line: step.site.line))
            }
            guard let pan = step.pan else { continue }
            out.append(ScriptEvent(at: step.time, action: .pan(pan), path: "script[\(k)].pan", line: step.site.line))
        }
        return out.enumerated().sorted { $0.element.at != $1.element.at ? $0.element.at < $1.element.at : $0.offset < $1.offset }
            .map(\.element)
    }

    init(
        uikit name: String, title: String?, size: CGSize, scale: Int, appearance: UIUserInterfaceStyle, chrome: ScreenChrome,
        framesPerSecond: Int, duration: Double, untilRest: Bool, gestures: [ScriptEvent], site: CallSite,
        make: @escaping @Sendable () -> UIKitRuntime
    ) throws {
        let shown = (title ?? name).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let look = appearance == .dark ? "dark" : "light"
        let time = untilRest ? "until: rest, max_duration: \(duration)" : "duration: \(duration)"
        let yaml = """
            springy: 1
            name: "\(shown)"
            viewport: { size: [\(Double(size.width)), \(Double(size.height))], scale: \(scale), background: "\(look == "dark" ? "#000000" : "#FFFFFF")" }
            time: { fps: \(framesPerSecond), \(time) }
            style: { appearance: \(look), chrome: \(chrome.key) }
            """
        var model: SpringyScene.Scene
        do { model = try SceneLoader.decode(yaml: yaml, file: name + ".swift", program: true) } catch let e as SpringyError {
            // The values came from the Swift call: say so there, by the parameter's name.
            // Looked up in this order (an array, never a Dictionary's).
            let parameter = [
                ("viewport.size", "size"), ("viewport.scale", "scale"), ("time.fps", "framesPerSecond"),
                ("time.duration", "duration"), ("time.max_duration", "duration"), ("name", "title"),
            ].first { e.keyPath.hasPrefix($0.0) }?.1
            throw Problems(
                SpringyError(
                    file: site.file, line: site.line, keyPath: "Scene(named: \"\(name)\")",
                    message: parameter.map { "\($0): \(e.message)" } ?? e.message))
        } catch { throw Problems(error) }
        model.file = site.file
        model.slug = SpringyScene.Scene.slug(forFile: name + ".swift")
        let measure = Self.measureText(model.style.font)
        let safe = model.safeAreaInsets
        model.program = SceneProgram {
            let run = make()
            run.measure = measure
            run.safeArea = UIEdgeInsets(top: CGFloat(safe.top), left: 0, bottom: CGFloat(safe.bottom), right: 0)
            return run
        }
        model.script = gestures
        self.model = model
    }
}

extension Scene {
    /// Makes `scenes` (your Swift scenes) loadable by name, replacing those registered before: a
    /// name given where a scene file's path goes — `Scene(contentsOfFile:)`, `GoldenCheck.run`,
    /// the command line — with no file of that name there, is the scene whose `slug` it is.
    /// SpringyCLI's `SpringyCommand.main(scenes:)` registers its scenes so.
    public static func register(byName scenes: [Scene]) { SceneRegistry.register(scenes.map(\.model)) }

    /// The slugs of the scenes registered by name, in the order given.
    public static var registeredNames: [String] { SceneRegistry.names }
}
