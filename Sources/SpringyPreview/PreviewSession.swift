import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringyTypes
import Synchronization

/// One version of the scene file: its frames from a FrameWindow (SpringyPipeline: simulated on
/// a thread of their own within a memory budget), each drawn as PNG when asked for, the last
/// 120 kept.
package final class PreviewVersion: Sendable {
    package let number: Int
    package let scene: Scene?
    /// Located error messages when this version of the file does not load.
    package let errors: [String]
    let pipeline: FramePipeline?
    let frames: FrameWindow?
    private struct Drawn {
        /// Pipelines drawing the overlays the page asks for, by overlay set (looked up only).
        var overlaid: [Overlays: FramePipeline] = [:]
        var cache: [CacheKey: [UInt8]] = [:]  // looked up only; `order` keeps the LRU order
        var order: [CacheKey] = []
        /// Frames being drawn now: a second request for one waits for it instead of drawing it again.
        var drawing: [CacheKey: Flight] = [:]  // looked up only
        /// Frames drawn by this version (each once however many ask at the same time).
        var count = 0
    }
    private let drawn = Mutex(Drawn())
    struct CacheKey: Hashable { var frame: Int; var overlays: Overlays }

    /// One frame being drawn, and what its drawing gave.
    final class Flight: Sendable {
        let group = DispatchGroup()
        let result = Mutex<Result<[UInt8]?, Error>?>(nil)
        init() { group.enter() }
    }

    /// Frames drawn so far (for the page's state and the tests).
    package var framesDrawn: Int { drawn.withLock { $0.count } }
    package static let cacheFrames = 120

    init(number: Int, scene: Scene, errors: [String], budget: Int) throws {
        self.number = number; self.scene = scene; self.errors = errors
        sceneWarnings = try SceneWarnings.ofScene(scene)
        pipeline = try FramePipeline(scene: scene, threads: 1)
        frames = FrameWindow(scene: scene, budget: budget)
    }

    /// A version of the file that does not load: its errors, nothing to simulate.
    init(number: Int, errors: [String]) {
        self.number = number; scene = nil; self.errors = errors; pipeline = nil; frames = nil; sceneWarnings = []
    }

    func start() { frames?.start() }
    func cancel() { frames?.cancel() }
    package var ready: Int { frames?.ready ?? 0 }
    package var done: Bool { frames?.done ?? true }
    /// The error that stopped the simulation part-way (shown on the page), if one did.
    package var runtimeError: String? { frames?.runtimeError }
    /// What `validate` and `render` would warn of: the scene's (at load) and, once the run has
    /// ended, the run's.
    package var warnings: [String] { sceneWarnings + (frames?.runWarnings ?? []) }
    let sceneWarnings: [String]
    func state(_ n: Int) -> FrameState? { frames?.state(n) }

    /// Frame `n` as PNG with `overlays` drawn (nil until simulated).
    /// Requests on the server's threads (never Swift's cooperative pool); concurrent requests for
    /// one frame draw it once: the first draws, the others wait for its bytes.
    package func png(_ n: Int, overlays: Overlays = []) throws -> [UInt8]? {
        let key = CacheKey(frame: n, overlays: overlays)
        enum Step {
            case hit([UInt8])
            case wait(Flight)
            case draw(Flight)
        }
        let step = drawn.withLock { d -> Step in
            if let hit = d.cache[key] {
                d.order.removeAll { $0 == key }
                d.order.append(key)
                return .hit(hit)
            }
            if let flight = d.drawing[key] { return .wait(flight) }
            let flight = Flight()
            d.drawing[key] = flight
            return .draw(flight)
        }
        switch step {
        case .hit(let bytes):
            return bytes
        case .wait(let flight):
            flight.group.wait()
            return try flight.result.withLock { $0 }?.get() ?? nil
        case .draw(let flight):
            let result = Result { () throws -> [UInt8]? in
                guard let state = state(n), let pipeline = try self.pipeline(overlays) else { return nil }
                return try pipeline.encode(state).png
            }
            drawn.withLock { d in
                d.drawing[key] = nil
                if case .success(let bytes?) = result {
                    d.count += 1
                    d.cache[key] = bytes
                    d.order.append(key)
                    while d.order.count > Self.cacheFrames { d.cache[d.order.removeFirst()] = nil }
                }
            }
            flight.result.withLock { $0 = result }
            flight.group.leave()
            return try result.get()
        }
    }

    /// The pipeline that draws the scene with `overlays` on (the scene's own when none).
    func pipeline(_ overlays: Overlays) throws -> FramePipeline? {
        guard !overlays.isEmpty, var scene else { return pipeline }
        if let p = drawn.withLock({ $0.overlaid[overlays] }) { return p }
        overlays.apply(to: &scene.style)
        let p = try FramePipeline(scene: scene, threads: 1)
        drawn.withLock { $0.overlaid[overlays] = p }
        return p
    }

    /// The frames the scene's golden test checks, for the timeline's marks.
    package var goldenFrames: [Int] {
        guard let scene else { return [] }
        return FramePick.frames(scene.golden.frames).resolve(count: done ? ready : scene.time.maxFrameCount)
    }

    /// Frame `n`'s trace line (SCENE-FORMAT.md, "Trace").
    package func trace(_ n: Int) -> String? { state(n).map(TraceWriter.line) }
}

