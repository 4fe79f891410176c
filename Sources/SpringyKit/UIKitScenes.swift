import Foundation
import SpringyCore
import SpringyScene
import SpringyUIKit

/// A moment in a Swift scene's script: at `time` seconds, your closure is called with the root
/// view or view controller (a button press, a data change, a behavior added).
public struct ScriptStep<Root>: Sendable {
    let time: Double
    let body: @Sendable (Root) -> Void
    let site: CallSite
    /// At `time` seconds (before the step that starts then), call `body` with the root.
    public static func at(
        _ time: Double, file: String = #fileID, line: Int = #line, _ body: @escaping @Sendable (Root) -> Void
    ) -> ScriptStep {
        ScriptStep(time: time, body: body, site: CallSite(file: file, line: line))
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
        appearance: UIUserInterfaceStyle = .light, framesPerSecond: Int = 60, duration: Double, untilRest: Bool = false,
        script: [ScriptStep<Root>] = [], file: String = #fileID, line: Int = #line,
        view: @escaping @Sendable () -> Root
    ) throws {
        let steps = script.map { s in
            (at: s.time, run: { @Sendable (root: UIView) in if let r = root as? Root { s.body(r) } }, site: s.site)
        }
        try self.init(
            uikit: name, title: title, size: size, scale: scale, appearance: appearance, framesPerSecond: framesPerSecond,
            duration: duration, untilRest: untilRest, site: CallSite(file: file, line: line)
        ) {
            UIKitRuntime(
                build: { window in
                    let root = view()
                    if root.bounds.size == .zero { root.frame = window.bounds }
                    window.addSubview(root)
                }, script: steps, site: CallSite(file: file, line: line))
        }
    }

    /// A scene made from your UIKit view controller: `viewController` makes it afresh for every
    /// run; it becomes the window's root view controller (its view loads, then lays out).
    public init<Root: UIViewController>(
        named name: String, title: String? = nil, size: CGSize = CGSize(width: 375, height: 667), scale: Int = 2,
        appearance: UIUserInterfaceStyle = .light, framesPerSecond: Int = 60, duration: Double, untilRest: Bool = false,
        script: [ScriptStep<Root>] = [], file: String = #fileID, line: Int = #line,
        viewController: @escaping @Sendable () -> Root
    ) throws {
        let steps = script.map { s in
            (
                at: s.time,
                run: { @Sendable (root: UIView) in if let r = root.controller as? Root { s.body(r) } },
                site: s.site
            )
        }
        try self.init(
            uikit: name, title: title, size: size, scale: scale, appearance: appearance, framesPerSecond: framesPerSecond,
            duration: duration, untilRest: untilRest, site: CallSite(file: file, line: line)
        ) {
            UIKitRuntime(
                build: { window in window.rootViewController = viewController() }, script: steps,
                site: CallSite(file: file, line: line))
        }
    }

    init(
        uikit name: String, title: String?, size: CGSize, scale: Int, appearance: UIUserInterfaceStyle, framesPerSecond: Int,
        duration: Double, untilRest: Bool, site: CallSite, make: @escaping @Sendable () -> UIKitRuntime
    ) throws {
        let shown = (title ?? name).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let look = appearance == .dark ? "dark" : "light"
        let time = untilRest ? "until: rest, max_duration: \(duration)" : "duration: \(duration)"
        let yaml = """
            springy: 1
            name: "\(shown)"
            viewport: { size: [\(Double(size.width)), \(Double(size.height))], scale: \(scale), background: "\(look == "dark" ? "#000000" : "#FFFFFF")" }
            time: { fps: \(framesPerSecond), \(time) }
            style: { appearance: \(look) }
            """
        var model: SpringyScene.Scene
        do { model = try SceneLoader.decode(yaml: yaml, file: name + ".swift", program: true) } catch let e as SpringyError {
            // The values came from the Swift call: say so there.
            throw Problems(
                SpringyError(file: site.file, line: site.line, keyPath: "Scene(named: \"\(name)\")", message: e.message))
        } catch { throw Problems(error) }
        model.file = site.file
        model.slug = SpringyScene.Scene.slug(forFile: name + ".swift")
        model.program = SceneProgram { make() }
        self.model = model
    }
}
