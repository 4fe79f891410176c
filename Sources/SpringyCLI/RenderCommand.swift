import ArgumentParser
import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline
import SpringyScene

extension Springy {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render scenes: PNG sequences (DIR/<scene>/frame-00000.png ...), or with --format animated PNGs, sheets, trails, PDF/SVG stills and video frames.")

        @Argument(help: "Scene files (.yaml); a lone - sends y4m to standard output.")
        var scenes: [String]

        @Option(name: .long, help: "Output folder.")
        var out: String = "out"

        @Option(name: .long, parsing: .singleValue,
                help: "Output formats (repeat or comma-separate): png (frame sequence), apng, gif, webp, sheet, trail, pdf, svg, y4m, mp4, webm.")
        var format: [FormatList] = []

        @Option(name: .long, help: "Only these frames: A-B, A, last or A-last, e.g. 30-59.", transform: FrameRange.parse)
        var frames: FrameRange?

        @Option(name: .long, help: "Pixels per point (1, 2 or 3), instead of the scene's.")
        var scale: Int?

        @Option(name: .long, help: "Render and encode on this many threads (default: all cores).")
        var threads: Int?

        @Option(name: .long, help: "Frames for sheet, trail, pdf and svg: a count (evenly spaced) or a list like 0,30,last. Default: 8 for sheet and trail, the scene's golden frames for pdf and svg.")
        var pick: FramePick?

        @Option(name: .long, help: "Columns of a contact sheet.")
        var columns: Int = 4

        @Flag(name: .long, help: "Replace frames already in the output folder.")
        var overwrite = false

        @Flag(name: .long, help: "No progress bar and no summary.")
        var quiet = false

        @Option(name: .long, help: "Render only shard K of N (K/N, 1-based): a contiguous share of the frames. The N shards together equal one full run, byte for byte.", transform: Shard.parse)
        var shard: Shard?

        @Option(name: .customLong("png-level"), help: "zlib compression level, 0-9.")
        var pngLevel: Int = PNGSettings().level

        @Option(name: .customLong("png-filter"), help: "PNG row filter.")
        var pngFilter: PNGSettings.Filter = PNGSettings().filter

        @Option(name: .customLong("png-strategy"), help: "zlib strategy.")
        var pngStrategy: PNGSettings.Strategy = PNGSettings().strategy

        @Option(name: .customLong("webp-quality"), help: "Lossy WebP at this quality, 0-100 (default: lossless).")
        var webpQuality: Double?

        @Option(name: .customLong("gif-colors"), help: "Most colours in a GIF's palette, 2-255.")
        var gifColors: Int = 255

        @OptionGroup var limitOptions: LimitOptions

        var formats: [OutputFormat] {
            let list = format.flatMap(\.formats)
            return list.isEmpty ? [.png] : list
        }

        var toStdout: Bool { scenes.contains("-") }

        func validate() throws {
            if shard != nil && formats != [.png] {
                throw ValidationError("--shard splits a PNG sequence; other formats need the whole scene")
            }
            if columns < 1 || columns > 100 { throw ValidationError("--columns must be between 1 and 100") }
            if toStdout && formats != [.y4m] { throw ValidationError("- (standard output) is for --format y4m alone") }
            if toStdout && scenes.filter({ $0 != "-" }).count != 1 { throw ValidationError("- (standard output) takes exactly one scene") }
            if toStdout && isatty(1) != 0 {
                throw ValidationError("- writes binary y4m to standard output, which is a terminal: pipe it into a program (| ffmpeg -i - ...) or redirect it (> scene.y4m)")
            }
            if let s = scale, !(1...3).contains(s) { throw ValidationError("--scale must be 1, 2 or 3, not \(s)") }
            if let t = threads, !(1...256).contains(t) { throw ValidationError("--threads must be between 1 and 256, not \(t)") }
            if !(0...9).contains(pngLevel) { throw ValidationError("--png-level must be 0-9, not \(pngLevel)") }
            if let q = webpQuality, !(0...100).contains(q) { throw ValidationError("--webp-quality must be 0-100, not \(q)") }
            if !(2...255).contains(gifColors) { throw ValidationError("--gif-colors must be 2-255, not \(gifColors)") }
        }

        func settings(for scene: Scene) throws -> RenderJob.Settings {
            var s = RenderJob.Settings()
            s.formats = formats
            s.out = out
            s.frames = try frameRange(frames, of: scene)
            s.shard = shard.map { ($0.k, $0.n) }
            s.scale = scale
            s.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
            s.png = PNGSettings(level: pngLevel, filter: pngFilter, strategy: pngStrategy)
            s.pick = pick
            s.columns = columns
            s.overwrite = overwrite
            s.toStdout = toStdout
            s.webpQuality = webpQuality
            s.gifColors = gifColors
            return s
        }

