import Foundation
import SpringyCore
import SpringyFrame
import SpringyDynamics
import SpringyLayout
import SpringyScene

/// A problem found while running a scene, located at the behavior or event that caused it.
public struct SimulationError: LocatedError {
    public var file: String
    public var line: Int
    public var keyPath: String
    public var message: String
    public var description: String { "\(file):\(line):1: \(keyPath.isEmpty ? "" : keyPath + ": ")\(message)" }
}

/// Runs a scene on fixed steps: script, gestures, scroll view, layout dynamics and
/// animators, producing one `FrameState` per output frame. Frames must be asked
/// for in increasing order; the solver never depends on which frames are asked for.
public final class Simulation {
    public let scene: Scene
    public let h: Double
    public private(set) var stepIndex = 0
    let freeAnimator: Animator?
    public let collection: CollectionView?
    /// Scene behaviors first, then those scripts add, by index (nil once removed).
    var behaviorIDs: [BehaviorID?] = []
    var behaviorLabels: [String] = []
    var nextEvent = 0
    var gestures: [ActiveGesture] = []
    var events: [ContactEvent] = []
    var lastFrame = -1
    /// Contacts that began in the last `flashDuration` s (point, time), for the overlay.
    var recentContacts: [(Vec2, Double)] = []
    static let flashDuration = 0.25
    private var eventsSeen = 0
    /// Seconds spent in the animators' steps (for `springy bench`; never affects the output).
    public private(set) var solverSeconds = 0.0
    /// Reads a monotonic clock, when the bench asks for solver timings.
    public var solverClock: (() -> Double)?

    public init(scene: Scene) throws {
        self.scene = scene
        h = 1 / Double(scene.time.stepRate)
        if !scene.items.isEmpty || !scene.behaviors.isEmpty {
            let bounds = Rect(x: 0, y: 0, width: scene.viewport.size.width, height: scene.viewport.size.height)
            freeAnimator = Animator(bounds: bounds, stepRate: scene.time.stepRate, defaults: scene.defaults)
        } else {
            freeAnimator = nil
        }
        do {
            collection = try scene.collection.map {
                try CollectionView(spec: $0, viewSize: scene.viewport.size, stepRate: scene.time.stepRate, defaults: scene.defaults,
                                   maxBodies: scene.limits.maxBodies)
            }
        } catch let e as DynamicsError {
            throw SimulationError(file: scene.file, line: 1, keyPath: "collection.dynamics", message: e.description)
        }
        if let animator = freeAnimator {
            for item in scene.items {
                try animator.addItem(id: item.name, center: item.center, size: item.size, angle: item.angle, shape: item.shape)
            }
            for (k, decl) in scene.behaviors.enumerated() {
                try guarded(line: decl.line, path: decl.path) {
                    try ensureCells(for: decl.spec, in: animator)
                    behaviorIDs.append(try animator.addBehavior(decl.spec, label: "behaviors[\(k)] (\(decl.spec.kindName))"))
                    behaviorLabels.append(decl.path)
                }
            }
        }
        try checkSupported()
    }

    /// Free behaviors may name collection cells: they join the free animator at their layout place.
    private func ensureCells(for spec: BehaviorSpec, in animator: Animator) throws {
        guard let collection else { return }
        var ids: [String] = []
        switch spec {
        case .gravity(let items, _), .collision(let items, _, _, _, _), .push(let items, _, _, _), .item(let items, _): ids = items
        case let .attachment(item, to, _, _, _, _, _): ids = [item]; if case .item(let o) = to { ids.append(o) }
        case .snap(let item, _, _): ids = [item]
        case .composite(let children): for c in children { try ensureCells(for: c, in: animator) }
        }
        for id in ids where !animator.hasItem(id) {
            if let ip = ItemPath(string: id), let a = collection.layout.attributes(for: ip) {
                try animator.addItem(id: id, center: a.center - collection.contentOffset, size: a.size)
            }
        }
    }

    private func checkSupported() throws {
        for e in scene.script {
            let unsupported: String?
            switch e.action {
            case .pan(let p) where p.item == nil && collection == nil:
                unsupported = "a pan without `item` scrolls a collection, and this scene has none"
            case .insert, .delete:
                unsupported = collection == nil ? "insert and delete need a collection" : nil
            case .longPress:
                unsupported = scene.collection?.dynamics.kind == .drag ? nil : "long_press drags selected cells: it needs `collection.dynamics.kind: drag`"
            default:
                unsupported = nil
            }
            if let message = unsupported {
                throw SimulationError(file: scene.file, line: e.line, keyPath: e.path, message: message)
            }
        }
    }

