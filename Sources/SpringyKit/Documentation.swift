import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline
import SpringyScene

/// Which frame a poster shows.
public enum Poster: Sendable, Equatable {
    case frame(Int)
    /// The frame shown at this time in seconds.
    case time(Double)
    case last
    /// The last of the scene's golden frames (the default).
    case golden

    /// `FRAME`, `TIME` (with a decimal point or an `s`), or `last`.
    public init?(_ text: String) {
        guard let c = PosterChoice(argument: text) else { return nil }
        switch c {
        case .frame(let n): self = .frame(n)
        case .time(let t): self = .time(t)
        case .last: self = .last
        case .golden: self = .golden
        }
    }

    var model: PosterChoice {
        switch self {
        case .frame(let n): return .frame(n)
        case .time(let t): return .time(t)
        case .last: return .last
        case .golden: return .golden
        }
    }
}

/// Pictures for documentation, as `springy docs` makes them: a gallery (per scene an
/// animation, a poster frame and a filmstrip, and a README.md listing them), or a DocC
/// catalogue's resources and an article per scene.
public enum Documentation {
    /// The animation formats a gallery can use.
    public static var animationFormats: [OutputFormat] {
        DocsGallery.animationFormats
    }

    /// How a gallery is made.
    public struct GalleryOptions: Sendable {
        /// The gallery's folder (a folder per scene, and README.md).
        public var folder = "docs/gallery"
        /// Pixels per point.
        public var scale = 2
        /// Keep every Nth frame in an animated image, each held until the next.
        public var every = 2
        public var poster = Poster.golden
        public var filmstripFrames = 6
        /// Filmstrip thumbnails' size against the frame's (0.1-1).
        public var filmstripScale = 0.4
        /// One of ``Documentation/animationFormats``.
        public var format = OutputFormat.apng
        /// Where the pictures are going (`docs --for`): when set, its formats replace `format`
        /// — the one shown, and a fallback linked from the page.
        public var destination: DocsDestination?
        public var encoders = EncoderOptions()
        /// Render scenes even when unchanged since the last run.
        public var force = false
        public var threads = 1
        public init() {}
    }

    /// What a gallery run did.
    public struct GallerySummary: Sendable {
        public var rendered = 0
        public var unchanged = 0
        /// Whether README.md was (re)written.
        public var wroteReadme = false
    }

    /// Renders each scene (read from the paths beside it) that changed into the gallery, and
    /// updates its README.md to list every scene in it; says each scene rendered.
    public static func writeGallery(_ scenes: [(scene: Scene, path: String)], options: GalleryOptions, messages: Messages)
        throws -> GallerySummary
    {
        try Scene.refuseSharedFolders(scenes.map(\.scene), flag: "--out") { $0.outputFolder(in: options.folder) }
        var gallery = DocsGallery(
            out: options.folder, scale: options.scale, every: options.every, version: SpringyVersion.current,
            threads: options.threads)
        gallery.poster = options.poster.model
        gallery.filmstripFrames = options.filmstripFrames
        gallery.filmstripScale = options.filmstripScale
        gallery.format = options.destination?.formats[0] ?? options.format
        gallery.fallback = options.destination?.formats.dropFirst().first
        gallery.destination = options.destination?.rawValue
        gallery.encoder.encoders = options.encoders
        if (gallery.format == .mp4 || gallery.fallback == .mp4) && !ffmpegAvailable {
            throw Problems(
                "--format mp4 needs ffmpeg on PATH (apt-get install ffmpeg); or choose --format \(Self.animationFormats.filter { !$0.isVideo }.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return try Problems.wrapping {
            try AtomicFile.makeDirectory(options.folder)
            var summary = GallerySummary()
            let entries = scenes.map { DocsGallery.Entry(scene: $0.scene.model, path: $0.path) }
            for entry in entries {
                if !options.force && gallery.isUpToDate(entry) { summary.unchanged += 1; continue }
                for w in try gallery.render(entry) { messages.warn("springy: warning: \(w)") }
                summary.rendered += 1
                messages.say("docs: \(entry.scene.slug) → \(gallery.folder(entry.scene))")
            }
            // The page lists every scene of the gallery, not only those of this run.
            summary.wroteReadme = try gallery.updatePage(with: entries)
            return summary
        }
    }

    /// How a DocC catalogue is written.
    public struct DocCOptions: Sendable {
        /// The `.docc` folder.
        public var catalogue: String
        public var poster = Poster.golden
        /// Replace an article of a scene's name that Springy did not write.
        public var overwrite = false
        /// Write scenes even when unchanged since the last run.
        public var force = false
        public var threads = 1
        /// Each scene's animation as an SVG with SMIL (`name.svg`, and `name~dark.svg`), shown
        /// by the article's `@Image` (`docs --for docc`).
        public var animatedImage = false
        /// The mp4 and its `@Video`: nil for whenever ffmpeg is on PATH (without an animated
        /// image), true to ask for it (`--video`), false for none.
        public var video: Bool?
        public init(catalogue: String) { self.catalogue = catalogue }
    }

    /// The article a scene gets in a DocC catalogue (its name without `.md`).
    public static func articleName(_ scene: Scene) -> String { DocCCatalog.articleName(scene.model) }

    /// Writes each changed scene's resources (name@2x.png, its dark variant, an mp4 and its
    /// poster when ffmpeg is on PATH) and article into the catalogue; says each scene.
    public static func writeDocC(_ scenes: [Scene], options: DocCOptions, messages: Messages) throws {
        try Scene.refuseSharedFolders(scenes, flag: "--docc") { "\(options.catalogue)/\(articleName($0))" }
        var catalog = DocCCatalog(path: options.catalogue, poster: options.poster.model, threads: options.threads)
        catalog.version = SpringyVersion.current
        catalog.overwrite = options.overwrite
        catalog.animatedImage = options.animatedImage
        let video = options.video ?? (!options.animatedImage && ffmpegAvailable)
        if video && !ffmpegAvailable {
            throw Problems("--video needs ffmpeg on PATH (apt-get install ffmpeg)")
        }
        if options.video == nil && !options.animatedImage && !ffmpegAvailable {
            messages.warn("springy: ffmpeg is not on PATH: the DocC articles get posters but no video")
        }
        for scene in scenes {
            if !options.force && catalog.isUpToDate(scene.model, video: video) {
                messages.say("docc: \(scene.slug) unchanged (\(articleName(scene)).md)")
                continue
            }
            let (files, warnings) = try Problems.wrapping { try catalog.write(scene.model, ffmpeg: video) }
            for w in warnings { messages.warn("springy: warning: \(w)") }
            messages.say("docc: \(scene.slug) → \(files.count) files (\(articleName(scene)).md)")
        }
    }
}

extension Scene {
    /// Scenes whose outputs (or goldens) live in a folder named after the file must not share
    /// that name: two `carousel.yaml` from different folders would mix their frames. Refused,
    /// naming both files and `flag`, the option that names the folders; `folder` gives a scene's.
    public static func refuseSharedFolders(_ scenes: [Scene], flag: String, folder: (Scene) -> String) throws {
        var owner: [String: String] = [:]  // looked up only
        for scene in scenes {
            let f = folder(scene)
            if let other = owner[f], other != scene.file {
                throw Problems(
                    "\(other) and \(scene.file) would both write into \(f) (scenes are named by their file name, \(scene.slug)); rename one, or run them separately with different \(flag)"
                )
            }
            owner[f] = scene.file
        }
    }
}