/// The scene file being previewed: reloaded when it changes, the last version that loaded
/// kept on screen while a broken edit's errors are shown.
package final class PreviewSession: Sendable {
    package let path: String
    let limits: SceneLimits
    /// Bytes of simulated frames each version may keep (`--preview-memory`).
    let memoryBudget: Int
    private struct State {
        var contents: Data?
        /// What the file looked like when last read (size, modification time, inode, mode): it
        /// is read again only when that changes.
        var signature: [Int]?
        var counter = 0
        var latest: PreviewVersion?
        var good: PreviewVersion?
    }
    private let state = Mutex(State())

    /// Hears each warning of the version shown, once (the preview prints them as `validate` does).
    let report: @Sendable (String) -> Void
    /// Hears each located error of a version, once: one that does not load, or a run that fails
    /// (the preview prints them to standard error, as well as on the page).
    let reportError: @Sendable (String) -> Void
    private let reported = Mutex<(version: Int, lines: [String])>((0, []))
    private let reportedErrors = Mutex<(version: Int, lines: [String])>((0, []))

    package init(
        path: String, limits: SceneLimits = .default, memoryBudget: Int = 512 << 20,
        report: @escaping @Sendable (String) -> Void = { _ in }, reportError: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.path = path; self.limits = limits; self.memoryBudget = memoryBudget; self.report = report
        self.reportError = reportError
    }

    /// Hands the newest version's errors not yet reported (its load errors, or the shown run's
    /// failure) to `reportError`.
    package func reportErrors() {
        let v = versions
        guard let latest = v.latest else { return }
        var lines = latest.errors
        if latest.scene != nil, let e = v.good?.runtimeError { lines.append(e) }
        let fresh = reportedErrors.withLock { r -> [String] in
            if r.version != latest.number { r = (latest.number, []) }
            let new = lines.filter { !r.lines.contains($0) }
            r.lines += new
            return new
        }
        for e in fresh { reportError(e) }
    }

    /// Hands the shown version's warnings not yet reported to `report`.
    package func reportWarnings() {
        guard let good = versions.good else { return }
        let fresh = reported.withLock { r -> [String] in
            if r.version != good.number { r = (good.number, []) }
            let new = good.warnings.filter { !r.lines.contains($0) }
            r.lines += new
            return new
        }
        for w in fresh { report(w) }
    }

    /// The newest version (errors included) and the newest that loaded.
    package var versions: (latest: PreviewVersion?, good: PreviewVersion?) {
        state.withLock { ($0.latest, $0.good) }
    }

    /// The file's size, modification time, inode and mode, or nil when it cannot be looked at.
    func fileSignature() -> [Int]? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return [Int(st.st_size), st.st_mtim.tv_sec, st.st_mtim.tv_nsec, Int(st.st_ino), Int(st.st_mode)]
    }

    /// Reads the file when it changed; a change of contents makes a new version. A file over
    /// --max-file-size is not read (its version says so). Returns whether a version was made.
    @discardableResult
    package func reload() -> Bool {
        let sig = fileSignature()
        let looked = state.withLock { s -> Bool in
            if sig == s.signature && s.latest != nil { return false }
            s.signature = sig
            return true
        }
        guard looked else { return false }
        var problem: String?
        var data: Data?
        if let size = sig?.first, size > limits.maxFileBytes {
            problem = "is \(size) bytes, over the limit of \(limits.maxFileBytes) (--max-file-size)"
        } else if let sig, (sig[4] & Int(S_IFMT)) != Int(S_IFREG) {
            problem = "is not a regular file"
        } else if let handle = FileHandle(forReadingAtPath: path) {
            data = try? handle.read(upToCount: limits.maxFileBytes + 1)
            try? handle.close()
            if (data?.count ?? 0) > limits.maxFileBytes {
                problem = "is over the limit of \(limits.maxFileBytes) bytes (--max-file-size)"; data = nil
            }
        } else {
            problem = "cannot be read"
        }
        let numbered = state.withLock { s -> Int? in
            if problem == nil && data == s.contents && s.latest != nil { return nil }
            s.contents = data
            s.counter += 1
            return s.counter
        }
        guard let number = numbered else { return false }
        var version: PreviewVersion
        do {
            if let problem { throw SceneError(file: path, line: 0, column: 0, keyPath: "", message: problem) }
            guard let data, let text = String(data: data, encoding: .utf8) else {
                throw SceneError(file: path, line: 0, column: 0, keyPath: "", message: "cannot read the scene file")
            }
            let scene = try SceneLoader.decode(yaml: text, file: path, limits: limits)
            version = try PreviewVersion(number: number, scene: scene, errors: [], budget: memoryBudget)
        } catch {
            version = PreviewVersion(number: number, errors: "\(error)".split(separator: "\n").map(String.init))
        }
        let replaced = state.withLock { s -> PreviewVersion? in
            s.latest = version
            guard version.scene != nil else { return nil }
            defer { s.good = version }
            return s.good
        }
        replaced?.cancel()
        version.start()
        return true
    }

    /// How often the file is checked for changes.
    package static let pollInterval = 0.05

    /// Checks the file every `interval` seconds on a thread of its own.
    package func watch(every interval: Double = PreviewSession.pollInterval) {
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: interval)
                reload()
                reportWarnings()
                reportErrors()
            }
        }
        thread.start()
    }
}