    func guarded<T>(line: Int, path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as DynamicsError {
            throw SimulationError(file: scene.file, line: line, keyPath: path, message: e.description)
        }
    }

    // MARK: - Frames

    public var time: Double { Double(stepIndex) * h }

    /// The state frame `index` shows: after the last whole step at or before its time.
    public func frame(_ index: Int) throws -> FrameState {
        precondition(index > lastFrame, "frames are produced in increasing order")
        lastFrame = index
        let target = scene.time.steps(forFrame: index)
        while stepIndex < target { try step() }
        return snapshot(frame: index)
    }

    /// True once nothing moves and no scripted input remains.
    public var isAtRest: Bool {
        if !gestures.isEmpty { return false }
        if let c = collection, c.scroll.isMoving { return false }
        if let s = collection?.springy, !s.isAtRest { return false }
        if let c = collection, c.isAnimating || c.drag != nil { return false }
        return freeAnimator?.isAtRest ?? true
    }

    /// Whether every scripted event has fired and every gesture has ended.
    public var scriptFinished: Bool { nextEvent >= scene.script.count && gestures.isEmpty }

    // MARK: - Stepping

    func step() throws {
        let now = time
        // Events fire before the first step that starts at or after their time.
        while nextEvent < scene.script.count, eventStep(scene.script[nextEvent].at) <= stepIndex {
            try fire(scene.script[nextEvent])
            nextEvent += 1
        }
        let t = now + h
        var k = 0
        while k < gestures.count {
            if try gestures[k].update(time: t, simulation: self) { k += 1 } else { gestures.remove(at: k) }
        }
        collection?.scroll.advance(h: h)
        collection?.advance(to: t)
        let solverStart = solverClock?()
        defer { if let start = solverStart, let now = solverClock?() { solverSeconds += now - start } }
        if let c = collection, let drag = c.drag {
            do { try drag.step() } catch let e as DynamicsError {
                throw SimulationError(file: scene.file, line: 1, keyPath: "collection.dynamics", message: e.description)
            }
            if drag.isFinished { c.drag = nil }
        }
        if let springy = collection?.springy {
            do { try springy.step() } catch let e as DynamicsError {
                throw SimulationError(file: scene.file, line: 1, keyPath: "collection.dynamics", message: e.description)
            }
            events.append(contentsOf: springy.animator.drainEvents().filter { $0.kind == .began || $0.kind == .ended }.map { e in
                var e = e
                e.item = cellID(e.item)
                if e.with.hasPrefix("cell:") { e.with = cellID(e.with) }
                if let p = e.point, let c = collection { e.point = p - c.contentOffset }
                return e
            })
        }
        if let animator = freeAnimator {
            do { try animator.step() } catch let e as DynamicsError {
                throw SimulationError(file: scene.file, line: 1, keyPath: "behaviors", message: e.description)
            }
            events.append(contentsOf: animator.drainEvents())
        }
        stepIndex += 1
        collection?.updateHeaders(at: time)
        for e in events[eventsSeen...] where e.kind == .began {
            if let p = e.point { recentContacts.append((p, time)) }
        }
        eventsSeen = events.count
    }

    /// The index path naming a springy cell's body ("cell:<key>").
    func cellID(_ body: String) -> String {
        collection?.springy?.indexPath(ofBody: body)?.description ?? body
    }

    func eventStep(_ at: Double) -> Int { Int((at / h - 1e-9).rounded(.up)) }

