import ArgumentParser
import Foundation
import SpringyLayout
import SpringyOutput
import SpringyScene

extension Springy {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render scenes: PNG sequences (DIR/<scene>/frame-00000.png ...), or with --format animated PNGs, sheets, trails, PDF/SVG stills and video frames.")

        @OptionGroup var limitOptions: LimitOptions

        @Argument(help: "Scene files (.yaml); a lone - sends y4m to standard output.")
        var scenes: [String]

        @Option(name: .long, parsing: .singleValue,
                help: "Output formats (repeat or comma-separate): png (frame sequence), apng, sheet, trail, pdf, svg, y4m, mp4, webm.")
        var format: [String] = []

        @Option(name: .long, help: "Frames for sheet, trail, pdf and svg: a count (evenly spaced) or a list like 0,30,last. Default: 8 for sheet and trail, the scene's golden frames for pdf and svg.")
        var pick: String?

        @Option(name: .long, help: "Columns of a contact sheet.")
        var columns: Int = 4

        @Option(name: .long, help: "Output folder.")
        var out: String = "out"

        @Option(name: .long, help: "Only these frames, e.g. 30-59 or 12.")
        var frames: FrameRange?

        @Option(name: .long, help: "Pixels per point (1, 2 or 3), instead of the scene's.")
        var scale: Int?

        @Option(name: .long, help: "Render and encode on this many threads (default: all cores).")
        var threads: Int?

        @Option(name: .customLong("png-level"), help: "zlib compression level, 0-9.")
        var pngLevel: Int = PNGSettings().level

        @Option(name: .customLong("png-filter"), help: "PNG row filter: none, sub, up, avg, paeth or all (adaptive).")
        var pngFilter: String = PNGSettings().filter.rawValue

        @Option(name: .customLong("png-strategy"), help: "zlib strategy: default, filtered, huffman, rle or fixed.")
        var pngStrategy: String = PNGSettings().strategy.rawValue

        @Option(name: .long, help: "Render only shard K of N (K/N, 1-based): a contiguous share of the frames. The N shards together equal one full run, byte for byte.")
        var shard: String?

        @Flag(name: .long, help: "Replace frames already in the output folder.")
        var overwrite = false

        @Flag(name: .long, help: "No progress bar and no summary.")
        var quiet = false

        static let formats = ["png", "apng", "sheet", "trail", "pdf", "svg", "y4m", "mp4", "webm"]

        static func parseShard(_ text: String) -> (Int, Int)? {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else { return nil }
            return (k, n)
        }

        /// The frames this run renders: `--frames`, then this shard's contiguous share of them.
        func frameRange(for scene: Scene) -> ClosedRange<Int>? {
            let all = 0...(scene.time.maxFrameCount - 1)
            var range = frames.map { $0.range.clamped(to: all) } ?? all
            if let sh = shard, let (k, n) = Self.parseShard(sh) {
                let count = range.count
                let lo = range.lowerBound + count * (k - 1) / n, hi = range.lowerBound + count * k / n - 1
                if hi < lo { return nil }
                range = lo...hi
            }
            return range
        }

