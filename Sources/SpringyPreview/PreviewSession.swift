import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringySimulation

/// One version of the scene file: its frames as the simulation produces them (on a thread of
/// its own), each drawn as PNG when asked for and kept in a small LRU.
public final class PreviewVersion: @unchecked Sendable {
    public let number: Int
    public let scene: Scene?
    /// Located error messages when this version of the file does not load.
    public let errors: [String]
    let pipeline: FramePipeline?
    /// Pipelines drawing the overlays the page asks for, by overlay set (looked up only).
    private var overlaid: [Overlays: FramePipeline] = [:]
    private let lock = NSLock()
    private var states: [FrameState] = []
    private var finished = false
    private var cancelled = false
    private var cache: [CacheKey: [UInt8]] = [:]   // looked up only; `order` keeps the LRU order
    private var order: [CacheKey] = []
    struct CacheKey: Hashable { var frame: Int; var overlays: Overlays }
    public static let cacheFrames = 120

    init(number: Int, scene: Scene?, errors: [String]) throws {
        self.number = number; self.scene = scene; self.errors = errors
        pipeline = try scene.map { try FramePipeline(scene: $0, threads: 1) }
    }

    /// Simulates every frame on a thread of its own; the timeline fills as frames are ready.
    func start() {
        guard let scene else { return }
        let thread = Thread { [self] in
            do {
                try Simulation(scene: scene).run { state in
                    lock.lock(); defer { lock.unlock() }
                    if cancelled { throw CancellationError() }
                    states.append(state)
                }
            } catch {}
            lock.lock(); finished = true; lock.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func cancel() { lock.lock(); cancelled = true; lock.unlock() }

    public var ready: Int { lock.lock(); defer { lock.unlock() }; return states.count }
    public var done: Bool { lock.lock(); defer { lock.unlock() }; return finished }

    func state(_ n: Int) -> FrameState? {
        lock.lock(); defer { lock.unlock() }
        return n >= 0 && n < states.count ? states[n] : nil
    }

    /// Frame `n` as PNG with `overlays` drawn (nil until simulated).
    public func png(_ n: Int, overlays: Overlays = []) throws -> [UInt8]? {
        let key = CacheKey(frame: n, overlays: overlays)
        lock.lock()
        if let hit = cache[key] {
            order.removeAll { $0 == key }
            order.append(key)
            lock.unlock()
            return hit
        }
        lock.unlock()
        guard let state = state(n), let pipeline = try self.pipeline(overlays) else { return nil }
        let bytes = try pipeline.encode(state).png
        lock.lock(); defer { lock.unlock() }
        cache[key] = bytes
        order.append(key)
        while order.count > Self.cacheFrames { cache[order.removeFirst()] = nil }
        return bytes
    }

    /// The pipeline that draws the scene with `overlays` on (the scene's own when none).
    func pipeline(_ overlays: Overlays) throws -> FramePipeline? {
        guard !overlays.isEmpty, var scene else { return pipeline }
        lock.lock()
        if let p = overlaid[overlays] { lock.unlock(); return p }
        lock.unlock()
        overlays.apply(to: &scene.style)
        let p = try FramePipeline(scene: scene, threads: 1)
        lock.lock(); defer { lock.unlock() }
        overlaid[overlays] = p
        return p
    }

    /// The frames the scene's golden test checks, for the timeline's marks.
    public var goldenFrames: [Int] {
        guard let scene else { return [] }
        return FramePick.list(scene.golden.frames).resolve(count: done ? ready : scene.time.maxFrameCount)
    }

    /// Frame `n`'s trace line (SCENE-FORMAT.md, "Trace").
    public func trace(_ n: Int) -> String? { state(n).map(TraceWriter.line) }
}

/// The scene file being previewed: reloaded when it changes, the last version that loaded
/// kept on screen while a broken edit's errors are shown.
public final class PreviewSession: @unchecked Sendable {
    public let path: String
    let limits: SceneLimits
    private let lock = NSLock()
    private var contents: Data?
    private var counter = 0
    private var latest: PreviewVersion?
    private var good: PreviewVersion?

    public init(path: String, limits: SceneLimits = .default) {
        self.path = path; self.limits = limits
    }

    /// The newest version (errors included) and the newest that loaded.
    public var versions: (latest: PreviewVersion?, good: PreviewVersion?) {
        lock.lock(); defer { lock.unlock() }
        return (latest, good)
    }

    /// Reads the file; a change makes a new version. Returns whether it changed.
    @discardableResult
    public func reload() -> Bool {
        let data = try? Data(contentsOf: URL(fileURLWithPath: path))
        lock.lock()
        if data == contents && latest != nil { lock.unlock(); return false }
        contents = data
        counter += 1
        let number = counter
        lock.unlock()
        var version: PreviewVersion
        do {
            guard let data, let text = String(data: data, encoding: .utf8) else {
                throw SceneError(file: path, line: 0, column: 0, keyPath: "", message: "cannot read the scene file")
            }
            let scene = try SceneLoader.decode(yaml: text, file: path, limits: limits)
            version = try PreviewVersion(number: number, scene: scene, errors: [])
        } catch {
            version = (try? PreviewVersion(number: number, scene: nil, errors: "\(error)".split(separator: "\n").map(String.init)))!
        }
        lock.lock()
        latest = version
        if version.scene != nil {
            good?.cancel()
            good = version
        }
        lock.unlock()
        version.start()
        return true
    }

    /// How often the file is checked for changes.
    public static let pollInterval = 0.05

    /// Checks the file every `interval` seconds on a thread of its own.
    public func watch(every interval: Double = PreviewSession.pollInterval) {
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: interval)
                reload()
            }
        }
        thread.start()
    }
}

/// The documentation overlays the page can switch on (Style's flags).
public struct Overlays: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let coils = Overlays(rawValue: 1), anchors = Overlays(rawValue: 2), velocities = Overlays(rawValue: 4)
    public static let boundaries = Overlays(rawValue: 8), contacts = Overlays(rawValue: 16), finger = Overlays(rawValue: 32)
    public static let clock = Overlays(rawValue: 64)
    public static let names: [(String, Overlays)] = [("coils", .coils), ("anchors", .anchors), ("velocities", .velocities),
                                                     ("boundaries", .boundaries), ("contacts", .contacts), ("finger", .finger), ("clock", .clock)]

    /// From a comma-separated list of names; unknown names are ignored.
    public init(list: String) {
        var o: Overlays = []
        for part in list.split(separator: ",") { if let hit = Self.names.first(where: { $0.0 == part }) { o.insert(hit.1) } }
        self = o
    }

    func apply(to style: inout Style) {
        if contains(.coils) { style.coils = true; style.springs = true }
        if contains(.anchors) { style.anchors = true }
        if contains(.velocities) { style.velocityArrows = true }
        if contains(.boundaries) { style.boundaries = true }
        if contains(.contacts) { style.contacts = true }
        if contains(.finger) { style.finger = true }
        if contains(.clock) { style.clock = true }
    }
}
