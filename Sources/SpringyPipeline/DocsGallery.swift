import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene

/// `springy docs`: per scene an APNG, a poster frame and a filmstrip, and a gallery README.
public struct DocsGallery {
    public struct Entry {
        public var scene: Scene
        public var path: String
        public init(scene: Scene, path: String) { self.scene = scene; self.path = path }
    }

    public var out: String
    public var scale: Int
    public var every: Int
    public var version: String
    public var threads: Int
    public var poster: PosterChoice = .golden
    /// The filmstrip: how many frames, and their size against the frame's.
    public var filmstripFrames = 6
    public var filmstripScale = 0.4

    public init(out: String, scale: Int, every: Int, version: String, threads: Int) {
        self.out = out; self.scale = scale; self.every = every; self.version = version; self.threads = threads
    }

    public func folder(_ scene: Scene) -> String { OutputNames.sceneFolder(out, scene) }

    public func outputs(_ scene: Scene) -> [String] {
        ["\(scene.slug).apng", "\(scene.slug)-poster.png", "\(scene.slug)-filmstrip.png"]
    }

    /// A stable content hash of the scene file, springy's version and the settings.
    public func key(sceneFile path: String) -> String {
        let source = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        return ContentHash.key([
            Array(source), Array(version.utf8),
            Array("docs-2 scale \(scale) every \(every) poster \(poster) strip \(filmstripFrames) \(filmstripScale)".utf8),
        ])
    }

    var stampName: String { ".springy-docs-hash" }

    /// Whether the scene's pictures are already those its file and settings make.
    public func isUpToDate(_ entry: Entry) -> Bool {
        let dir = folder(entry.scene)
        return (try? String(contentsOfFile: "\(dir)/\(stampName)", encoding: .utf8)) == key(sceneFile: entry.path)
            && outputs(entry.scene).allSatisfy { FileManager.default.fileExists(atPath: "\(dir)/\($0)") }
    }

    /// Renders one scene's pictures into its folder and stamps them with the key; returns the
    /// scene's warnings (SceneWarnings).
    @discardableResult
    public func render(_ entry: Entry) throws -> [String] {
        let scene = entry.scene, dir = folder(scene)
        try RunCost.check(scene, scale: scale)
        try AtomicFile.makeDirectory(dir)
        var pipeline = try FramePipeline(scene: scene, scale: scale, threads: threads)
        // The animation is `render --format apng`'s sink (changed rectangles), thinned to every
        // `every`-th frame.
        var settings = RenderJob.Settings()
        settings.formats = [.apng]
        settings.every = every
        let context = SinkContext(
            scene: scene, settings: settings, folder: dir, frames: 0...(scene.time.maxFrameCount - 1),
            renderer: pipeline.renderer)
        let apng = try OutputFormat.apng.kind.make(context)
        pipeline.encodePNG = apng.needs.contains(.png)
        pipeline.encodeRGBA = apng.needs.contains(.rgba)
        // The frames' states are kept (plain values, for the poster and the filmstrip), not their
        // pixels: the poster is drawn again from its state, the same bytes as in the run.
        var states: [FrameState] = []
        do {
            try pipeline.runEncoded { index, state, encoded in
                try apng.add(SinkFrame(index: index, position: states.count, state: state, encoded: encoded))
                states.append(state)
            }
            _ = try apng.finish()
        } catch { apng.abandon(); throw error }
        // The poster: as asked, or the last frame the scene's author chose for its golden test.
        if !states.isEmpty {
            let n = try poster.frame(in: scene, count: states.count)
            var still = pipeline
            still.encodePNG = true
            still.encodeRGBA = false
            try AtomicFile.write(try still.encode(states[n]).png, to: "\(dir)/\(scene.slug)-poster.png")
        }
        let strip = FramePick.evenly(filmstripFrames).resolve(count: states.count).map { states[$0] }
        let filmstrip = try Stills.sheet(
            strip, renderer: pipeline.renderer, columns: filmstripFrames, thumbnailScale: filmstripScale)
        try AtomicFile.write(try PNGCodec.encode(filmstrip), to: "\(dir)/\(scene.slug)-filmstrip.png")
        try AtomicFile.write(Array(key(sceneFile: entry.path).utf8), to: "\(dir)/\(stampName)")
        return try SceneWarnings.ofScene(scene) + SceneWarnings.ofRun(scene, last: states.last)
    }

