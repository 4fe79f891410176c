import Foundation
import SpringyCore
import SpringyScene

/// One way a run's trace departs from its golden: a quantity of one thing, over some frames.
package struct TraceChange: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// A number moved: the largest signed departure (actual − expected) over the frames.
        case moved(delta: Double, unit: String)
        /// A flag (pinned, selected) turned on or off `shift` frames later (+) or earlier (−) each time.
        case shifted(frames: Int)
        /// A flag differs at these frames: it is `actual` where the golden has the opposite.
        case flag(actual: Bool)
        /// Drawn at frames where the golden does not have it (true), or missing where it does.
        case presence(extra: Bool)
        /// The scene's frame count changed.
        case frameCount(actual: Int, expected: Int)
    }
    package var entity: String
    package var quantity: String
    package var kind: Kind
    /// Frame-number runs where it departs, first to last.
    package var runs: [ClosedRange<Int>]
    /// How far over its tolerance (for ordering: the largest first).
    package var severity: Double
    /// A number's signed departure (actual − expected) at each frame where it is over its
    /// tolerance, in frame order; empty for flags and presence.
    package var deltas: [FrameDelta] = []

    package struct FrameDelta: Sendable, Equatable {
        package var frame: Int
        package var delta: Double
    }

    package init(
        entity: String, quantity: String, kind: Kind, runs: [ClosedRange<Int>], severity: Double, deltas: [FrameDelta] = []
    ) {
        self.entity = entity; self.quantity = quantity; self.kind = kind; self.runs = runs; self.severity = severity
        self.deltas = deltas
    }

    static func signed(_ delta: Double) -> String {
        abs(delta) >= 0.01 ? String(format: "%+.2f", delta) : String(format: "%+.4f", delta)
    }

    /// The lowest and highest departures, in frame order, those on one side of 0 only once: "−54.86
    /// at frame 18, +15.44 at frame 27".
    var extremes: String {
        guard let low = deltas.min(by: { $0.delta < $1.delta }), let high = deltas.max(by: { $0.delta < $1.delta }) else {
            return ""
        }
        var shown: [FrameDelta] = []
        if low.delta < 0 { shown.append(low) }
        if high.delta > 0 { shown.append(high) }
        return shown.sorted { $0.frame < $1.frame }.map { "\(Self.signed($0.delta)) at frame \($0.frame)" }.joined(
            separator: ", ")
    }

    /// What departs at `frame` alone, with that frame's own delta; nil when this change does not
    /// touch that frame.
    package func description(atFrame frame: Int) -> String? {
        guard runs.contains(where: { $0.contains(frame) }) else { return nil }
        let entity = oneLine(self.entity), quantity = oneLine(self.quantity)
        switch kind {
        case .moved(_, let unit):
            guard let d = deltas.first(where: { $0.frame == frame }) else { return nil }
            return "\(entity): \(quantity) \(Self.signed(d.delta))\(unit.isEmpty ? "" : " " + unit)"
        case .shifted(let n):
            return "\(entity) \(quantity) \(abs(n) == 1 ? "one frame" : "\(abs(n)) frames") \(n > 0 ? "later" : "earlier")"
        case .flag(let on): return "\(entity): \(on ? quantity : "not " + quantity), unlike the golden"
        case .presence(let extra): return "\(entity): \(extra ? "drawn, not in the golden" : "missing")"
        case .frameCount: return nil
        }
    }

    package var frames: String {
        let shown = runs.prefix(3).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }
        let word = runs.count == 1 && runs[0].count == 1 ? "frame" : "frames"
        return "\(word) \(shown.joined(separator: ", "))\(runs.count > 3 ? ", …" : "")"
    }

    package var description: String {
        let entity = oneLine(self.entity), quantity = oneLine(self.quantity)
        switch kind {
        case .moved(let delta, let unit):
            let u = unit.isEmpty ? "" : " " + unit
            if deltas.count <= 1 { return "\(entity): \(quantity) \(Self.signed(delta))\(u) at \(frames)" }
            let size = abs(delta) >= 0.01 ? String(format: "%.2f", abs(delta)) : String(format: "%.4f", abs(delta))
            return "\(entity): \(quantity) differs by up to \(size)\(u) (\(extremes)) over \(frames)"
        case .shifted(let n):
            let k = abs(n)
            return "\(entity) \(quantity) \(k == 1 ? "one frame" : "\(k) frames") \(n > 0 ? "later" : "earlier") (\(frames))"
        case .flag(let on):
            return "\(entity): \(on ? quantity : "not " + quantity) at \(frames), unlike the golden"
        case .presence(let extra):
            return "\(entity): \(extra ? "drawn" : "missing") at \(frames)\(extra ? ", not in the golden" : "")"
        case .frameCount(let actual, let expected):
            return "the scene has \(actual) frames (the golden has \(expected))"
        }
    }
}

