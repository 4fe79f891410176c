import SpringyFrame

/// Fitting a label into a width without shrinking it: an ellipsis where it is cut.
package enum TextFit {
    package static let ellipsis = "\u{2026}"

    /// `text` as at most `maxLines` lines no wider than `width` by `measure`: broken at spaces
    /// (at characters with `.charWrap`) when there is more than one line; what does not fit is cut
    /// as `mode` says from the last line: an ellipsis at its end (the default), start or middle,
    /// or no ellipsis at all (`.clip`, `.wordWrap`, `.charWrap`: the line ends where it is cut).
    /// A line break in the text (`\n`, `\r\n` or `\r`) always breaks the line, as a UILabel's
    /// does: each paragraph is fitted in turn, and when the lines run out before the text does,
    /// the last line shown is cut as `mode` says.
    package static func lines(
        _ text: String, width: Double, maxLines: Int, mode: LineBreak = .truncateTail, measure: (String) -> Double
    ) -> [String] {
        let paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        guard paragraphs.count > 1 else { return paragraph(text, width: width, maxLines: maxLines, mode: mode, measure: measure) }
        var out: [String] = []
        for (k, p) in paragraphs.enumerated() where out.count < max(maxLines, 1) {
            var fitted = paragraph(p, width: width, maxLines: max(maxLines, 1) - out.count, mode: mode, measure: measure)
            if out.count + fitted.count >= max(maxLines, 1) && k < paragraphs.count - 1 {
                // Text follows the last line shown: it ends as a cut line does.
                let last = fitted.removeLast()
                switch mode {
                case .truncateTail, .truncateHead, .truncateMiddle:
                    let marked = last + ellipsis
                    fitted.append(
                        measure(marked) <= width ? marked : truncated(last + " " + ellipsis, width: width, measure: measure))
                case .clip, .wordWrap, .charWrap: fitted.append(last)
                }
            }
            out += fitted
        }
        return out
    }

    /// One paragraph (no line break in it) as at most `maxLines` lines.
    static func paragraph(
        _ text: String, width: Double, maxLines: Int, mode: LineBreak, measure: (String) -> Double
    ) -> [String] {
        if measure(text) <= width || width <= 0 { return [text] }
        func cut(_ rest: String) -> String {
            switch mode {
            case .truncateTail: return truncated(rest, width: width, measure: measure)
            case .truncateHead: return truncatedHead(rest, width: width, measure: measure)
            case .truncateMiddle: return truncatedMiddle(rest, width: width, measure: measure)
            case .clip, .wordWrap, .charWrap: return clipped(rest, width: width, measure: measure)
            }
        }
        if maxLines <= 1 { return [cut(text)] }
        if mode == .charWrap {
            var chars = Array(text)
            var lines: [String] = []
            while !chars.isEmpty {
                if lines.count == maxLines - 1 {
                    lines.append(cut(String(chars)))
                    break
                }
                let line = clipped(String(chars), width: width, measure: measure)
                let n = max(line.count, 1)
                lines.append(String(chars[0..<n]))
                chars.removeFirst(n)
            }
            return lines
        }
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var lines: [String] = []
        while !words.isEmpty {
            if lines.count == maxLines - 1 {
                lines.append(cut(words.joined(separator: " ")))
                break
            }
            var line = words.removeFirst()
            while let next = words.first, measure(line + " " + next) <= width {
                line += " " + next
                words.removeFirst()
            }
            lines.append(cut(line))  // a single word may be too wide
        }
        return lines
    }

    /// The longest start of `text` that fits `width`, without an ellipsis.
    static func clipped(_ text: String, width: Double, measure: (String) -> Double) -> String {
        let chars = Array(text)
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(String(chars[0..<mid])) <= width { lo = mid } else { hi = mid - 1 }
        }
        return String(chars[0..<lo])
    }

    /// An ellipsis and the longest end of `text` that fits `width` with it.
    static func truncatedHead(_ text: String, width: Double, measure: (String) -> Double) -> String {
        if measure(text) <= width { return text }
        let chars = Array(text)
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(ellipsis + String(chars[(chars.count - mid)...]).trimmingLeadingSpaces) <= width {
                lo = mid
            } else {
                hi = mid - 1
            }
        }
        return ellipsis + String(chars[(chars.count - lo)...]).trimmingLeadingSpaces
    }

    /// The start and end of `text` around an ellipsis, as much of each (the start one more when
    /// odd) as fits `width`.
    static func truncatedMiddle(_ text: String, width: Double, measure: (String) -> Double) -> String {
        if measure(text) <= width { return text }
        let chars = Array(text)
        func joined(_ kept: Int) -> String {
            let head = (kept + 1) / 2, tail = kept / 2
            return String(chars[0..<head]).trimmingTrailingSpaces + ellipsis
                + String(chars[(chars.count - tail)...]).trimmingLeadingSpaces
        }
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(joined(mid)) <= width { lo = mid } else { hi = mid - 1 }
        }
        return joined(lo)
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
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
