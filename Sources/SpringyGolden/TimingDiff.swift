import Foundation
import SpringyScene

/// *When* a run departs from its trace golden, not only what moved: the first frame that
/// differs, whether the new run is the golden one shifted in time (a delay, a later start), and
/// when each one starts moving and settles — from the two traces alone.
///
/// A frame's departure is the largest difference of any traced quantity between two frames, in
/// units of that quantity's tolerance (over 1: the frames differ; a thing drawn in one and not
/// the other: infinity). Everything below is that one measure, applied to different pairs of
/// frames.
package struct TimingDiagnosis: Codable, Sendable, Equatable {
    /// The first frame whose departure from the golden's same frame is over 1.
    package var firstDifferingFrame: Int?
    /// The new run is the golden's shifted this many frames (+: later): nil when no shift fits.
    package var shift: Int?
    /// When motion starts (the first frame that differs from frame 0) and settles (the first
    /// frame from which every frame is within tolerance of the last), in each run.
    package var starts: Int?
    package var expectedStarts: Int?
    package var settles: Int?
    package var expectedSettles: Int?
    package var fps: Double
    /// Each frame's departure from the golden's, rounded to 0.01 and capped at 1000: the sparkline.
    package var perFrame: [Double]

    /// The diagnosis in words, the most telling first.
    package var sentences: [String] {
        var out: [String] = []
        guard let first = firstDifferingFrame else { return out }
        out.append("first differs at frame \(first) (\(Self.time(Double(first) / fps)))")
        if let shift, shift != 0 {
            out.append(
                "the run is the golden's shifted \(Self.frames(shift)) (\(Self.time(Double(abs(shift)) / fps))): \(Self.moment("starts", shift, fps))"
            )
            return out
        }
        if let a = starts, let e = expectedStarts, a != e { out.append(Self.moment("starts", a - e, fps)) }
        if let a = settles, let e = expectedSettles, a != e { out.append(Self.moment("settles", a - e, fps)) }
        if out.count == 1 { out.append("starts and settles on the same frames as the golden") }
        return out
    }

    static func frames(_ n: Int) -> String { "\(abs(n)) frame\(abs(n) == 1 ? "" : "s") \(n > 0 ? "later" : "earlier")" }

    static func moment(_ verb: String, _ n: Int, _ fps: Double) -> String {
        "\(verb) \(frames(n)) (\(time(Double(abs(n)) / fps)))"
    }

    static func time(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
    }
}

