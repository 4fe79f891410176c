import SpringyCore
import SpringyFrame

/// The machine-readable trace (SCENE-FORMAT.md, "Trace"): one JSON object per frame.
package enum TraceWriter {
    /// Numbers are rounded to 1/10000 (of a point, second or degree) so traces are stable and short.
    static func number(_ v: Double) -> String { NumberText.rounded(v, steps: 10_000, nonFinite: "null") }

    static func string(_ s: String) -> String { "\"" + escaped(s, jsonEscape) + "\"" }

    static func pair(_ p: Vec2) -> String { "[\(number(p.x)), \(number(p.y))]" }

    /// A frame's time exactly as the simulation used it (the shortest text that reads back as
    /// the same double), so a reader comparing at it is not limited by the rounding above.
    static func exact(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }

    package static func line(_ f: FrameState) -> String {
        var s = "{\"frame\": \(f.frame), \"time\": \(exact(f.time)), \"content_offset\": \(pair(f.contentOffset)), "
        s += "\"at_rest\": \(f.atRest), \"items\": ["
        s += f.items.map { i in
            "{\"id\": \(string(i.id)), \"center\": \(pair(i.center)), \"size\": [\(number(i.size.width)), \(number(i.size.height))], "
                + "\"angle\": \(number(i.angle.radiansToDegrees)), \"alpha\": \(number(i.alpha)), \"z\": \(i.z), "
                + "\"velocity\": \(pair(i.velocity)), \"selected\": \(i.selected)}"
        }.joined(separator: ", ")
        s += "], \"headers\": ["
        s += f.headers.map { h in
            "{\"id\": \(string(h.id)), \"frame\": [\(number(h.frame.minX)), \(number(h.frame.minY)), \(number(h.frame.width)), \(number(h.frame.height))], \"pinned\": \(h.pinned)"
                + (h.kind == .header ? "" : ", \"kind\": \"\(h.kind.rawValue)\"") + "}"
        }.joined(separator: ", ")
        s += "], \"springs\": ["
        s += f.springs.map { sp in
            "{\"item\": \(string(sp.item)), \"anchor\": \(pair(sp.anchor)), \"point\": \(pair(sp.point))}"
        }.joined(separator: ", ")
        s += "], \"events\": ["
        s += f.events.map { e in
            var o = "{\"kind\": \"\(e.kind.rawValue)\""
            if !e.item.isEmpty { o += ", \"item\": \(string(e.item)), \"with\": \(string(e.with))" }
            if let p = e.point { o += ", \"point\": \(pair(p))" }
            return o + "}"
        }.joined(separator: ", ")
        s += "]}"
        return s
    }
}
