import Foundation
import SpringyCore
import SpringyGolden
import SpringyOutput
import SpringyScene

/// `springy bench --check`: how fast goldens are compared (decode + compare, one core) and how
/// fast a report of many failing frames is written.
package enum CheckBenchmark {
    package struct Result {
        package var frames = 0
        package var width = 0, height = 0
        /// Identical files: the byte comparison alone.
        package var identicalBytesFPS = 0.0
        /// Both PNGs decoded, pixels equal (one memcmp).
        package var decodeEqualFPS = 0.0
        /// Both PNGs decoded, one pixel changed (every pixel compared).
        package var decodeDifferFPS = 0.0
        /// As `check` does it: the golden decoded, compared with the frame's pixels as drawn.
        package var goldenOnlyEqualFPS = 0.0
        package var goldenOnlyDifferFPS = 0.0
        /// Hash-only verification (`golden.hashes`): ms per frame of a 360-frame scene, the
        /// simulation and every frame's drawing (or skipping a frame drawn the same) included.
        package var hashScene = ""
        package var hashFrames = 0
        package var hashMillisecondsPerFrame = 0.0
        package var reportFrames = 0
        package var reportSeconds = 0.0

        package var table: String {
            """
            check bench: \(frames) golden frames of \(width)×\(height), one core
              identical files (byte compare):        \(String(format: "%8.1f", identicalBytesFPS)) frames/s
              decode both + compare, equal pixels:   \(String(format: "%8.1f", decodeEqualFPS)) frames/s
              decode both + compare, one pixel off:  \(String(format: "%8.1f", decodeDifferFPS)) frames/s
              as check does it (the golden decoded, compared with the frame as drawn):
                equal pixels:                        \(String(format: "%8.1f", goldenOnlyEqualFPS)) frames/s
                one pixel off:                       \(String(format: "%8.1f", goldenOnlyDifferFPS)) frames/s
              HTML report of \(reportFrames) failing frames:     \(String(format: "%8.3f", reportSeconds)) s
              hash-only verification, \(hashScene), \(hashFrames) frames: \(String(format: "%.3f", hashMillisecondsPerFrame)) ms per frame (render, hash, compare)
            """
        }
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Every golden frame of `scenes` under `goldenRoot` whose size is the most common one.
    package static func run(_ scenes: [Scene], goldenRoot: String) throws -> Result {
        var files: [(String, [UInt8])] = []
        for scene in scenes {
            let dir = "\(goldenRoot)/\(scene.slug)"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".png") }
                .sorted()
            for n in names { files.append(("\(dir)/\(n)", Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(n)"))))) }
        }
        let sizes = files.compactMap { PNGCodec.size(of: $0.1) }
        guard !sizes.isEmpty else { throw OutputError("bench --check: no golden frames under \(goldenRoot) for these scenes") }
        var counts: [Int: Int] = [:]
        for s in sizes { counts[s.width << 20 | s.height, default: 0] += 1 }
        let common = counts.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!.key
        let picked = files.filter { PNGCodec.size(of: $0.1).map { $0.width << 20 | $0.height } == common }
        var r = Result()
        r.frames = picked.count
        r.width = common >> 20; r.height = common & 0xFFFFF

        // Separate copies, as a golden file and a fresh render are separate buffers.
        let copies = picked.map { f -> [UInt8] in
            var c = f.1; c.append(0); c.removeLast(); return c
        }
        var t = now()
        var equal = 0
        for _ in 0..<200 { for (k, f) in picked.enumerated() where Bytes.equal(copies[k], f.1) { equal += 1 } }
        r.identicalBytesFPS = Double(equal) / (now() - t)

        // As `check` does it: both decoded into two images reused frame after frame.
        var a = RGBAImage(width: 0, height: 0, pixels: []), b = a
        t = now()
        for (k, f) in picked.enumerated() {
            try RGBAImage.decode(bytes: f.1, into: &a)
            try RGBAImage.decode(bytes: copies[k], into: &b)
            precondition(ImageDiff.compare(expected: a, actual: b, channelTolerance: 2).pixelsOver == 0)
        }
        r.decodeEqualFPS = Double(picked.count) / (now() - t)

        t = now()
        for (k, f) in picked.enumerated() {
            try RGBAImage.decode(bytes: f.1, into: &a)
            try RGBAImage.decode(bytes: copies[k], into: &b)
            b.pixels[b.pixels.count / 2] ^= 0xFF
            _ = ImageDiff.compare(expected: a, actual: b, channelTolerance: 2)
        }
        r.decodeDifferFPS = Double(picked.count) / (now() - t)

        // As check does it: only the golden is decoded; the frame's pixels are in memory.
        let drawn = try picked.map { try RGBAImage.decode(bytes: $0.1) }
        t = now()
        for (k, f) in picked.enumerated() {
            try RGBAImage.decode(bytes: f.1, into: &a)
            precondition(ImageDiff.compare(expected: a, actual: drawn[k], channelTolerance: 2).pixelsOver == 0)
        }
        r.goldenOnlyEqualFPS = Double(picked.count) / (now() - t)
        let off = drawn.map { d -> RGBAImage in
            var d = d
            d.pixels[d.pixels.count / 2] ^= 0xFF
            return d
        }
        t = now()
        for (k, f) in picked.enumerated() {
            try RGBAImage.decode(bytes: f.1, into: &a)
            precondition(ImageDiff.compare(expected: a, actual: off[k], channelTolerance: 2).pixelsOver == 1)
        }
        r.goldenOnlyDifferFPS = Double(picked.count) / (now() - t)

        // A report of 100 failing frames (the pictures are real goldens standing in).
        let dir = NSTemporaryDirectory() + "springy-bench-report-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = (0..<100).map { k -> FrameReport in
            let path = picked[k % picked.count].0
            return FrameReport(
                frame: k, status: .failed, golden: path, summary: "1 pixel over tolerance", fraction: 1e-6, largestDelta: 255,
                expected: path, actual: path, diff: path)
        }
        let scene = SceneReport(
            file: "bench.yaml", slug: "bench", frames: frames, trace: nil,
            explanation: ["item 0.3: center.x +0.42 pt at frames 1–99"],
            recorded: [], recordCommand: "springy check --record all bench.yaml")
        let rendered = ["bench": (0..<100).map { ($0, picked[$0 % picked.count].1) }]
        t = now()
        _ = try HTMLReport.write(CheckReport(scenes: [scene]), rendered: rendered, to: dir)
        r.reportSeconds = now() - t
        r.reportFrames = 100
        return r
    }

    /// Times hash-only verification of `scene` run for 6 s (360 frames at 60 fps): every frame
    /// simulated, drawn (or skipped when it draws the same as the last), hashed and compared.
    package static func hashVerification(_ scene: Scene) throws -> (frames: Int, msPerFrame: Double) {
        var s = scene
        s.golden.hashes = true
        s.golden.frames = []
        s.time.duration = 6
        s.time.fps = 60
        let first = try GoldenRun.render(s)
        let expected = first.hashes ?? []
        let t = now()
        let again = try GoldenRun.render(s)
        let seconds = now() - t
        precondition(again.hashes == expected, "the same scene hashes the same")
        return (expected.count, seconds * 1000 / Double(max(expected.count, 1)))
    }
}
