import Foundation
import SpringyCore

/// A problem with a scene file, located as `file:line:column: key.path: message`.
public struct SceneError: LocatedError, Equatable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var keyPath: String
    public var message: String
    public init(file: String, line: Int, column: Int, keyPath: String, message: String) {
        self.file = file; self.line = line; self.column = column; self.keyPath = keyPath; self.message = message
    }
    public var description: String {
        let key = keyPath.isEmpty ? "" : "\(keyPath): "
        return "\(file):\(line):\(column): \(key)\(message)"
    }
}

/// Several problems in one file (validation reports all it can find).
public struct SceneErrors: LocatedError, Sendable {
    public var errors: [SceneError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Edit distance, for "did you mean" hints.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// The closest candidate to `word`, if close enough to be a plausible typo.
func suggestion(for word: String, among candidates: [String]) -> String? {
    var best: (String, Int)?
    for c in candidates {
        let d = editDistance(word.lowercased(), c.lowercased())
        if best == nil || d < best!.1 { best = (c, d) }
    }
    guard let (c, d) = best, d <= max(2, c.count / 3) else { return nil }
    return c
}