/// Compares a run's trace with its golden, quantity by quantity, within the scene's tolerances.
package enum TraceDiff {
    private struct Track {
        var entity: String
        var quantity: String
        var unit: TraceQuantity
        var runs: [ClosedRange<Int>] = []
        var largest = 0.0
        var severity = 0.0
        /// Flags: where each side turns on.
        var expectedRises: [Int] = []
        var actualRises: [Int] = []
        var actualValue = false
        var presenceExtra = false
        var deltas: [TraceChange.FrameDelta] = []
        mutating func mark(_ frame: Int) {
            if let last = runs.last, last.upperBound + 1 == frame {
                runs[runs.count - 1] = last.lowerBound...frame
            } else {
                runs.append(frame...frame)
            }
        }
    }

    package static func compare(expected: [TraceFrame], actual: [TraceFrame], tolerance: TraceTolerance) -> [TraceChange] {
        var tracks: [Track] = []
        var index: [String: Int] = [:]  // looked up only; `tracks` keeps first-seen order
        func track(_ key: String, _ entity: String, _ quantity: String, _ unit: TraceQuantity) -> Int {
            if let k = index[key] { return k }
            index[key] = tracks.count
            tracks.append(Track(entity: entity, quantity: quantity, unit: unit))
            return tracks.count - 1
        }
        func limit(_ q: TraceQuantity) -> Double {
            switch q {
            case .position: return tolerance.position
            case .size: return tolerance.size
            case .angle: return tolerance.angle
            case .alpha: return tolerance.alpha
            case .flag: return 0.5
            }
        }
        // Flags' previous values per key, to find where they turn on.
        var previous: [String: (Bool, Bool)] = [:]
        for k in 0..<min(expected.count, actual.count) {
            let e = expected[k], a = actual[k]
            let frame = e.frame
            for (axis, (ev, av)) in zip(["x", "y"], zip(e.offset, a.offset)) where abs(av - ev) > tolerance.position {
                let t = track("offset.\(axis)", "content offset", axis, .position)
                tracks[t].mark(frame)
                tracks[t].deltas.append(TraceChange.FrameDelta(frame: frame, delta: av - ev))
                if abs(av - ev) > abs(tracks[t].largest) { tracks[t].largest = av - ev }
                tracks[t].severity = max(tracks[t].severity, abs(av - ev) / max(tolerance.position, 1e-9))
            }
            var actualByKey: [String: Int] = [:]
            var counts: [String: Int] = [:]
            for (i, entry) in a.entries.enumerated() {
                let base = "\(entry.kind)|\(entry.id)"
                let n = counts[base, default: 0]
                counts[base] = n + 1
                actualByKey["\(base)#\(n)"] = i
            }
            var seen: [String: Int] = [:]
            var matched = Set<Int>()  // asked only
            for entry in e.entries {
                let base = "\(entry.kind)|\(entry.id)"
                let n = seen[base, default: 0]
                seen[base] = n + 1
                let key = "\(base)#\(n)"
                guard let ai = actualByKey[key] else {
                    let t = track(key + "|present", entry.name, "present", .flag)
                    tracks[t].mark(frame)
                    tracks[t].severity = .infinity
                    continue
                }
                matched.insert(ai)
                let other = a.entries[ai]
                for (q, (name, unit)) in entry.quantities.enumerated() where q < entry.values.count && q < other.values.count {
                    let ev = entry.values[q], av = other.values[q]
                    if unit == .flag {
                        let pk = key + "|" + name
                        let (pe, pa) = previous[pk] ?? (false, false)
                        previous[pk] = (ev > 0.5, av > 0.5)
                        let t0 = index[pk]
                        if (ev > 0.5) != (av > 0.5) || t0 != nil {
                            let t = track(pk, entry.name, name, .flag)
                            if !pe && ev > 0.5 { tracks[t].expectedRises.append(frame) }
                            if !pa && av > 0.5 { tracks[t].actualRises.append(frame) }
                            if (ev > 0.5) != (av > 0.5) {
                                tracks[t].mark(frame); tracks[t].actualValue = av > 0.5; tracks[t].severity = 1
                            }
                        }
                        continue
                    }
                    let d = av - ev
                    guard abs(d) > limit(unit) else { continue }
                    let t = track(key + "|" + name, entry.name, name, unit)
                    tracks[t].mark(frame)
                    tracks[t].deltas.append(TraceChange.FrameDelta(frame: frame, delta: d))
                    if abs(d) > abs(tracks[t].largest) { tracks[t].largest = d }
                    tracks[t].severity = max(tracks[t].severity, abs(d) / max(limit(unit), 1e-9))
                }
            }
            for (i, entry) in a.entries.enumerated() where !matched.contains(i) {
                let t = track("\(entry.kind)|\(entry.id)|extra", entry.name, "present", .flag)
                tracks[t].presenceExtra = true
                tracks[t].mark(frame)
                tracks[t].severity = .infinity
            }
        }
        var changes: [TraceChange] = []
        if expected.count != actual.count {
            changes.append(
                TraceChange(
                    entity: "scene", quantity: "frames", kind: .frameCount(actual: actual.count, expected: expected.count),
                    runs: [], severity: .infinity))
        }
        for t in tracks where !t.runs.isEmpty {
            let kind: TraceChange.Kind
            switch t.unit {
            case .flag where t.quantity == "present": kind = .presence(extra: t.presenceExtra)
            case .flag:
                let shifts = zip(t.actualRises, t.expectedRises).map { $0 - $1 }
                if t.actualRises.count == t.expectedRises.count, let s = shifts.first, s != 0, shifts.allSatisfy({ $0 == s }) {
                    kind = .shifted(frames: s)
                } else {
                    kind = .flag(actual: t.actualValue)
                }
            case .position, .size: kind = .moved(delta: t.largest, unit: "pt")
            case .angle: kind = .moved(delta: t.largest, unit: "°")
            case .alpha: kind = .moved(delta: t.largest, unit: "")
            }
            changes.append(
                TraceChange(
                    entity: t.entity, quantity: t.quantity, kind: kind, runs: t.runs, severity: t.severity, deltas: t.deltas))
        }
        // The largest departures first; ties in the order things first departed.
        return changes.enumerated().sorted { x, y in
            if x.element.severity != y.element.severity { return x.element.severity > y.element.severity }
            return x.offset < y.offset
        }.map(\.element)
    }

    /// Lines for a message: the first `limit` changes and how many more there are.
    package static func explain(_ changes: [TraceChange], limit: Int = 8) -> [String] {
        var lines = changes.prefix(limit).map(\.description)
        if changes.count > limit { lines.append("… and \(changes.count - limit) more") }
        return lines
    }

    /// What departs at one frame, each with that frame's own delta (the largest first); empty when
    /// the trace agrees with its golden there.
    package static func explain(_ changes: [TraceChange], atFrame frame: Int, limit: Int = 8) -> [String] {
        let lines = changes.compactMap { $0.description(atFrame: frame) }
        return Array(lines.prefix(limit)) + (lines.count > limit ? ["… and \(lines.count - limit) more"] : [])
    }
}
