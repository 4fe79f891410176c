import CNative
import Foundation
import SpringyCore
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringyTypes

/// How two images differ: the "diffing" half of a golden test.
package struct ImageDifference: Sendable {
    package var width: Int
    package var height: Int
    /// Pixels whose largest channel difference is over the tolerance.
    package var pixelsOver: Int
    package var largestDelta: Int
    package var sizeMismatch: Bool
    package var fraction: Double { width * height == 0 ? 0 : Double(pixelsOver) / Double(width * height) }

    package func passes(_ spec: GoldenSpec) -> Bool { !sizeMismatch && fraction <= spec.pixelFraction }

    package var summary: String {
        if sizeMismatch { return "image sizes differ" }
        return
            "\(counted(pixelsOver, "pixel")) over tolerance (\(String(format: "%.4f", fraction * 100)) %), largest channel delta \(largestDelta)"
    }
}

package enum ImageDiff {
    package static func compare(expected: RGBAImage, actual: RGBAImage, channelTolerance: Int) -> ImageDifference {
        guard expected.width == actual.width, expected.height == actual.height else {
            return ImageDifference(
                width: actual.width, height: actual.height, pixelsOver: actual.width * actual.height,
                largestDelta: 255, sizeMismatch: true)
        }
        // Equal blocks are passed over by memcmp (identical pictures, the common case, cost one
        // pass), the rest compared pixel by pixel, in C.
        var over: Int64 = 0, most: Int32 = 0
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                springy_rgba_compare(
                    e.baseAddress, a.baseAddress, min(e.count, a.count) / 4, Int32(channelTolerance), &over, &most)
            }
        }
        let (overCount, largest) = (Int(over), Int(most))
        return ImageDifference(
            width: actual.width, height: actual.height, pixelsOver: overCount, largestDelta: largest,
            sizeMismatch: false)
    }
}

/// One checked golden frame.
package struct GoldenResult: Sendable {
    package var scene: String
    package var frame: Int
    package var goldenPath: String
    package var difference: ImageDifference?
    /// Set when the frame failed: where the expected and actual frames and the diff image were written.
    package var expectedPath: String?
    package var actualPath: String?
    package var diffPath: String?
    package var missing: Bool
    package var passed: Bool
    /// Why the golden could not be compared (not a PNG, cut short, a folder, too large): the
    /// frame fails with this, in plain words; the other frames and scenes are still checked.
    package var problem: String?
    /// How long reading and comparing it took (wall-clock seconds, for JUnit's `time` only).
    package var seconds: Double?
    /// The regions of changed pixels and what the trace has drawn there (PixelAttribution).
    package var regions: [String] = []

    /// What to say about this frame; `recordCommand` is the command that records this
    /// scene's goldens with the user's own flags.
    package func message(recordCommand: String) -> String {
        if missing {
            return "\(goldenPath) is missing; record it with: \(recordCommand)"
        }
        if let problem { return "\(goldenPath): \(problem); if it should be this frame, record it with: \(recordCommand)" }
        guard let d = difference else { return "\(goldenPath): ok" }
        if passed { return "\(goldenPath): ok (\(d.summary))" }
        return
            "\(goldenPath) differs: \(d.summary); expected: \(expectedPath ?? "-"), actual: \(actualPath ?? "-"), diff: \(diffPath ?? "-"); if the change is meant, record it with: \(recordCommand)"
    }
}

