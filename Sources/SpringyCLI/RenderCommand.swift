import ArgumentParser
import Foundation
import SpringyKit

extension Springy {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Render scenes: PNG sequences (DIR/<scene>/frame-00000.png ...), or with --format animated PNGs, sheets, trails, PDF/SVG stills and video frames."
        )

        @Argument(help: "Scene files (.yaml); a lone - sends y4m to standard output.")
        var scenes: [String]

        @Option(name: .long, help: "Output folder.")
        var out: String = "out"

        @Option(
            name: .long, parsing: .singleValue,
            help: """
                Output formats (repeat or comma-separate): \(OutputFormat.allCases.map { $0 == .png ? "png (frame sequence)" : $0.rawValue }.joined(separator: ", ")).
                """
        )
        var format: [FormatList] = []

        @Option(
            name: .long, help: "Only these frames: A-B, A, last or A-last, e.g. 30-59.", transform: { try FrameRange.parse($0) })
        var frames: FrameRange?

        @Option(name: .long, help: "Pixels per point (1, 2 or 3), instead of the scene's.")
        var scale: Int?

        @Option(name: .long, help: "Render and encode on this many threads (default: all cores).")
        var threads: Int?

        @Option(
            name: .long,
            help: """
                Frames for \(stillFormats), by number: one (0) or a list like 0,30,last. Default: 8 evenly spaced for sheet and trail, the scene's golden frames for the others.
                """
        )
        var pick: PickedFrames?

        @Option(
            name: .customLong("pick-count"), help: "For \(stillFormats): this many frames, evenly spaced (1: the last).")
        var pickCount: Int?

        @Option(name: .long, help: "Columns of a contact sheet.")
        var columns: Int = 4

        @Flag(name: .long, help: "Replace frames already in the output folder.")
        var overwrite = false

        @Flag(name: .long, help: "No progress bar and no summary.")
        var quiet = false

        @Option(
            name: .long,
            help:
                "Render only shard K of N (K/N, 1-based): a contiguous share of the frames. The N shards together equal one full run, byte for byte. auto or auto/N: the index (and count) of a Slurm job array, Kubernetes Indexed Job or GitHub Actions matrix (docs/sharding.md).",
            transform: { try ShardArgument.parse($0) })
        var shard: ShardChoice?

        @Option(
            name: .customLong("png-encoder"),
            help:
                "Who encodes the PNG frames: springy (the default: Springy's own encoder) or libpng, which --png-level, --png-filter and --png-strategy tune (from libpng's own defaults: level 6, filter all, strategy default)."
        )
        var pngEncoder: PNGOptions.Encoder = PNGOptions().encoder

        @Option(name: .customLong("png-level"), help: "With --png-encoder libpng: zlib compression level, 0-9.")
        var pngLevel: Int?

        @Option(name: .customLong("png-filter"), help: "With --png-encoder libpng: PNG row filter.")
        var pngFilter: PNGOptions.Filter?

        @Option(name: .customLong("png-strategy"), help: "With --png-encoder libpng: zlib strategy.")
        var pngStrategy: PNGOptions.Strategy?

        @Option(
            name: [.customShort("q"), .customLong("quality")],
            help:
                "A preset of scale and frame rate: low (1x, 30 fps), medium (2x, 30 fps), high (2x, 60 fps) or 3x (3x, 60 fps: a 375 × 667 pt scene is 1125 × 2001 px, the size of a 3x iPhone screen). --scale and --fps override it."
        )
        var quality: QualityPreset?

        @Option(
            name: .long,
            help:
                "Frames per second, instead of the scene's: a whole number 1-240, or a video rate 23.976, 29.97 or 59.94 (also written 30000/1001).",
            transform: { try FrameRateArgument.parse($0) })
        var fps: SpringyKit.FrameRate?

        @Option(
            name: .long,
            help: "Seconds to render, instead of the scene's (a scene that runs until rest then runs exactly this long).")
        var duration: Double?

        @Option(name: .customLong(VideoOptions.codecOption.flag), help: ArgumentHelp(VideoOptions.codecOption.help))
        var codec: VideoCodec?

        @Option(name: .customLong(VideoOptions.crfOption.flag), help: ArgumentHelp(VideoOptions.crfOption.help))
        var crf: Int?

        @Option(
            name: .customLong(VideoOptions.pixelFormatOption.flag), help: ArgumentHelp(VideoOptions.pixelFormatOption.help))
        var pixFmt: String?

        @Option(
            name: .long,
            help:
                "Draw the frames from this state stream (springy states) instead of simulating them: a shard costs only its own frames."
        )
        var states: String?

        @Option(
            name: .long,
            help:
                "With --shard: split by each frame's cost as a run with --timings measured it, so the shards finish together.")
        var weights: String?

        @Option(name: .long, help: "Write each frame's cost (ms to draw, encode and write it) to this file, for --weights.")
        var timings: String?

        @Flag(
            name: .long,
            help: """
                Make the --format animations and videos (\(OutputFormat.allCases.filter(\.mergesFromFrames).map(\.rawValue).joined(separator: ", "))) from the PNG frames shards wrote into --out, instead of drawing: the file one run makes.
                """
        )
        var merge = false

        @OptionGroup(title: "Animation encoders") var encoderOptions: EncoderFlags

        @OptionGroup var limitOptions: LimitOptions

        var formats: [OutputFormat] {
            let list = format.flatMap(\.formats)
            return list.isEmpty ? [.png] : list
        }

        var toStdout: Bool { scenes.contains("-") }

        /// The frames the stills show: `--pick`'s numbers or `--pick-count`'s count.
        var picked: FramePick? { pickCount.map { .evenly($0) } ?? pick?.pick }

        func validate() throws {
            if pick != nil && pickCount != nil {
                throw ValidationError("give --pick (frame numbers) or --pick-count (a count), not both")
            }
            if let n = pickCount, n < 1 { throw ValidationError("--pick-count must be 1 or more, not \(n)") }
            try refuseEmptyPaths([("--out", out), ("--states", states)], scenes: scenes)
            try refuseEmptyPaths([("--weights", weights), ("--timings", timings)])
            if weights != nil && shard == nil { throw ValidationError("--weights splits shards: use it with --shard") }
            if (weights != nil || timings != nil) && scenes.filter({ $0 != "-" }).count != 1 {
                throw ValidationError("--weights and --timings hold one scene's frames: render that scene alone")
            }
            if states != nil && scenes.filter({ $0 != "-" }).count != 1 {
                throw ValidationError("--states holds one scene's states: render that scene alone")
            }
            if merge && (shard != nil || timings != nil || toStdout) {
                throw ValidationError(
                    "--merge reads every frame the shards wrote: use it without --shard, --timings or - (--states only says where an until: rest scene ends)"
                )
            }
            if shard != nil && formats != [.png] {
                let others = formats.filter { $0 != .png }
                let merged = others.filter(\.mergesFromFrames).map(\.rawValue).joined(separator: ",")
                let drawn = others.filter { !$0.mergesFromFrames }.map(\.rawValue).joined(separator: ",")
                let afterwards = [
                    merged.isEmpty ? nil : "make \(merged) from all of them afterwards with render --merge --format \(merged)",
                    drawn.isEmpty
                        ? nil
                        : "render \(drawn) in one run without --shard (--states reads the state stream instead of simulating)",
                ]
                throw ValidationError(
                    "--shard renders a share of the PNG frames; " + afterwards.compactMap { $0 }.joined(separator: "; "))
            }
            if columns < 1 || columns > 100 { throw ValidationError("--columns must be between 1 and 100") }
            if toStdout && formats != [.y4m] { throw ValidationError("- (standard output) is for --format y4m alone") }
            if toStdout && scenes.filter({ $0 != "-" }).count != 1 {
                throw ValidationError("- (standard output) takes exactly one scene")
            }
            if toStdout && isatty(1) != 0 {
                throw ValidationError(
                    "- writes binary y4m to standard output, which is a terminal: pipe it into a program (| ffmpeg -i - ...) or redirect it (> scene.y4m)"
                )
            }
            if let s = scale, !(1...3).contains(s) { throw ValidationError("--scale must be 1, 2 or 3, not \(s)") }
            if let t = threads, !(1...256).contains(t) { throw ValidationError("--threads must be between 1 and 256, not \(t)") }
            if let l = pngLevel, !(0...9).contains(l) { throw ValidationError("--png-level must be 0-9, not \(l)") }
            let libpngOnly = [
                ("--png-level", pngLevel != nil), ("--png-filter", pngFilter != nil), ("--png-strategy", pngStrategy != nil),
            ]
            if pngEncoder != .libpng, let (flag, _) = libpngOnly.first(where: \.1) {
                throw ValidationError(
                    "\(flag) tunes libpng, but Springy's own encoder writes the frames (the default): add --png-encoder libpng")
            }
            try encoderOptions.validate(for: formats)
            if let d = duration, !(d > 0 && d <= 86_400) {
                throw ValidationError("--duration must be more than 0 and at most 86400 s, not \(d)")
            }
            if let problem = video.problem { throw ValidationError(problem) }
            let videos = formats.filter(\.isVideo)
            if let c = codec {
                if videos.isEmpty { throw ValidationError("--codec is for --format mp4, webm or mov") }
                for v in videos where !VideoCodec.allowed(in: v).contains(c) {
                    let fits = OutputFormat.allCases.filter { $0.isVideo && VideoCodec.allowed(in: $0).contains(c) }.map(
                        \.rawValue)
                    throw ValidationError(
                        "--codec \(c.rawValue) does not go in a \(v.rawValue); use --format \(fits.joined(separator: " or "))")
                }
            }
            if (crf != nil || pixFmt != nil) && videos.isEmpty {
                throw ValidationError("--crf and --pix-fmt are for --format mp4, webm or mov")
            }
        }

        var video: VideoOptions { VideoOptions(codec: codec, crf: crf, pixelFormat: pixFmt) }

        func options(for scene: Scene) throws -> RenderOptions {
            var s = RenderOptions()
            s.formats = formats
            s.folder = out
            s.frames = try frameRange(frames, of: scene)
            s.shard = shard?.shard
            s.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
            s.png.encoder = pngEncoder
            if let pngLevel { s.png.level = pngLevel }
            if let pngFilter { s.png.filter = pngFilter }
            if let pngStrategy { s.png.strategy = pngStrategy }
            s.pick = picked
            s.columns = columns
            s.overwrite = overwrite
            s.toStandardOutput = toStdout
            s.encoders = encoderOptions.options
            s.video = video
            s.scale = scale ?? quality?.scale
            s.states = states
            s.weights = weights
            s.timings = timings
            s.merge = merge
            return s
        }

        func run() throws {
            Interrupt.install()
            shard?.announce()
            let loaded = try loadScenes(scenes.filter { $0 != "-" }, limits: limitOptions.limits)
            let retimed: [Scene]
            do {
                retimed = try loaded.map {
                    try $0.retimed(
                        rate: fps ?? quality.map { SpringyKit.FrameRate($0.fps) }, duration: duration, limits: limitOptions.limits
                    )
                }
            } catch let p as Problems { throw ValidationError(p.description) }
            if formats.contains(where: \.isVideo), !ffmpegAvailable {
                warn(
                    "springy: --format mp4/webm/mov needs ffmpeg on PATH (apt-get install ffmpeg); or render --format y4m and convert it elsewhere (README.md shows the ffmpeg command)"
                )
                throw ExitCode(2)
            }
            if picked != nil && !formats.contains(where: \.isStill) {
                warn(
                    "springy: warning: \(pickCount != nil ? "--pick-count" : "--pick") is for \(stillFormats); \(formats.map(\.rawValue).joined(separator: ", ")) do not use it"
                )
            }
            for scene in retimed where formats.contains(where: \.isStill) { try checkPick(picked, of: scene) }
            let jobs: [(scene: Scene, render: RenderRun)]
            do { jobs = try retimed.map { (scene: $0, render: try $0.render(try options(for: $0))) } } catch {
                throw report(error)
            }
            try refuseSharedNames(retimed, flag: "--out") { $0.outputFolder(in: out) }
            // Check every destination before writing anything.
            for (_, job) in jobs {
                do { try job.preflight() } catch { throw report(error) }
                if !overwrite && !toStdout && !job.resumable, let existing = job.existingOutputs(), !existing.isEmpty {
                    warn(
                        "springy: \(job.folder) already holds \(Wording.counted(existing.count, "output file")) (e.g. \(existing[0])); pass --overwrite to replace them, or choose another --out"
                    )
                    throw ExitCode(2)
                }
            }
            let interactive = !quiet && !toStdout && isatty(2) != 0
            for (scene, job) in jobs { try render(job, slug: scene.slug, interactive: interactive) }
        }

        func render(_ job: RenderRun, slug: String, interactive: Bool) throws {
            let started = Date()
            if job.frameRange == nil {
                if !quiet { say("\(slug): shard \(shard.map { "\($0.shard.index)/\($0.shard.count)" } ?? "") has no frames") }
                return
            }
            let summary: RenderSummary
            do {
                let clock = ProgressClock()
                summary = try job.run(
                    cancelled: { try Interrupt.check() },
                    resumed: { kept in
                        if interactive { warn("\(slug): resuming: \(Wording.counted(kept, "frame")) kept") }
                        clock.kept = kept
                    },
                    progress: { done, total in
                        if interactive { progress(slug, done + clock.kept, total, clock: clock) }
                    })
            } catch let stopped as RenderStopped {
                if interactive { warn("") }
                if let cancelled = stopped.cancelled {
                    warn("springy: interrupted — " + Self.kept(stopped, slug: slug, folder: job.folder))
                    throw ExitCode(128 + (cancelled.signal ?? 2))
                }
                throw report(stopped.problems ?? Problems("\(slug): the render stopped"))
            } catch {
                throw report(error)
            }
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            for w in summary.warnings { warn("springy: warning: \(w)") }
            if !quiet && !toStdout {
                let seconds = Date().timeIntervalSince(started)
                say(
                    "\(slug): \(Wording.counted(summary.frames, "frame")) in \(String(format: "%.2f", seconds)) s, \(formatBytes(summary.bytes)) → \(summary.folder) (\(Self.describe(summary)))"
                )
            }
        }

        /// "png: 120 files, 1.2 MB; apng: 340.1 kB" — every format written, with its true size.
        static func describe(_ summary: RenderSummary) -> String {
            summary.written.map { w in
                w.files == 1
                    ? "\(w.format.rawValue) \(formatBytes(w.bytes))"
                    : "\(w.format.rawValue) \(Wording.counted(w.files, "file")) \(formatBytes(w.bytes))"
            }.joined(separator: ", ")
        }

        /// What an interrupted render kept: only whole PNG frames survive; the rest is written whole or not at all.
        static func kept(_ stopped: RenderStopped, slug: String, folder: String) -> String {
            var parts: [String] = []
            if stopped.framesKept > 0 {
                parts.append(
                    "\(Wording.counted(stopped.framesKept, "PNG frame")) of \(slug) kept in \(folder), each whole; run the same command again to complete the set"
                )
            } else {
                parts.append("no frames of \(slug) kept")
            }
            if !stopped.discarded.isEmpty {
                parts.append(
                    "\(stopped.discarded.map(\.rawValue).joined(separator: ", ")) not written (only ever written complete)")
            }
            return parts.joined(separator: "; ")
        }

        /// The progress line: bar, percent, frames, frames/s, elapsed and ETA (display only: it
        /// reads the wall clock, nothing written does).
        func progress(_ name: String, _ done: Int, _ total: Int, clock: ProgressClock) {
            FileHandle.standardError.write(Data(("\r" + clock.line(name: name, done: done, total: total) + "\u{1B}[K").utf8))
        }
    }
}

