import ArgumentParser
import Foundation
import SpringyKit

extension Springy {
    struct Docs: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Make documentation pictures: per scene an animated PNG, a poster frame and a filmstrip, and DIR/README.md, a gallery; or, with --docc, DocC resources and articles.",
            discussion:
                "A scene whose file, springy version and settings are unchanged since the last run is skipped; a run with nothing to do writes nothing."
        )

        @Argument(help: "Scene files (default: scenes/*.yaml).")
        var scenes: [String] = []

        @Option(name: .long, help: "Output folder.")
        var out: String = "docs/gallery"

        @Option(name: .long, help: "Pixels per point of the pictures (Retina @2x by default).")
        var scale: Int = 2

        @Option(
            name: .long,
            help: "The poster frame: a frame number, a time (1.5 or 1.5s) or last (default: the scene's last golden frame).")
        var poster: PosterArgument?

        @Option(name: .customLong("filmstrip-frames"), help: "Frames in the filmstrip.")
        var filmstripFrames: Int = 6

        @Option(name: .customLong("filmstrip-scale"), help: "Filmstrip thumbnails' size against the frame's (0.1-1).")
        var filmstripScale: Double = 0.4

        @Option(
            name: .long,
            help:
                "Write DocC resources (name@2x.png, name~dark@2x.png, name.mp4 and its poster) and an article per scene into this .docc catalogue instead."
        )
        var docc: String?

        @Option(
            name: .long, help: "Keep every Nth frame of an animated image, each held until the next (an mp4 keeps every frame).")
        var every: Int = 2

        @Option(
            name: .long,
            help:
                "The animation's format, written by render's own encoder: apng (default), gif, webp, avif, smil (an SVG animated with SMIL) or mp4 (needs ffmpeg)."
        )
        var format: DocsAnimationFormat?

        @Option(
            name: .customLong("for"),
            help: ArgumentHelp(
                "Where the pictures go, which picks the formats: github (SVG with SMIL, APNG fallback), docc (with --docc: an SVG under @Image, a video only with --video), web (SVG and Lottie) or slides (mp4).",
                valueName: "destination"))
        var destination: DocsDestinationArgument?

        @Flag(name: .long, help: "With --for docc: the mp4 and its @Video too (needs ffmpeg).")
        var video = false

        @OptionGroup(title: "Animation encoders") var encoderOptions: EncoderFlags

        @Flag(name: .long, help: "Render even unchanged scenes.")
        var force = false

        @Flag(name: .long, help: "With --docc, replace an article of a scene's name that springy did not write.")
        var overwrite = false

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            try refuseEmptyPaths([("--out", out), ("--docc", docc)], scenes: scenes)
            if !(1...3).contains(scale) { throw ValidationError("--scale must be 1, 2 or 3") }
            if !(1...60).contains(every) { throw ValidationError("--every must be between 1 and 60") }
            if !(1...24).contains(filmstripFrames) { throw ValidationError("--filmstrip-frames must be 1-24") }
            if !(0.1...1).contains(filmstripScale) { throw ValidationError("--filmstrip-scale must be 0.1-1") }
            if let d = docc, !d.hasSuffix(".docc") {
                throw ValidationError("--docc names a DocC catalogue folder ending in .docc, not \(d)")
            }
            if let d = destination?.value {
                if format != nil { throw ValidationError("--for \(d.rawValue) picks the formats: leave out --format") }
                if (d == .docc) != (docc != nil) {
                    throw ValidationError(
                        d == .docc
                            ? "--for docc writes into a DocC catalogue: name it with --docc PATH.docc"
                            : "--docc is --for docc's: --for \(d.rawValue) writes a gallery into --out; leave out --docc, or give --for docc"
                    )
                }
            }
            if video && destination?.value != .docc {
                throw ValidationError("--video is for --for docc (the DocC article's @Video; a gallery's mp4 is --for slides)")
            }
            if docc != nil && (format != nil || encoderOptions.changed) {
                throw ValidationError("--format and the encoder options are for the gallery; --docc writes PNGs and an mp4")
            }
            try encoderOptions.validate(for: [animationFormat])
        }

        var animationFormat: OutputFormat { format?.format ?? .apng }

        func run() throws {
            let paths = scenes.isEmpty ? try defaultScenes() : scenes
            let loaded = try loadScenes(paths, limits: limitOptions.limits)
            let threads = ProcessInfo.processInfo.activeProcessorCount
            if let d = destination?.value {
                say("docs --for \(d.rawValue): \(d.formats.map(\.rawValue).joined(separator: " and ")), because \(d.reason)")
            }
            if let docc {
                var options = Documentation.DocCOptions(catalogue: docc)
                options.poster = poster?.choice ?? .golden
                options.overwrite = overwrite
                options.force = force
                options.threads = threads
                if destination?.value == .docc {
                    options.animatedImage = true
                    options.video = video
                }
                do { try Documentation.writeDocC(loaded, options: options, messages: .console) } catch { throw report(error) }
                return
            }
            var options = Documentation.GalleryOptions()
            options.folder = out
            options.scale = scale
            options.every = every
            options.poster = poster?.choice ?? .golden
            options.filmstripFrames = filmstripFrames
            options.filmstripScale = filmstripScale
            options.format = animationFormat
            options.destination = destination?.value
            options.encoders = encoderOptions.options
            options.force = force
            options.threads = threads
            let summary: Documentation.GallerySummary
            do {
                summary = try Documentation.writeGallery(
                    Array(zip(loaded, paths).map { ($0, $1) }), options: options, messages: .console)
            } catch { throw report(error) }
            if summary.rendered == 0 && !summary.wroteReadme {
                say(
                    "docs: nothing to do — \(summary.unchanged == 1 ? "the scene is" : "all \(summary.unchanged) scenes are") up to date in \(out)"
                )
            } else {
                say(
                    "docs: \(Wording.counted(summary.rendered, "scene")) rendered, \(summary.unchanged) unchanged\(summary.wroteReadme ? ", README.md written" : "")"
                )
            }
        }
    }
}

struct DocsDestinationArgument: ExpressibleByArgument {
    var value: DocsDestination
    init?(argument: String) {
        guard let d = DocsDestination(rawValue: argument) else { return nil }
        value = d
    }
    static var allValueStrings: [String] { DocsDestination.allCases.map(\.rawValue) }
}

struct PosterArgument: ExpressibleByArgument {
    var choice: Poster
    init?(argument: String) {
        guard let c = Poster(argument) else { return nil }
        choice = c
    }
}
