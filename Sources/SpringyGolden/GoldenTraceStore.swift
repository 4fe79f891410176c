import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyScene
import SpringyTypes

/// The trace golden's verdict for one scene.
package struct TraceResult: Sendable {
    package var path: String
    package var missing: Bool
    package var changes: [TraceChange]
    /// Why the trace golden could not be read (damaged, not gzip, far larger than this scene's
    /// trace could be): the trace fails with it.
    package var problem: String?
    /// When the run departs from the golden (set when it does).
    package var timing: TimingDiagnosis?
    /// How long reading and comparing it took (wall-clock seconds, for JUnit's `time` only).
    package var seconds: Double?
    package var passed: Bool { !missing && changes.isEmpty && problem == nil }
    package init(path: String, missing: Bool, changes: [TraceChange], problem: String? = nil, timing: TimingDiagnosis? = nil) {
        self.path = path; self.missing = missing; self.changes = changes; self.problem = problem; self.timing = timing
    }
}

/// One scene's check: its golden frames and its trace golden.
package struct SceneCheck: Sendable {
    package var scene: String
    package var slug: String
    package var frames: [GoldenResult]
    /// Nil when the scene keeps no trace golden (`golden.trace: false`).
    package var trace: TraceResult?
    /// Nil when the scene pins no frame hashes (`golden.hashes` false).
    package var hashes: HashResult?
    /// Frames whose hash failed, drawn again for the report (PNG bytes), the first few.
    package var hashShots: [(Int, [UInt8])] = []
    /// The golden frames as rendered (PNG bytes), for the report's frame strip.
    package var rendered: [(Int, [UInt8])] = []
    /// Why the scene could not be checked at all (it does not load, or it does not render): it
    /// fails with this, and the other scenes are still checked.
    package var error: String?
    /// The line of the scene's `golden` key, where annotations about its goldens point.
    package var goldenLine = 1
    /// How long the whole check took, rendering included (wall-clock seconds, for JUnit only).
    package var seconds: Double?
    /// When it fails: how this environment differs from the one its goldens were recorded in.
    package var environmentChanges: [String] = []
    /// The scene's golden files no frame of this run asks for.
    package var stale: [String] = []
    /// `slug/file@hash` for each golden: what accepting this run's version of it names
    /// (`check --accept`, or Accept in `springy review`).
    package var acceptTokens: [String] = []

    /// The accept token of a golden file (`frame-00020.png`, `trace.tsv.gz`, `frames.tsv`).
    package func acceptToken(_ file: String) -> String? { acceptTokens.first { $0.hasPrefix("\(slug)/\(file)@") } }
    package var passed: Bool {
        error == nil && frames.allSatisfy(\.passed) && (trace?.passed ?? true) && (hashes?.passed ?? true)
    }
    package init(scene: String, slug: String, frames: [GoldenResult], trace: TraceResult?) {
        self.scene = scene; self.slug = slug; self.frames = frames; self.trace = trace
    }

    /// Every golden that does not pass is missing (recording `missing` ones is all it needs).
    package var onlyMissing: Bool {
        error == nil && frames.allSatisfy { $0.passed || $0.missing } && (trace.map { $0.passed || $0.missing } ?? true)
            && (hashes.map { $0.passed || $0.missing } ?? true)
    }

    /// A scene that could not be checked: `error` says why.
    package static func failed(scene: String, error: String) -> SceneCheck {
        var c = SceneCheck(scene: scene, slug: Scene.slug(forFile: scene), frames: [], trace: nil)
        c.error = error
        return c
    }

    /// What moved, for messages: the trace's changes, or why there is no explanation.
    package var explanation: [String] {
        if let error { return [error] }
        guard let trace else { return ["(the scene keeps no trace golden: golden.trace is false)"] }
        if trace.missing { return ["(no trace golden to explain it: record one with --record missing)"] }
        if trace.changes.isEmpty { return ["the trace agrees with its golden within tolerance: a drawing change, not motion"] }
        return TraceDiff.explain(trace.changes)
    }

    /// What moved at one golden frame, with that frame's own deltas.
    package func explanation(atFrame frame: Int) -> [String] {
        guard error == nil, let trace, !trace.missing, trace.problem == nil else { return explanation }
        if trace.changes.isEmpty { return explanation }
        let lines = TraceDiff.explain(trace.changes, atFrame: frame)
        return lines.isEmpty ? ["the trace agrees with its golden at this frame: a drawing change here, not motion"] : lines
    }
}

