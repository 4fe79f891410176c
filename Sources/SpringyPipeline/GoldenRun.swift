import Foundation
import SpringyCore
import SpringyFrame
import SpringyGolden
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringySimulation
import SpringyTypes

/// Golden tests through the very frame pipeline `render` uses.
package enum GoldenRun {
    /// This process's environment, as a golden set records it.
    package static let environment = GoldenEnvironment(
        entries: [.init("springy", SpringyVersion.current), .init("box2d", PhysicsEngine.version)]
            + DrawingLibraries.versions.map { GoldenEnvironment.Entry($0.0, $0.1) })

    /// What a golden run makes of a scene: the PNGs of the frames `golden.frames` names (`last`
    /// is the final frame: FramePick's one rule), every frame's state for the trace golden and,
    /// with `golden.hashes`, every frame's pixel hash.
    package struct Rendered {
        package var frames: [(Int, [UInt8])]
        package var states: [FrameState]
        package var hashes: [UInt64]?
        /// The golden frames' pixels as their PNGs decode (compared without decoding them again).
        package var drawn: [RGBAImage] = []
    }

    package static func render(_ scene: Scene) throws -> Rendered {
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
        let picked = FramePick.frames(scene.golden.frames).resolve(count: states.count)
        var run = Rendered(frames: [], states: states, hashes: hashes)
        _ = try PinnedFont.face()  // this thread's own face, loaded (or its failure reported) before drawing
        for i in picked {
            let canvas = try pipeline.renderer.render(states[i])
            run.frames.append((states[i].frame, try PNGCodec.encode(canvas, settings: pipeline.png)))
            run.drawn.append(PNGCodec.decodedPixels(of: canvas))
        }
        return run
    }

    /// The scene's golden frames and trace golden, checked.
    package static func check(_ scene: Scene, store: GoldenStore) throws -> SceneCheck {
        let watch = Stopwatch()
        let run = try render(scene)
        let (frames, states) = (run.frames, run.states)
        var check = SceneCheck(
            scene: scene.file, slug: scene.slug,
            frames: try store.check(
                scene, frames: frames, drawn: run.drawn, movedEnd: movedEnd(scene, store: store, frames: frames)),
            trace: try store.checkTrace(scene, states: states))
        check.rendered = frames
        check.hashes = store.checkHashes(scene, hashes: run.hashes)
        check.acceptTokens = try candidates(scene, run: run).map { "\($0.name)@\($0.hash)" }
        if let differing = check.hashes?.differing, !differing.isEmpty {
            // The first few differing frames, drawn again for the report.
            let pipeline = try FramePipeline(scene: scene, threads: 1)
            check.hashShots = try differing.filter { $0 < states.count }.prefix(3).map {
                (states[$0].frame, try pipeline.encode(states[$0]).png)
            }
        }
        try attribute(&check, scene: scene, store: store, states: states, drawn: run.drawn)
        check.goldenLine = scene.golden.line
        check.stale = store.staleFiles(scene, asked: frames.map(\.0))
        if !check.passed, let recorded = store.recordedEnvironment(scene) {
            check.environmentChanges = environment.changes(since: recorded)
        }
        check.seconds = watch.seconds
        return check
    }

    /// An `until: rest` scene whose `last` golden frame is missing while a golden of a frame no
    /// longer asked for lies past every other golden frame: its end moved (a change made it rest
    /// sooner or later). Then that golden is the end to compare with: (its frame, the end now).
    static func movedEnd(_ scene: Scene, store: GoldenStore, frames: [(Int, [UInt8])]) -> (from: Int, to: Int)? {
        guard scene.time.untilRest, scene.golden.frames.contains(.last), let end = frames.last?.0,
            !FileManager.default.fileExists(atPath: store.goldenPath(scene: scene, frame: end))
        else { return nil }
        let others = frames.dropLast().map(\.0)
        let stale = store.staleFiles(scene, asked: frames.map(\.0)).compactMap { path -> Int? in
            let name = PathText.lastComponent(path)
            guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return nil }
            return Int(name.dropFirst(6).dropLast(4))
        }
        guard let old = stale.filter({ f in others.allSatisfy { $0 < f } }).max() else { return nil }
        return (old, end)
    }

    /// Names what each failing frame's changed pixels belong to, from the traces of both runs.
    static func attribute(
        _ check: inout SceneCheck, scene: Scene, store: GoldenStore, states: [FrameState], drawn: [RGBAImage]
    ) throws {
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
                let expected = try? RGBAImage.decode(bytes: goldenBytes),
                let actual = i < drawn.count ? drawn[i] : try? RGBAImage.decode(bytes: bytes)
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
    package static func record(_ scene: Scene, store: GoldenStore, mode: RecordMode = .all, prune: Bool = false) throws
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

    /// A golden of a scene, named as it sits under the golden folder (`springs/frame-00020.png`,
    /// `springs/trace.tsv.gz`, `springs/frames.tsv`), and the content hash of what this run
    /// makes for it — what a reviewer saw, and what accepting it writes.
    package struct Candidate: Sendable, Equatable {
        package var name: String
        package var hash: String
        package var bytes: [UInt8]
    }

    /// What this run makes for each golden of the scene, with its content hash (FNV-1a 64 of
    /// the bytes `--record` would write).
    package static func candidates(_ scene: Scene, run: Rendered) throws -> [Candidate] {
        func candidate(_ file: String, _ bytes: [UInt8]) -> Candidate {
            var h = ContentHash()
            h.add(bytes)
            return Candidate(name: "\(scene.slug)/\(file)", hash: h.hex, bytes: bytes)
        }
        var out = run.frames.map { candidate(OutputNames.frame($0.0), $0.1) }
        if scene.golden.trace != nil { out.append(candidate("trace.tsv.gz", try CompactTrace.file(of: run.states))) }
        if let hashes = run.hashes { out.append(candidate(FrameHashes.fileName, Array(FrameHashes.text(hashes).utf8))) }
        return out
    }

    /// `slug/file@hash`: a golden as a report names it (a frame's PNG, `trace.tsv.gz` or
    /// `frames.tsv` under the scene's slug) and the content hash of what was reviewed.
    package static func parseAcceptToken(_ token: String) -> (slug: String, name: String, hash: String)? {
        let parts = token.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 16, parts[1].allSatisfy(\.isHexDigit) else { return nil }
        let name = parts[0].split(separator: "/", omittingEmptySubsequences: false)
        guard name.count == 2, Scene.isSlug(String(name[0])),
            name[1] == "trace.tsv.gz" || name[1] == Substring(FrameHashes.fileName)
                || (name[1].hasPrefix("frame-") && name[1].hasSuffix(".png") && name[1].count <= 22
                    && name[1].dropFirst(6).dropLast(4).allSatisfy { $0.isASCII && $0.isNumber })
        else { return nil }
        return (String(name[0]), String(parts[0]), String(parts[1]).lowercased())
    }

    /// Accepting named goldens of one scene, checked and ready to write.
    package struct Acceptance {
        let scene: Scene
        let store: GoldenStore
        let run: Rendered
        let chosen: [Candidate]

        /// Writes them through the store's own record functions, as `--record` writes them,
        /// and the environment beside them; a line per file.
        package func write() throws -> [String] {
            var lines: [String] = []
            for c in chosen {
                let file = PathText.lastComponent(c.name)
                if file == "trace.tsv.gz" {
                    if let line = try store.recordTrace(scene, states: run.states, mode: .all) { lines.append(line) }
                } else if file == FrameHashes.fileName {
                    if let line = try store.recordHashes(scene, hashes: run.hashes, mode: .all) { lines.append(line) }
                } else if let frame = run.frames.first(where: { OutputNames.frame($0.0) == file }) {
                    lines += try store.record(scene, frames: [frame], mode: .all)
                }
            }
            if let line = try store.recordEnvironment(scene, GoldenRun.environment) { lines.append(line) }
            return lines
        }
    }

    /// Accepting exactly the named goldens of the scene (`slug/file` and the hash the reviewer
    /// saw): each only if this run makes for it what was reviewed — the same content hash. A
    /// render that changed since, or a name that is not one of the scene's goldens, is refused
    /// with the reason before anything is written.
    package static func acceptance(_ scene: Scene, store: GoldenStore, _ wanted: [(name: String, hash: String)]) throws
        -> Acceptance
    {
        let run = try render(scene)
        let made = try candidates(scene, run: run)
        var chosen: [Candidate] = []
        for w in wanted {
            guard let c = made.first(where: { $0.name == w.name }) else {
                throw OutputError(
                    "\(scene.file): \(w.name) is not one of its goldens (\(made.map(\.name).joined(separator: ", ")))")
            }
            guard c.hash == w.hash else {
                throw OutputError(
                    "\(scene.file): \(w.name) is no longer what was reviewed (hash \(w.hash), now \(c.hash)): the scene or Springy changed since; check again and review what it makes now"
                )
            }
            if !chosen.contains(c) { chosen.append(c) }
        }
        return Acceptance(scene: scene, store: store, run: run, chosen: chosen)
    }
}
