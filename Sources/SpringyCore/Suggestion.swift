// "Did you mean": the closest of a few known words to a misspelt one.

/// Edit distance, for "did you mean" hints.
package func editDistance(_ a: String, _ b: String) -> Int {
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

/// The closest candidate to `word`, if close enough to be a plausible typo: one that keeps some of
/// the word (fewer edits than its letters), so a one-letter name is never "corrected" into
/// another (`b` is no typo of `a`; `aa` may be).
package func suggestion(for word: String, among candidates: [String]) -> String? {
    var best: (String, Int)?
    for c in candidates {
        let d = editDistance(word.lowercased(), c.lowercased())
        if best.map({ d < $0.1 }) ?? true { best = (c, d) }
    }
    guard let (c, d) = best, d <= max(2, c.count / 3), d < word.count else { return nil }
    return c
}
