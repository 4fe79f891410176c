import Foundation
import SnapshotTesting
import SpringyCore
import SpringyGolden
import SpringyKit
import SpringyOutput
import SpringyPipeline
import SpringyRender
import SpringyScene

// Snapshot strategies for a SpringyKit scene, for swift-snapshot-testing's `assertSnapshot`
// and `assertSnapshots` (XCTest and Swift Testing, on Linux too: they compare PNG data and text,
// not UIKit views). Record modes are swift-snapshot-testing's own
// (`withSnapshotTesting(record: .failed)`).

extension Snapshotting where Value == SpringyKit.Scene, Format == Data {
    /// Frame `index` as the PNG `springy render` writes, compared exactly unless asked:
    /// `precision` is the fraction of pixels that must match (1: all), `perceptualPrecision` how
    /// close a pixel's channels must be to match (1: equal; 0.98: within 5 of 255), as
    /// swift-snapshot-testing names them.
    public static func frame(_ index: Int, precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        let tolerance = Int(((1 - Double(perceptualPrecision)) * 255).rounded())
        return Snapshotting(
            pathExtension: "png",
            diffing: .diff(
                toData: { $0 }, fromData: { $0 },
                diffV2: { old, new in
                    if old == new { return nil }
                    guard let a = try? RGBAImage.decode(bytes: Array(old)), let b = try? RGBAImage.decode(bytes: Array(new))
                    else { return ("frame \(index): the snapshot is not a PNG Springy can read", []) }
                    let d = ImageDiff.compare(expected: a, actual: b, channelTolerance: tolerance)
                    if !d.sizeMismatch && d.fraction <= 1 - Double(precision) { return nil }
                    var attachments: [DiffAttachment] = []
                    if !d.sizeMismatch, let canvas = try? DiffImage.draw(expected: a, actual: b, channelTolerance: tolerance),
                        let png = try? PNGCodec.encode(canvas)
                    {
                        attachments.append(.data(Data(png), name: "frame-\(index)-diff.png"))
                    }
                    return ("frame \(index) differs: \(d.summary)", attachments)
                }),
            snapshot: { scene in (try? scene.image(ofFrame: index).png()).map { Data($0) } ?? Data() })
    }

    /// Every frame's pixels as a hash and every frame's geometry (the trace), in one text file:
    /// a failure names the frames whose pixels changed, when the motion first departs, whether
    /// it is the golden run shifted in time, and what moved by how much.
    public static var animation: Snapshotting { animation(tolerance: TraceTolerance()) }

    /// As ``animation``, with the trace's tolerances (points, degrees, alpha).
    public static func animation(position: Double = 0.01, size: Double = 0.01, angle: Double = 0.01, alpha: Double = 0.001)
        -> Snapshotting
    {
        var t = TraceTolerance()
        t.position = position; t.size = size; t.angle = angle; t.alpha = alpha
        return animation(tolerance: t)
    }

    static func animation(tolerance: TraceTolerance) -> Snapshotting {
        Snapshotting(
            pathExtension: "springy-animation",
            diffing: .diff(
                toData: { $0 }, fromData: { $0 },
                diffV2: { old, new in
                    AnimationSnapshot.difference(old: old, new: new, tolerance: tolerance).map { ($0, []) }
                }),
            snapshot: { scene in AnimationSnapshot.text(of: scene) })
    }
}

extension Snapshotting where Value == SpringyKit.Scene, Format == String {
    /// The trace golden: every frame's compared quantities as text, compared within the
    /// tolerances; a failure says when the motion departs and what moved, by how much.
    public static var trace: Snapshotting { trace() }

    public static func trace(position: Double = 0.01, size: Double = 0.01, angle: Double = 0.01, alpha: Double = 0.001)
        -> Snapshotting
    {
        var t = TraceTolerance()
        t.position = position; t.size = size; t.angle = angle; t.alpha = alpha
        return Snapshotting(
            pathExtension: "springy-trace.tsv",
            diffing: Diffing<String>.diff(
                toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) },
                diffV2: { old, new in
                    guard let (_, a) = TraceSnapshot.parse(old), let (fps, b) = TraceSnapshot.parse(new) else {
                        return ("the trace snapshot cannot be read", [])
                    }
                    let changes = TraceDiff.compare(expected: a, actual: b, tolerance: t)
                    if changes.isEmpty { return nil }
                    let timing = TimingDiff.diagnose(expected: a, actual: b, tolerance: t, fps: fps)
                    return (
                        (["the trace departs from its snapshot:"] + timing.sentences + TraceDiff.explain(changes))
                            .joined(separator: "\n  "), []
                    )
                }),
            snapshot: { scene in TraceSnapshot.text(of: scene) })
    }
}

