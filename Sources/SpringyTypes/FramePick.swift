/// A frame by number, or the scene's last: a golden frame, a `--pick` entry.
public enum FrameNumber: Sendable, Equatable {
    case index(Int)
    case last
}

/// Which frames a still shows (a sheet, trail, still, PDF or SVG): `--pick-count 8` (evenly spaced) or
/// `--pick 0,30,last`.
public enum FramePick: Sendable, Equatable {
    /// This many, evenly spaced (1: the last).
    case evenly(Int)
    /// These frames.
    case frames([FrameNumber])

    /// Why this pick does not fit `count` frames (more frames than there are, a frame past the
    /// last), or nil when it does.
    public func problem(count: Int) -> String? {
        switch self {
        case .evenly(let n) where n > count:
            return "\(n) frames asked for, and the scene has \(count) frame\(count == 1 ? "" : "s")"
        case .frames(let l):
            for f in l { if case .index(let i) = f, i >= count { return "frame \(i) is past the last frame, \(count - 1)" } }
            return nil
        case .evenly:
            return nil
        }
    }

    /// The picked frame numbers among `count` frames, in order, without repeats.
    public func resolve(count: Int) -> [Int] {
        guard count > 0 else { return [] }
        var out: [Int]
        switch self {
        case .evenly(let n):
            out = n == 1 ? [count - 1] : (0..<n).map { Int((Double($0) * Double(count - 1) / Double(n - 1)).rounded()) }
        case .frames(let l):
            out = l.map { f in if case .index(let i) = f { return min(i, count - 1) } else { return count - 1 } }
        }
        var unique: [Int] = []
        for i in out.sorted() where unique.last != i { unique.append(i) }
        return unique
    }
}
