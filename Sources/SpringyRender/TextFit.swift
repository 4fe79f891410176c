/// Fitting a label into a width without shrinking it: an ellipsis where it is cut.
package enum TextFit {
    package static let ellipsis = "\u{2026}"

    /// `text` as at most `maxLines` lines no wider than `width` by `measure`: broken at spaces
    /// when there is more than one line, the last line cut with an ellipsis if the rest does not fit.
    package static func lines(_ text: String, width: Double, maxLines: Int, measure: (String) -> Double) -> [String] {
        if measure(text) <= width || width <= 0 { return [text] }
        if maxLines <= 1 { return [truncated(text, width: width, measure: measure)] }
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var lines: [String] = []
        while !words.isEmpty {
            if lines.count == maxLines - 1 {
                lines.append(truncated(words.joined(separator: " "), width: width, measure: measure))
                break
            }
            var line = words.removeFirst()
            while let next = words.first, measure(line + " " + next) <= width {
                line += " " + next
                words.removeFirst()
            }
            lines.append(truncated(line, width: width, measure: measure))  // a single word may be too wide
        }
        return lines
    }

    /// The longest start of `text` that, with an ellipsis, fits `width` (just the ellipsis if none does).
    package static func truncated(_ text: String, width: Double, measure: (String) -> Double) -> String {
        if measure(text) <= width { return text }
        let chars = Array(text)
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let candidate = String(chars[0..<mid]).trimmingTrailingSpaces + ellipsis
            if measure(candidate) <= width { lo = mid } else { hi = mid - 1 }
        }
        return String(chars[0..<lo]).trimmingTrailingSpaces + ellipsis
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
