import Foundation
import SpringyScene

/// Which frames a sheet, trail or still shows: `8` (evenly spaced), or `0,30,last`.
public enum FramePick: Equatable {
    case evenly(Int)
    case list([GoldenFrame])

    public init?(_ text: String) {
        if let n = Int(text), n > 0 { self = .evenly(n); return }
        var out: [GoldenFrame] = []
        for part in text.split(separator: ",") {
            let p = part.trimmingCharacters(in: .whitespaces)
            if p == "last" { out.append(.last) } else if let i = Int(p), i >= 0 { out.append(.index(i)) } else { return nil }
        }
        if out.isEmpty { return nil }
        self = .list(out)
    }

    /// The picked frame numbers among `count` frames, in order, without repeats.
    public func resolve(count: Int) -> [Int] {
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
