import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene

/// What `springy render` makes of a scene.
public enum OutputFormat: String, CaseIterable, Sendable {
    case png, apng, sheet, trail, pdf, svg, y4m, mp4, webm

    public var isVideo: Bool { self == .y4m || self == .mp4 || self == .webm }
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
        public init() {}
    }

    public struct Summary {
        public var frames = 0
        public var bytes = 0
        public var folder = ""
    }

    /// A run stopped part-way (by `cancelled` throwing): how many frames were written whole.
    public struct Stopped: Error {
        public var underlying: Error
        public var framesWritten: Int
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
        let settingsText = "\(settings.scale ?? scene.viewport.scale) \(p.level) \(p.filter.rawValue) \(p.strategy.rawValue) \(settings.formats.map(\.rawValue))"
        return ContentHash.key([Array(source), Array(version.utf8), Array(settingsText.utf8)])
    }

    /// An interrupted run of this same command left the folder: complete it instead of refusing.
    public var resumable: Bool {
        (try? String(contentsOfFile: "\(folder)/\(OutputNames.partialMarker)", encoding: .utf8)) == runKey
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
                || (f.contains(.sheet) && n == OutputNames.sheet(scene))
                || (f.contains(.trail) && n == OutputNames.trail(scene))
                || [OutputFormat.y4m, .mp4, .webm].contains { f.contains($0) && n == OutputNames.video(scene, $0.rawValue) }
        }.sorted()
    }

    /// Renders; `cancelled` is asked between frames and stops the run by throwing;
    /// `progress` hears (done, total).
    public func run(cancelled: () throws -> Void = {}, progress: (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        let formats = Set(settings.formats)
        let dir = folder
        var summary = Summary(folder: dir)
        if !settings.toStdout {
            try AtomicFile.makeDirectory(dir)
            AtomicFile.removeLeftovers(in: dir)
        }
        var pipeline = try FramePipeline(scene: scene, scale: settings.scale, png: settings.png, threads: settings.threads)
        pipeline.encodePNG = formats.contains(.png) || formats.contains(.apng)
        pipeline.encodeY4M = formats.contains { $0.isVideo }
        let keepStates = formats.contains { $0.isStill }
        guard let range = frameRange else { return summary }
        let total = range.count
        // Frames an interrupted run of this same command already wrote are kept, not redone.
        var missing: Set<Int>?
        if !settings.overwrite && settings.formats == [.png] && resumable {
            missing = Set(range.filter { !FileManager.default.fileExists(atPath: "\(dir)/\(OutputNames.frame($0))") })
        }
        let marker = "\(dir)/\(OutputNames.partialMarker)"
        if !settings.toStdout { try AtomicFile.write(Array(runKey.utf8), to: marker) }
        var apng = APNGWriter(fps: scene.time.fps)
        var states: [FrameState] = []
        var video: [VideoSink] = []
        do {
            let header = Y4M.header(width: pipeline.renderer.pixelWidth, height: pipeline.renderer.pixelHeight, fps: scene.time.fps)
            if settings.toStdout { video.append(try VideoSink.stdout(header: header)) } else {
                if formats.contains(.y4m) { video.append(try VideoSink.file("\(dir)/\(OutputNames.video(scene, "y4m"))", header: header)) }
                for f in [OutputFormat.mp4, .webm] where formats.contains(f) {
                    video.append(try VideoSink.ffmpeg(output: "\(dir)/\(OutputNames.video(scene, f.rawValue))", header: header))
                }
            }
            try pipeline.runEncoded(frames: range, only: missing) { index, state, encoded in
                try cancelled()
                if formats.contains(.png) {
                    try AtomicFile.write(encoded.png, to: "\(dir)/\(OutputNames.frame(index))")
                    summary.bytes += encoded.png.count
                }
                if formats.contains(.apng) { apng.add(png: encoded.png) }
                for v in video { try v.write(encoded.y4m) }
                if keepStates { states.append(state) }
                summary.frames += 1
                progress(summary.frames, total)
            }
            for v in video { try v.finish() }
            if formats.contains(.apng) {
                let data = try apng.bytes()
                try AtomicFile.write(data, to: "\(dir)/\(OutputNames.apng(scene))")
                summary.bytes += data.count
            }
            try writeStills(states, formats: formats, renderer: pipeline.renderer, into: dir, summary: &summary)
        } catch {
            // Whatever stopped the run, no half-written video is left behind.
            for v in video { v.abandon() }
            AtomicFile.removeLeftovers(in: dir)
            throw Stopped(underlying: error, framesWritten: summary.frames)
        }
        if !settings.toStdout { unlink(marker) }
        return summary
    }

    func writeStills(_ states: [FrameState], formats: Set<OutputFormat>, renderer: Renderer, into dir: String,
                     summary: inout Summary) throws {
        func picked(_ fallback: FramePick) -> [FrameState] {
            (settings.pick ?? fallback).resolve(count: states.count).map { states[$0] }
        }
        if formats.contains(.sheet) {
            let data = try PNGCodec.encode(try Stills.sheet(picked(.evenly(8)), renderer: renderer, columns: settings.columns))
            try AtomicFile.write(data, to: "\(dir)/\(OutputNames.sheet(scene))")
            summary.bytes += data.count
        }
        if formats.contains(.trail) {
            let data = try PNGCodec.encode(try Stills.trail(picked(.evenly(8)), renderer: renderer))
            try AtomicFile.write(data, to: "\(dir)/\(OutputNames.trail(scene))")
            summary.bytes += data.count
        }
        for (f, isPDF) in [(OutputFormat.pdf, true), (.svg, false)] where formats.contains(f) {
            for state in picked(.list(scene.golden.frames)) {
                let data = try Stills.vector(state, renderer: renderer, pdf: isPDF)
                try AtomicFile.write(data, to: "\(dir)/\(OutputNames.frame(state.frame, extension: f.rawValue))")
            }
        }
    }
}