    func fire(_ e: ScriptEvent) throws {
        try guarded(line: e.line, path: e.path) {
            switch e.action {
            case .pan(let p):
                gestures.append(ActiveGesture(pan: p, start: Double(stepIndex) * h, event: e))
            case .tap(let target):
                if let c = collection {
                    var ip: ItemPath?
                    switch target {
                    case .item(let id): ip = ItemPath(string: id)
                    case .point(let p): ip = c.item(at: p)
                    }
                    if let ip {
                        if c.spec.layout.kind == .list { c.tapList(ip, at: time) } else { c.toggleSelection(ip) }
                    }
                }
            case .select(let items):
                collection?.setSelection(items)
            case .addBehavior(let spec):
                guard let animator = freeAnimator else { return }
                try ensureCells(for: spec, in: animator)
                behaviorIDs.append(try animator.addBehavior(spec, label: "\(e.path) (\(spec.kindName))"))
                behaviorLabels.append(e.path)
            case let .set(index, parameters):
                guard let animator = freeAnimator, index < behaviorIDs.count, let id = behaviorIDs[index] else {
                    throw DynamicsError.invalid("behavior \(index) is not in the animator (removed?)", behavior: e.path)
                }
                try animator.set(id, parameters)
            case .removeBehavior(let index):
                guard let animator = freeAnimator, index < behaviorIDs.count, let id = behaviorIDs[index] else { return }
                animator.removeBehavior(id)
                behaviorIDs[index] = nil
            case let .insert(position, count):
                guard let c = collection else { return }
                let at: ItemPath
                switch position {
                case .rightOfCenter: at = c.indexRightOfCenter()
                case .indexPath(let ip): at = ItemPath(ip.section, min(ip.item, c.sections[min(ip.section, c.sections.count - 1)].count))
                }
                guard at.section < c.sections.count else { return }
                c.insert(at: at, count: count)
                var starts: [Int: Vec2] = [:]
                for k in 0..<count {
                    let ip = ItemPath(at.section, at.item + k)
                    if let key = c.key(ip), let a = c.layout.attributes(for: ip) {
                        // The write-up's new cell starts one content height less a cell above its slot.
                        starts[key] = c.vertical ? a.center : a.center - Vec2(0, c.layout.contentSize.height - a.size.height)
                    }
                }
                try c.springy?.layoutChanged(newCells: starts)
            case .delete(let items):
                guard let c = collection else { return }
                c.delete(items)
                try c.springy?.layoutChanged(newCells: [:])
            case .longPress(let press):
                gestures.append(ActiveGesture(longPress: press, start: time, event: e))
            }
        }
    }

    // MARK: - Snapshot

    func snapshot(frame index: Int) -> FrameState {
        var items: [ItemState] = []
        var headers: [HeaderState] = []
        var offset = Vec2.zero
        if let c = collection {
            let v = c.visibleState(time: time)
            items = v.items
            headers = v.headers
            offset = c.contentOffset
        }
        var springs: [SpringSnapshot] = []
        if let animator = freeAnimator {
            var cells: [String: Int] = [:]
            for (i, item) in items.enumerated() { cells[item.id] = i }
            for spec in scene.items {
                guard let s = animator.state(of: spec.name) else { continue }
                items.append(ItemState(id: spec.name, center: s.center, size: spec.size, angle: s.angle, alpha: 1,
                                       z: 0, velocity: s.velocity, selected: false, kind: .view, color: spec.fill, label: spec.label,
                                       shape: spec.shape))
            }
            // Cells a free behavior moves are drawn where the animator has them.
            for id in animator.itemIDs {
                guard let i = cells[id], let s = animator.state(of: id) else { continue }
                items[i].center = s.center
                items[i].angle = s.angle
                items[i].velocity = s.velocity
            }
            springs = animator.springs
        }
        if let drag = collection?.drag {
            var names: [String: String] = [:]
            for cell in drag.cells { names["cell:\(cell.key)"] = cell.indexPath.description }
            springs += drag.animator.springs.map {
                SpringSnapshot(item: names[$0.item] ?? $0.item, anchor: $0.anchor - offset, point: $0.point - offset)
            }
        }
        if let springy = collection?.springy {
            springs += springy.springs.map { SpringSnapshot(item: $0.item, anchor: $0.anchor - offset, point: $0.point - offset) }
        }
        let finger = gestures.lazy.compactMap(\.finger).first
        recentContacts.removeAll { time - $0.1 > Self.flashDuration }
        var boundaries: [Segment] = []
        if let animator = freeAnimator {
            boundaries = animator.boundarySegments.map { Segment(from: $0.from, to: $0.to) }
        }
        let state = FrameState(frame: index, time: Double(index) / Double(scene.time.fps), contentOffset: offset,
                               atRest: isAtRest, items: items, headers: headers, springs: springs,
                               events: events, finger: finger, boundaries: boundaries,
                               flashes: recentContacts.map { Flash(point: $0.0, age: time - $0.1) })
        events.removeAll()
        eventsSeen = 0
        return state
    }
}