func formatBytes(_ n: Int) -> String {
    if n >= 1 << 20 { return String(format: "%.1f MB", Double(n) / 1_048_576) }
    if n >= 1 << 10 { return String(format: "%.1f kB", Double(n) / 1024) }
    return "\(n) B"
}

/// `-q low|medium|high|4k`: scale and frame rate together (Manim's quality flags).
enum QualityPreset: String, ExpressibleByArgument, CaseIterable {
    case low, medium, high
    /// Three pixels per point (a 3x iPhone screen); once called `4k`, which it is not.
    case threeX = "3x"
    var scale: Int { self == .low ? 1 : self == .threeX ? 3 : 2 }
    var fps: Int { self == .low || self == .medium ? 30 : 60 }
}

/// Elapsed time and rate for the progress line.
final class ProgressClock {
    let start = Date()
    var kept = 0

    func line(name: String, done: Int, total: Int) -> String {
        let width = 24
        let filled = total > 0 ? min(width, done * width / total) : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let elapsed = Date().timeIntervalSince(start)
        let made = max(done - kept, 0)
        let rate = elapsed > 0 ? Double(made) / elapsed : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let percent = total > 0 ? 100 * done / total : 100
        return
            "\(name) \(bar) \(percent)% \(done)/\(total) \(String(format: "%.1f", rate)) frames/s \(Self.clock(elapsed)) elapsed, ETA \(Self.clock(eta))"
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600
            ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}

extension VideoCodec: ExpressibleByArgument {}

/// The formats drawn from picked frames (`--pick`), as help lists them: `sheet, still and trail`.
let stillFormats: String = {
    let names = OutputFormat.allCases.filter(\.isStill).map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " and " : "") + (names.last ?? "")
}()