/// Golden tests: render the scene's golden frames and compare them with `golden/<scene>/`.
package struct GoldenStore {
    package var goldenRoot: String
    package var failureRoot: String

    package init(goldenRoot: String = "golden", failureRoot: String = ".springy-failures") {
        self.goldenRoot = goldenRoot; self.failureRoot = failureRoot
    }

    package func goldenPath(scene: Scene, frame: Int) -> String {
        "\(goldenRoot)/\(scene.slug)/\(OutputNames.frame(frame))"
    }

    /// Compares rendered frames (number, PNG bytes) with the scene's goldens; a failure
    /// writes the actual frame and a diff image under `failureRoot`. A golden that cannot be
    /// read fails its own frame with the reason (`problem`); one whose header gives another size
    /// fails without being decoded (a 20 000 × 20 000 golden costs nothing).
    /// `drawn`, when given, holds each rendered frame's pixels as its PNG decodes
    /// (PNGCodec.decodedPixels): compared directly instead of decoding the PNG again.
    /// `movedEnd`, for an `until: rest` scene whose golden end (`last`) is another frame than
    /// its end now: the rendered end is compared with that golden (`from`) instead of being
    /// missing, and fails saying by how many frames the end moved.
    package func check(
        _ scene: Scene, frames rendered: [(Int, [UInt8])], drawn: [RGBAImage]? = nil, movedEnd: (from: Int, to: Int)? = nil
    ) throws -> [GoldenResult] {
        var results: [GoldenResult] = []
        // Decoded into the same two images frame after frame (no per-frame allocation).
        var expected = RGBAImage(width: 0, height: 0, pixels: []), actual = expected
        for (k, (frame, bytes)) in rendered.enumerated() {
            let watch = Stopwatch(), before = results.count
            defer { if results.count > before { results[results.count - 1].seconds = watch.seconds } }
            let moved = movedEnd.flatMap { $0.to == frame ? $0 : nil }
            defer {
                if let moved, results.count > before {
                    let by = moved.to - moved.from
                    let same = results[results.count - 1].passed, prior = results[results.count - 1].problem
                    results[results.count - 1].passed = false
                    results[results.count - 1].problem =
                        "the scene's end moved by \(by > 0 ? "+" : "")\(by) frames: it rests at frame \(moved.to), its golden end is frame \(moved.from) ("
                        + (prior ?? (same ? "the end state looks the same" : "the end state differs, compared here")) + ")"
                }
            }
            let path = goldenPath(scene: scene, frame: moved?.from ?? frame)
            func failed(_ problem: String) -> GoldenResult {
                var r = GoldenResult(
                    scene: scene.file, frame: frame, goldenPath: path, difference: nil, missing: false, passed: false)
                r.problem = problem
                return r
            }
            guard let size = PNGCodec.size(of: bytes) else {
                throw OutputError("\(scene.file): frame \(frame) did not encode as a PNG")
            }
            let goldenBytes: [UInt8]
            switch GoldenFile.read(path, maxBytes: GoldenFile.maxPNGBytes(width: size.width, height: size.height)) {
            case .missing:
                results.append(
                    GoldenResult(
                        scene: scene.file, frame: frame, goldenPath: path, difference: nil,
                        missing: true, passed: false))
                continue
            case .unreadable(let why): results.append(failed(why)); continue
            case .bytes(let b): goldenBytes = b
            }
            if Bytes.equal(goldenBytes, bytes) {
                // The same file: no decoding needed.
                let d = ImageDifference(
                    width: size.width, height: size.height, pixelsOver: 0, largestDelta: 0, sizeMismatch: false)
                results.append(
                    GoldenResult(scene: scene.file, frame: frame, goldenPath: path, difference: d, missing: false, passed: true))
                continue
            }
            guard let goldenSize = PNGCodec.size(of: goldenBytes) else {
                results.append(failed("not a PNG image (no PNG signature and header)")); continue
            }
            if goldenSize != size {
                // Both pictures are kept for review as they are (nothing decoded); no diff image.
                var r = failed(
                    "the golden is \(goldenSize.width)×\(goldenSize.height) pixels, the frame \(size.width)×\(size.height)")
                r.difference = ImageDifference(
                    width: size.width, height: size.height, pixelsOver: size.width * size.height,
                    largestDelta: 255, sizeMismatch: true)
                (r.expectedPath, r.actualPath) = try writeFailure(scene, frame: frame, expected: goldenBytes, actual: bytes)
                results.append(r)
                continue
            }
            do { try RGBAImage.decode(bytes: goldenBytes, into: &expected) } catch {
                results.append(failed("cannot be read as a PNG (\(error)); the file may be cut short or damaged")); continue
            }
            if let drawn, k < drawn.count, drawn[k].width == size.width, drawn[k].height == size.height {
                actual = drawn[k]
            } else {
                try RGBAImage.decode(bytes: bytes, into: &actual)
            }
            let d = ImageDiff.compare(expected: expected, actual: actual, channelTolerance: scene.golden.channelTolerance)
            var r = GoldenResult(
                scene: scene.file, frame: frame, goldenPath: path, difference: d, missing: false,
                passed: d.passes(scene.golden))
            if !r.passed {
                (r.expectedPath, r.actualPath) = try writeFailure(scene, frame: frame, expected: goldenBytes, actual: bytes)
                let diffPath = failurePath(scene, frame: frame, "diff")
                let picture = try DiffImage.draw(
                    expected: expected, actual: actual, channelTolerance: scene.golden.channelTolerance)
                try AtomicFile.write(try PNGCodec.encode(picture), to: diffPath)
                r.diffPath = diffPath
            }
            results.append(r)
        }
        return results
    }

    /// `<failures>/<scene>/frame-NNNNN-<kind>.png`.
    func failurePath(_ scene: Scene, frame: Int, _ kind: String) -> String {
        "\(failureRoot)/\(scene.slug)/\(PathText.deletingExtension(OutputNames.frame(frame)))-\(kind).png"
    }

    /// Writes a failing frame's expected and actual pictures for review; returns their paths.
    func writeFailure(_ scene: Scene, frame: Int, expected: [UInt8], actual: [UInt8]) throws -> (String, String) {
        try AtomicFile.makeDirectory("\(failureRoot)/\(scene.slug)")
        let e = failurePath(scene, frame: frame, "expected"), a = failurePath(scene, frame: frame, "actual")
        try AtomicFile.write(expected, to: e)
        try AtomicFile.write(actual, to: a)
        return (e, a)
    }

    /// Writes the scene's golden frames as `mode` asks; returns one line per frame written (or
    /// left, with `all`) saying how much it changed, by the measure `check` uses (pixels over the
    /// scene's channel tolerance): a frame no pixel of which is over it is left as it is.
    package func record(_ scene: Scene, frames rendered: [(Int, [UInt8])], mode: RecordMode = .all) throws -> [String] {
        var lines: [String] = []
        guard mode != .never else { return lines }
        let dir = "\(goldenRoot)/\(scene.slug)"
        try AtomicFile.makeDirectory(dir)
        for (frame, bytes) in rendered {
            let path = goldenPath(scene: scene, frame: frame)
            let size = PNGCodec.size(of: bytes) ?? (0, 0)
            switch GoldenFile.read(path, maxBytes: GoldenFile.maxPNGBytes(width: size.width, height: size.height)) {
            case .missing:
                lines.append("recorded \(path)")
            case .unreadable(let why):
                if mode == .missing { continue }
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
                    throw OutputError("\(path) is a folder; move it away to record the golden there")
                }
                lines.append("replaced \(path): the old golden \(why)")
            case .bytes(let oldBytes):
                if mode == .missing { continue }
                if oldBytes == bytes {
                    if mode == .all { lines.append("unchanged \(path) (identical bytes)") }
                    continue
                }
                guard let old = try? RGBAImage.decode(bytes: oldBytes), PNGCodec.size(of: oldBytes).map({ $0 == size }) == true
                else {
                    lines.append("replaced \(path): the old golden was not a PNG of this size")
                    break
                }
                let new = try RGBAImage.decode(bytes: bytes)
                let d = ImageDiff.compare(expected: old, actual: new, channelTolerance: scene.golden.channelTolerance)
                if mode == .failed && d.passes(scene.golden) { continue }
                if d.pixelsOver == 0 && !d.sizeMismatch {
                    if mode == .all { lines.append("unchanged \(path) (\(d.summary))") }; continue
                }
                lines.append("replaced \(path): \(d.summary)")
            }
            try AtomicFile.write(bytes, to: path)
        }
        return lines
    }
}

