import Foundation
import SpringyAnimation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyLayout
import SpringyScene

/// A problem found while running a scene, located at the behavior or event that caused it: the
/// same located error as one found reading it (`file:line:1: key: message`).
package typealias SimulationError = SceneError

/// Runs a scene on fixed steps: script, gestures, scroll view, layout dynamics and
/// animators, producing one `FrameState` per output frame. Frames must be asked
/// for in increasing order; the solver never depends on which frames are asked for.
package final class Simulation {
    package let scene: Scene
    package let h: Double
    package private(set) var stepIndex = 0
    package let freeAnimator: Animator?
    package let collection: CollectionView?
    /// The scene's Swift program (a SpringyUIKit scene), made afresh for this run.
    package let program: (any LiveProgram)?
    /// Scene behaviors first, then those scripts add, by index (nil once removed).
    var behaviorIDs: [BehaviorID?] = []
    var behaviorLabels: [String] = []
    var nextEvent = 0
    /// Scripted input in progress, in the order it advances (its stage, then start).
    var inputs: [any RunningInput] = []
    /// How many fingers have landed (`newFinger`).
    var fingersLanded = 0
    /// The device's turn (radians, clockwise as the user sees it; 0 upright), which `tilt` moves.
    package var deviceAngle = 0.0
    /// Free views' scales (their transforms, set by pinches and double taps), looked up by name.
    /// UIView animations, property animators and SwiftUI springs the script started.
    let viewAnimations = ViewAnimationEngine()
    /// Where view animations meet the free views and the frames.
    let animated: AnimatedViews
    var animationWorld: AnimationWorld { animated.world }
    var events: [ContactEvent] = []
    var lastFrame = -1
    /// Contacts that began in the last `flashDuration` s (point, time), for the overlay.
    var recentContacts: [(Vec2, Double)] = []
    /// Views not drawn (UIView.isHidden): a free view's own `hidden`, then what animations set.
    /// Asked only, never iterated.
    var hiddenViews: Set<String> = []
    static let flashDuration = 0.25
    var eventsSeen = 0
    /// Seconds spent in each step stage (`StepStage.allCases` order), for `springy bench`; never
    /// affects the output.
    package private(set) var stageSeconds = [Double](repeating: 0, count: StepStage.allCases.count)
    /// Seconds spent in the animators' steps (both dynamics stages).
    package var solverSeconds: Double {
        stageSeconds[StepStage.layoutDynamics.index] + stageSeconds[StepStage.freeDynamics.index]
    }
    /// Reads a monotonic clock, when the bench asks for stage timings.
    package var solverClock: (() -> Double)?

    package init(scene: Scene) throws {
        self.scene = scene
        hiddenViews = Set(scene.items.filter(\.hidden).map(\.name))
        h = 1 / Double(scene.time.stepRate)
        program = scene.program?.make()
        if !scene.items.isEmpty || !scene.behaviors.isEmpty {
            let bounds = Rect(x: 0, y: 0, width: scene.viewport.size.width, height: scene.viewport.size.height)
            freeAnimator = Animator(bounds: bounds, settings: scene.world)
        } else {
            freeAnimator = nil
        }
        do {
            collection = try scene.collection.map {
                try CollectionView(spec: $0.clearing(scene.safeAreaInsets), viewSize: scene.viewport.size, world: scene.world)
            }
        } catch let e as DynamicsError {
            throw SimulationError(file: scene.file, line: 1, keyPath: "collection.dynamics", message: e.description)
        }
        animated = AnimatedViews(
            scene: scene, freeAnimator: freeAnimator, collection: collection, viewAnimations: viewAnimations)
        if let animator = freeAnimator {
            let grouped = Set(scene.groups.flatMap(\.members))  // asked only; the order is the scene's
            for item in scene.items where !grouped.contains(item.name) {
                try animator.addItem(
                    id: item.name, center: item.center, size: item.size, angle: item.angle, shape: item.shape,
                    outline: item.outline)
            }
            for group in scene.groups {
                let members = group.members.compactMap { name in scene.items.first { $0.name == name } }.map {
                    GroupMemberSpec(
                        id: $0.name, center: $0.center, size: $0.size, angle: $0.angle, shape: $0.shape, outline: $0.outline)
                }
                try guarded(line: group.line, path: "groups.\(group.name)") {
                    try animator.addGroup(id: group.name, members: members)
                }
            }
            for (k, decl) in scene.behaviors.enumerated() {
                try guarded(line: decl.line, path: decl.path) {
                    try ensureCells(for: decl.spec, in: animator)
                    behaviorIDs.append(try animator.addBehavior(decl.spec, label: "behaviors[\(k)] (\(decl.spec.kindName))"))
                    behaviorLabels.append(decl.path)
                }
            }
        }
        try ScriptSupport.check(scene, hasCollection: collection != nil || scene.program != nil)
        try program?.start(
            world: scene.world, viewport: scene.viewport.size, appearance: scene.style.appearance ?? .light, h: h)
    }

    /// Free behaviors may name collection cells: they join the free animator at their layout place.
    func ensureCells(for spec: BehaviorSpec, in animator: Animator) throws {
        guard let collection else { return }
        if case .composite(let children) = spec {
            for c in children.behaviors { try ensureCells(for: c, in: animator) }
            return
        }
        let ids = spec.referencedItems
        for id in ids where !animator.hasItem(id) {
            if let ip = ItemPath(string: id), let a = collection.layout.attributes(for: ip) {
                try animator.addItem(id: id, center: a.center - collection.contentOffset, size: a.size)
            }
        }
    }

    func guarded<T>(line: Int, path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as DynamicsError {
            // The error may already name the event's key path; say it once.
            let text = e.description.hasPrefix(path + ": ") ? String(e.description.dropFirst(path.count + 2)) : e.description
            throw SimulationError(file: scene.file, line: line, keyPath: path, message: text)
        } catch let e as SpringyError where !e.isLocated {
            // A refusal raised without a place (a batch update's) is located at its event.
            throw SimulationError(file: scene.file, line: line, keyPath: path, message: e.description)
        }
    }

    // MARK: - Frames

    package var time: Double { Double(stepIndex) * h }

    /// The state frame `index` shows: after the last whole step at or before its time.
    package func frame(_ index: Int) throws -> FrameState {
        precondition(index > lastFrame, "frames are produced in increasing order")
        lastFrame = index
        let target = scene.time.steps(forFrame: index)
        while stepIndex < target { try step() }
        if stepIndex == 0 {
            // Frame 0 shows what is true at time 0 after its events: those due at 0 fire now
            // (and the animations they start take their from-values), not at the first step —
            // which they would have begun with, so every later frame is the same.
            try run(.scriptEvents, now: 0)
            try run(.animationsBegin, now: 0)
        }
        return snapshot(frame: index)
    }

    /// Whether any input is in progress (a finger down, the device turning): the one rule for
    /// "is input active", asked by `isAtRest` and `scriptFinished` alike. (A double tap's zoom
    /// is a view animation: `isAtRest` waits for it with the others.)
    var touchesActive: Bool { !inputs.isEmpty }

    /// True once nothing moves and no scripted input remains.
    package var isAtRest: Bool {
        if touchesActive { return false }
        if let c = collection, c.isScrolling { return false }
        if let d = collection?.dynamics, !d.isAtRest { return false }
        if let c = collection, c.isAnimating { return false }
        if viewAnimations.isAnimating { return false }
        if let program, !program.isAtRest { return false }
        return freeAnimator?.isAtRest ?? true
    }

    /// Whether every scripted event has fired and every gesture has ended.
    package var scriptFinished: Bool {
        nextEvent >= scene.script.count && !touchesActive && (program?.scriptFinished ?? true)
    }

    // MARK: - Stepping

    /// One solver step: its named stages, in order.
    func step() throws {
        let now = time
        for (i, stage) in StepStage.ordered.enumerated() {
            let started = solverClock?()
            try run(stage, now: now)
            if let started, let ended = solverClock?() { stageSeconds[i] += ended - started }
        }
    }

    /// One stage of the step that starts at `now`.
    func run(_ stage: StepStage, now: Double) throws {
        let t = now + h
        switch stage {
        case .scriptEvents:
            // Events fire before the first step that starts at or after their time.
            while nextEvent < scene.script.count, eventStep(scene.script[nextEvent].at) <= stepIndex {
                try fire(scene.script[nextEvent])
                nextEvent += 1
            }
        case .animationsBegin:
            if !viewAnimations.isEmpty { viewAnimations.beginPending(at: now, animationWorld) }
        case .scroll:
            // The scroll view's free motion over this step first: a fling released at the end of
            // this step starts coasting on the next one, and a finger landing now catches the content where it is.
            collection?.advanceScroll(h: h)
            try program?.scroll(at: now)
        case .touches:
            if touchesActive { try advanceInputs(to: t) }
        case .layout:
            collection?.advance(to: t)
        case .layoutDynamics:
            guard let c = collection, let dynamics = c.dynamics else { return }
            do { try c.stepDynamics() } catch let e as DynamicsError {
                throw SimulationError(file: scene.file, line: 1, keyPath: "collection.dynamics", message: e.description)
            }
            events.append(
                contentsOf: dynamics.drainContacts().map { e in
                    var e = e
                    if let p = e.point { e.point = p - c.contentOffset }
                    return e
                })
        case .freeDynamics:
            guard let animator = freeAnimator else { return }
            do { try animator.step() } catch let e as DynamicsError {
                throw SimulationError(file: scene.file, line: 1, keyPath: "behaviors", message: e.description)
            }
            events.append(contentsOf: animator.drainEvents())
        case .program:
            if let program { events += try program.step(at: now) }
        case .clock:
            stepIndex += 1
        case .animationsApply:
            animated.apply(at: time)
        case .headers:
            collection?.updateHeaders(at: time)
        case .contacts:
            for e in events[eventsSeen...] where e.kind == .began {
                if let p = e.point { recentContacts.append((p, time)) }
            }
            eventsSeen = events.count
        }
    }
}

