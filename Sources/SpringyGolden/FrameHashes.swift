import Foundation
import SpringyCore
import SpringyOutput
import SpringyScene
import SpringyTypes

/// Every frame covered, few PNGs stored: with `golden.hashes: true` a scene's goldens also hold
/// `frames.tsv`, the hash of every frame's pixels as drawn (PixelHash: Cairo's rows before any
/// encoder, so a libpng or zlib update changes none), beside the PNGs of `golden.frames` that a
/// person looks at. A hash is exact: a frame whose pixels differ at all fails, and `check`
/// renders it again for the report.
///
/// The file: `springy-frame-hashes 1`, a comment, then the hashes (16 hex digits) in frame
/// order, comma-separated on one line, `h*n` for the same hash n frames in a row.
package enum FrameHashes {
    package static let header = "springy-frame-hashes 1"
    package static let fileName = "frames.tsv"

    package static func text(_ hashes: [UInt64]) -> String {
        var runs: [String] = []
        var k = 0
        while k < hashes.count {
            var n = 1
            while k + n < hashes.count && hashes[k + n] == hashes[k] { n += 1 }
            let h = String(hashes[k], radix: 16)
            let hex = String(repeating: "0", count: 16 - h.count) + h
            runs.append(n == 1 ? hex : "\(hex)*\(n)")
            k += n
        }
        return "\(header)\n# each frame's pixels as drawn (64-bit), in frame order; h*n: n frames in a row\n"
            + runs.joined(separator: ",") + "\n"
    }

    /// The hashes of a `frames.tsv`, at most `maxFrames` of them.
    package static func parse(_ text: String, maxFrames: Int) throws -> [UInt64] {
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        guard lines.first == Substring(header) else {
            throw OutputError("not a Springy frame-hash golden (no \"\(header)\" line)")
        }
        var out: [UInt64] = []
        for run in lines.dropFirst().joined(separator: ",").split(separator: ",") {
            let parts = run.split(separator: "*")
            guard (1...2).contains(parts.count), parts[0].count == 16, let h = UInt64(parts[0], radix: 16),
                let n = parts.count == 2 ? Int(parts[1]) : 1, n >= 1, out.count + n <= maxFrames
            else {
                throw OutputError("\"\(run.prefix(40))\" is not a hash (16 hex digits, or h*n), or the file holds too many")
            }
            out += repeatElement(h, count: n)
        }
        return out
    }

    /// Frame-number runs: `13–47, 60`.
    package static func runs(_ frames: [Int], limit: Int = 4) -> String {
        var runs: [ClosedRange<Int>] = []
        for f in frames {
            if let last = runs.last, last.upperBound + 1 == f {
                runs[runs.count - 1] = last.lowerBound...f
            } else {
                runs.append(f...f)
            }
        }
        let shown = runs.prefix(limit).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }
        return shown.joined(separator: ", ") + (runs.count > limit ? ", …" : "")
    }
}

/// The frame-hash golden's verdict for one scene.
package struct HashResult: Sendable {
    package var path: String
    package var missing = false
    /// Why the file could not be read: the golden fails with it.
    package var problem: String?
    /// The frames whose pixels differ from their hashes (and, when the counts differ, those
    /// only one side has).
    package var differing: [Int] = []
    package var expectedCount = 0
    package var actualCount = 0
    /// How long reading and comparing it took (wall-clock seconds, for JUnit only).
    package var seconds: Double?
    package var passed: Bool { !missing && problem == nil && differing.isEmpty }

    /// The verdict in words.
    package var summary: String {
        if missing { return "\(path) is missing" }
        if let problem { return "\(path) \(problem)" }
        if differing.isEmpty { return "\(path): every frame's pixels as pinned" }
        let counts = expectedCount == actualCount ? "" : " (the scene has \(actualCount) frames, the golden \(expectedCount))"
        return
            "\(path): \(differing.count) of \(actualCount) frames differ from their hashes (frames \(FrameHashes.runs(differing)))\(counts)"
    }
}

extension GoldenStore {
    package func hashesPath(scene: Scene) -> String { "\(goldenRoot)/\(scene.slug)/\(FrameHashes.fileName)" }

    /// Every frame's hash against the scene's `frames.tsv` (nil when the scene keeps none).
    package func checkHashes(_ scene: Scene, hashes: [UInt64]?) -> HashResult? {
        guard scene.golden.hashes, let hashes else { return nil }
        let watch = Stopwatch()
        var r = HashResult(path: hashesPath(scene: scene))
        r.actualCount = hashes.count
        // A golden for this scene is about this run's size: four times its frames bound the file.
        let cap = 4 * hashes.count + 16
        switch GoldenFile.read(r.path, maxBytes: cap * 20 + 4096) {
        case .missing: r.missing = true
        case .unreadable(let why): r.problem = why
        case .bytes(let bytes):
            do {
                let expected = try FrameHashes.parse(String(decoding: bytes, as: UTF8.self), maxFrames: cap)
                r.expectedCount = expected.count
                for k in 0..<max(expected.count, hashes.count)
                where k >= expected.count || k >= hashes.count || expected[k] != hashes[k] {
                    r.differing.append(k)
                }
            } catch { r.problem = "cannot be read as a frame-hash golden (\(error))" }
        }
        r.seconds = watch.seconds
        return r
    }

    /// Writes `frames.tsv` as `mode` asks; the line says what happened and how many frames changed.
    package func recordHashes(_ scene: Scene, hashes: [UInt64]?, mode: RecordMode) throws -> String? {
        guard scene.golden.hashes, let hashes, mode != .never else { return nil }
        let path = hashesPath(scene: scene)
        let text = FrameHashes.text(hashes)
        let before = checkHashes(scene, hashes: hashes)
        if let before, !before.missing {
            if mode == .missing { return nil }
            if before.passed {
                return mode == .all ? "unchanged \(path) (every frame's pixels as pinned)" : nil
            }
        }
        try AtomicFile.makeDirectory("\(goldenRoot)/\(scene.slug)")
        try AtomicFile.write(Array(text.utf8), to: path)
        guard let before, !before.missing else { return "recorded \(path)" }
        if let problem = before.problem { return "replaced \(path): the old golden \(problem)" }
        return "replaced \(path): \(before.differing.count) frames changed (frames \(FrameHashes.runs(before.differing)))"
    }
}
