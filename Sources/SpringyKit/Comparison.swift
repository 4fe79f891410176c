import Foundation
import SpringyCore
import SpringyGolden
import SpringyOutput
import SpringyPipeline
import SpringyRender
import SpringyScene

/// How far a trace may depart before it differs: points for positions and sizes, degrees for
/// angles, and alpha.
public struct TraceTolerance: Sendable, Equatable {
    public var position = 0.01
    public var size = 0.01
    public var angle = 0.01
    public var alpha = 0.001
    public init(position: Double = 0.01, size: Double = 0.01, angle: Double = 0.01, alpha: Double = 0.001) {
        self.position = position; self.size = size; self.angle = angle; self.alpha = alpha
    }

    var model: SpringyScene.TraceTolerance {
        var t = SpringyScene.TraceTolerance()
        t.position = position; t.size = size; t.angle = angle; t.alpha = alpha
        return t
    }
}

/// Two pictures that differ: how, and a picture of where.
public struct ImageDifference: Sendable {
    /// e.g. "1,234 of 1,000,500 pixels (0.12 %) differ by up to 37".
    public var summary: String
    /// A PNG showing the differing pixels over the expected frame (nil when the sizes differ).
    public var diffPNG: [UInt8]?
}

/// Comparisons of what a scene makes: PNG frames, traces and whole animations, with the
/// messages `springy check` gives (when the motion departs, what moved, by how much).
public enum Comparison {
    /// Nil when `actual` matches `expected` (both PNG data): at least `precision` of the pixels
    /// (1: all) within `channelTolerance` of 255 on every channel (0: equal).
    public static func images(expected: [UInt8], actual: [UInt8], precision: Double = 1, channelTolerance: Int = 0)
        -> ImageDifference?
    {
        if expected == actual { return nil }
        guard let a = try? RGBAImage.decode(bytes: expected), let b = try? RGBAImage.decode(bytes: actual) else {
            return ImageDifference(summary: "the snapshot is not a PNG Springy can read", diffPNG: nil)
        }
        let d = ImageDiff.compare(expected: a, actual: b, channelTolerance: channelTolerance)
        if !d.sizeMismatch && d.fraction <= 1 - precision { return nil }
        var png: [UInt8]?
        if !d.sizeMismatch, let canvas = try? DiffImage.draw(expected: a, actual: b, channelTolerance: channelTolerance) {
            png = try? PNGCodec.encode(canvas)
        }
        return ImageDifference(summary: d.summary, diffPNG: png)
    }

    /// Nil when two texts of ``Scene/traceText()`` agree within `tolerance`; else when the
    /// motion departs and what moved.
    public static func traces(expected: String, actual: String, tolerance: TraceTolerance = TraceTolerance()) -> String? {
        guard let (_, a) = TraceText.parse(expected), let (fps, b) = TraceText.parse(actual) else {
            return "the trace snapshot cannot be read"
        }
        let t = tolerance.model
        let changes = TraceDiff.compare(expected: a, actual: b, tolerance: t)
        if changes.isEmpty { return nil }
        let timing = TimingDiff.diagnose(expected: a, actual: b, tolerance: t, fps: fps)
        return (["the trace departs from its snapshot:"] + timing.sentences + TraceDiff.explain(changes))
            .joined(separator: "\n  ")
    }

    /// Nil when two texts of ``Scene/animationText()`` agree (every frame's pixels, and the
    /// trace within `tolerance`); else which frames' pixels differ, when the motion departs and
    /// what moved.
    public static func animations(expected: String, actual: String, tolerance: TraceTolerance = TraceTolerance())
        -> String?
    {
        if expected == actual { return nil }
        guard let a = AnimationText.parts(expected), let b = AnimationText.parts(actual) else {
            return "the animation snapshot cannot be read"
        }
        let differing = (0..<max(a.hashes.count, b.hashes.count)).filter {
            $0 >= a.hashes.count || $0 >= b.hashes.count || a.hashes[$0] != b.hashes[$0]
        }
        let t = tolerance.model
        let changes = TraceDiff.compare(expected: a.trace, actual: b.trace, tolerance: t)
        if differing.isEmpty && changes.isEmpty { return nil }
        var lines: [String] = []
        if !differing.isEmpty {
            lines.append("\(differing.count) of \(b.hashes.count) frames' pixels differ (frames \(FrameHashes.runs(differing)))")
        }
        if changes.isEmpty {
            lines.append("the trace agrees within tolerance: a drawing change, not motion")
        } else {
            lines += TimingDiff.diagnose(expected: a.trace, actual: b.trace, tolerance: t, fps: b.fps).sentences
            lines += TraceDiff.explain(changes)
        }
        return "the animation departs from its snapshot:\n  " + lines.joined(separator: "\n  ")
    }
}

extension Scene {
    /// The trace golden's text: `# fps N`, then every frame's compared quantities (the
    /// compact trace `springy check` keeps).
    public func traceText() throws -> String {
        let states = try Problems.wrapping { try GoldenRun.render(model).states }
        return "# fps \(model.time.rate.perSecond)\n" + CompactTrace.text(of: states)
    }

    /// Every frame's pixels as a hash and every frame's geometry, as one text:
    /// `springy-animation 1`, the frames per second, the frame hashes and the compact trace.
    public func animationText() throws -> String {
        var m = model
        m.golden.hashes = true
        m.golden.frames = []
        let run = try Problems.wrapping { try GoldenRun.render(m) }
        return "\(AnimationText.header)\nfps \(m.time.rate.perSecond)\n" + FrameHashes.text(run.hashes ?? [])
            + CompactTrace.text(of: run.states)
    }

    /// The file name `springy render` gives frame `index` (`frame-00030.png`).
    public static func frameFileName(_ index: Int) -> String { OutputNames.frame(index) }
}

/// ``Scene/traceText()`` read back.
enum TraceText {
    static func parse(_ text: String) -> (fps: Double, frames: [TraceFrame])? {
        guard text.hasPrefix("# fps "), let end = text.firstIndex(of: "\n"),
            let fps = Double(text[text.index(text.startIndex, offsetBy: 6)..<end]),
            let frames = try? CompactTrace.parse(String(text[text.index(after: end)...]))
        else { return nil }
        return (fps, frames)
    }
}

/// ``Scene/animationText()`` read back.
enum AnimationText {
    static let header = "springy-animation 1"

    static func parts(_ text: String) -> (fps: Double, hashes: [UInt64], trace: [TraceFrame])? {
        let lines = text.split(separator: "\n", maxSplits: 5, omittingEmptySubsequences: false)
        guard lines.count == 6, lines[0] == Substring(header), lines[1].hasPrefix("fps "),
            let fps = Double(lines[1].dropFirst(4)),
            let hashes = try? FrameHashes.parse(lines[2...4].joined(separator: "\n"), maxFrames: 1 << 22),
            let trace = try? CompactTrace.parse(String(lines[5]))
        else { return nil }
        return (fps, hashes, trace)
    }
}
