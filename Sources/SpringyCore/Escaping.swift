/// `s` with each scalar `replacement` names replaced by its text (nil: kept as it is): the one
/// loop behind JSON strings, trace ids and XML attributes.
package func escaped(_ s: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for u in s.unicodeScalars {
        if let r = replacement(u) { out += r } else { out.unicodeScalars.append(u) }
    }
    return out
}

/// JSON's escapes for a string's contents (quote, backslash, controls).
package func jsonEscape(_ u: Unicode.Scalar) -> String? {
    switch u {
    case "\"": return "\\\""
    case "\\": return "\\\\"
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default:  // open set: characters
        guard u.value < 0x20 else { return nil }
        let hex = String(u.value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

/// Scene text (an id, a label, a name) shown inside one line of a message: line breaks and other
/// controls written as escapes (`\n`, `\u{2028}`), so a name can never start a line of its own.
package func oneLine(_ s: String) -> String {
    escaped(s) { u in
        switch u {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:  // open set: characters
            let category = u.properties.generalCategory
            guard category == .control || category == .lineSeparator || category == .paragraphSeparator else { return nil }
            return "\\u{" + String(u.value, radix: 16) + "}"
        }
    }
}

/// GitHub Actions workflow commands: a line that starts (after white space) with `::` is one.
package enum WorkflowText {
    /// Every line of `text` that would read as a workflow command starts with `» ` instead; a
    /// carriage return (which the runner may take as a line break) is written as `\r`.
    package static func neutralized(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: "\\r").split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("::") ? "» " + line : String(line)
        }.joined(separator: "\n")
    }

    /// A command's message (after `::`): `%`, CR and LF escaped as the runner reads them back.
    package static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(
            of: "\n", with: "%0A")
    }

    /// A command's property value (`file=…`): as `data`, and `:` and `,` too.
    package static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// Scene text placed in Markdown (the docs gallery, DocC articles): names and file names come
/// from the user's files, and a Markdown renderer that allows HTML would run a `<script>` in one.
package enum MarkdownText {
    /// Plain text in a heading, a paragraph or an image's alt text: `<`, `>` and `&` as entities,
    /// the characters that open or close inline markup (`` \ ` * _ [ ] ( ) ! # | ~ ``)
    /// backslash-escaped, line breaks made spaces; everything else kept as written.
    package static func inline(_ s: String) -> String {
        escaped(s) { u in
            switch u {
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "&": return "&amp;"
            case "\n", "\r", "\u{2028}", "\u{2029}": return " "
            default:  // open set: characters
                if u.properties.generalCategory == .control { return " " }
                return "\\`*_[]()!#|~".unicodeScalars.contains(u) ? "\\" + String(u) : nil
            }
        }
    }

    /// A code span holding `s` exactly: fenced by one backtick more than the longest run inside,
    /// padded with a space where `s` starts or ends with a backtick (CommonMark's rule).
    package static func code(_ s: String) -> String {
        let text = String(s.map { $0.isNewline ? " " : $0 })
        var longest = 0, run = 0
        for c in text { run = c == "`" ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + pad + text + pad + fence
    }

    /// A quoted argument of a DocC directive (`alt: "…"`): DocC reads no escapes there, so a
    /// straight quote becomes a typographic one (“ after a space or at the start, ” otherwise)
    /// and a line break a space.
    package static func directiveArgument(_ s: String) -> String {
        var out = ""
        for c in s {
            if c == "\"" {
                out.append(out.isEmpty || out.last!.isWhitespace ? "\u{201C}" : "\u{201D}")
            } else if c == "\\" {
                out.append("\u{29F5}")
            } else if c.isNewline {
                out.append(" ")
            } else {
                out.append(c)
            }
        }
        return out
    }
}

/// A word as a shell reads it back: quoted when it holds anything but safe characters (the
/// commands Springy suggests — record, accept — are pasted into a shell).
package func shellQuoted(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
    return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