        func run() throws {
            Interrupt.install()
            let loaded = try loadScenes(scenes.filter { $0 != "-" }, limits: limitOptions.limits)
            if formats.contains(.mp4) || formats.contains(.webm), FFmpeg.path == nil {
                warn("springy: --format mp4/webm needs ffmpeg on PATH (apt-get install ffmpeg); or render --format y4m and convert it elsewhere (README.md shows the ffmpeg command)")
                throw ExitCode(2)
            }
            for scene in loaded where formats.contains(where: \.isStill) { try checkPick(pick, of: scene) }
            let jobs = try loaded.map { RenderJob(scene: $0, settings: try settings(for: $0), version: Springy.version) }
            try refuseSharedNames(loaded) { OutputNames.sceneFolder(out, $0) }
            // Check every destination before writing anything.
            for job in jobs {
                let scene = job.scene
                if !overwrite && !toStdout && !job.resumable, let existing = job.existingOutputs(), !existing.isEmpty {
                    warn("springy: \(job.folder) already holds \(counted(existing.count, "output file")) (e.g. \(existing[0])); pass --overwrite to replace them, or choose another --out")
                    throw ExitCode(2)
                }
            }
            let interactive = !quiet && !toStdout && isatty(2) != 0
            for job in jobs { try render(job, interactive: interactive) }
        }

        func render(_ job: RenderJob, interactive: Bool) throws {
            let started = Date()
            let slug = job.scene.slug
            if job.frameRange == nil {
                if !quiet { print("\(slug): shard \(shard.map { "\($0.k)/\($0.n)" } ?? "") has no frames") }
                return
            }
            let summary: RenderJob.Summary
            do {
                summary = try job.run(cancelled: Interrupt.check) { done, total in
                    if interactive { progress(slug, done, total) }
                }
            } catch let stopped as RenderJob.Stopped {
                if interactive { warn("") }
                switch stopped.underlying {
                case let e as Interrupt.Received:
                    warn("springy: interrupted — " + Self.kept(stopped, slug: slug, folder: job.folder))
                    throw ExitCode(128 + e.signal)
                default:
                    throw report(stopped.underlying)
                }
            } catch {
                throw report(error)
            }
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            for w in summary.warnings { warn("springy: warning: \(w)") }
            if !quiet && !toStdout {
                let seconds = Date().timeIntervalSince(started)
                print("\(slug): \(counted(summary.frames, "frame")) in \(String(format: "%.2f", seconds)) s, \(formatBytes(summary.bytes)) → \(summary.folder) (\(Self.describe(summary)))")
            }
        }

        /// "png: 120 files, 1.2 MB; apng: 340.1 kB" — every format written, with its true size.
        static func describe(_ summary: RenderJob.Summary) -> String {
            summary.written.map { w in
                w.files == 1 ? "\(w.format.rawValue) \(formatBytes(w.bytes))" : "\(w.format.rawValue) \(counted(w.files, "file")) \(formatBytes(w.bytes))"
            }.joined(separator: ", ")
        }

        /// What an interrupted render kept: only whole PNG frames survive; the rest is written whole or not at all.
        static func kept(_ stopped: RenderJob.Stopped, slug: String, folder: String) -> String {
            var parts: [String] = []
            if stopped.framesKept > 0 {
                parts.append("\(counted(stopped.framesKept, "PNG frame")) of \(slug) kept in \(folder), each whole; run the same command again to complete the set")
            } else {
                parts.append("no frames of \(slug) kept")
            }
            if !stopped.discarded.isEmpty {
                parts.append("\(stopped.discarded.map(\.rawValue).joined(separator: ", ")) not written (only ever written complete)")
            }
            return parts.joined(separator: "; ")
        }

        func progress(_ name: String, _ done: Int, _ total: Int) {
            let width = 30
            let filled = total > 0 ? min(width, done * width / total) : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            FileHandle.standardError.write(Data("\r\(name) \(bar) \(done)/\(total)".utf8))
        }
    }
}

func formatBytes(_ n: Int) -> String {
    if n >= 1 << 20 { return String(format: "%.1f MB", Double(n) / 1_048_576) }
    if n >= 1 << 10 { return String(format: "%.1f kB", Double(n) / 1024) }
    return "\(n) B"
}