/// Wall-clock seconds since it was made: for JUnit's `time` attributes, never for anything
/// drawn, compared or decided.
package struct Stopwatch: Sendable {
    let start = ContinuousClock.now
    package init() {}
    package var seconds: Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}

/// Reading a golden file that may be anything: a folder, a FIFO (reading one would wait for
/// ever), a file far larger than any frame, or nothing at all.
package enum GoldenFile {
    package enum Contents {
        case missing
        case unreadable(String)
        case bytes([UInt8])
    }

    /// The largest PNG a frame of this size can honestly be: its raw pixels twice over and a
    /// margin (zlib's stored blocks add a few bytes per 64 KiB; filters one byte a row).
    package static func maxPNGBytes(width: Int, height: Int) -> Int { 2 * 4 * width * height + (1 << 20) }

    package static func read(_ path: String, maxBytes: Int) -> Contents {
        var st = stat()
        guard stat(path, &st) == 0 else {
            return errno == ENOENT ? .missing : .unreadable("cannot be read: \(String(cString: strerror(errno)))")
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .unreadable("is a folder, not an image")
        default: return .unreadable("is not a regular file (a pipe, socket or device)")  // open set: file types
        }
        if Int(st.st_size) == 0 { return .unreadable("is empty") }
        if Int(st.st_size) > maxBytes {
            return .unreadable("is \(st.st_size) bytes, more than a golden of this size can be (\(maxBytes))")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unreadable("cannot be opened") }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: maxBytes + 1) ?? Data()
            if data.count > maxBytes { return .unreadable("grew past \(maxBytes) bytes while being read") }
            return .bytes(Array(data))
        } catch {
            return .unreadable("cannot be read (\(error.localizedDescription))")
        }
    }
}
