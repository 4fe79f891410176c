import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene

/// What `springy render` makes of a scene.
public enum OutputFormat: String, CaseIterable, Sendable {
    case png, apng, gif, webp, sheet, trail, pdf, svg, y4m, mp4, webm, mov

    /// Animations assembled from every frame's pixels.
    public var isAnimation: Bool { self == .apng || self == .gif || self == .webp }

    public var isVideo: Bool { self == .y4m || self == .mp4 || self == .webm || self == .mov }
    /// Formats drawn from kept frame states after the run.
    public var isStill: Bool { self == .sheet || self == .trail || self == .pdf || self == .svg }
}

/// One `springy render` of one scene: the frame pipeline into every asked-for format, whole
/// files only, resumable after an interruption.
public struct RenderJob {
    public struct Settings {
        public var formats: [OutputFormat] = [.png]
        public var out = "out"
        public var frames: ClosedRange<Int>?
        /// Shard K of N (1-based).
        public var shard: (k: Int, n: Int)?
        public var scale: Int?
        public var threads = 1
        public var png = PNGSettings()
        public var pick: FramePick?
        public var columns = 4
        public var overwrite = false
        public var toStdout = false
        /// Lossy WebP at this quality (0–100); nil: lossless.
        public var webpQuality: Double?
        /// Most colours in a GIF's palette (2–255; one more index is kept for transparency).
        public var gifColors = 255
        /// An APNG of palette frames with at most this many colours (nil: full colour).
        public var apngMaxColors: Int?
        /// `--codec`, `--crf`, `--pix-fmt` for mp4, webm and mov.
        public var video = VideoSink.Options()
        public init() {}
    }

    public struct Summary {
        public var frames = 0
        public var folder = ""
        /// What was written, per format in the order asked for: files and their bytes on disk.
        public var written: [(format: OutputFormat, files: Int, bytes: Int)] = []
        /// Things the user should know about the outputs (an mp4 cannot keep alpha, ...).
        public var warnings: [String] = []
        public var bytes: Int { written.reduce(0) { $0 + $1.bytes } }

        mutating func add(_ format: OutputFormat, bytes: Int, files: Int = 1) {
            if let i = written.firstIndex(where: { $0.format == format }) {
                written[i].files += files
                written[i].bytes += bytes
            } else {
                written.append((format, files, bytes))
            }
        }
    }

    /// A run stopped part-way (by `cancelled` throwing): what of it is kept. Only PNG frames
    /// are kept from a stopped run (each is written whole); animations, videos and stills
    /// exist only complete, so none of them is.
    public struct Stopped: Error {
        public var underlying: Error
        /// PNG frames written whole before the stop (0 when PNG was not asked for).
        public var framesKept: Int
        /// The formats asked for that left nothing behind.
        public var discarded: [OutputFormat]
    }

    public var scene: Scene
    public var settings: Settings
    /// Springy's version, part of the key that says whether a folder's partial run is this one.
    public var version: String

    public init(scene: Scene, settings: Settings, version: String) {
        self.scene = scene; self.settings = settings; self.version = version
    }

    public var folder: String { OutputNames.sceneFolder(settings.out, scene) }

    /// The frames this run renders: `frames`, then this shard's contiguous share of them.
    public var frameRange: ClosedRange<Int>? {
        let all = 0...(scene.time.maxFrameCount - 1)
        var range = settings.frames.map { $0.clamped(to: all) } ?? all
        if let (k, n) = settings.shard {
            let count = range.count
            let lo = range.lowerBound + count * (k - 1) / n, hi = range.lowerBound + count * k / n - 1
            if hi < lo { return nil }
            range = lo...hi
        }
        return range
    }

    /// What identifies this render's output: the scene file, springy's version and the settings.
    public var runKey: String {
        let source = (try? Data(contentsOf: URL(fileURLWithPath: scene.file))) ?? Data()
        let p = settings.png
        let settingsText = "\(settings.scale ?? scene.viewport.scale) \(p.level) \(p.filter.rawValue) \(p.strategy.rawValue) \(settings.formats.map(\.rawValue)) \(settings.webpQuality ?? -1) \(settings.gifColors) \(settings.video.codec?.rawValue ?? "-") \(settings.video.crf ?? -1) \(settings.video.pixelFormat ?? "-") \(settings.apngMaxColors ?? 0)"
        return ContentHash.key([Array(source), Array(version.utf8), Array(settingsText.utf8)])
    }

