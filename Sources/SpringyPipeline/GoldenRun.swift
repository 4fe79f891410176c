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

    /// What a golden run makes of a scene: the PNGs of the frames `golden.frames` names (`last`
    /// is the final frame: FramePick's one rule), every frame's state for the trace golden and,
    /// with `golden.hashes`, every frame's pixel hash.
    public struct Rendered {
        public var frames: [(Int, [UInt8])]
        public var states: [FrameState]
        public var hashes: [UInt64]?
    }

    public static func render(_ scene: Scene) throws -> Rendered {
        // Every state is kept for the trace golden (its text is built from them); with hashes
        // every frame is drawn too (a frame that draws the same as the last is not drawn again).
        try RunCost.check(scene, drawn: scene.golden.hashes, trace: true)
        var pipeline = try FramePipeline(scene: scene, threads: 1)
        var states: [FrameState] = []
        var hashes: [UInt64]?
        if scene.golden.hashes {
            pipeline.encodePNG = false
            pipeline.hashPixels = true
            var all: [UInt64] = []
            try pipeline.runEncoded { _, state, encoded in
                states.append(state)
                all.append(encoded.pixelHash ?? 0)
            }
            hashes = all
            pipeline.encodePNG = true
            pipeline.hashPixels = false
        } else {
            states = try pipeline.states()
        }
        guard let final = states.last else { return Rendered(frames: [], states: [], hashes: hashes) }
        for f in scene.golden.frames {
            if case .index(let i) = f, i > final.frame {
                throw OutputError("\(scene.file): golden.frames: frame \(i) is past the scene's last frame, \(final.frame)")
            }
        }
        let picked = FramePick.list(scene.golden.frames).resolve(count: states.count)
        let frames = try picked.map { (states[$0].frame, try pipeline.encode(states[$0]).png) }
        return Rendered(frames: frames, states: states, hashes: hashes)
    }

    /// The scene's golden frames and trace golden, checked.
    public static func check(_ scene: Scene, store: GoldenStore) throws -> SceneCheck {
        let watch = Stopwatch()
        let run = try render(scene)
        let (frames, states) = (run.frames, run.states)
        var check = SceneCheck(
            scene: scene.file, slug: scene.slug, frames: try store.check(scene, frames: frames),
            trace: try store.checkTrace(scene, states: states))
        check.rendered = frames
        check.hashes = store.checkHashes(scene, hashes: run.hashes)
        if let differing = check.hashes?.differing, !differing.isEmpty {
            // The first few differing frames, drawn again for the report.
            let pipeline = try FramePipeline(scene: scene, threads: 1)
            check.hashShots = try differing.filter { $0 < states.count }.prefix(3).map {
                (states[$0].frame, try pipeline.encode(states[$0]).png)
            }
        }
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
        let run = try render(scene)
        let (frames, states) = (run.frames, run.states)
        var lines = try store.record(scene, frames: frames, mode: mode)
        if let line = try store.recordTrace(scene, states: states, mode: mode) { lines.append(line) }
        if let line = try store.recordHashes(scene, hashes: run.hashes, mode: mode) { lines.append(line) }
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
