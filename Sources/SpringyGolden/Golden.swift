import Foundation
import SpringyLayout
import SpringyOutput
import SpringyRender
import SpringyScene

/// How two images differ: the "diffing" half of a golden test.
public struct ImageDifference: Sendable {
    public var width: Int
    public var height: Int
    /// Pixels whose largest channel difference is over the tolerance.
    public var pixelsOver: Int
    public var largestDelta: Int
    public var sizeMismatch: Bool
    public var fraction: Double { width * height == 0 ? 0 : Double(pixelsOver) / Double(width * height) }

    public func passes(_ spec: GoldenSpec) -> Bool { !sizeMismatch && fraction <= spec.pixelFraction }

    public var summary: String {
        if sizeMismatch { return "image sizes differ" }
        return "\(pixelsOver) pixel(s) over tolerance (\(String(format: "%.4f", fraction * 100)) %), largest channel delta \(largestDelta)"
    }
}

public enum ImageDiff {
    public static func compare(expected: RGBAImage, actual: RGBAImage, channelTolerance: Int) -> ImageDifference {
        guard expected.width == actual.width, expected.height == actual.height else {
            return ImageDifference(width: actual.width, height: actual.height, pixelsOver: actual.width * actual.height,
                                   largestDelta: 255, sizeMismatch: true)
        }
        var over = 0, largest = 0
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                var i = 0
                while i < e.count {
                    var d = 0
                    for c in 0..<4 { d = max(d, abs(Int(e[i + c]) - Int(a[i + c]))) }
                    if d > channelTolerance { over += 1 }
                    largest = max(largest, d)
                    i += 4
                }
            }
        }
        return ImageDifference(width: actual.width, height: actual.height, pixelsOver: over, largestDelta: largest,
                               sizeMismatch: false)
    }

    /// Changed pixels in red over a faded grey copy of the expected image, as PNG.
    public static func diffImage(expected: RGBAImage, actual: RGBAImage, channelTolerance: Int) throws -> [UInt8] {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        let canvas = Canvas(width: w, height: h, opaque: true)
        let stride = canvas.stride
        let data = canvas.data
        for y in 0..<h {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let inE = x < expected.width && y < expected.height, inA = x < actual.width && y < actual.height
                var changed = !(inE && inA)
                var grey = 255.0
                if inE {
                    let i = (y * expected.width + x) * 4
                    let p = expected.pixels
                    grey = (0.299 * Double(p[i]) + 0.587 * Double(p[i + 1]) + 0.114 * Double(p[i + 2])) * Double(p[i + 3]) / 255
                        + 255 * (1 - Double(p[i + 3]) / 255)
                    if inA {
                        let j = (y * actual.width + x) * 4
                        for c in 0..<4 where abs(Int(p[i + c]) - Int(actual.pixels[j + c])) > channelTolerance { changed = true }
                    }
                }
                if changed {
                    row[x] = 0xFFFF_0000
                } else {
                    let g = UInt32(255 - (255 - grey) * 0.3)
                    row[x] = 0xFF00_0000 | (g << 16) | (g << 8) | g
                }
            }
        }
        canvas.markDirty()
        return try PNGCodec.encode(canvas)
    }
}

/// One checked golden frame.
public struct GoldenResult: Sendable {
    public var scene: String
    public var frame: Int
    public var goldenPath: String
    public var difference: ImageDifference?
    /// Set when the frame failed: where the actual frame and the diff image were written.
    public var actualPath: String?
    public var diffPath: String?
    public var missing: Bool
    public var passed: Bool

    public var message: String {
        if missing {
            return "\(goldenPath) is missing; record it with: springy check --record \(scene)"
        }
        guard let d = difference else { return "\(goldenPath): ok" }
        if passed { return "\(goldenPath): ok (\(d.summary))" }
        return "\(goldenPath) differs: \(d.summary); actual frame: \(actualPath ?? "-"), diff image: \(diffPath ?? "-")"
    }
}

