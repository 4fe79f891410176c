import Foundation
import SpringyCore
import SpringyOutput
import SpringyScene
import SpringyTypes

/// `springy bench --shards`: what N shards of one scene cost, each on one thread, run one
/// after another in this process (so none slows another): simulating from frame 0 in each
/// shard, drawing from a state stream, and split by measured cost. Each cost is the CPU time
/// the run used (a disk flushing does not count), for the benchmark only.
package enum ShardBenchmark {
    package struct Result {
        package var scene = ""
        package var frames = 0
        package var shards = 0
        package var oneRun = 0.0
        package var pngBytes = 0
        package var countShards: [Double] = []
        package var streamSeconds = 0.0
        package var streamBytes = 0
        package var streamShards: [Double] = []
        package var weightedShards: [Double] = []
        /// Decoded frames of the mp4 merged from the weighted shards equal to one run's mp4,
        /// and the frames compared (nil without ffmpeg).
        package var mergedVideo: (equal: Int, of: Int)?

        static func sum(_ s: [Double]) -> Double { s.reduce(0, +) }
        static func spread(_ s: [Double]) -> Double { s.max()! / (sum(s) / Double(s.count)) }

        package var table: String {
            func sec(_ v: Double) -> String { String(format: "%.2f s", v) }
            func ratio(_ v: Double) -> String { String(format: "%.2f×", v) }
            func pct(_ v: Double) -> String { String(format: "%.1f %%", v * 100) }
            func shardsLine(_ name: String, _ s: [Double], extra: Double = 0) -> String {
                "\(name): sum \(sec(Self.sum(s) + extra)) = \(ratio((Self.sum(s) + extra) / oneRun)) one run; slowest \(sec(s.max()!)), mean \(sec(Self.sum(s) / Double(s.count))) (slowest/mean \(ratio(Self.spread(s))))"
            }
            return [
                "shards: \(scene), \(counted(frames, "frame")), \(shards) shards, one thread each (CPU seconds)",
                "one run: \(sec(oneRun)), \(String(format: "%.1f", Double(pngBytes) / 1_048_576)) MB of PNG",
                shardsLine("\(shards) count shards, each simulating from frame 0", countShards),
                "state stream: written in \(sec(streamSeconds)) (\(pct(streamSeconds / oneRun)) of one run), \(String(format: "%.1f", Double(streamBytes) / 1024)) kB (\(pct(Double(streamBytes) / Double(pngBytes))) of the PNG bytes)",
                shardsLine("\(shards) count shards from the stream, stream included", streamShards, extra: streamSeconds),
                shardsLine("\(shards) weighted shards from the stream, stream included", weightedShards, extra: streamSeconds),
                mergedVideo.map {
                    "render --merge of the weighted shards into an mp4: \($0.equal) of \($0.of) decoded frames equal one run's mp4 (ffmpeg framemd5)"
                } ?? "render --merge into an mp4: not measured (ffmpeg is not on PATH)",
            ].joined(separator: "\n")
        }
    }

    package static func run(_ scene: Scene, shards n: Int = 8, folder: String) throws -> Result {
        // Its own folder, removed at the end: one that is already there is not its to remove.
        guard !FileManager.default.fileExists(atPath: folder) else {
            throw OutputError("bench --shards: \(folder) already exists; choose another --out (the benchmark removes its folder)")
        }
        var r = Result()
        r.scene = scene.file
        r.shards = n
        func timed(_ body: () throws -> Void) rethrows -> Double {
            let start = CPUTime.process
            try body()
            return CPUTime.process - start
        }
        func render(_ tag: String, shard: (Int, Int)? = nil, configure: (inout RenderJob.Settings) -> Void = { _ in }) throws
            -> (seconds: Double, summary: RenderJob.Summary)
        {
            var s = RenderJob.Settings()
            s.folder = "\(folder)/\(tag)"
            s.threads = 1
            s.shard = shard.map { Shard($0.0, of: $0.1) }
            s.overwrite = true
            configure(&s)
            var summary = RenderJob.Summary()
            let seconds = try timed {
                var job = RenderJob(scene: scene, settings: s, version: SpringyVersion.current)
                try job.settle()
                summary = try job.run()
            }
            return (seconds, summary)
        }
        let timings = "\(folder)/timings.tsv"
        _ = try render("warm-up") { $0.frames = 0...min(59, scene.time.maxFrameCount - 1) }
        let one = try render("one") { $0.timings = timings }
        r.oneRun = one.seconds
        r.frames = one.summary.frames
        r.pngBytes = one.summary.bytes
        for k in 1...n { r.countShards.append(try render("count", shard: (k, n)).seconds) }
        let states = "\(folder)/scene.states"
        r.streamSeconds = try timed { r.streamBytes = try StateStreams.write(scene, to: states).bytes }
        for k in 1...n { r.streamShards.append(try render("stream", shard: (k, n)) { $0.states = states }.seconds) }
        let costs = try ShardWeights.frameCosts(from: timings, for: scene)
        for k in 1...n {
            r.weightedShards.append(
                try render("weighted", shard: (k, n)) {
                    $0.states = states
                    $0.shardCosts = costs
                }.seconds)
        }
        // Every way of sharding made the one run's frames.
        for tag in ["count", "stream", "weighted"] {
            let dir = OutputNames.sceneFolder("\(folder)/\(tag)", scene)
            for f in 0..<r.frames {
                let name = OutputNames.frame(f)
                guard
                    FileManager.default.contents(atPath: "\(dir)/\(name)")
                        == FileManager.default.contents(atPath: "\(OutputNames.sceneFolder("\(folder)/one", scene))/\(name)")
                else { throw OutputError("bench --shards: \(tag) shards made another \(name) than one run") }
            }
        }
        if let ffmpeg = FFmpeg.path {
            _ = try render("weighted") {
                $0.formats = [.mp4]
                $0.merge = true
            }
            _ = try render("one-video") { $0.formats = [.mp4] }
            func frames(_ tag: String) throws -> [Substring] {
                let video = "\(OutputNames.sceneFolder("\(folder)/\(tag)", scene))/\(OutputNames.video(scene, "mp4"))"
                let sums = "\(folder)/\(tag).framemd5"
                _ = try FormatBenchmark.runTool(ffmpeg, ["-v", "error", "-y", "-i", video, "-f", "framemd5", sums])
                let text = (try? String(contentsOfFile: sums, encoding: .utf8)) ?? ""
                return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",").last ?? "" }
            }
            let merged = try frames("weighted"), single = try frames("one-video")
            r.mergedVideo = (zip(merged, single).filter { $0 == $1 }.count, max(merged.count, single.count))
        }
        try? FileManager.default.removeItem(atPath: folder)
        return r
    }
}
