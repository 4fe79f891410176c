import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringyTypes

/// `springy docs --docc PATH.docc`: each scene as DocC resources with DocC's names — a light
/// and a dark poster (`name@2x.png`, `name~dark@2x.png`), the animation as `name.mp4` with its
/// poster (`name-video-poster@2x.png`) — and an article (`Name.md`) that uses them.
package struct DocCCatalog {
    package var path: String
    package var poster: PosterChoice
    package var threads: Int
    /// springy's version, part of the stamp that says an article and its resources are current.
    package var version = ""
    /// Replace an article springy did not write (a hand-written one of the same name).
    package var overwrite = false
    /// The animation as an SVG with SMIL (`name.svg`, `name~dark.svg`) under the article's `@Image`.
    package var animatedImage = false

    package init(path: String, poster: PosterChoice, threads: Int) {
        self.path = path; self.poster = poster; self.threads = threads
    }

    /// The line a generated article ends with: what made it, and the stamp of its inputs.
    static let marker = "<!-- springy docs --docc: generated from "

    /// The stamp of a scene's article and resources: its file, springy's version, the poster
    /// choice and whether there is a video.
    func stamp(_ scene: Scene, video: Bool) -> String {
        let source = (try? Data(contentsOf: URL(fileURLWithPath: scene.file))) ?? Data()
        // An animated image adds to the stamp; without one it is what it was, so a catalogue
        // made before `--for docc` existed is still current.
        return ContentHash.key([
            Array(source), Array(version.utf8),
            Array("docc-1 poster \(poster) video \(video)\(animatedImage ? " svg" : "")".utf8),
        ])
    }

    /// Whether the scene's article is springy's, made from the same inputs, with its resources
    /// there: nothing to do.
    package func isUpToDate(_ scene: Scene, video: Bool) -> Bool {
        let article = "\(path)/\(Self.articleName(scene)).md"
        guard let text = try? String(contentsOfFile: article, encoding: .utf8),
            text.contains(Self.marker), text.contains("(stamp \(stamp(scene, video: video)))")
        else { return false }
        let slug = scene.slug
        var needed = ["\(slug)@2x.png", "\(slug)~dark@2x.png"]
        if video { needed += ["\(slug).mp4", "\(slug)-video-poster@2x.png"] }
        if animatedImage { needed += ["\(slug).svg", "\(slug)~dark.svg"] }
        return needed.allSatisfy { FileManager.default.fileExists(atPath: "\(resources)/\($0)") }
    }

    package var resources: String { "\(path)/Resources" }

    /// The catalogue's `Resources` is written into only when it is a folder of its own: a
    /// symbolic link (committed, or planted) would send the images anywhere the link points,
    /// outside the catalogue the user named.
    package func refuseLinkedResources() throws {
        var st = stat()
        guard lstat(resources, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFLNK {
            throw OutputError(
                "\(resources) is a symbolic link: springy docs --docc writes only into the catalogue's own Resources folder (make it a folder)"
            )
        }
    }

    /// The scene in an appearance: its colours become iOS's light or dark system colours
    /// (its palette and its views' own fills are kept).
    /// A scene without an appearance is its own light variant (its own background and colours:
    /// the writer's look); the dark one takes iOS's dark system colours.
    package static func variant(_ scene: Scene, _ appearance: Appearance) -> Scene {
        if appearance == .light && scene.style.appearance == nil { return scene }
        return scene.style.appearance == appearance ? scene : scene.inAppearance(appearance)
    }

    /// The article's file name: the slug in UpperCamelCase (DocC's page name).
    package static func articleName(_ scene: Scene) -> String {
        scene.slug.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// Writes the scene's resources and article; returns the files written and the scene's
    /// warnings (SceneWarnings). Without ffmpeg the video is left out (and the article does not
    /// name it).
    package func write(_ scene: Scene, ffmpeg: Bool) throws -> (files: [String], warnings: [String]) {
        // An article of that name that springy did not write is the user's: never replaced
        // unless asked (checked before anything is drawn).
        let article = "\(path)/\(Self.articleName(scene)).md"
        if !overwrite, let text = try? String(contentsOfFile: article, encoding: .utf8), !text.contains(Self.marker) {
            throw OutputError(
                "\(article) was not written by springy (it has no generated marker); pass --overwrite to replace it, or rename the scene"
            )
        }
        try refuseLinkedResources()
        try AtomicFile.makeDirectory(resources)
        let slug = scene.slug
        var written: [String] = []
        var warnings = try SceneWarnings.ofScene(scene)
        for (appearance, suffix) in [(Appearance.light, ""), (.dark, "~dark")] {
            let variant = Self.variant(scene, appearance)
            let pipeline = try FramePipeline(scene: variant, scale: 2, threads: threads)
            let states = try pipeline.states()
            guard !states.isEmpty else { throw OutputError("\(scene.file): the scene has no frames") }
            if appearance == .light { warnings += SceneWarnings.ofRun(scene, last: states.last) }
            let index = try poster.frame(in: variant, count: states.count)
            let file = "\(resources)/\(slug)\(suffix)@2x.png"
            try AtomicFile.write(try pipeline.encode(states[index]).png, to: file)
            written.append(file)
            if animatedImage {
                // `render --format smil`'s drawing, from the states already simulated.
                let svg = AnimatedSVG(
                    renderer: pipeline.renderer, rate: variant.time.rate.description, seconds: variant.time.rate.seconds)
                for state in states { try svg.add(state) }
                let name = "\(resources)/\(slug)\(suffix).svg"
                try AtomicFile.write(try svg.finish(), to: name)
                written.append(name)
            }
            if appearance == .light && ffmpeg {
                try AtomicFile.write(try pipeline.encode(states[0]).png, to: "\(resources)/\(slug)-video-poster@2x.png")
                written.append("\(resources)/\(slug)-video-poster@2x.png")
                // `render --format mp4`'s sink, into the catalogue's resources.
                var settings = RenderJob.Settings()
                settings.formats = [.mp4]
                let context = SinkContext(
                    scene: variant, settings: settings, folder: resources, frames: 0...(states.count - 1),
                    renderer: pipeline.renderer)
                let sink = try OutputFormat.mp4.kind.make(context)
                var video = pipeline
                video.encode(for: sink.needs)
                do {
                    var position = 0
                    try video.runEncoded { index, state, encoded in
                        try sink.add(SinkFrame(index: index, position: position, state: state, encoded: encoded))
                        position += 1
                    }
                    _ = try sink.finish()
                } catch { sink.abandon(); throw error }
                written.append(context.path(OutputNames.video(variant, "mp4")))
            }
        }
        let text =
            Self.article(scene, video: ffmpeg, animatedImage: animatedImage)
            + "\n\(Self.marker)\(MarkdownText.inline(PathText.lastComponent(scene.file))) (stamp \(stamp(scene, video: ffmpeg))): edit the scene, not this file -->\n"
        try AtomicFile.write(Array(text.utf8), to: article)
        written.append(article)
        return (written, warnings)
    }

    /// The article: the scene's name as its title, its poster (DocC picks the light or dark
    /// image by the reader's appearance) and its animation.
    package static func article(_ scene: Scene, video: Bool, animatedImage: Bool = false) -> String {
        let slug = scene.slug, name = MarkdownText.inline(scene.displayName)
        var s = "# \(name)\n\n"
        s +=
            "A Springy scene: \(scene.time.maxFrameCount) frames at \(scene.time.fps) fps, rendered from \(MarkdownText.code(PathText.lastComponent(scene.file))).\n\n"
        s += "## Overview\n\n"
        s += "![\(name).](\(slug))\n\n"
        if animatedImage {
            // DocC picks `name~dark.svg` for a dark reader, as it does the posters.
            let alt = MarkdownText.directiveArgument(scene.displayName + ", animated.")
            s += "@Image(source: \"\(slug).svg\", alt: \"\(alt)\")\n\n"
        }
        if video {
            let alt = MarkdownText.directiveArgument(scene.displayName + ", animated.")
            s += "@Video(source: \"\(slug).mp4\", poster: \"\(slug)-video-poster\", alt: \"\(alt)\")\n"
        }
        return s
    }
}

/// Which frame a poster shows: a frame number, the frame at a time, the last frame, or (by
/// default) the last of the scene's golden frames.
package enum PosterChoice: Equatable, Sendable {
    case frame(Int)
    case time(Double)
    case last, golden

    /// `FRAME`, `TIME` (with a decimal point or an `s`), or `last`.
    package init?(argument: String) {
        if argument == "last" { self = .last; return }
        if let n = Int(argument), n >= 0 { self = .frame(n); return }
        let t = argument.hasSuffix("s") ? String(argument.dropLast()) : argument
        if let v = Double(t), v >= 0, v.isFinite { self = .time(v); return }
        return nil
    }

    package func frame(in scene: Scene, count: Int) throws -> Int {
        switch self {
        case .frame(let n):
            guard n < count else {
                throw OutputError("\(scene.file): poster frame \(n) is past the scene's last frame, \(count - 1)")
            }
            return n
        case .time(let t):
            guard let n = scene.time.frame(atTime: t, count: count) else {
                throw OutputError(
                    "\(scene.file): poster time \(NumberText.plain(t)) s is past the scene's end (\(scene.time.length(frames: count)) s)"
                )
            }
            return n
        case .last: return count - 1
        case .golden: return FramePick.frames(scene.golden.frames).resolve(count: count).last ?? count - 1
        }
    }
}