    /// One scene of the gallery as its index remembers it.
    public struct IndexRow: Equatable {
        public var slug: String
        public var path: String
        public var name: String
        public var frames: Int
        public var fps: Int
    }

    var indexPath: String { "\(out)/.springy-docs-index" }

    /// The gallery's scenes as the last `springy docs` into `out` left them, in page order;
    /// rows whose folder is gone are dropped.
    public func index() -> [IndexRow] {
        guard let text = try? String(contentsOfFile: indexPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 5, Scene.isSlug(f[0]), let frames = Int(f[3]), let fps = Int(f[4]) else { return nil }
            return IndexRow(slug: f[0], path: f[1], name: f[2], frames: frames, fps: fps)
        }.filter { FileManager.default.fileExists(atPath: "\(out)/\($0.slug)") }
    }

    /// The index after this run: scenes already in the gallery keep their place (updated
    /// when rendered again), new ones follow in the order given.
    public func merged(_ entries: [Entry]) -> [IndexRow] {
        func clean(_ s: String) -> String {
            s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        }
        var rows = index()
        for e in entries {
            let row = IndexRow(
                slug: e.scene.slug, path: clean(e.path), name: clean(e.scene.displayName),
                frames: e.scene.time.maxFrameCount, fps: e.scene.time.fps)
            if let i = rows.firstIndex(where: { $0.slug == row.slug }) { rows[i] = row } else { rows.append(row) }
        }
        return rows
    }

    public func indexText(_ rows: [IndexRow]) -> String {
        rows.map { "\($0.slug)\t\($0.path)\t\($0.name)\t\($0.frames)\t\($0.fps)\n" }.joined()
    }

    /// Merges `entries` into the gallery's index and writes the page while holding an exclusive
    /// lock (flock) on the gallery's folder: `springy docs` runs into one gallery at once each
    /// read the index only after the one before has written it, so no run's rows are lost.
    public func updatePage(with entries: [Entry]) throws -> Bool {
        let fd = open(out, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else {
            throw OutputError("cannot open \(out) to update its README.md: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw OutputError("cannot lock \(out) to update its README.md: \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try writePage(merged(entries))
    }

    /// Writes the index and the gallery page for `rows`; returns whether the page changed.
    public func writePage(_ rows: [IndexRow]) throws -> Bool {
        let page = readme(rows), path = "\(out)/README.md"
        let changed = (try? String(contentsOfFile: path, encoding: .utf8)) != page
        let text = indexText(rows)
        if (try? String(contentsOfFile: indexPath, encoding: .utf8)) != text {
            try AtomicFile.write(Array(text.utf8), to: indexPath)
        }
        if changed { try AtomicFile.write(Array(page.utf8), to: path) }
        return changed
    }

    /// The gallery page for `rows`, in their order. Names and paths come from the user's files:
    /// each is escaped for Markdown (MarkdownText), so no name can add HTML or break a code span.
    public func readme(_ rows: [IndexRow]) -> String {
        var s = "# Springy gallery\n\nMade by `springy docs` from the scene files; every picture is rendered, none edited.\n"
        for e in rows {
            let slug = e.slug, name = MarkdownText.inline(e.name)
            s += "\n## \(name)\n\n"
            s += "\(MarkdownText.code(e.path)) — \(e.frames) frame\(e.frames == 1 ? "" : "s") at \(e.fps) fps.\n\n"
            s += "![\(name), animated](\(slug)/\(slug).apng)\n\n"
            s += "![\(name), poster frame](\(slug)/\(slug)-poster.png)\n\n"
            s += "![\(name), filmstrip](\(slug)/\(slug)-filmstrip.png)\n\n"
            s += "Made with: \(MarkdownText.code("springy docs \(e.path) --out \(out) --scale \(scale) --every \(every)"))\n"
        }
        return s
    }
}
