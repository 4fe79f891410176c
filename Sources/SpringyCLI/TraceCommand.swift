import ArgumentParser
import Foundation
import SpringyKit

extension Springy {
    struct Trace: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print the scene's trace: one JSON object per frame (JSON Lines); or, with --hash, a content hash per scene.",
            discussion: """
                --hash prints one line per scene: the FNV-1a 64 hash of its trace text, the hash of every frame's \
                pixels as drawn, before encoding (with --pixels; '-' without), the frame count and the scene path; \
                --per-frame first prints a line per frame: 'frame', its number, its trace line's hash, its pixels' \
                hash ('-' without --pixels) and the scene path. The pinned tables golden/pinned-hashes.tsv and \
                golden/pinned-frames.tsv are made this way (scripts/record-hashes) and checked by the tests.
                """)

        @Argument(help: "Scene files (one, unless --hash).")
        var scenes: [String]

        @Option(
            name: .long, help: "Only these frames: A-B, A, last or A-last, e.g. 30-59.", transform: { try FrameRange.parse($0) })
        var frames: FrameRange?

        @Flag(name: .long, help: "Print content hashes instead of the trace.")
        var hash = false

        @Flag(name: .long, help: "With --hash, also hash every frame's pixels as the render pipeline draws them.")
        var pixels = false

        @Flag(name: .long, help: "With --hash, also print each frame's hashes, a line each, before its scene's.")
        var perFrame = false

        @Option(name: .long, help: "With --pixels, draw and encode on this many threads.")
        var threads: Int = 1

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            if !hash && scenes.count != 1 { throw ValidationError("trace prints one scene; --hash takes several") }
            if pixels && !hash { throw ValidationError("--pixels goes with --hash") }
            if perFrame && !hash { throw ValidationError("--per-frame goes with --hash") }
            if !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, not \(threads)") }
        }

        func run() throws {
            let loaded = try loadScenes(scenes, limits: limitOptions.limits)
            if hash {
                for (scene, path) in zip(loaded, scenes) {
                    do {
                        let h = try scene.hashes(frames: try frameRange(frames, of: scene), pixels: pixels, threads: threads)
                        if perFrame {
                            var lines = ""
                            for f in h.perFrame { lines += "frame\t\(f.frame)\t\(f.trace)\t\(f.pixels ?? "-")\t\(path)\n" }
                            try Files.writeStandardOutput(lines)
                        }
                        try Files.writeStandardOutput("\(h.trace)\t\(h.pixels ?? "-")\t\(h.frames)\t\(path)\n")
                    } catch { throw report(error) }
                }
                return
            }
            var out = ""
            do {
                try loaded[0].traceLines(frames: try frameRange(frames, of: loaded[0])) { line in
                    out += line
                    out += "\n"
                    if out.utf8.count > 1 << 16 { try Files.writeStandardOutput(out); out = "" }
                }
                try Files.writeStandardOutput(out)
            } catch {
                try? Files.writeStandardOutput(out)
                throw report(error)
            }
        }
    }
}
