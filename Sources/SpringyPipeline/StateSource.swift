import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyScene
import SpringySimulation

/// Where a run's frame states come from: the simulation, or a state stream one simulation
/// wrote (`springy states`), from which a shard draws its frames without simulating the ones
/// before them.
package enum StateSource: Sendable {
    case simulation
    /// A stream opened and checked against its scene (StateStreams.open) once, read by the run.
    case stream(StateStream.Reader)

    /// Frames `range` (all when nil) of `scene`, in order.
    package func run(
        _ scene: Scene, frames range: ClosedRange<Int>? = nil, cancelled: () throws -> Void = {},
        _ body: (FrameState) throws -> Void
    ) throws {
        switch self {
        case .simulation:
            try Simulation(scene: scene).run(frames: range, cancelled: cancelled, body)
        case .stream(let reader):
            let last = reader.header.frames - 1
            // An `until: rest` scene has fewer frames than it may: a range past them is empty.
            guard last >= 0 else { return }
            let wanted = range ?? 0...last
            guard wanted.lowerBound <= last else { return }
            try reader.run(frames: wanted.lowerBound...min(wanted.upperBound, last), cancelled: cancelled, body)
        }
    }
}

/// State streams of scenes: what identifies one, writing it, and opening it for a scene.
package enum StateStreams {
    /// What a stream's states depend on: the scene file, Springy's version, and the timing a
    /// render may change (`--fps`, `--duration`).
    package static func key(_ scene: Scene) -> String {
        let source = (try? Data(contentsOf: URL(fileURLWithPath: scene.file))) ?? Data()
        let t = scene.time
        let timing =
            "\(t.rate.numerator)/\(t.rate.denominator) \(t.duration.map { "\($0.bitPattern)" } ?? "-") \(t.untilRest) \(t.maxDuration.bitPattern)"
        return ContentHash.key([Array(source), Array(SpringyVersion.current.utf8), Array(timing.utf8)])
    }

    /// Simulates `scene` once and writes every frame's state to `path` (whole or not at all).
    package static func write(_ scene: Scene, to path: String, cancelled: () throws -> Void = {}) throws -> (
        frames: Int, bytes: Int
    ) {
        try RunCost.check(scene, drawn: false)
        let writer = try StateStream.Writer(path: path, key: key(scene), scene: scene.file)
        do {
            var frames = 0
            try Simulation(scene: scene).run(cancelled: cancelled) { state in
                try writer.add(state)
                frames += 1
            }
            return (frames, try writer.finish())
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// The stream at `path`, refused unless it was written for this scene, this version and
    /// this timing.
    package static func open(_ path: String, for scene: Scene) throws -> StateStream.Reader {
        let reader = try StateStream.Reader(path: path)
        guard reader.header.key == key(scene) else {
            let same = reader.header.scene == scene.file
            throw OutputError(
                "\(path) holds the states of \(reader.header.scene)\(same ? " as it was, or for another Springy version or --fps/--duration" : ""), not of \(scene.file) as it is now: write it again with springy states \(shellQuoted(scene.file)) --out \(shellQuoted(path)) --overwrite"
            )
        }
        return reader
    }
}
