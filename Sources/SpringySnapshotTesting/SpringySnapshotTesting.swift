import Foundation
import SnapshotTesting
import SpringyKit

// Snapshot strategies for a SpringyKit scene, for swift-snapshot-testing's `assertSnapshot`
// and `assertSnapshots` (XCTest and Swift Testing, on Linux too: they compare PNG data and text,
// not UIKit views). Record modes are swift-snapshot-testing's own
// (`withSnapshotTesting(record: .failed)`). Built on SpringyKit's public API alone.

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
                    guard
                        let d = Comparison.images(
                            expected: Array(old), actual: Array(new), precision: Double(precision), channelTolerance: tolerance)
                    else { return nil }
                    let attachments = d.diffPNG.map { [DiffAttachment.data(Data($0), name: "frame-\(index)-diff.png")] } ?? []
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
        animation(tolerance: TraceTolerance(position: position, size: size, angle: angle, alpha: alpha))
    }

    static func animation(tolerance: TraceTolerance) -> Snapshotting {
        Snapshotting(
            pathExtension: "springy-animation",
            diffing: .diff(
                toData: { $0 }, fromData: { $0 },
                diffV2: { old, new in
                    Comparison.animations(
                        expected: String(decoding: old, as: UTF8.self), actual: String(decoding: new, as: UTF8.self),
                        tolerance: tolerance
                    ).map { ($0, []) }
                }),
            snapshot: { scene in Data(((try? scene.animationText()) ?? "").utf8) })
    }
}

extension Snapshotting where Value == SpringyKit.Scene, Format == String {
    /// The trace golden: every frame's compared quantities as text, compared within the
    /// tolerances; a failure says when the motion departs and what moved, by how much.
    public static var trace: Snapshotting { trace() }

    public static func trace(position: Double = 0.01, size: Double = 0.01, angle: Double = 0.01, alpha: Double = 0.001)
        -> Snapshotting
    {
        let t = TraceTolerance(position: position, size: size, angle: angle, alpha: alpha)
        return Snapshotting(
            pathExtension: "springy-trace.tsv",
            diffing: Diffing<String>.diff(
                toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) },
                diffV2: { old, new in Comparison.traces(expected: old, actual: new, tolerance: t).map { ($0, []) } }),
            snapshot: { scene in (try? scene.traceText()) ?? "" })
    }
}

extension Dictionary where Key == String, Value == Snapshotting<SpringyKit.Scene, Data> {
    /// PNG snapshots of the chosen frames, named `frame-NNNNN`, for `assertSnapshots(of:as:)`.
    public static func frames(at indices: [Int], precision: Float = 1, perceptualPrecision: Float = 1) -> Self {
        var out: Self = [:]
        for i in indices {
            let name = Scene.frameFileName(i)
            out[String(name.dropLast(".png".count))] = .frame(i, precision: precision, perceptualPrecision: perceptualPrecision)
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
