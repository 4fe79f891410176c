import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyGolden
import SpringyOutput
import SpringyRender
import SpringyScene

/// Golden tests through the very frame pipeline `render` uses.
public enum GoldenRun {
    /// This process's environment, as a golden set records it.
    public static let environment = GoldenEnvironment(
        entries: [.init("springy", SpringyVersion.current), .init("box2d", EngineVersion.box2D)]
            + DrawingLibraries.versions.map { GoldenEnvironment.Entry($0.0, $0.1) })

    /// The frames the scene's `golden.frames` names, as PNG bytes, in frame order (`last` is the
    /// scene's final frame: FramePick's one rule), and every frame's state for the trace golden.
    public static func render(_ scene: Scene) throws -> (frames: [(Int, [UInt8])], states: [FrameState]) {
        // Every state is kept for the trace golden (its text is built from them).
        try RunCost.check(scene, drawn: false, trace: true)
        let pipeline = try FramePipeline(scene: scene, threads: 1)
        let states = try pipeline.states()
        guard let final = states.last else { return ([], []) }
        for f in scene.golden.frames {
            if case .index(let i) = f, i > final.frame {
                throw OutputError("\(scene.file): golden.frames: frame \(i) is past the scene's last frame, \(final.frame)")
            }
        }
        let picked = FramePick.list(scene.golden.frames).resolve(count: states.count)
        return (try picked.map { (states[$0].frame, try pipeline.encode(states[$0]).png) }, states)
    }

    /// The scene's golden frames and trace golden, checked.
    public static func check(_ scene: Scene, store: GoldenStore) throws -> SceneCheck {
        let watch = Stopwatch()
        let (frames, states) = try render(scene)
        var check = SceneCheck(
            scene: scene.file, slug: scene.slug, frames: try store.check(scene, frames: frames),
            trace: try store.checkTrace(scene, states: states))
        check.rendered = frames
        try attribute(&check, scene: scene, store: store, states: states)
        check.goldenLine = scene.golden.line
        check.stale = store.staleFiles(scene, asked: frames.map(\.0))
        if !check.passed, let recorded = store.recordedEnvironment(scene) {
            check.environmentChanges = environment.changes(since: recorded)
        }
        check.seconds = watch.seconds
        return check
    }

    /// Names what each failing frame's changed pixels belong to, from the traces of both runs.
    static func attribute(_ check: inout SceneCheck, scene: Scene, store: GoldenStore, states: [FrameState]) throws {
        let failing = check.frames.indices.filter {
            let r = check.frames[$0]
            return !r.passed && !r.missing && r.problem == nil && r.difference?.sizeMismatch == false
        }
        guard !failing.isEmpty else { return }
        let renderer = try Renderer(scene: scene)
        let golden = store.goldenTrace(scene, states: states)
        let changes = check.trace?.changes ?? []
        for i in failing {
            let r = check.frames[i]
            guard let bytes = check.rendered.first(where: { $0.0 == r.frame })?.1,
                let index = states.firstIndex(where: { $0.frame == r.frame }),
                let size = PNGCodec.size(of: bytes),
                case .bytes(let goldenBytes) = GoldenFile.read(
                    r.goldenPath, maxBytes: GoldenFile.maxPNGBytes(width: size.width, height: size.height)),
                let expected = try? RGBAImage.decode(bytes: goldenBytes), let actual = try? RGBAImage.decode(bytes: bytes)
            else { continue }
            let regions = PixelAttribution.regions(
                expected: expected, actual: actual, channelTolerance: scene.golden.channelTolerance)
            let actualTrace = try CompactTrace.parse(CompactTrace.text(of: [states[index]])).first
            check.frames[i].regions = PixelAttribution.describe(
                regions, expected: golden?.first { $0.frame == r.frame }, actual: actualTrace, changes: changes, frame: r.frame,
                scale: Double(renderer.scale), inset: renderer.bezel)
        }
    }

    /// Records the scene's goldens (frames, then the trace) as `mode` asks: one line per file
    /// written; with `prune`, the scene's goldens no frame asks for are removed.
    public static func record(_ scene: Scene, store: GoldenStore, mode: RecordMode = .all, prune: Bool = false) throws
        -> [String]
    {
        let (frames, states) = try render(scene)
        var lines = try store.record(scene, frames: frames, mode: mode)
        if let line = try store.recordTrace(scene, states: states, mode: mode) { lines.append(line) }
        // The environment beside them: always with `all`, else when this scene's goldens were written.
        if mode == .all || lines.contains(where: { $0.hasPrefix("recorded ") || $0.hasPrefix("replaced ") }),
            let line = try store.recordEnvironment(scene, environment)
        {
            lines.append(line)
        }
        if prune { lines += try store.prune(store.staleFiles(scene, asked: frames.map(\.0))) }
        return lines
    }
}