        var formats: [String] {
            let list = format.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } }
            return list.isEmpty ? ["png"] : list
        }

        var toStdout: Bool { scenes.contains("-") }

        func validate() throws {
            for f in formats where !Self.formats.contains(f) {
                throw ValidationError("--format \(f) is not one of \(Self.formats.joined(separator: ", "))")
            }
            if let sh = shard, Self.parseShard(sh) == nil {
                throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, e.g. 2/4, not \(sh)")
            }
            if shard != nil && formats != ["png"] {
                throw ValidationError("--shard splits a PNG sequence; other formats need the whole scene")
            }
            if let p = pick, FramePick(p) == nil { throw ValidationError("--pick takes a count or a list like 0,30,last, not \(p)") }
            if columns < 1 || columns > 100 { throw ValidationError("--columns must be between 1 and 100") }
            if toStdout && formats != ["y4m"] { throw ValidationError("- (standard output) is for --format y4m alone") }
            if toStdout && scenes.filter({ $0 != "-" }).count != 1 { throw ValidationError("- (standard output) takes exactly one scene") }
            if let s = scale, !(1...3).contains(s) { throw ValidationError("--scale must be 1, 2 or 3, not \(s)") }
            if let t = threads, !(1...256).contains(t) { throw ValidationError("--threads must be between 1 and 256, not \(t)") }
            if !(0...9).contains(pngLevel) { throw ValidationError("--png-level must be 0-9, not \(pngLevel)") }
            if PNGSettings.Strategy(rawValue: pngStrategy) == nil {
                throw ValidationError("--png-strategy must be one of \(PNGSettings.Strategy.allCases.map(\.rawValue).joined(separator: ", ")), not \(pngStrategy)")
            }
            if PNGSettings.Filter(rawValue: pngFilter) == nil {
                throw ValidationError("--png-filter must be one of \(PNGSettings.Filter.allCases.map(\.rawValue).joined(separator: ", ")), not \(pngFilter)")
            }
        }

        func run() throws {
            Interrupt.install()
            let loaded = try loadScenes(scenes.filter { $0 != "-" }, limits: limitOptions.limits)
            let threadCount = threads ?? ProcessInfo.processInfo.activeProcessorCount
            let png = PNGSettings(level: pngLevel, filter: PNGSettings.Filter(rawValue: pngFilter)!,
                                  strategy: PNGSettings.Strategy(rawValue: pngStrategy)!)
            let wanted = formats
            if wanted.contains("mp4") || wanted.contains("webm"), FFmpeg.path == nil {
                warn("springy: --format mp4/webm needs ffmpeg on PATH (apt-get install ffmpeg); or pipe y4m into it: springy render SCENE --format y4m - | ffmpeg -i - out.mp4")
                throw ExitCode(2)
            }
            // Check every destination before writing anything.
            for scene in loaded {
                let dir = "\(out)/\(scene.slug)"
                if let r = frames?.range, r.lowerBound >= scene.time.maxFrameCount {
                    warn("springy: --frames \(r.lowerBound)-\(r.upperBound): \(scene.file) has \(scene.time.maxFrameCount) frames (0-\(scene.time.maxFrameCount - 1))")
                    throw ExitCode(2)
                }
                if !overwrite && !toStdout && !resumable(dir, scene: scene, formats: wanted),
                   let existing = existingOutputs(in: dir, scene: scene, formats: wanted, frames: frameRange(for: scene)), !existing.isEmpty {
                    warn("springy: \(dir) already holds \(existing.count) output file(s) (e.g. \(existing[0])); pass --overwrite to replace them, or choose another --out")
                    throw ExitCode(2)
                }
            }
            let interactive = !quiet && !toStdout && isatty(2) != 0
            for scene in loaded {
                try renderScene(scene, formats: wanted, threads: threadCount, png: png, interactive: interactive)
            }
        }

        func renderScene(_ scene: Scene, formats wanted: [String], threads: Int, png: PNGSettings, interactive: Bool) throws {
            let dir = "\(out)/\(scene.slug)"
            if !toStdout {
                do {
                    try AtomicFile.makeDirectory(dir)
                    AtomicFile.removeLeftovers(in: dir)
                } catch { warn("springy: \(error)"); throw ExitCode(2) }
            }
            var pipeline = try FramePipeline(scene: scene, scale: scale, png: png, threads: threads)
            let wantsPNG = wanted.contains("png") || wanted.contains("apng")
            let wantsVideo = wanted.contains("y4m") || wanted.contains("mp4") || wanted.contains("webm")
            let keepStates = wanted.contains("sheet") || wanted.contains("trail") || wanted.contains("pdf") || wanted.contains("svg")
            pipeline.encodePNG = wantsPNG
            pipeline.encodeY4M = wantsVideo
            let started = Date()
            var count = 0, bytes = 0
            guard let range = frameRange(for: scene) else {
                if !quiet { print("\(scene.slug): shard \(shard ?? "") has no frames") }
                return
            }
            let total = range.count
            // Frames an interrupted run of this same command already wrote are kept, not redone.
            var missing: Set<Int>?
            if !overwrite && wanted == ["png"] && resumable(dir, scene: scene, formats: wanted) {
                missing = Set(range.filter { !FileManager.default.fileExists(atPath: "\(dir)/\(FramePipeline.frameName($0))") })
            }
            let marker = "\(dir)/\(Self.partialMarker)"
            if !toStdout {
                do { try AtomicFile.write(Array(runKey(scene, formats: wanted).utf8), to: marker) } catch {
                    warn("springy: \(error)"); throw ExitCode(2)
                }
            }
            var apng = APNGWriter(fps: scene.time.fps)
            var states: [FrameState] = []
            var video: [VideoSink] = []
            do {
                let header = Y4M.header(width: pipeline.renderer.pixelWidth, height: pipeline.renderer.pixelHeight, fps: scene.time.fps)
                if toStdout { video.append(try VideoSink.stdout(header: header)) }
                else {
                    if wanted.contains("y4m") { video.append(try VideoSink.file("\(dir)/\(scene.slug).y4m", header: header)) }
                    for f in ["mp4", "webm"] where wanted.contains(f) {
                        video.append(try VideoSink.ffmpeg(output: "\(dir)/\(scene.slug).\(f)", header: header))
                    }
                }
                try pipeline.runEncoded(frames: range, only: missing) { index, state, encoded in
                    try Interrupt.check()
                    if wanted.contains("png") {
                        try AtomicFile.write(encoded.png, to: "\(dir)/\(FramePipeline.frameName(index))")
                        bytes += encoded.png.count
                    }
                    if wanted.contains("apng") { apng.add(png: encoded.png) }
                    for v in video { try v.write(encoded.y4m) }
                    if keepStates { states.append(state) }
                    count += 1
                    if interactive { progress(scene.slug, count, total) }
                }
                for v in video { try v.finish() }
                if wanted.contains("apng") {
                    let data = try apng.bytes()
                    try AtomicFile.write(data, to: "\(dir)/\(scene.slug).apng")
                    bytes += data.count
                }
                let renderer = pipeline.renderer
                func picked(_ fallback: FramePick) -> [FrameState] {
                    let choice = pick.flatMap(FramePick.init) ?? fallback
                    let indices = choice.resolve(count: states.count)
                    return indices.map { states[$0] }
                }
                if wanted.contains("sheet") {
                    let data = try Stills.sheet(picked(.evenly(8)), renderer: renderer, columns: columns)
                    try AtomicFile.write(data, to: "\(dir)/\(scene.slug)-sheet.png")
                    bytes += data.count
                }
                if wanted.contains("trail") {
                    let data = try Stills.trail(picked(.evenly(8)), renderer: renderer)
                    try AtomicFile.write(data, to: "\(dir)/\(scene.slug)-trail.png")
                    bytes += data.count
                }
                for (f, isPDF) in [("pdf", true), ("svg", false)] where wanted.contains(f) {
                    for state in picked(.list(scene.golden.frames)) {
                        let base = (FramePipeline.frameName(state.frame) as NSString).deletingPathExtension
                        try Stills.vector(state, renderer: renderer, pdf: isPDF, to: "\(dir)/\(base).\(f)")
                    }
                }
            } catch {
                // Whatever stopped the run, no half-written video is left behind.
                if interactive { warn("") }
                for v in video { v.abandon() }
                switch error {
                case let e as Interrupt.Received:
                    AtomicFile.removeLeftovers(in: dir)
                    warn("springy: interrupted — \(count) frame(s) of \(scene.slug) written, all whole; run the same command again to complete the set")
                    throw ExitCode(128 + e.signal)
                case is SimulationError:
                    warn("\(error)"); throw ExitCode(2)
                case is OutputError:
                    warn("springy: \(error)"); throw ExitCode(2)
                default:
                    throw error
                }
            }
            if !toStdout { unlink(marker) }
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            if !quiet && !toStdout {
                let seconds = Date().timeIntervalSince(started)
                print("\(scene.slug): \(count) frames in \(String(format: "%.2f", seconds)) s, \(formatBytes(bytes)) → \(dir) (\(wanted.joined(separator: ", ")))")
            }
        }

        static let partialMarker = ".springy-partial"

        /// What identifies this render's output: the scene file, springy's version and the settings.
        func runKey(_ scene: Scene, formats: [String]) -> String {
            let source = (try? Data(contentsOf: URL(fileURLWithPath: scene.file))) ?? Data()
            return Docs.hash([Array(source), Array(Springy.version.utf8),
                              Array("\(scale ?? scene.viewport.scale) \(pngLevel) \(pngFilter) \(pngStrategy) \(formats)".utf8)])
        }

        /// An interrupted run of this same command left `dir`: complete it instead of refusing.
        func resumable(_ dir: String, scene: Scene, formats: [String]) -> Bool {
            (try? String(contentsOfFile: "\(dir)/\(Self.partialMarker)", encoding: .utf8)) == runKey(scene, formats: formats)
        }

        /// Files this render would replace.
        func existingOutputs(in dir: String, scene: Scene, formats: [String], frames range: ClosedRange<Int>?) -> [String]? {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return nil }
            return names.filter { n in
                (formats.contains("png") && n.hasPrefix("frame-") && n.hasSuffix(".png")
                    && Int(n.dropFirst(6).dropLast(4)).map { range?.contains($0) ?? false } == true)
                    || (formats.contains("pdf") && n.hasPrefix("frame-") && n.hasSuffix(".pdf"))
                    || (formats.contains("svg") && n.hasPrefix("frame-") && n.hasSuffix(".svg"))
                    || (formats.contains("apng") && n == "\(scene.slug).apng")
                    || (formats.contains("sheet") && n == "\(scene.slug)-sheet.png")
                    || (formats.contains("trail") && n == "\(scene.slug)-trail.png")
                    || ["y4m", "mp4", "webm"].contains { formats.contains($0) && n == "\(scene.slug).\($0)" }
            }.sorted()
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