/// The `.trace` snapshot's text: `# fps N`, then the trace golden's compact text.
enum TraceSnapshot {
    static func text(of scene: SpringyKit.Scene) -> String {
        guard let states = try? GoldenRun.render(scene.model).states else { return "" }
        return "# fps \(scene.model.time.rate.perSecond)\n" + CompactTrace.text(of: states)
    }

    static func parse(_ text: String) -> (fps: Double, frames: [TraceFrame])? {
        guard text.hasPrefix("# fps "), let end = text.firstIndex(of: "\n"),
            let fps = Double(text[text.index(text.startIndex, offsetBy: 6)..<end]),
            let frames = try? CompactTrace.parse(String(text[text.index(after: end)...]))
        else { return nil }
        return (fps, frames)
    }
}

extension Dictionary where Key == String, Value == Snapshotting<SpringyKit.Scene, Data> {
    /// PNG snapshots of the chosen frames, named `frame-NNNNN`, for `assertSnapshots(of:as:)`.
    public static func frames(at indices: [Int], precision: Float = 1, perceptualPrecision: Float = 1) -> Self {
        var out: Self = [:]
        for i in indices {
            out[PathText.deletingExtension(OutputNames.frame(i))] = .frame(
                i, precision: precision, perceptualPrecision: perceptualPrecision)
        }
        return out
    }

    /// Every frame covered by ``Snapshotting/animation`` (hashes and trace), and PNGs of the key
    /// frames a person looks at — as `springy check` stores a scene with `golden.hashes`.
    public static func animation(keyFrames: [Int]) -> Self {
        var out = frames(at: keyFrames)
        out["animation"] = .animation
        return out
    }
}

/// The `.animation` snapshot's text: `springy-animation 1`, the frames per second, the frame
/// hashes line (FrameHashes) and the compact trace.
enum AnimationSnapshot {
    static let header = "springy-animation 1"

    static func text(of scene: SpringyKit.Scene) -> Data {
        var model = scene.model
        model.golden.hashes = true
        model.golden.frames = []
        guard let run = try? GoldenRun.render(model) else { return Data() }
        return Data(
            ("\(header)\nfps \(model.time.rate.perSecond)\n" + FrameHashes.text(run.hashes ?? [])
                + CompactTrace.text(of: run.states)).utf8)
    }

    static func parts(_ data: Data) -> (fps: Double, hashes: [UInt64], trace: [TraceFrame])? {
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", maxSplits: 5, omittingEmptySubsequences: false)
        guard lines.count == 6, lines[0] == Substring(header), lines[1].hasPrefix("fps "),
            let fps = Double(lines[1].dropFirst(4)),
            let hashes = try? FrameHashes.parse(lines[2...4].joined(separator: "\n"), maxFrames: 1 << 22),
            let trace = try? CompactTrace.parse(String(lines[5]))
        else { return nil }
        return (fps, hashes, trace)
    }

    /// Nil when the pixels of every frame and the trace agree; else what changed and when.
    static func difference(old: Data, new: Data, tolerance: TraceTolerance) -> String? {
        if old == new { return nil }
        guard let a = parts(old), let b = parts(new) else { return "the animation snapshot cannot be read" }
        let differing = (0..<max(a.hashes.count, b.hashes.count)).filter {
            $0 >= a.hashes.count || $0 >= b.hashes.count || a.hashes[$0] != b.hashes[$0]
        }
        let changes = TraceDiff.compare(expected: a.trace, actual: b.trace, tolerance: tolerance)
        if differing.isEmpty && changes.isEmpty { return nil }
        var lines: [String] = []
        if !differing.isEmpty {
            lines.append("\(differing.count) of \(b.hashes.count) frames' pixels differ (frames \(FrameHashes.runs(differing)))")
        }
        if changes.isEmpty {
            lines.append("the trace agrees within tolerance: a drawing change, not motion")
        } else {
            lines += TimingDiff.diagnose(expected: a.trace, actual: b.trace, tolerance: tolerance, fps: b.fps).sentences
            lines += TraceDiff.explain(changes)
        }
        return "the animation departs from its snapshot:\n  " + lines.joined(separator: "\n  ")
    }
}