    /// This run's resume marker in its folder (nil when it renders no frame).
    var markerPath: String? {
        frameRange.map { "\(folder)/\(OutputNames.partialMarker(frames: $0, of: scene.time.maxFrameCount))" }
    }

    /// An interrupted run of this same command left the folder: complete it instead of refusing.
    public var resumable: Bool {
        guard let markerPath else { return false }
        return (try? String(contentsOfFile: markerPath, encoding: .utf8)) == runKey
    }

    /// Files this render would replace (nil when the folder does not exist).
    public func existingOutputs() -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let f = Set(settings.formats), range = frameRange
        return names.filter { n in
            (f.contains(.png) && n.hasPrefix("frame-") && n.hasSuffix(".png")
                && Int(n.dropFirst(6).dropLast(4)).map { range?.contains($0) ?? false } == true)
                || (f.contains(.pdf) && n.hasPrefix("frame-") && n.hasSuffix(".pdf"))
                || (f.contains(.svg) && n.hasPrefix("frame-") && n.hasSuffix(".svg"))
                || (f.contains(.apng) && n == OutputNames.apng(scene))
                || [OutputFormat.gif, .webp].contains { f.contains($0) && n == OutputNames.video(scene, $0.rawValue) }
                || (f.contains(.sheet) && n == OutputNames.sheet(scene))
                || (f.contains(.trail) && n == OutputNames.trail(scene))
                || [OutputFormat.y4m, .mp4, .webm, .mov].contains { f.contains($0) && n == OutputNames.video(scene, $0.rawValue) }
        }.sorted()
    }

    /// What refuses this render before anything of any scene is written: a frame Cairo cannot
    /// draw at this scale, a format's own size limit (WebP: 16383 pixels a side).
    public func preflight() throws { try preflight(try Renderer(scene: scene, scale: settings.scale)) }

    /// The same checks against a renderer already made (the run's own: no second one).
    func preflight(_ renderer: Renderer) throws {
        try RunCost.check(scene, frames: frameRange, scale: settings.scale)
        let (w, h) = (renderer.pixelWidth, renderer.pixelHeight)
        if settings.formats.contains(.webp), max(w, h) > WebPWriter.maxSide {
            throw OutputError("\(scene.file): a WebP frame is at most \(WebPWriter.maxSide) pixels on a side, and this scene's frames are \(w)×\(h) at scale \(settings.scale ?? scene.viewport.scale); use a smaller --scale, or --format apng or gif")
        }
    }

    /// Renders; `cancelled` is asked between frames and stops the run by throwing;
    /// `progress` hears (done, total).
    public func run(cancelled: @escaping @Sendable () throws -> Void = {}, resumed: (Int) -> Void = { _ in },
                    progress: (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        let formats = Set(settings.formats)
        let dir = folder
        var summary = Summary(folder: dir)
        // Everything that can refuse the scene (the frame size at this scale) before any folder is made.
        var pipeline = try FramePipeline(scene: scene, scale: settings.scale, png: settings.png, threads: settings.threads)
        try preflight(pipeline.renderer)
        summary.warnings += try Renderer.glyphWarnings(scene)
        if !settings.toStdout {
            try AtomicFile.makeDirectory(dir)
            AtomicFile.removeLeftovers(in: dir)
        }
        pipeline.encodePNG = formats.contains(.png)
        // A webm keeps a transparent background's alpha (VP9 yuva420p): it is fed RGBA.
        let webmAlpha = formats.contains(.webm) && !pipeline.renderer.opaque && !settings.toStdout
        pipeline.encodeY4M = formats.contains(.y4m) || formats.contains(.mp4) || (formats.contains(.webm) && !webmAlpha)
        pipeline.encodeRGBA = webmAlpha || formats.contains { $0.isAnimation } || formats.contains(.mov)
        if !pipeline.renderer.opaque, formats.contains(.mp4) || formats.contains(.y4m) {
            summary.warnings.append("\(scene.file): the background is transparent, and \(formats.contains(.mp4) ? "mp4 (H.264)" : "y4m") has no alpha: it shows black there (webm and apng keep alpha)")
        }
        if !pipeline.renderer.opaque, formats.contains(.gif) {
            summary.warnings.append("\(scene.file): the background is transparent, and a GIF has no partial alpha: it is drawn over white (webp and apng keep alpha)")
        }
        let keepStates = formats.contains { $0.isStill }
        guard let range = frameRange else { return summary }
        let total = range.count
        // Stills need only the states of the frames they pick: when the run's length is known (a
        // fixed duration) only those are kept; a scene that runs until rest keeps every state
        // (plain values, no pixels), its length known only at its end.
        let stillPositions: Set<Int>? = scene.time.untilRest ? nil : Set(stillPicks(formats).flatMap { $0.resolve(count: total) })   // asked only
        // Frames an interrupted run of this same command already wrote are kept, not redone.
        var missing: Set<Int>?
        if !settings.overwrite && settings.formats == [.png] && resumable {
            // A kept frame must be whole (an interrupt can cut a file short): checked, not trusted.
            let (w, h) = (pipeline.renderer.pixelWidth, pipeline.renderer.pixelHeight)
            missing = Set(range.filter { frame in
                guard let data = FileManager.default.contents(atPath: "\(dir)/\(OutputNames.frame(frame))") else { return true }
                return !PNGCodec.isWhole(Array(data), width: w, height: h)
            })
            if let m = missing, m.count < total { resumed(total - m.count) }
        }
        let marker = markerPath ?? "\(dir)/\(OutputNames.partialMarker)"
        if !settings.toStdout { try AtomicFile.write(Array(runKey.utf8), to: marker) }
        // Animations are written to their files as the frames come (palettes spill frames beside
        // them until the palette is known): memory stays flat whatever the frame count.
        let width = pipeline.renderer.pixelWidth, height = pipeline.renderer.pixelHeight, opaque = pipeline.renderer.opaque
        let apngPath = "\(dir)/\(OutputNames.apng(scene))"
        let apng = formats.contains(.apng) && settings.apngMaxColors == nil ? try APNGWriter(path: apngPath, fps: scene.time.fps) : nil
        let paletteAPNG = formats.contains(.apng) ? try settings.apngMaxColors.map {
            try PaletteAPNGWriter(path: apngPath, width: width, height: height, fps: scene.time.fps, maxColors: $0)
        } : nil
        let gif = formats.contains(.gif) ? try GIFWriter(path: "\(dir)/\(OutputNames.video(scene, "gif"))", width: width, height: height,
                                                               fps: scene.time.fps, maxColors: settings.gifColors, opaque: opaque) : nil
        let webp = formats.contains(.webp)
            ? try WebPWriter(path: "\(dir)/\(OutputNames.video(scene, "webp"))", width: width, height: height, fps: scene.time.fps,
                             lossless: settings.webpQuality == nil, quality: settings.webpQuality ?? 100, opaque: opaque)
            : nil
        var states: [Int: FrameState] = [:]   // by position in the run; looked up only
        var video: [VideoSink] = []
        var webm: VideoSink?
        var mov: VideoSink?
        var pngFrames = 0
        do {
            let header = Y4M.header(width: pipeline.renderer.pixelWidth, height: pipeline.renderer.pixelHeight, fps: scene.time.fps)
            if settings.toStdout { video.append(try VideoSink.stdout(header: header)) } else {
                if formats.contains(.y4m) { video.append(try VideoSink.file("\(dir)/\(OutputNames.video(scene, "y4m"))", header: header)) }
                if formats.contains(.mp4) {
                    video.append(try VideoSink.ffmpeg(output: "\(dir)/\(OutputNames.video(scene, "mp4"))", input: .y4m(header: header), options: settings.video))
                }
                if formats.contains(.webm) {
                    let input: VideoSink.FFmpegInput = webmAlpha
                        ? .rgba(width: pipeline.renderer.pixelWidth, height: pipeline.renderer.pixelHeight, fps: scene.time.fps)
                        : .y4m(header: header)
                    webm = try VideoSink.ffmpeg(output: "\(dir)/\(OutputNames.video(scene, "webm"))", input: input, options: settings.video)
                }
                if formats.contains(.mov) {
                    // ProRes 4444 keeps a transparent background's alpha: fed RGBA.
                    mov = try VideoSink.ffmpeg(output: "\(dir)/\(OutputNames.video(scene, "mov"))",
                                               input: .rgba(width: pipeline.renderer.pixelWidth, height: pipeline.renderer.pixelHeight, fps: scene.time.fps),
                                               options: settings.video)
                }
            }
            try pipeline.runEncoded(frames: range, only: missing, cancelled: cancelled) { index, state, encoded in
                try cancelled()
                if formats.contains(.png) {
                    try AtomicFile.write(encoded.png, to: "\(dir)/\(OutputNames.frame(index))")
                    summary.add(.png, bytes: encoded.png.count)
                    pngFrames += 1
                }
                try paletteAPNG?.add(rgba: encoded.rgba)
                try apng?.add(rgba: encoded.rgba, width: width, height: height, opaque: opaque, settings: APNGWriter.compact)
                try gif?.add(rgba: encoded.rgba, index: index - range.lowerBound)
                try webp?.add(rgba: encoded.rgba)
                for v in video { try v.write(encoded.y4m) }
                try webm?.write(webmAlpha ? encoded.rgba : encoded.y4m)
                try mov?.write(encoded.rgba)
                if keepStates && stillPositions?.contains(summary.frames) ?? true { states[summary.frames] = state }
                summary.frames += 1
                progress(summary.frames, total)
            }
            if let webm { video.append(webm) }
            if let mov { video.append(mov) }
            for v in video { try v.finish() }
            if !settings.toStdout {
                for f in [OutputFormat.y4m, .mp4, .webm, .mov] where formats.contains(f) {
                    summary.add(f, bytes: Self.fileSize("\(dir)/\(OutputNames.video(scene, f.rawValue))"))
                }
            }
            if let apng { summary.add(.apng, bytes: try apng.finish()) }
            if let paletteAPNG { summary.add(.apng, bytes: try paletteAPNG.finish()) }
            if let gif { summary.add(.gif, bytes: try gif.finish()) }
            if let webp { summary.add(.webp, bytes: try webp.finish()) }
            try writeStills(states, count: summary.frames, formats: formats, renderer: pipeline.renderer, into: dir, summary: &summary)
        } catch {
            // Whatever stopped the run, no half-written video is left behind.
            for sink in [webm, mov].compactMap({ $0 }) where !video.contains(where: { $0 === sink }) { video.append(sink) }
            for v in video { v.abandon() }
            apng?.abandon()
            webp?.abandon()
            AtomicFile.removeLeftovers(in: dir)
            throw Stopped(underlying: error, framesKept: pngFrames, discarded: settings.formats.filter { $0 != .png })
        }
        if !settings.toStdout { unlink(marker) }
        return summary
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// What each still format picks: sheet and trail 8 evenly spaced frames (or `--pick`), PDF
    /// and SVG the scene's golden frames (or `--pick`).
    func stillPicks(_ formats: Set<OutputFormat>) -> [FramePick] {
        var picks: [FramePick] = []
        if formats.contains(.sheet) || formats.contains(.trail) { picks.append(settings.pick ?? .evenly(8)) }
        if formats.contains(.pdf) || formats.contains(.svg) { picks.append(settings.pick ?? .list(scene.golden.frames)) }
        return picks
    }

    /// `states`: the kept states by position in the run of `count` frames.
    func writeStills(_ states: [Int: FrameState], count: Int, formats: Set<OutputFormat>, renderer: Renderer, into dir: String,
                     summary: inout Summary) throws {
        func picked(_ fallback: FramePick) -> [FrameState] {
            (settings.pick ?? fallback).resolve(count: count).compactMap { states[$0] }
        }
        if formats.contains(.sheet) {
            let data = try PNGCodec.encode(try Stills.sheet(picked(.evenly(8)), renderer: renderer, columns: settings.columns))
            try AtomicFile.write(data, to: "\(dir)/\(OutputNames.sheet(scene))")
            summary.add(.sheet, bytes: data.count)
        }
        if formats.contains(.trail) {
            let trail = try Stills.trail(picked(.evenly(8)), renderer: renderer)
            if !trail.showsMotion {
                summary.warnings.append("\(scene.file): the trail shows no motion: nothing moved between the picked frames, or every earlier position is hidden under the last one (pick other frames with --pick, or use --format sheet)")
            }
            let data = try PNGCodec.encode(trail.canvas)
            try AtomicFile.write(data, to: "\(dir)/\(OutputNames.trail(scene))")
            summary.add(.trail, bytes: data.count)
        }
        for (f, isPDF) in [(OutputFormat.pdf, true), (.svg, false)] where formats.contains(f) {
            for state in picked(.list(scene.golden.frames)) {
                let data = try Stills.vector(state, renderer: renderer, pdf: isPDF)
                try AtomicFile.write(data, to: "\(dir)/\(OutputNames.frame(state.frame, extension: f.rawValue))")
                summary.add(f, bytes: data.count)
            }
        }
    }
}
