import Foundation
import SpringyCore
import SpringyGolden
import SpringyOutput
import SpringyScene

/// `springy bench --goldens`: what a golden store costs the repository and how much of the
/// scenes it covers — PNG goldens, trace goldens, frame hashes — beside what covering every
/// frame with PNGs would cost (every frame encoded as `check` encodes its PNG goldens).
package enum GoldenFootprint {
    package struct Result {
        package var scenes = 0
        package var frames = 0
        package var pngFiles = 0, pngBytes = 0, pngFrames = 0
        package var traceFiles = 0, traceBytes = 0
        package var hashFiles = 0, hashBytes = 0, hashFrames = 0
        package var everyFramePNGBytes = 0

        static func mb(_ bytes: Int) -> String { String(format: "%8.2f MB", Double(bytes) / 1_000_000) }
        static func share(_ n: Int, _ of: Int) -> String {
            of == 0 ? "-" : String(format: "%.1f %%", 100 * Double(n) / Double(of))
        }

        package var table: String {
            """
            golden footprint: \(scenes) scenes, \(frames) frames in all
              PNG goldens       \(String(format: "%6d", pngFiles)) files \(Self.mb(pngBytes))   frames covered: \(pngFrames) (\(Self.share(pngFrames, frames)))
              trace goldens     \(String(format: "%6d", traceFiles)) files \(Self.mb(traceBytes))   every frame's geometry
              frame hashes      \(String(format: "%6d", hashFiles)) files \(Self.mb(hashBytes))   frames covered: \(hashFrames) (\(Self.share(hashFrames, frames)))
              every frame as a PNG (for comparison) \(Self.mb(everyFramePNGBytes))   \(frames) files
            """
        }
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    package static func run(_ scenes: [Scene], goldenRoot: String, threads: Int) throws -> Result {
        var r = Result()
        r.scenes = scenes.count
        for scene in scenes {
            let store = GoldenStore(goldenRoot: goldenRoot)
            let dir = "\(goldenRoot)/\(scene.slug)"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
            for name in names where name.hasPrefix("frame-") && name.hasSuffix(".png") {
                r.pngFiles += 1; r.pngFrames += 1; r.pngBytes += size("\(dir)/\(name)")
            }
            if names.contains("trace.tsv.gz") { r.traceFiles += 1; r.traceBytes += size(store.tracePath(scene: scene)) }
            var pipeline = try FramePipeline(scene: scene, threads: threads)
            pipeline.reuseRestFrames = false
            var count = 0
            try pipeline.runEncoded { _, _, encoded in
                count += 1
                r.everyFramePNGBytes += encoded.png.count
            }
            r.frames += count
            if names.contains(FrameHashes.fileName) {
                let path = store.hashesPath(scene: scene)
                r.hashFiles += 1; r.hashBytes += size(path)
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                r.hashFrames += ((try? FrameHashes.parse(text, maxFrames: 4 * count + 16)) ?? []).count
            }
        }
        return r
    }
}
