import ArgumentParser
import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline

extension Springy {
    struct Docs: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make documentation pictures: per scene an animated PNG, a poster frame and a filmstrip, and DIR/README.md, a gallery.",
            discussion: "A scene whose file, springy version and settings are unchanged since the last run is skipped; a run with nothing to do writes nothing.")

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

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            if !(1...3).contains(scale) { throw ValidationError("--scale must be 1, 2 or 3") }
            if !(1...60).contains(every) { throw ValidationError("--every must be between 1 and 60") }
        }

        func run() throws {
            let paths = scenes.isEmpty ? try defaultScenes() : scenes
            let loaded = try loadScenes(paths, limits: limitOptions.limits)
            try refuseSharedNames(loaded) { OutputNames.sceneFolder(out, $0) }
            do { try AtomicFile.makeDirectory(out) } catch { throw report(error) }
            let gallery = DocsGallery(out: out, scale: scale, every: every, version: Springy.version,
                                      threads: ProcessInfo.processInfo.activeProcessorCount)
            var rendered = 0, unchanged = 0
            let entries = zip(loaded, paths).map { DocsGallery.Entry(scene: $0, path: $1) }
            for entry in entries {
                if !force && gallery.isUpToDate(entry) { unchanged += 1; continue }
                do { try gallery.render(entry) } catch { throw report(error) }
                rendered += 1
                print("docs: \(entry.scene.slug) → \(gallery.folder(entry.scene))")
            }
            // The page lists every scene of the gallery, not only those of this run.
            let wroteReadme: Bool
            do { wroteReadme = try gallery.writePage(gallery.merged(entries)) } catch { throw report(error) }
            if rendered == 0 && !wroteReadme {
                print("docs: nothing to do — \(unchanged == 1 ? "the scene is" : "all \(unchanged) scenes are") up to date in \(out)")
            } else {
                print("docs: \(counted(rendered, "scene")) rendered, \(unchanged) unchanged\(wroteReadme ? ", README.md written" : "")")
            }
        }
    }
}
