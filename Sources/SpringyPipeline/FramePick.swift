import Foundation
import SpringyCore
import SpringyScene

/// Which frames a sheet, trail or still shows: `8` (evenly spaced), or `0,30,last`.
package enum FramePick: Equatable {
    case evenly(Int)
    case list([GoldenFrame])

    package init?(_ text: String) {
        if let n = Int(text), n > 0 { self = .evenly(n); return }
        var out: [GoldenFrame] = []
        for part in text.split(separator: ",") {
            let p = part.trimmingCharacters(in: .whitespaces)
            if p == "last" { out.append(.last) } else if let i = Int(p), i >= 0 { out.append(.index(i)) } else { return nil }
        }
        if out.isEmpty { return nil }
        self = .list(out)
    }

    /// Why this pick does not fit `count` frames, or nil when it does: asking for more
    /// frames than there are, or for a frame past the last.
    package func problem(count: Int) -> String? {
        switch self {
        case .evenly(let n) where n > count:
            return "\(n) frames asked for, and the scene has \(counted(count, "frame"))"
        case .list(let l):
            for f in l { if case .index(let i) = f, i >= count { return "frame \(i) is past the last frame, \(count - 1)" } }
            return nil
        case .evenly:
            return nil
        }
    }

    /// The picked frame numbers among `count` frames, in order, without repeats.
    package func resolve(count: Int) -> [Int] {
        guard count > 0 else { return [] }
        var out: [Int]
        switch self {
        case .evenly(let n):
            out = n == 1 ? [count - 1] : (0..<n).map { Int((Double($0) * Double(count - 1) / Double(n - 1)).rounded()) }
        case .list(let l):
            out = l.map { f in if case .index(let i) = f { return min(i, count - 1) } else { return count - 1 } }
        }
        var unique: [Int] = []
        for i in out.sorted() where unique.last != i { unique.append(i) }
        return unique
    }
}