/// The documentation overlays the page can switch on (Style's flags).
package struct Overlays: OptionSet, Hashable, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let coils = Overlays(rawValue: 1), anchors = Overlays(rawValue: 2), velocities = Overlays(rawValue: 4)
    package static let boundaries = Overlays(rawValue: 8), contacts = Overlays(rawValue: 16), finger = Overlays(rawValue: 32)
    package static let clock = Overlays(rawValue: 64)
    package static let names: [(String, Overlays)] = [
        ("coils", .coils), ("anchors", .anchors), ("velocities", .velocities),
        ("boundaries", .boundaries), ("contacts", .contacts), ("finger", .finger), ("clock", .clock),
    ]

    /// The style keys' own spellings of the overlays (`style.velocity_arrows`, `style.springs`).
    package static let styleKeys: [(String, Overlays)] = [("velocity_arrows", .velocities), ("springs", .coils)]

    /// From a comma-separated list of names (the page's, or the style keys'); nil when one is
    /// not an overlay's name, with that name in `unknown`.
    package init?(list: String, unknown: inout String?) {
        var o: Overlays = []
        for part in list.split(separator: ",") {
            guard let hit = (Self.names + Self.styleKeys).first(where: { $0.0 == part }) else {
                unknown = String(part)
                return nil
            }
            o.insert(hit.1)
        }
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
