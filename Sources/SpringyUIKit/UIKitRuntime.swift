import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyScene

/// One run of a Swift scene: the window and the objects your closure made, the animators they
/// made, the scripted closures, all on the Simulation's fixed clock (LiveProgram). Made afresh
/// for every run; the objects live on the thread that runs it.
package final class UIKitRuntime: LiveProgram {
    /// Puts the scene's root view (or view controller) in the window.
    let build: (UIWindow) -> Void
    let script: [(at: Double, run: @Sendable (UIView) -> Void, site: CallSite)]
    let rootFile: CallSite
    private(set) var window: UIWindow!
    private(set) var root: UIView!
    var world = WorldSettings.uikit
    var appearance = Appearance.light
    var h = 1.0 / 120
    /// The screen: the scene's viewport (a view controller's view starts this size).
    var screenBounds = CGRect.zero
    var stepIndex = 0
    /// Counts changes to what orders an animator's items — the view tree, behaviors and their
    /// items, an attributes' index path —, so an animator's ordered list is made again only then.
    var arrangement = 0
    var nextScript = 0
    /// UIDynamicAnimators made during the run, in the order they were made.
    private var animators: [WeakAnimator] = []
    /// The first problem your code's calls raised (thrown at the end of the step that raised it).
    private var problem: SpringyError?
    /// The run's clock while its code runs: a step's start during the script and layout, its end
    /// during the animators' actions and delegates.
    var now = 0.0
    /// The run's view animations (UIView.animate, property animators).
    let animations = ViewAnimator()
    /// The pictures `UIImage(named:)` decoded in this run, by file (looked up only).
    var namedImages: [String: ImagePixels] = [:]
    /// Items that are not views, numbered as first seen.
    private var serials: [ObjectIdentifier: Int] = [:]

    struct WeakAnimator { weak var animator: UIDynamicAnimator? }

    /// Text measured as the renderer draws it (`TextMeasure.lines`, handed down by SpringyKit):
    /// the lines' widths and a line's height, or nil when the face cannot be loaded.
    package var measure:
        (
            @Sendable (_ text: String, _ size: Double, _ width: Double, _ maxLines: Int, _ mode: LineBreak, _ scale: Int) -> (
                widths: [Double], lineHeight: Double
            )?
        )?
    /// The screen's pixels per point (sizes that fit text are whole pixels, as UIKit's).
    let scale: Int
    /// What the scene's status bar and home indicator cover of the screen (its chrome).
    package var safeArea = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    package init(
        build: @escaping (UIWindow) -> Void, script: [(at: Double, run: @Sendable (UIView) -> Void, site: CallSite)],
        site: CallSite, scale: Int = 2
    ) {
        self.scale = max(scale, 1)
        self.build = build
        // By time; steps of one time in the order the script gives them (a sort is not stable).
        self.script = script.enumerated().sorted {
            $0.element.at != $1.element.at ? $0.element.at < $1.element.at : $0.offset < $1.offset
        }
        .map(\.element)
        rootFile = site
    }

    // MARK: - The current run (the thread's)

    static let key: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k, nil)
        return k
    }()
    /// The run whose code is executing on this thread, if any.
    static var current: UIKitRuntime? {
        guard let p = pthread_getspecific(key) else { return nil }
        return Unmanaged<UIKitRuntime>.fromOpaque(p).takeUnretainedValue()
    }
    /// Runs `body` as this run's code (UIDynamicAnimator and friends find it), then throws the
    /// first problem the code raised.
    func running<T>(_ body: () throws -> T) throws -> T {
        let before = pthread_getspecific(Self.key)
        pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.key, before) }
        let out = try body()
        if problem == nil, let window, Self.depth(window) > Self.maxDepth {
            failAtScene(
                "a view is more than \(Self.maxDepth) views deep in the view tree: Springy draws at most \(Self.maxDepth) levels")
        }
        if let problem { throw problem }
        return out
    }

    /// How deep the deepest view under `window` is (its subviews are 1), walked with a stack
    /// and no further than one past maxDepth.
    static func depth(_ window: UIView) -> Int {
        var pending = window.subviews.map { ($0, 1) }
        var deepest = 0
        while let (view, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            guard depth <= maxDepth else { continue }
            for sub in view.subviews { pending.append((sub, depth + 1)) }
        }
        return deepest
    }

    func register(_ animator: UIDynamicAnimator) { animators.append(WeakAnimator(animator: animator)) }
    /// Scroll views made during the run, in the order they were made.
    private var scrollViews: [WeakScrollView] = []
    struct WeakScrollView { weak var view: UIScrollView? }
    func register(_ view: UIScrollView) { scrollViews.append(WeakScrollView(view: view)) }
    /// A problem with no call of the user's to name: located at the scene's `Scene(named:)`.
    func failAtScene(_ message: String) { fail(rootFile, message) }

    func fail(_ site: CallSite, _ message: String) {
        if problem == nil { problem = SpringyError(file: site.file, line: site.line, keyPath: "SpringyUIKit", message: message) }
    }

    // MARK: - LiveProgram

    package func start(world: WorldSettings, viewport: Size2, appearance: Appearance, h: Double) throws {
        self.world = world
        self.appearance = appearance
        animations.appearance = appearance
        self.h = h
        screenBounds = CGRect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        try running {
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: viewport.width, height: viewport.height))
            build(window)
            root = window.subviews.first ?? window
            window.layoutIfNeeded()
        }
    }

    /// The start of a step (the Simulation's `scroll` stage, before fingers move): the script's
    /// closures due now run, animations whose delay is over begin, scroll views move on.
    package func scroll(at time: Double) throws {
        try running {
            now = time
            animations.begin(at: time)
            while nextScript < script.count, Int((script[nextScript].at / h - 1e-9).rounded(.up)) <= stepIndex {
                script[nextScript].run(root)
                nextScript += 1
            }
            scrollViews.removeAll { $0.view == nil }
            for v in scrollViews.compactMap(\.view) { v.advance(h: h) }
        }
    }

    /// The rest of the step (the `program` stage): layout, the animators, animations that end.
    package func step(at time: Double) throws -> [ContactEvent] {
        try running {
            now = time
            // The step's fingers have all moved: pinches and rotations measure them together.
            fingers.measureTwoFingers()
            // Taps waiting for a double tap that did not come recognise now.
            fingers.resolveWaiting(at: time)
            var events: [ContactEvent] = []
            animators.removeAll { $0.animator == nil }
            now = time + h
            animations.now = now
            for a in animators.compactMap(\.animator) { events += try a.step(h: h) }
            animations.finish(at: time + h)
            // What the animators and animations changed is laid out before the frame is drawn.
            window.layoutIfNeeded()
            stepIndex += 1
            return events
        }
    }

    package var isAtRest: Bool {
        !animations.isAnimating && !scrollViews.contains { $0.view?.isMoving ?? false }
            && animators.allSatisfy { $0.animator?.isAtRest ?? true }
    }

    package var scriptFinished: Bool { nextScript >= script.count }

    /// The fingers on the screen and what they drive (Fingers.swift).
    private(set) lazy var fingers = Fingers(run: self)

    /// Runs `body` as this run's code; a problem it raises is thrown at the end of the step.
    func inside(_ body: () -> Void) {
        let before = pthread_getspecific(Self.key)
        pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
        body()
        pthread_setspecific(Self.key, before)
    }

    package func frame() -> ProgramFrame {
        var out = ProgramFrame()
        let t = Double(stepIndex) * h
        // Parents before their subviews, subviews in order: a stack, not recursion, so a deep
        // tree cannot overflow the thread's stack; deeper than maxDepth is refused.
        var pending: [(view: UIView, path: [Int], below: Below)] = window.subviews.enumerated().reversed().map {
            ($0.element, [$0.offset], Below(transform: .identity, alpha: 1, clips: []))
        }
        while let (view, path, below) = pending.popLast() {
            guard let inner = draw(view, path: path, into: &out, below, at: t), !view.subviews.isEmpty else { continue }
            // Deeper is refused at the end of the step (`running`); never drawn.
            guard path.count < Self.maxDepth else { continue }
            for (k, sub) in view.subviews.enumerated().reversed() { pending.append((sub, path + [k], inner)) }
        }
        for a in animators.compactMap(\.animator) {
            guard let engine = a.engine else { continue }
            out.springs += engine.springs
            out.boundaries += engine.boundarySegments.map { Segment(from: $0.from, to: $0.to) }
        }
        return out
    }

    // MARK: - Names and order

    /// An item's place: its path of subview indices from the window (views), else after every
    /// view, numbered as first seen.
    func key(of item: any UIDynamicItem) -> [Int] {
        if let view = item as? UIView, let path = path(of: view) { return path }
        if let a = item as? UICollectionViewLayoutAttributes, a.indexPath.count == 2 {
            // After every view: by element category, then index path.
            return [Int.max - 1, Int(a.representedElementCategory.rawValue), a.indexPath.section, a.indexPath.item]
        }
        if let group = item as? UIDynamicItemGroup, !group.items.isEmpty {
            return group.items.map { key(of: $0) }.min { $0.lexicographicallyPrecedes($1) } ?? []
        }
        let id = ObjectIdentifier(item)
        if serials[id] == nil { serials[id] = serials.count }
        return [Int.max, serials[id]!]
    }
    func path(of view: UIView) -> [Int]? {
        var out: [Int] = []
        var v = view
        while let s = v.superview {
            guard let i = s.subviews.firstIndex(where: { $0 === v }) else { return nil }
            out.append(i)
            v = s
        }
        return v === window ? out.reversed() : nil
    }
    /// How frames, traces and events name an item: a view's accessibility identifier, else its
    /// place (`view.0.2`: the root's third subview).
    func name(of item: any UIDynamicItem) -> String {
        if let view = item as? UIView {
            if let id = view.accessibilityIdentifier, !id.isEmpty { return id }
            if let p = path(of: view) { return Self.name(path: p) }
        }
        if let a = item as? UICollectionViewLayoutAttributes, a.indexPath.count == 2 {
            let place = "\(a.indexPath.section).\(a.indexPath.item)"
            return a.representedElementCategory == .cell ? place : "\(a.representedElementKind ?? "view").\(place)"
        }
        return "item.\(key(of: item).last ?? 0)"
    }
    /// `name(path:)`, kept on the view while its place stays (a frame names every view it draws).
    func pathName(_ view: UIView, _ path: [Int]) -> String {
        if let kept = view.pathName, kept.path == path { return kept.name }
        let name = Self.name(path: path)
        view.pathName = (path, name)
        return name
    }
    static func name(path: [Int]) -> String {
        // The root view is `view`; its subviews `view.0`, `view.1`, …
        (["view"] + path.dropFirst().map(String.init)).joined(separator: ".")
    }

    // MARK: - Drawing the view tree

    /// The transform a view shows at `t`: its translation, rotation and scale as animations
    /// present them, its shear as it is.
    func shownTransform(_ view: UIView, at t: Double) -> CGAffineTransform {
        guard let name = view.animationName, animations.engine.touches(name) else { return view.transform }
        let tr = animations.shown(view, .translation, at: t), r = animations.shown(view, .rotation, at: t).x
        let sc = animations.shown(view, .scale, at: t)
        let m = view.transform, sx = ViewAnimator.parts(m).sx
        // The model's shear, kept: m = R(angle) · [[sx, sx·k], [0, sy]] (columns).
        let k = sx > 0 ? (Double(m.a) * Double(m.c) + Double(m.b) * Double(m.d)) / (sx * sx) : 0
        let cs = cos(r), sn = sin(r)
        return CGAffineTransform(
            a: CGFloat(sc.x * cs), b: CGFloat(sc.x * sn), c: CGFloat(sc.x * k * cs - sc.y * sn),
            d: CGFloat(sc.x * k * sn + sc.y * cs),
            tx: CGFloat(tr.x), ty: CGFloat(tr.y))
    }

    /// How deep a view may be in the tree, counted from the window's subviews (1).
    static let maxDepth = 1000

    /// What a view hands its subviews: its transform to the window, its alpha, its clips.
    struct Below {
        var transform: CGAffineTransform
        var alpha: Double
        var clips: [Clip]
    }

    /// Draws `view` (not its subviews) over what is below it; what its subviews draw under, or
    /// nil when it is hidden (and they with it).
    func draw(_ view: UIView, path: [Int], into out: inout ProgramFrame, _ below: Below, at t: Double) -> Below? {
        let parent = below.transform, alpha = below.alpha, clips = below.clips
        let shown = animations.shown(view, .alpha, at: t).x
        guard !view.isHidden, shown > 0 else { return nil }
        let a = alpha * min(shown, 1)
        let size = animations.shown(view, .size, at: t), center = animations.shown(view, .center, at: t)
        let origin = animations.shown(view, .origin, at: t)
        let bounds = CGRect(x: origin.x, y: origin.y, width: max(size.x, 0), height: max(size.y, 0))
        let toWindow = CGAffineTransform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(shownTransform(view, at: t))
            .concatenating(CGAffineTransform(translationX: CGFloat(center.x), y: CGFloat(center.y)))
            .concatenating(parent)
        let c = CGPoint(x: bounds.midX, y: bounds.midY).applying(toWindow)
        let sx = hypot(Double(toWindow.a), Double(toWindow.b)), sy = hypot(Double(toWindow.c), Double(toWindow.d))
        var angle = atan2(Double(toWindow.b), Double(toWindow.a))
        // A collection view's cell is named by its index path ("0.4"), as scene files' cells are.
        let cellPath = (view as? UICollectionViewCell)?.shownIndexPath
        let id =
            view.accessibilityIdentifier.flatMap { $0.isEmpty ? nil : $0 } ?? (view as? UICollectionReusableView)?.shownName
            ?? pathName(view, path)
        let v = animations.shown(view, .color, at: t)
        let fill = Color(r: min(max(v.x, 0), 1), g: min(max(v.y, 0), 1), b: min(max(v.z, 0), 1), a: min(max(v.w, 0), 1))
        let label = view as? UILabel
        // Drawn when it shows something; traced too when it is named or UIKit Dynamics moves it.
        let picture = (view as? UIImageView)?.image
        let shows = fill.a > 0 || !(label?.text ?? "").isEmpty || picture != nil
        let named = !(view.accessibilityIdentifier ?? "").isEmpty || (view as? UICollectionReusableView)?.shownName != nil
        // The animator that moves it, if any (one lookup per view and frame).
        var moving: ItemDynamics?
        for a in animators { if let d = a.animator?.dynamics(of: view) { moving = d } }
        if shows || named || moving != nil, c.x.isFinite, c.y.isFinite, sx.isFinite, sy.isFinite, angle.isFinite {
            var velocity = Vec2.zero
            if let d = moving {
                velocity = d.velocity
                // The engine's turn is continuous (a view's transform only knows it modulo 2π):
                // frames and traces show that one, while the transform still says the same.
                let turns = ((d.angle - angle) / (2 * .pi)).rounded()
                if abs(d.angle - angle - turns * 2 * .pi) < 1e-6 { angle += turns * 2 * .pi }
            }
            var item = ItemState(
                id: id, center: vec(c), size: Size2(Double(bounds.width) * sx, Double(bounds.height) * sy),
                angle: angle, alpha: a, z: 0, velocity: velocity, selected: (view as? UICollectionViewCell)?.isSelected ?? false,
                kind: cellPath == nil ? .view : .cell, color: fill,
                label: label?.text, shape: .rectangle)
            item.look.continuousCorners = view.layer.cornerCurve == .continuous
            item.look.clips = clips
            item.look.cornerRadius = min(Double(view.layer.cornerRadius) * min(sx, sy), item.size.width / 2, item.size.height / 2)
            let layer = view.layer, k = min(sx, sy)
            if layer.borderWidth > 0, let c = layer.borderColor?.color {
                item.look.border = Border(width: Double(layer.borderWidth) * k, color: c)
            }
            if layer.shadowOpacity > 0, let c = layer.shadowColor?.color {
                // In the layer's own space: it turns and scales with the view, as Core Animation's does.
                item.look.shadow = Shadow(
                    color: c, opacity: Double(layer.shadowOpacity), radius: Double(layer.shadowRadius) * k,
                    offset: Vec2(Double(layer.shadowOffset.width) * k, Double(layer.shadowOffset.height) * k))
            }
            if let image = picture {
                let mode: ContentMode
                switch view.contentMode {
                case .scaleToFill, .redraw: mode = .scaleToFill
                case .scaleAspectFit: mode = .scaleAspectFit
                case .scaleAspectFill: mode = .scaleAspectFill
                case .center: mode = .center
                case .top: mode = .top
                case .bottom: mode = .bottom
                case .left: mode = .left
                case .right: mode = .right
                case .topLeft: mode = .topLeft
                case .topRight: mode = .topRight
                case .bottomLeft: mode = .bottomLeft
                case .bottomRight: mode = .bottomRight
                }
                item.look.image = ViewImage(
                    pixels: image.pixels, mode: mode, clipped: view.clipsToBounds || view.layer.masksToBounds, zoom: k)
            }
            if let label {
                item.look.textColor = label.textColor?.resolved(appearance)
                item.look.fontSize = Double(label.font?.pointSize ?? 17) * k
                switch label.textAlignment {
                case .left, .natural, .justified: item.look.textAlignment = .leading
                case .center: item.look.textAlignment = .center
                case .right: item.look.textAlignment = .trailing
                }
                item.look.textLines = max(label.numberOfLines, 0)
                item.look.lineBreak = label.lineBreakMode.mode
            }
            out.items.append(item)
        }
        // A view that clips to its bounds draws its subviews inside its own rounded rectangle.
        var inner = clips
        if view.layer.masksToBounds, c.x.isFinite, c.y.isFinite, sx.isFinite, sy.isFinite {
            let size = Size2(Double(bounds.width) * sx, Double(bounds.height) * sy)
            inner.append(
                Clip(
                    center: vec(c), size: size, angle: angle,
                    cornerRadius: min(Double(view.layer.cornerRadius) * min(sx, sy), size.width / 2, size.height / 2),
                    continuous: view.layer.cornerCurve == .continuous))
        }
        return Below(transform: toWindow, alpha: a, clips: inner)
    }
}