/// Golden tests: render the scene's golden frames and compare them with `golden/<scene>/`.
public struct GoldenStore {
    public var goldenRoot: String
    public var failureRoot: String

    public init(goldenRoot: String = "golden", failureRoot: String = ".springy-failures") {
        self.goldenRoot = goldenRoot; self.failureRoot = failureRoot
    }

    public func goldenPath(scene: Scene, frame: Int) -> String {
        "\(goldenRoot)/\(scene.slug)/\(FramePipeline.frameName(frame))"
    }

    /// Renders the frames the scene's `golden.frames` names, `last` resolved to its final frame.
    public static func renderGoldenFrames(_ scene: Scene) throws -> [(Int, [UInt8])] {
        var states: [FrameState] = []
        var last: FrameState?
        try Simulation(scene: scene).run { state in
            last = state
            if scene.golden.frames.contains(.index(state.frame)) { states.append(state) }
        }
        if scene.golden.frames.contains(.last), let l = last, !states.contains(where: { $0.frame == l.frame }) {
            states.append(l)
        }
        for f in scene.golden.frames {
            if case .index(let i) = f, let l = last, i > l.frame {
                throw OutputError("\(scene.file): golden.frames: frame \(i) is past the scene's last frame, \(l.frame)")
            }
        }
        let renderer = try Renderer(scene: scene)
        return try states.sorted { $0.frame < $1.frame }.map { ($0.frame, try PNGCodec.encode(renderer.render($0))) }
    }

    public func check(_ scene: Scene) throws -> [GoldenResult] {
        var results: [GoldenResult] = []
        for (frame, bytes) in try Self.renderGoldenFrames(scene) {
            let path = goldenPath(scene: scene, frame: frame)
            guard FileManager.default.fileExists(atPath: path) else {
                results.append(GoldenResult(scene: scene.file, frame: frame, goldenPath: path, difference: nil,
                                            missing: true, passed: false))
                continue
            }
            let expected = try RGBAImage.decode(file: path)
            let actual = try RGBAImage.decode(bytes: bytes)
            let d = ImageDiff.compare(expected: expected, actual: actual, channelTolerance: scene.golden.channelTolerance)
            var r = GoldenResult(scene: scene.file, frame: frame, goldenPath: path, difference: d, missing: false,
                                 passed: d.passes(scene.golden))
            if !r.passed {
                let dir = "\(failureRoot)/\(scene.slug)"
                try AtomicFile.makeDirectory(dir)
                let base = (FramePipeline.frameName(frame) as NSString).deletingPathExtension
                r.actualPath = "\(dir)/\(base)-actual.png"
                r.diffPath = "\(dir)/\(base)-diff.png"
                try AtomicFile.write(bytes, to: r.actualPath!)
                try AtomicFile.write(try ImageDiff.diffImage(expected: expected, actual: actual,
                                                             channelTolerance: scene.golden.channelTolerance), to: r.diffPath!)
            }
            results.append(r)
        }
        return results
    }

    /// Writes the scene's golden frames; returns one line per frame saying what changed.
    public func record(_ scene: Scene) throws -> [String] {
        var lines: [String] = []
        let dir = "\(goldenRoot)/\(scene.slug)"
        try AtomicFile.makeDirectory(dir)
        for (frame, bytes) in try Self.renderGoldenFrames(scene) {
            let path = goldenPath(scene: scene, frame: frame)
            if FileManager.default.fileExists(atPath: path) {
                let old = try RGBAImage.decode(file: path)
                let new = try RGBAImage.decode(bytes: bytes)
                let d = ImageDiff.compare(expected: old, actual: new, channelTolerance: 0)
                if d.pixelsOver == 0 && !d.sizeMismatch { lines.append("unchanged \(path)"); continue }
                lines.append("replaced \(path): \(d.summary)")
            } else {
                lines.append("recorded \(path)")
            }
            try AtomicFile.write(bytes, to: path)
        }
        return lines
    }
}
