import Foundation
import SpringyCore
import SpringyOutput
import SpringyScene

/// Shards balanced by what frames and scenes cost, as the last run measured it, instead of by
/// their count. The split is a pure function of the file the shards share, so every shard
/// computes the same boundaries and their union is still exactly one run.
package enum ShardWeights {
    static let magic = "springy-timings 1"
    /// The most one frame may cost in a timings file, and one scene in a check's JSON: a day.
    static let maxFrameMilliseconds = 86_400_000.0
    static let maxSceneSeconds = 86_400.0

    /// Writes each frame's measured cost (ms to draw, encode and write it; a frame that reuses
    /// the one before costs only its writing) for `render --weights` to split by.
    package static func writeTimings(_ scene: Scene, costs: [(frame: Int, seconds: Double)], to path: String) throws {
        try refuseOtherFile(path)
        var text =
            "\(magic)\nscene\t\(scene.file.replacingOccurrences(of: "\n", with: " "))\nframes\t\(scene.time.maxFrameCount)\n"
        for c in costs { text += "\(c.frame)\t\(String(format: "%.4f", c.seconds * 1000))\n" }
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    /// A file at `path` that is not a timings file is the user's: never replaced. (An earlier
    /// timings file is, as measuring again is what `--timings` is for.)
    package static func refuseOtherFile(_ path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: magic.utf8.count) }
        guard !isFolder.boolValue, head == Data(magic.utf8) else {
            throw OutputError("--timings \(path) exists and is not a springy timings file: name another file")
        }
    }

    /// Every frame's cost (index: frame number) from a timings file; frames it does not list
    /// cost the mean of those it does. Refused when it is not a timings file or was measured
    /// on a scene with another frame count.
    package static func frameCosts(from path: String, for scene: Scene) throws -> [Double] {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 64 << 20 else {
            throw OutputError("--weights \(path): no timings file here (write one with render --timings FILE)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        func bad(_ line: Int, _ why: String) -> OutputError {
            OutputError("--weights \(path):\(line): \(why) (write the file with render --timings)")
        }
        guard lines.first == Substring(magic) else { throw bad(1, "not a springy timings file") }
        guard lines.count >= 3, lines[2].hasPrefix("frames\t"), let count = Int(lines[2].dropFirst(7)) else {
            throw bad(3, "no frame count")
        }
        let frames = scene.time.maxFrameCount
        guard count == frames else {
            throw OutputError(
                "--weights \(path): measured on \(count) frames, and \(scene.file) has \(frames): measure it again with render --timings"
            )
        }
        var costs = [Double?](repeating: nil, count: frames)
        for (i, line) in lines.enumerated().dropFirst(3) where !line.isEmpty {
            let parts = line.split(separator: "\t")
            guard parts.count == 2, let f = Int(parts[0]), (0..<frames).contains(f), let ms = Double(parts[1]), ms >= 0,
                ms.isFinite
            else { throw bad(i + 1, "expected FRAME<tab>MS") }
            // A day a frame at most, so the costs of every frame add up to a finite total.
            guard ms <= maxFrameMilliseconds else {
                throw bad(i + 1, "frame \(f) costs \(parts[1]) ms, more than a day (\(Int(maxFrameMilliseconds)) ms)")
            }
            costs[f] = ms
        }
        let known = costs.compactMap { $0 }
        guard !known.isEmpty else { throw bad(4, "no frame's cost") }
        let mean = known.reduce(0, +) / Double(known.count)
        return costs.map { $0 ?? mean }
    }

    /// Shard `k` of `n` of `range` when each frame costs `costs[frame]`: contiguous shares of
    /// equal cost (a frame goes to the shard its cost's midpoint falls in); nil when empty.
    package static func share(of range: ClosedRange<Int>, costs: [Double], k: Int, n: Int) -> ClosedRange<Int>? {
        // A floor under every frame's cost, so frames that cost nothing still spread out.
        let floor = max(1e-6, range.map { costs[$0] }.reduce(0, +) / Double(range.count) * 0.01)
        let weight = range.map { costs[$0] + floor }
        let total = weight.reduce(0, +)
        var before = 0.0
        var lo: Int?, hi: Int?
        for (i, frame) in range.enumerated() {
            let middle = before + weight[i] / 2
            // Costs too large to add up (refused when read) split by count rather than trap.
            let fraction = total.isFinite && middle.isFinite ? middle / total : (Double(i) + 0.5) / Double(range.count)
            let shard = min(n, Int((min(1, max(0, fraction)) * Double(n)).rounded(.down)) + 1)
            if shard == k {
                if lo == nil { lo = frame }
                hi = frame
            }
            before += weight[i]
        }
        guard let lo, let hi else { return nil }
        return lo...hi
    }

    /// Each scene's cost (seconds to check it) from a `check --json` file or a report's
    /// report.json, by the scene file's absolute path (the file's paths are from its folder).
    package static func sceneCosts(from path: String) throws -> [String: Double] {
        let cwd = FileManager.default.currentDirectoryPath
        let base = PathText.parent(path)
        guard let data = FileManager.default.contents(atPath: path), data.count <= 256 << 20,
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let scenes = json["scenes"] as? [[String: Any]]
        else { throw OutputError("--weights \(path): not a check --json file or report.json") }
        var out: [String: Double] = [:]  // looked up by scene file only
        for s in scenes {
            if let file = s["file"] as? String, let seconds = s["seconds"] as? Double, seconds.isFinite, seconds >= 0 {
                guard seconds <= maxSceneSeconds else {
                    throw OutputError(
                        "--weights \(path): \(file) took \(seconds) s, more than a day (\(Int(maxSceneSeconds)) s): not a check's measure"
                    )
                }
                out[PathText.absolute(file.hasPrefix("/") ? file : PathText.joined(base, file), cwd: cwd)] = seconds
            }
        }
        return out
    }

    /// `check --shard K/N --weights`: the scenes of shard `k`, the scenes dealt largest cost
    /// first to the shard with the least so far (ties to the lower shard); a scene not in
    /// `costs` (by absolute path) costs their mean. In the order given.
    package static func scenes(_ given: [String], costs byPath: [String: Double], k: Int, n: Int) -> [String] {
        let cwd = FileManager.default.currentDirectoryPath
        var costs: [String: Double] = [:]  // by the path as given, looked up only
        for p in given { costs[p] = byPath[PathText.absolute(p, cwd: cwd)] }
        let paths = given
        let known = paths.compactMap { costs[$0] }
        let mean = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
        let order = paths.indices.sorted { a, b in
            let ca = costs[paths[a]] ?? mean, cb = costs[paths[b]] ?? mean
            return ca != cb ? ca > cb : a < b
        }
        var load = [Double](repeating: 0, count: n)
        var mine = Set<Int>()  // looked up only
        for i in order {
            let shard = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }!
            load[shard] += costs[paths[i]] ?? mean
            if shard == k - 1 { mine.insert(i) }
        }
        return paths.indices.filter { mine.contains($0) }.map { paths[$0] }
    }
}
