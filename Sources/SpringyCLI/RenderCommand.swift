import ArgumentParser
import Foundation
import SpringyLayout
import SpringyOutput
import SpringyScene

extension Springy {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render scenes to PNG sequences: DIR/<scene>/frame-00000.png ...")

        @Argument(help: "Scene files (.yaml).")
        var scenes: [String]

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

        @Flag(name: .long, help: "Replace frames already in the output folder.")
        var overwrite = false

        @Flag(name: .long, help: "No progress bar and no summary.")
        var quiet = false

        func validate() throws {
            if let s = scale, !(1...3).contains(s) { throw ValidationError("--scale must be 1, 2 or 3, not \(s)") }
            if let t = threads, !(1...256).contains(t) { throw ValidationError("--threads must be between 1 and 256, not \(t)") }
            if !(0...9).contains(pngLevel) { throw ValidationError("--png-level must be 0-9, not \(pngLevel)") }
            if PNGSettings.Filter(rawValue: pngFilter) == nil {
                throw ValidationError("--png-filter must be one of \(PNGSettings.Filter.allCases.map(\.rawValue).joined(separator: ", ")), not \(pngFilter)")
            }
        }

        func run() throws {
            let loaded = try loadScenes(scenes)
            let threadCount = threads ?? ProcessInfo.processInfo.activeProcessorCount
            let png = PNGSettings(level: pngLevel, filter: PNGSettings.Filter(rawValue: pngFilter)!)
            // Check every destination before writing anything.
            for scene in loaded {
                let dir = "\(out)/\(scene.slug)"
                if let r = frames?.range, r.lowerBound >= scene.time.maxFrameCount {
                    warn("springy: --frames \(r.lowerBound)-\(r.upperBound): \(scene.file) has \(scene.time.maxFrameCount) frames (0-\(scene.time.maxFrameCount - 1))")
                    throw ExitCode(2)
                }
                if !overwrite, let existing = existingFrames(in: dir), !existing.isEmpty {
                    warn("springy: \(dir) already holds \(existing.count) frame(s) (e.g. \(existing[0])); pass --overwrite to replace them, or choose another --out")
                    throw ExitCode(2)
                }
            }
            let interactive = !quiet && isatty(2) != 0
            for scene in loaded {
                let dir = "\(out)/\(scene.slug)"
                do {
                    try AtomicFile.makeDirectory(dir)
                    AtomicFile.removeLeftovers(in: dir)
                } catch { warn("springy: \(error)"); throw ExitCode(2) }
                let pipeline = try FramePipeline(scene: scene, scale: scale, png: png, threads: threadCount)
                let started = Date()
                var count = 0, bytes = 0
                let total = frames.map { min($0.range.upperBound, scene.time.maxFrameCount - 1) - $0.range.lowerBound + 1 }
                    ?? scene.time.maxFrameCount
                do {
                    try pipeline.run(frames: frames?.range) { index, _, data in
                        try AtomicFile.write(data, to: "\(dir)/\(FramePipeline.frameName(index))")
                        count += 1
                        bytes += data.count
                        if interactive { progress(scene.slug, count, total) }
                    }
                } catch let e as SimulationError {
                    if interactive { warn("") }
                    warn("\(e)"); throw ExitCode(2)
                } catch let e as OutputError {
                    if interactive { warn("") }
                    warn("springy: \(e)"); throw ExitCode(2)
                }
                if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                if !quiet {
                    let seconds = Date().timeIntervalSince(started)
                    print("\(scene.slug): \(count) frames in \(String(format: "%.2f", seconds)) s, \(formatBytes(bytes)) → \(dir)")
                }
            }
        }

        func existingFrames(in dir: String) -> [String]? {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return nil }
            return names.filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }.sorted()
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
