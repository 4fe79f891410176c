import Foundation
import SpringyCore

/// What a run of a scene will cost, worked out from the scene before it starts: frames and the
/// pixels drawn for them, the solver's body-steps (every run simulates from time 0, whatever
/// frames it keeps), and the bytes of its trace. Each has a budget (SceneLimits) that a run over
/// it is refused against, with the flag that raises it; `validate` prints the same estimate.
package struct RunCost: Sendable, Equatable {
    package var frames: Int
    package var pixelsPerFrame: Int
    /// Frames drawn × pixels per frame (0 when nothing is drawn: a trace).
    package var drawnPixels: Double
    /// Solver steps to the last frame × bodies simulated at once (an upper estimate).
    package var bodySteps: Double
    /// About the bytes of a JSON Lines trace of those frames.
    package var traceBytes: Double

    /// Bytes a trace line takes per item or header, and per frame besides them.
    static let traceBytesPerEntry = 170.0, traceBytesPerFrame = 120.0

    /// The cost of `frames` (all when nil) of `scene`, drawn at `scale` when `drawn`.
    package init(_ scene: Scene, frames range: ClosedRange<Int>? = nil, scale: Int? = nil, drawn: Bool = true) {
        let count = range?.count ?? scene.time.maxFrameCount
        let last = range?.upperBound ?? scene.time.maxFrameCount - 1
        let s = Double(scale ?? scene.viewport.scale)
        let width = Int((scene.viewport.size.width * s).rounded(.up)), height = Int((scene.viewport.size.height * s).rounded(.up))
        frames = count
        pixelsPerFrame = width * height
        drawnPixels = drawn ? Double(count) * Double(width * height) : 0
        let cells = scene.collection.map { c in c.sections.reduce(0) { $0 + $1.count } } ?? 0
        // Cells on screen: what the viewport holds of the smallest cell, twice over (cells move), and
        // at most all of them.
        var shownCells = 0
        if let c = scene.collection {
            let size = c.layout.kind == .list ? Size2(scene.viewport.size.width, max(c.layout.rowHeight, 1)) : c.layout.itemSize
            let area = max(size.width * size.height, 1)
            shownCells = min(cells, Int(min(2 * scene.viewport.size.width * scene.viewport.size.height / area + 16, 1e9)))
        }
        let bodies =
            scene.items.count + (scene.collection.map { $0.dynamics.kind == .none ? 0 : min(cells, scene.limits.maxBodies) } ?? 0)
        bodySteps = Double(scene.time.steps(forFrame: last + 1)) * Double(max(bodies, 1))
        let entries = Double(scene.items.count + shownCells + (scene.collection?.sections.count ?? 0))
        traceBytes = Double(count) * (Self.traceBytesPerFrame + Self.traceBytesPerEntry * entries)
    }

    /// Why this run is over `limits`' budgets (with the flag to raise), or nil.
    package func problem(_ limits: SceneLimits) -> String? {
        if drawnPixels > limits.maxDrawnPixels {
            return
                "drawing \(frames) frames of \(pixelsPerFrame) pixels is \(Self.short(drawnPixels)) pixels, over the budget of \(Self.short(limits.maxDrawnPixels)) (--max-drawn-pixels; at about 200 million pixels a second a core, \(Self.duration(drawnPixels / 2e8)))"
        }
        if bodySteps > limits.maxBodySteps {
            return
                "simulating to the last frame is about \(Self.short(bodySteps)) body-steps, over the budget of \(Self.short(limits.maxBodySteps)) (--max-body-steps)"
        }
        return nil
    }

    /// The same for a trace (its bytes, and the steps).
    package func traceProblem(_ limits: SceneLimits) -> String? {
        if traceBytes > limits.maxTraceBytes {
            return
                "a trace of \(frames) frames is about \(Self.short(traceBytes)) bytes, over the budget of \(Self.short(limits.maxTraceBytes)) (--max-trace-bytes)"
        }
        return problem(limits)
    }

    /// One line for `validate`.
    package var summary: String {
        "\(frames) frames of \(pixelsPerFrame) pixels (\(Self.short(drawnPixels)) drawn), about \(Self.short(bodySteps)) body-steps, a trace of about \(Self.short(traceBytes)) bytes"
    }

    package static func short(_ v: Double) -> String {
        for (unit, scale) in [("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)] where v >= scale {
            return String(format: "%.1f", v / scale) + unit
        }
        return String(Int(v))
    }

    package static func duration(_ seconds: Double) -> String {
        seconds < 120
            ? "about \(Int(seconds.rounded())) s"
            : seconds < 7200
                ? "about \(Int((seconds / 60).rounded())) min"
                : "about \(Int((seconds / 3600).rounded())) h"
    }
}

extension RunCost {
    /// Refuses a run of `scene` over its budgets (`scene.limits`): an error naming the file and
    /// `time`, the estimate, the budget and the flag that raises it.
    package static func check(
        _ scene: Scene, frames range: ClosedRange<Int>? = nil, scale: Int? = nil, drawn: Bool = true,
        trace: Bool = false
    ) throws {
        let cost = RunCost(scene, frames: range, scale: scale, drawn: drawn)
        if let why = trace ? cost.traceProblem(scene.limits) : cost.problem(scene.limits) {
            throw SceneError(file: scene.file, line: 0, column: 0, keyPath: "time", message: why)
        }
    }
}
