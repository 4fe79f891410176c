import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringyTypes

/// `springy docs`: per scene an APNG, a poster frame and a filmstrip, and a gallery README.
package struct DocsGallery {
    package struct Entry {
        package var scene: Scene
        package var path: String
        package init(scene: Scene, path: String) { self.scene = scene; self.path = path }
    }

    package var out: String
    package var scale: Int
    package var every: Int
    package var version: String
    package var threads: Int
    package var poster: PosterChoice = .golden
    /// The filmstrip: how many frames, and their size against the frame's.
    package var filmstripFrames = 6
    package var filmstripScale = 0.4

    package init(out: String, scale: Int, every: Int, version: String, threads: Int) {
        self.out = out; self.scale = scale; self.every = every; self.version = version; self.threads = threads
    }

    package func folder(_ scene: Scene) -> String { OutputNames.sceneFolder(out, scene) }

    /// The flags this run adds to the page's "Made with" line (none for an APNG with defaults).
    var madeWithFlags: String {
        if let destination { return " --for \(destination)" }
        var f = format == .apng ? "" : " --format \(format.rawValue)"
        for option in EncoderOptions.options where option.formats.contains(format) {
            if let value = option.text(encoder.encoders) { f += " \(option) \(value)" }
        }
        return f
    }

    /// The formats a gallery's animation may take, each written by `render`'s own sink.
    package static let animationFormats = OutputFormat.allCases.filter { $0.kind.inGallery }

    /// The animation's format (apng by default) and its encoder's options (`render`'s
    /// `--apng-max-colors`, `--gif-colors`, `--webp-quality`, `--avif-quality`).
    package var format: OutputFormat = .apng
    /// A second animation linked from the page (`docs --for github`: the APNG beside the SVG).
    package var fallback: OutputFormat?
    /// `docs --for`'s destination, named on the page's "Made with" line instead of the formats.
    package var destination: String?
    package var encoder = RenderJob.Settings()

    /// The animation's file name: `<slug>.<extension>` (`.svg` for smil).
    package func animation(_ scene: Scene) -> String { "\(scene.slug).\(format.kind.fileExtension)" }

    /// The fallback's file name, if there is one.
    func fallbackAnimation(_ scene: Scene) -> String? { fallback.map { "\(scene.slug).\($0.kind.fileExtension)" } }

    package func outputs(_ scene: Scene) -> [String] {
        [animation(scene)] + (fallbackAnimation(scene).map { [$0] } ?? []) + [
            "\(scene.slug)-poster.png", "\(scene.slug)-filmstrip.png",
        ]
    }

    /// A stable content hash of the scene file, springy's version and the settings.
    package func key(sceneFile path: String) -> String {
        let source = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        return ContentHash.key([
            Array(source), Array(version.utf8),
            Array("docs-2 scale \(scale) every \(every) poster \(poster) strip \(filmstripFrames) \(filmstripScale)".utf8)
                + Array(
                    (format == .apng && encoder.encoders.apngMaxColors == nil && fallback == nil
                        ? ""
                        : " format \(format.rawValue) \(fallback?.rawValue ?? "") "
                            + EncoderOptions.options.map { $0.key(encoder.encoders) }.joined(separator: " ")).utf8),
        ])
    }

    var stampName: String { ".springy-docs-hash" }

    /// Whether the scene's pictures are already those its file and settings make.
    package func isUpToDate(_ entry: Entry) -> Bool {
        let dir = folder(entry.scene)
        return (try? String(contentsOfFile: "\(dir)/\(stampName)", encoding: .utf8)) == key(sceneFile: entry.path)
            && outputs(entry.scene).allSatisfy { FileManager.default.fileExists(atPath: "\(dir)/\($0)") }
    }

    /// Renders one scene's pictures into its folder and stamps them with the key; returns the
    /// scene's warnings (SceneWarnings).
    @discardableResult
    package func render(_ entry: Entry) throws -> [String] {
        let scene = entry.scene, dir = folder(scene)
        try RunCost.check(scene, scale: scale)
        try AtomicFile.makeDirectory(dir)
        var pipeline = try FramePipeline(scene: scene, scale: scale, threads: threads)
        // The animation is `render --format <format>`'s sink (for an APNG: changed rectangles),
        // thinned to every `every`-th frame.
        var settings = encoder
        settings.formats = [format] + (fallback.map { [$0] } ?? [])
        settings.every = every
        let context = SinkContext(
            scene: scene, settings: settings, folder: dir, frames: 0...(scene.time.maxFrameCount - 1),
            renderer: pipeline.renderer)
        let sinks = try settings.formats.map { try $0.kind.make(context) }
        pipeline.encode(for: sinks.reduce(SinkNeeds()) { $0.union($1.needs) })
        // The frames' states are kept (plain values, for the poster and the filmstrip), not their
        // pixels: the poster is drawn again from its state, the same bytes as in the run.
        var states: [FrameState] = []
        do {
            try pipeline.runEncoded { index, state, encoded in
                for sink in sinks {
                    try sink.add(SinkFrame(index: index, position: states.count, state: state, encoded: encoded))
                }
                states.append(state)
            }
            for sink in sinks { _ = try sink.finish() }
        } catch {
            for sink in sinks { sink.abandon() }
            throw error
        }
        // The poster: as asked, or the last frame the scene's author chose for its golden test.
        if !states.isEmpty {
            let n = try poster.frame(in: scene, count: states.count)
            var still = pipeline
            still.encode(for: .png)
            try AtomicFile.write(try still.encode(states[n]).png, to: "\(dir)/\(scene.slug)-poster.png")
        }
        let strip = FramePick.evenly(filmstripFrames).resolve(count: states.count).map { states[$0] }
        let filmstrip = try Stills.sheet(
            strip, renderer: pipeline.renderer, columns: filmstripFrames, thumbnailScale: filmstripScale)
        try AtomicFile.write(try PNGCodec.encode(filmstrip), to: "\(dir)/\(scene.slug)-filmstrip.png")
        try AtomicFile.write(Array(key(sceneFile: entry.path).utf8), to: "\(dir)/\(stampName)")
        // The animation this gallery wrote before in another format (its index says so) goes:
        // the page links only the new one.
        if let old = index().first(where: { $0.slug == scene.slug })?.animation, old != animation(scene),
            Self.animationFormats.contains(where: { old == "\(scene.slug).\($0.kind.fileExtension)" })
        {
            try? FileManager.default.removeItem(atPath: "\(dir)/\(old)")
        }
        return try SceneWarnings.ofScene(scene) + SceneWarnings.ofRun(scene, last: states.last)
    }

    /// One scene of the gallery as its index remembers it.
    package struct IndexRow: Equatable {
        package var slug: String
        package var path: String
        package var name: String
        package var frames: Int
        package var fps: Int
        /// The animation's file name in the scene's folder, and the flags beyond the defaults
        /// it was made with (for the page's "Made with" line).
        package var animation = ""
        package var flags = ""
        /// The fallback animation's file name ("" for none).
        var fallback = ""
    }

    var indexPath: String { "\(out)/.springy-docs-index" }

    /// The gallery's scenes as the last `springy docs` into `out` left them, in page order;
    /// rows whose folder is gone are dropped.
    package func index() -> [IndexRow] {
        guard let text = try? String(contentsOfFile: indexPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 5 || f.count == 7 || f.count == 8, Scene.isSlug(f[0]), let frames = Int(f[3]), let fps = Int(f[4])
            else {
                return nil
            }
            var row = IndexRow(slug: f[0], path: f[1], name: f[2], frames: frames, fps: fps)
            // An index from before the format was a choice holds APNGs.
            row.animation = f.count >= 7 && !f[5].isEmpty && !f[5].contains("/") ? f[5] : "\(f[0]).apng"
            row.flags = f.count >= 7 ? f[6] : ""
            row.fallback = f.count == 8 && !f[7].contains("/") ? f[7] : ""
            return row
        }.filter { FileManager.default.fileExists(atPath: "\(out)/\($0.slug)") }
    }

    /// The index after this run: scenes already in the gallery keep their place (updated
    /// when rendered again), new ones follow in the order given.
    package func merged(_ entries: [Entry]) -> [IndexRow] {
        func clean(_ s: String) -> String {
            s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        }
        var rows = index()
        for e in entries {
            var row = IndexRow(
                slug: e.scene.slug, path: clean(e.path), name: clean(e.scene.displayName),
                frames: e.scene.time.maxFrameCount, fps: e.scene.time.fps)
            row.animation = animation(e.scene)
            row.fallback = fallbackAnimation(e.scene) ?? ""
            row.flags = madeWithFlags
            if let i = rows.firstIndex(where: { $0.slug == row.slug }) { rows[i] = row } else { rows.append(row) }
        }
        return rows
    }

    package func indexText(_ rows: [IndexRow]) -> String {
        rows.map { r in
            let base = "\(r.slug)\t\(r.path)\t\(r.name)\t\(r.frames)\t\(r.fps)"
            // The two newer columns only when they say more than the defaults (old indexes stay as they were).
            if !r.fallback.isEmpty { return base + "\t\(r.animation)\t\(r.flags)\t\(r.fallback)\n" }
            return (r.animation == "\(r.slug).apng" && r.flags.isEmpty ? base : base + "\t\(r.animation)\t\(r.flags)") + "\n"
        }.joined()
    }

    /// Merges `entries` into the gallery's index and writes the page while holding an exclusive
    /// lock (flock) on the gallery's folder: `springy docs` runs into one gallery at once each
    /// read the index only after the one before has written it, so no run's rows are lost.
    package func updatePage(with entries: [Entry]) throws -> Bool {
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
    package func writePage(_ rows: [IndexRow]) throws -> Bool {
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
    package func readme(_ rows: [IndexRow]) -> String {
        var s = "# Springy gallery\n\nMade by `springy docs` from the scene files; every picture is rendered, none edited.\n"
        for e in rows {
            let slug = e.slug, name = MarkdownText.inline(e.name)
            s += "\n## \(name)\n\n"
            s += "\(MarkdownText.code(e.path)) — \(e.frames) frame\(e.frames == 1 ? "" : "s") at \(e.fps) fps.\n\n"
            let animation = e.animation.isEmpty ? "\(slug).apng" : e.animation
            s += "![\(name), animated](\(slug)/\(animation))\n\n"
            if !e.fallback.isEmpty {
                let what =
                    e.fallback.hasSuffix(".json")
                    ? "The same animation as Lottie (lottie-web, ThorVG)" : "Where SVG animations do not play"
                s += "\(what): [\(e.fallback)](\(slug)/\(e.fallback))\n\n"
            }
            s += "![\(name), poster frame](\(slug)/\(slug)-poster.png)\n\n"
            s += "![\(name), filmstrip](\(slug)/\(slug)-filmstrip.png)\n\n"
            s +=
                "Made with: \(MarkdownText.code("springy docs \(e.path) --out \(out) --scale \(scale) --every \(every)\(e.flags)"))\n"
        }
        return s
    }
}
