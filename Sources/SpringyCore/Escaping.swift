/// `s` with each scalar `replacement` names replaced by its text (nil: kept as it is): the one
/// loop behind JSON strings, trace ids and XML attributes.
public func escaped(_ s: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for u in s.unicodeScalars {
        if let r = replacement(u) { out += r } else { out.unicodeScalars.append(u) }
    }
    return out
}

/// JSON's escapes for a string's contents (quote, backslash, controls).
public func jsonEscape(_ u: Unicode.Scalar) -> String? {
    switch u {
    case "\"": return "\\\""
    case "\\": return "\\\\"
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default:
        guard u.value < 0x20 else { return nil }
        let hex = String(u.value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
