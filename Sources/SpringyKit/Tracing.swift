import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline
import SpringyScene

/// The hashes `springy trace --hash` prints for a scene.
public struct TraceHashes: Sendable {
    /// FNV-1a 64 of the trace text (every frame's JSON line), as 16 hex digits.
    public var trace: String
    /// Of every frame's pixels as drawn, before any encoder (when asked for).
    public var pixels: String?
    public var frames: Int
    /// Each frame's number, its trace line's hash and its pixels' hash (when asked for).
    public var perFrame: [(frame: Int, trace: String, pixels: String?)]
}

/// When a still is taken.
public enum Moment: Sendable, Equatable {
    /// This frame number.
    case frame(Int)
    /// The frame shown at this time in seconds (the scene's end shows its last frame).
    case time(Double)
    /// The scene's last frame (for `until: rest`, the first at rest).
    case last

    var model: StillJob.Moment {
        switch self {
        case .frame(let n): return .frame(n)
        case .time(let t): return .time(t)
        case .last: return .last
        }
    }
}

extension Scene {
    /// The trace: each frame's state as one line of JSON (JSON Lines), handed to `line` as it
    /// is made; only `frames` when given.
    public func traceLines(frames: ClosedRange<Int>? = nil, _ line: (String) throws -> Void) throws {
        try Problems.wrapping { try TraceJob.lines(model, frames: frames, line) }
    }

    /// The trace's hash and, with `pixels`, the hash of every frame's pixels as drawn
    /// (drawn on `threads` threads; the hashes do not depend on it).
    public func hashes(frames: ClosedRange<Int>? = nil, pixels: Bool = false, threads: Int = 1) throws -> TraceHashes {
        try Problems.wrapping {
            let h = try TraceJob.hashes(model, frames: frames, pixels: pixels, threads: threads)
            return TraceHashes(trace: h.trace, pixels: h.pixels, frames: h.frames, perFrame: h.perFrame)
        }
    }

    /// One frame as PNG bytes, and its number: `springy still`.
    public func still(at moment: Moment = .last, scale: Int? = nil) throws -> (frame: Int, png: [UInt8]) {
        try Problems.wrapping { try StillJob.render(model, at: moment.model, scale: scale) }
    }

    /// Charts `quantity` of item `item` (a free view's name, a cell's `section.item` or a
    /// header's `header.N`; none for `offset`) over time into a PNG or SVG file at `path`,
    /// with a released spring's closed form (frequency in Hz, damping ratio, rest value; the
    /// rest defaults to the last value) drawn over it when given — from the time it is
    /// released (`from`, seconds: the value charted then, at rest), or from the first frame.
    public func plot(
        _ quantity: PlotQuantity, item: String? = nil, spring: (frequency: Double, damping: Double, rest: Double?)? = nil,
        from: Double? = nil, to path: String
    ) throws {
        var job = PlotJob(
            scene: model, quantity: quantity, item: item,
            spring: spring.map { ($0.frequency, $0.damping, $0.rest) })
        job.from = from
        do { try job.write(to: path) } catch let e as PlotJob.NeverOnScreen {
            throw Problems("\(model.file): \(e)")
        } catch { throw Problems(error) }
    }
}

/// Files the caller names, written whole or not at all.
public enum Files {
    /// Refuses `path` when it exists and `overwrite` is false, or when its folder cannot hold
    /// it; `flag` names the option that gave it in the problem.
    public static func prepare(_ path: String, overwrite: Bool, flag: String) throws {
        try Problems.wrapping { try AtomicFile.prepare(path, overwrite: overwrite, flag: flag) }
    }

    /// Writes `bytes` to `path` atomically (a reader sees the old file or the new one), making
    /// its folder.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try Problems.wrapping {
            try AtomicFile.makeDirectory(PathText.parent(path))
            try AtomicFile.write(bytes, to: path)
        }
    }

    /// Makes the folder at `path` and its parents.
    public static func makeFolder(_ path: String) throws {
        try Problems.wrapping { try AtomicFile.makeDirectory(path) }
    }

    /// Text for standard output, written whole; a reader that went away (`| head`) is
    /// ``StandardOutputClosed``.
    public static func writeStandardOutput(_ text: String) throws {
        do { try StandardOutput.write(text) } catch is StandardOutput.Closed { throw StandardOutputClosed() } catch {
            throw Problems(error)
        }
    }
}

/// Standard output's reader went away (`| head`): stop quietly.
public struct StandardOutputClosed: Error, Sendable {}