/// The stages of one solver step, in the order they run (as Box2D names its solver's stages,
/// b2SolverStageType): what `springy bench` times and names.
package enum StepStage: String, CaseIterable, Sendable {
    /// The script's events due at this step (gestures begin, behaviors are added, data changes).
    case scriptEvents = "script events"
    /// View animations started by those events take their from-values.
    case animationsBegin = "animations begin"
    /// The scroll view's own motion: deceleration, bounce, paging.
    case scroll
    /// Fingers move: pans, long presses, pinches, the items they drag.
    case touches
    /// The collection view's layout: batch updates, transitions, reorder.
    case layout
    /// The layout's UIDynamicAnimator (springy cells): Box2D steps.
    case layoutDynamics = "layout dynamics"
    /// The free views' UIDynamicAnimator: Box2D steps.
    case freeDynamics = "free dynamics"
    /// A Swift scene's own code: its scripted closures, then its UIDynamicAnimators' steps,
    /// behaviors' actions and delegates.
    case program
    /// The step's clock moves on.
    case clock
    /// View animations set the properties they animate at the new time.
    case animationsApply = "animations apply"
    /// Sticky headers follow the scroll.
    case headers
    /// Contacts that began are kept for the overlay.
    case contacts

    /// The stages in order, made once (a synthesised `allCases` is a new array at every call,
    /// and the step runs 120 times a simulated second).
    static let ordered = allCases
    /// Its place in `ordered` (for the bench's figures, not the step).
    package var index: Int { Self.ordered.firstIndex(of: self) ?? 0 }
}