package enum TimingDiff {
    /// One frame's traced quantities in trace order, each with its tolerance. Frames whose
    /// quantities are the same list (the usual case) share a `layout` number and are compared
    /// index by index; others by name.
    struct Sample {
        var layout: Int
        var names: [String]
        var index: [String: Int]  // looked up only
        var values: [Double]
        var limits: [Double]
    }

    /// The frames' samples; `layouts` numbers each distinct list of names (looked up only).
    static func samples(_ frames: [TraceFrame], tolerance: TraceTolerance, layouts: inout [String: Int]) -> [Sample] {
        frames.map { f in
            var names: [String] = [], values: [Double] = [], limits: [Double] = []
            for (axis, v) in zip(["x", "y"], f.offset) {
                names.append("offset.\(axis)"); values.append(v); limits.append(tolerance.position)
            }
            var seen: [String: Int] = [:]  // looked up only
            for entry in f.entries {
                let base = "\(entry.kind)|\(entry.id)"
                let n = seen[base, default: 0]
                seen[base] = n + 1
                for (q, (name, unit)) in entry.quantities.enumerated() where q < entry.values.count {
                    let limit: Double
                    switch unit {
                    case .position: limit = tolerance.position
                    case .size: limit = tolerance.size
                    case .angle: limit = tolerance.angle
                    case .alpha: limit = tolerance.alpha
                    case .flag: limit = 0.5
                    }
                    names.append("\(base)#\(n)|\(name)"); values.append(entry.values[q]); limits.append(max(limit, 1e-9))
                }
            }
            let signature = names.joined(separator: "\n")
            let layout = layouts[signature] ?? layouts.count
            layouts[signature] = layout
            var index: [String: Int] = [:]
            for (i, name) in names.enumerated() { index[name] = i }
            return Sample(layout: layout, names: names, index: index, values: values, limits: limits)
        }
    }

    /// How far `b` departs from `a`, in tolerances (infinity when one has a quantity the other lacks).
    static func departure(_ a: Sample, _ b: Sample) -> Double {
        var worst = 0.0
        if a.layout == b.layout {
            for i in a.values.indices {
                let d = abs(a.values[i] - b.values[i]) / a.limits[i]
                if d > worst { worst = d }
            }
            return worst
        }
        if a.values.count != b.values.count { return .infinity }
        for (i, name) in a.names.enumerated() {
            guard let j = b.index[name] else { return .infinity }
            let d = abs(a.values[i] - b.values[j]) / a.limits[i]
            if d > worst { worst = d }
        }
        return worst
    }

    /// The diagnosis of `actual` against `expected` (their frames in order, `fps` per second).
    /// Shifts up to `maxShift` frames are tried.
    package static func diagnose(
        expected: [TraceFrame], actual: [TraceFrame], tolerance: TraceTolerance, fps: Double, maxShift: Int = 120
    ) -> TimingDiagnosis {
        var layouts: [String: Int] = [:]
        let e = samples(expected, tolerance: tolerance, layouts: &layouts)
        let a = samples(actual, tolerance: tolerance, layouts: &layouts)
        let common = min(e.count, a.count)
        var perFrame: [Double] = []
        perFrame.reserveCapacity(common)
        for k in 0..<common { perFrame.append(departure(e[k], a[k])) }
        var diagnosis = TimingDiagnosis(fps: fps, perFrame: perFrame.map { min(($0 * 100).rounded() / 100, 1000) })
        diagnosis.expectedStarts = starts(e)
        diagnosis.starts = starts(a)
        diagnosis.expectedSettles = settles(e)
        diagnosis.settles = settles(a)
        guard let first = perFrame.firstIndex(where: { $0 > 1 }) else {
            if e.count != a.count { diagnosis.firstDifferingFrame = frameNumber(common, actual) }
            return diagnosis
        }
        diagnosis.firstDifferingFrame = frameNumber(first, actual)
        let last = perFrame.lastIndex { $0 > 1 } ?? first
        // A shift fits when the actual run, read `k` frames behind, matches the golden on at
        // least 90 % of the frames that differ (a delayed run holds its first state meanwhile).
        let hint = [diagnosis.starts.flatMap { s in diagnosis.expectedStarts.map { s - $0 } }].compactMap { $0 }
        let reach = min(maxShift, max(3, (hint.map(abs).max() ?? 0) + 3))
        var best: (k: Int, fit: Double) = (0, 0)
        let span = Array(first...last)
        for k in -reach...reach where k != 0 {
            var fits = 0
            for f in span where departure(e[min(max(f - k, 0), e.count - 1)], a[f]) <= 1 { fits += 1 }
            let fit = Double(fits) / Double(span.count)
            // Ties go to the smaller shift.
            if fit > best.fit || (fit == best.fit && abs(k) < abs(best.k)) { best = (k, fit) }
        }
        if best.fit >= 0.9 { diagnosis.shift = best.k }
        return diagnosis
    }

    static func frameNumber(_ index: Int, _ frames: [TraceFrame]) -> Int {
        index < frames.count ? frames[index].frame : (frames.last.map { $0.frame + 1 } ?? index)
    }

    /// The first frame that departs from frame 0; nil when nothing ever moves.
    static func starts(_ s: [Sample]) -> Int? {
        guard let first = s.first else { return nil }
        return s.indices.first { departure(first, s[$0]) > 1 }
    }

    /// The first frame from which every frame is within tolerance of the last; nil when nothing moves.
    static func settles(_ s: [Sample]) -> Int? {
        guard let end = s.last, starts(s) != nil else { return nil }
        var k = s.count - 1
        while k > 0 && departure(end, s[k - 1]) <= 1 { k -= 1 }
        return k
    }
}
