import ArgumentParser
import Foundation
import SpringyCore
import SpringyLayout
import SpringyOutput
import SpringyRender
import SpringyScene

extension Springy {
    struct Docs: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make documentation pictures: per scene an animated PNG, a poster frame and a filmstrip, and DIR/README.md, a gallery.",
            discussion: "A scene whose file, springy version and settings are unchanged since the last run is skipped; a run with nothing to do writes nothing.")

        @OptionGroup var limitOptions: LimitOptions

        @Argument(help: "Scene files (default: scenes/*.yaml).")
        var scenes: [String] = []

        @Option(name: .long, help: "Output folder.")
        var out: String = "docs/gallery"

        @Option(name: .long, help: "Pixels per point of the pictures.")
        var scale: Int = 1

        @Option(name: .long, help: "Keep every Nth frame in the animation.")
        var every: Int = 2

        @Flag(name: .long, help: "Render even unchanged scenes.")
        var force = false

        func validate() throws {
            if !(1...3).contains(scale) { throw ValidationError("--scale must be 1, 2 or 3") }
            if !(1...60).contains(every) { throw ValidationError("--every must be between 1 and 60") }
        }

        /// A stable content hash of the parts (FNV-1a, as the cache files have always used).
        static func hash(_ parts: [[UInt8]]) -> String {
            var h = ContentHash()
            for part in parts { h.add(part); h.endPart() }
            return String(h.value, radix: 16)
        }

        struct Entry {
            var scene: Scene
            var path: String
        }

        func run() throws {
            let paths = scenes.isEmpty ? try defaultScenes() : scenes
            let loaded = try loadScenes(paths, limits: limitOptions.limits)
            do { try AtomicFile.makeDirectory(out) } catch { warn("springy: \(error)"); throw ExitCode(2) }
            var rendered = 0, unchanged = 0
            var entries: [Entry] = []
            for (scene, path) in zip(loaded, paths) {
                entries.append(Entry(scene: scene, path: path))
                let dir = "\(out)/\(scene.slug)"
                let source = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
                let key = Self.hash([Array(source), Array(Springy.version.utf8), Array("docs-1 scale \(scale) every \(every)".utf8)])
                let files = outputs(scene)
                let stamp = "\(dir)/.springy-docs-hash"
                if !force, (try? String(contentsOfFile: stamp, encoding: .utf8)) == key,
                   files.allSatisfy({ FileManager.default.fileExists(atPath: "\(dir)/\($0)") }) {
                    unchanged += 1
                    continue
                }
                do {
                    try AtomicFile.makeDirectory(dir)
                    try renderDocs(scene, into: dir)
                    try AtomicFile.write(Array(key.utf8), to: stamp)
                } catch let e as SimulationError { warn("\(e)"); throw ExitCode(2) }
                catch let e as OutputError { warn("springy: \(e)"); throw ExitCode(2) }
                rendered += 1
                print("docs: \(scene.slug) → \(dir)")
            }
            let readme = gallery(entries)
            let readmePath = "\(out)/README.md"
            let wroteReadme = (try? String(contentsOfFile: readmePath, encoding: .utf8)) != readme
            if wroteReadme {
                do { try AtomicFile.write(Array(readme.utf8), to: readmePath) } catch { warn("springy: \(error)"); throw ExitCode(2) }
            }
            if rendered == 0 && !wroteReadme {
                print("docs: nothing to do — all \(unchanged) scene(s) are up to date in \(out)")
            } else {
                print("docs: \(rendered) scene(s) rendered, \(unchanged) unchanged\(wroteReadme ? ", README.md written" : "")")
            }
        }

        func outputs(_ scene: Scene) -> [String] {
            ["\(scene.slug).apng", "\(scene.slug)-poster.png", "\(scene.slug)-filmstrip.png"]
        }

        func renderDocs(_ scene: Scene, into dir: String) throws {
            let pipeline = try FramePipeline(scene: scene, scale: scale, threads: ProcessInfo.processInfo.activeProcessorCount)
            var apng = APNGWriter(fps: scene.time.fps, step: every)
            var states: [FrameState] = []
            var pngs: [Int: [UInt8]] = [:]
            try pipeline.run { index, state, bytes in
                if index % every == 0 { apng.add(png: bytes) }
                states.append(state)
                pngs[index] = bytes
            }
            try AtomicFile.write(try apng.bytes(), to: "\(dir)/\(scene.slug).apng")
            // The poster: the last frame the scene's author chose for its golden test.
            let posterIndex = GoldenFramePick.poster(scene, count: states.count)
            try AtomicFile.write(pngs[posterIndex]!, to: "\(dir)/\(scene.slug)-poster.png")
            let strip = FramePick.evenly(6).resolve(count: states.count).map { states[$0] }
            try AtomicFile.write(try Stills.sheet(strip, renderer: pipeline.renderer, columns: 6, thumbnailScale: 0.4),
                                 to: "\(dir)/\(scene.slug)-filmstrip.png")
        }

        func gallery(_ entries: [Entry]) -> String {
            var s = "# Springy gallery\n\nMade by `springy docs` from the scene files; every picture is rendered, none edited.\n"
            for e in entries {
                let slug = e.scene.slug
                s += "\n## \(e.scene.name)\n\n"
                s += "`\(e.path)` — \(e.scene.time.maxFrameCount) frames at \(e.scene.time.fps) fps.\n\n"
                s += "![\(e.scene.name), animated](\(slug)/\(slug).apng)\n\n"
                s += "![\(e.scene.name), poster frame](\(slug)/\(slug)-poster.png)\n\n"
                s += "![\(e.scene.name), filmstrip](\(slug)/\(slug)-filmstrip.png)\n\n"
                s += "Made with: `springy docs \(e.path) --out \(out) --scale \(scale) --every \(every)`\n"
            }
            return s
        }
    }
}

enum GoldenFramePick {
    /// The highest frame the scene's golden list names (`last` for the final one).
    static func poster(_ scene: Scene, count: Int) -> Int {
        var best = 0
        for f in scene.golden.frames {
            switch f {
            case .last: best = count - 1
            case .index(let i): best = max(best, min(i, count - 1))
            }
        }
        return best
    }
}