/// A gesture in progress.
struct ActiveGesture {
    let pan: PanGesture
    var longPress: LongPressGesture?
    let start: Double
    let event: ScriptEvent
    let path: GesturePath
    var began = false
    var dragBehavior: BehaviorID?
    var finger: Vec2?

    init(pan: PanGesture, start: Double, event: ScriptEvent) {
        self.pan = pan; self.start = start; self.event = event
        path = GesturePath(points: pan.path, duration: pan.duration)
    }

    init(longPress: LongPressGesture, start: Double, event: ScriptEvent) {
        pan = PanGesture(item: nil, path: longPress.path, duration: longPress.duration, release: .hold, hold: longPress.hold)
        self.longPress = longPress
        self.start = start; self.event = event
        path = GesturePath(points: longPress.path, duration: longPress.duration)
    }

    /// A long press: finger down at `at`; recognised after `press` s, when the selected
    /// cells are handed to the drag; then along `path` for `duration` s; `hold` s still; lift.
    mutating func updateLongPress(_ lp: LongPressGesture, time t: Double, simulation sim: Simulation) throws -> Bool {
        guard let c = sim.collection else { return false }
        let local = t - start
        let moving = local - lp.press
        let position = moving < 0 ? lp.at : path.position(at: moving)
        if moving >= 0 && !began {
            began = true
            if c.drag == nil && !c.selection.isEmpty {
                c.drag = try DragSession(collection: c, touch: lp.at + c.contentOffset, stepRate: sim.scene.time.stepRate,
                                         defaults: sim.scene.defaults, maxBodies: sim.scene.limits.maxBodies)
            }
        }
        if moving >= lp.duration + lp.hold {
            if began, let d = c.drag, !d.released { d.release() }
            finger = nil
            return false
        }
        if began, let d = c.drag, !d.released { d.move(to: position + c.contentOffset) }
        finger = position
        return true
    }

    /// Advances to time `t`; returns false once the gesture is over.
    mutating func update(time t: Double, simulation sim: Simulation) throws -> Bool {
        if let lp = longPress { return try updateLongPress(lp, time: t, simulation: sim) }
        let local = t - start
        let position = path.position(at: local)
        let lifted = local >= pan.duration + (pan.release == .hold ? pan.hold : 0)
        if let item = pan.item {
            guard let animator = sim.freeAnimator else { return false }
            if !began {
                began = true
                // UIKit's drag: an attachment from the grabbed point of the item to the finger.
                guard let s = animator.state(of: item) else { return false }
                let offset = (path.points[0] - s.center).rotated(by: -s.angle)
                dragBehavior = try animator.addBehavior(
                    .attachment(item: item, to: .point(path.points[0]), length: nil, frequency: 0, damping: 0,
                                offset: offset, toOffset: .zero), label: "\(event.path) (drag)")
            }
            if lifted {
                if let id = dragBehavior { animator.removeBehavior(id) }
                finger = nil
                return false
            }
            if let id = dragBehavior { animator.setAnchor(id, position) }
            finger = position
            return true
        }
        guard let c = sim.collection else { return false }
        if !began {
            began = true
            c.scroll.beginTracking(finger: c.along(path.points[0]))
            c.springy?.touch = path.points[0]
        }
        if lifted {
            let v = pan.release == .fling ? c.along(path.finalVelocity) : 0
            c.scroll.track(finger: c.along(position), h: sim.h)
            c.scroll.release(fingerVelocity: v)
            finger = nil
            return false
        }
        c.scroll.track(finger: c.along(position), h: sim.h)
        c.springy?.touch = position
        finger = position
        return true
    }
}

extension Simulation {
    /// Runs the scene and hands `body` the frames in `range` (all when nil). A scene that
    /// runs `until: rest` ends at the first frame at rest once its script is done.
    public func run(frames range: ClosedRange<Int>? = nil, _ body: (FrameState) throws -> Void) throws {
        let count = scene.time.maxFrameCount
        for i in 0..<count {
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
    public func advance(toFrame index: Int) throws {
        precondition(index > lastFrame, "frames are produced in increasing order")
        lastFrame = index
        let target = scene.time.steps(forFrame: index)
        while stepIndex < target { try step() }
        events.removeAll()
        eventsSeen = 0
    }

    /// Every frame of the scene.
    public static func frames(of scene: Scene) throws -> [FrameState] {
        var out: [FrameState] = []
        try Simulation(scene: scene).run { out.append($0) }
        return out
    }
}