extension GoldenStore {
    package func tracePath(scene: Scene) -> String { "\(goldenRoot)/\(scene.slug)/trace.tsv.gz" }

    /// Compares the run's trace with the scene's trace golden (nil when the scene keeps none).
    package func checkTrace(_ scene: Scene, states: [FrameState]) throws -> TraceResult? {
        let watch = Stopwatch()
        var result = try compareTrace(scene, states: states)
        result?.seconds = watch.seconds
        return result
    }

    /// The scene's trace golden, read as `check` reads it; nil when there is none or it cannot be read.
    package func goldenTrace(_ scene: Scene, states: [FrameState]) -> [TraceFrame]? {
        guard scene.golden.trace != nil else { return nil }
        let cap = max(4 * CompactTrace.text(of: states).utf8.count, 1 << 20)
        guard case .bytes(let bytes) = GoldenFile.read(tracePath(scene: scene), maxBytes: cap) else { return nil }
        return try? CompactTrace.parse(gzipped: bytes, maxLength: cap)
    }

    func compareTrace(_ scene: Scene, states: [FrameState]) throws -> TraceResult? {
        guard let tolerance = scene.golden.trace else { return nil }
        let path = tracePath(scene: scene)
        let text = CompactTrace.text(of: states)
        // A golden for this scene is about the size of this run's trace: four times it (and at
        // least 1 MiB) bounds both the file and what it may inflate to.
        let cap = max(4 * text.utf8.count, 1 << 20)
        let expected: [TraceFrame]
        switch GoldenFile.read(path, maxBytes: cap) {
        case .missing: return TraceResult(path: path, missing: true, changes: [])
        case .unreadable(let why): return TraceResult(path: path, missing: false, changes: [], problem: why)
        case .bytes(let bytes):
            do { expected = try CompactTrace.parse(gzipped: bytes, maxLength: cap) } catch {
                return TraceResult(
                    path: path, missing: false, changes: [], problem: "cannot be read as a trace golden (\(error))")
            }
        }
        let actual = try CompactTrace.parse(text)
        let changes = TraceDiff.compare(expected: expected, actual: actual, tolerance: tolerance)
        let timing =
            changes.isEmpty
            ? nil
            : TimingDiff.diagnose(expected: expected, actual: actual, tolerance: tolerance, fps: scene.time.rate.perSecond)
        return TraceResult(path: path, missing: false, changes: changes, timing: timing)
    }

    /// Writes the trace golden as `mode` asks; the line says what happened and by how much it changed.
    package func recordTrace(_ scene: Scene, states: [FrameState], mode: RecordMode) throws -> String? {
        guard let tolerance = scene.golden.trace, mode != .never else { return nil }
        let path = tracePath(scene: scene)
        // The text once: written (gzipped) and, when a golden exists, compared.
        let text = CompactTrace.text(of: states)
        let bytes = try Gzip.compress(Array(text.utf8))
        if FileManager.default.fileExists(atPath: path) {
            if mode == .missing { return nil }
            let old: [TraceFrame]?
            if case .bytes(let b) = GoldenFile.read(path, maxBytes: max(4 * text.utf8.count, 1 << 20)) {
                old = try? CompactTrace.parse(gzipped: b, maxLength: max(4 * text.utf8.count, 1 << 20))
            } else {
                old = nil
            }
            let changes = TraceDiff.compare(expected: old ?? [], actual: try CompactTrace.parse(text), tolerance: tolerance)
            if old != nil && changes.isEmpty {
                if (try? Data(contentsOf: URL(fileURLWithPath: path))) == Data(bytes) || mode == .failed {
                    return mode == .failed ? nil : "unchanged \(path) (0 quantities over tolerance)"
                }
            }
            try AtomicFile.write(bytes, to: path)
            let what =
                old == nil
                ? "unreadable before"
                : changes.isEmpty
                    ? "0 quantities over tolerance (rounding only)"
                    : "\(changes.count) \(changes.count == 1 ? "quantity" : "quantities") over tolerance, largest: \(changes[0].description)"
            return "replaced \(path): \(what)"
        }
        try AtomicFile.makeDirectory("\(goldenRoot)/\(scene.slug)")
        try AtomicFile.write(bytes, to: path)
        return "recorded \(path)"
    }
}