extension Simulation {
    /// Runs the scene and hands `body` the frames in `range` (all when nil). A scene that
    /// runs `until: rest` ends at the first frame at rest once its script is done.
    /// `cancelled` is asked at every frame, those run through to reach `range` too (a render of
    /// frames 90000–90001 is stopped by a signal within a frame, not after the fast-forward).
    package func run(
        frames range: ClosedRange<Int>? = nil, cancelled: () throws -> Void = {},
        _ body: (FrameState) throws -> Void
    ) throws {
        let count = scene.time.maxFrameCount
        for i in 0..<count {
            try cancelled()
            if let r = range, i > r.upperBound { return }
            if let r = range, i < r.lowerBound {
                try advance(toFrame: i)
            } else {
                try body(try frame(i))
            }
            if scene.time.untilRest && isAtRest && scriptFinished && i > 0 { return }
        }
    }

    /// Advances to frame `index` without producing it (its events are dropped).
    package func advance(toFrame index: Int) throws {
        precondition(index > lastFrame, "frames are produced in increasing order")
        lastFrame = index
        let target = scene.time.steps(forFrame: index)
        while stepIndex < target { try step() }
        events.removeAll()
        eventsSeen = 0
    }

    /// Every frame of the scene.
    package static func frames(of scene: Scene) throws -> [FrameState] {
        var out: [FrameState] = []
        try Simulation(scene: scene).run { out.append($0) }
        return out
    }
}
