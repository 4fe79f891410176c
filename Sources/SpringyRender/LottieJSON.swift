import Foundation
import SpringyCore

/// Lottie's JSON as Springy writes it: its writer, layers, transforms, keyframes, shape groups,
/// and a look's SVG read into shapes.
enum LottieJSON {
    typealias Unsupported = AnimatedLottie.Unsupported

    /// A part of a look drawn as one layer: its shape groups (topmost first) and, for what the
    /// look draws inside a clip of its own (a selected row's outline, inside its shape), the
    /// clip as the layer's mask paths.
    struct Segment {
        var shapes: [[String: Any]] = []
        var mask: [[String: Any]]?
    }

    /// A look's SVG (as Cairo's SVG surface writes it, compacted) as Lottie shape groups, in
    /// segments bottom to top — a new one where a clip of the look's own begins or ends: each
    /// path a group of its contours with its fill or stroke; each run of glyphs a group of
    /// their outlines with the run's fill. `glyphs` gives each glyph id's `<path …/>`. Throws
    /// `Unsupported` for what it does not read (pictures, masks, a clip inside a clip).
    static func lottieSegments(_ svg: String, glyphs: [String: String], where key: String, frame: Int) throws -> [Segment] {
        enum Group { case glyphs, clip, other }
        var segments = [Segment()]
        var base = Vec2.zero  // the look's own translate (a drawing kept at Cairo's margin)
        var glyphFill: [String: Any]?
        var glyphItems: [[String: Any]] = []
        var clipPaths: [String: String] = [:]  // a clip's id -> its path data (looked up only)
        var inClipPath: String?
        var open: [Group] = []
        for raw in svg.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            for foreign in ["<image", "<mask", "<pattern", "<rect", "<circle", "<ellipse", "<line"] where line.contains(foreign) {
                throw Unsupported(key: key, frame: frame, what: "draws a picture or a mask inside itself (\(foreign))")
            }
            if line.hasPrefix("<clipPath"), let id = attribute(line, "id") {
                inClipPath = id
            } else if line == "</clipPath>" {
                inClipPath = nil
            } else if let id = inClipPath {
                guard line.hasPrefix("<path"), attribute(line, "transform") == nil, let d = attribute(line, "d") else {
                    throw Unsupported(key: key, frame: frame, what: "clips to a shape Springy does not read")
                }
                clipPaths[id] = (clipPaths[id].map { $0 + " " } ?? "") + d
            } else if line.hasPrefix("<g id=") {
                open.append(.other)
                if let t = attribute(line, "transform") {
                    let v = numbers(t)
                    guard t.hasPrefix("translate("), v.count == 2 else {
                        throw Unsupported(key: key, frame: frame, what: "is drawn under a transform (\(t))")
                    }
                    base = Vec2(v[0], v[1])
                }
            } else if line.hasPrefix("<g clip-path="), let url = attribute(line, "clip-path") {
                let id = String(url.dropFirst(5).dropLast())  // url(#ID)
                guard !open.contains(where: { if case .clip = $0 { return true } else { return false } }),
                    let d = clipPaths[id]
                else {
                    throw Unsupported(key: key, frame: frame, what: "draws inside a clip inside a clip")
                }
                open.append(.clip)
                segments.append(Segment(shapes: [], mask: contours(d, moved: base)))
            } else if line.hasPrefix("<g style=") {
                open.append(.glyphs)
                glyphFill = paint(attribute(line, "style") ?? "")
                glyphItems = []
            } else if line.hasPrefix("<g") {
                open.append(.other)
            } else if line.hasPrefix("<use"), let id = attribute(line, "xlink:href")?.dropFirst() {
                guard let path = glyphs[String(id)], let d = attribute(path, "d") else {
                    throw Unsupported(key: key, frame: frame, what: "shows a glyph Springy did not keep (\(id))")
                }
                let at = base + Vec2(Double(attribute(line, "x") ?? "0") ?? 0, Double(attribute(line, "y") ?? "0") ?? 0)
                glyphItems += contours(d, moved: at)
            } else if line == "</g>" {
                switch open.popLast() {
                case .glyphs:
                    if let fill = glyphFill, !glyphItems.isEmpty {
                        segments[segments.count - 1].shapes.append(group(glyphItems + [fill]))
                    }
                    glyphFill = nil
                case .clip: segments.append(Segment())
                case .other, nil: break
                }
            } else if line.hasPrefix("<path"), let d = attribute(line, "d") {
                var at = base
                if let t = attribute(line, "transform") {
                    let v = numbers(t)
                    guard t.hasPrefix("matrix("), v.count == 6, v[0] == 1, v[1] == 0, v[2] == 0, v[3] == 1 else {
                        throw Unsupported(key: key, frame: frame, what: "is drawn under a transform (\(t))")
                    }
                    at = at + Vec2(v[4], v[5])
                }
                let items = contours(d, moved: at)
                if !items.isEmpty, let p = paint(attribute(line, "style") ?? "") {
                    segments[segments.count - 1].shapes.append(group(items + [p]))
                }
            }
        }
        return segments.filter { !$0.shapes.isEmpty }.map { Segment(shapes: $0.shapes.reversed(), mask: $0.mask) }
    }

    /// A segment's clip as Lottie masks: each contour added (mode "a").
    static func masks(_ contours: [[String: Any]]) -> [[String: Any]] {
        contours.compactMap { c in
            guard let ks = c["ks"] as? [String: Any] else { return nil }
            return ["mode": "a", "inv": false, "nm": "clip", "pt": ks, "o": ["a": 0, "k": 100], "x": ["a": 0, "k": 0]]
        }
    }

    static func attribute(_ line: String, _ name: String) -> String? { SVGCompaction.attribute(line, name) }

    static func numbers(_ text: String) -> [Double] {
        text.split(whereSeparator: { !($0.isNumber || $0 == "." || $0 == "-") }).compactMap { Double($0) }
    }

    /// A Cairo style as a Lottie fill or stroke (nil for neither).
    static func paint(_ style: String) -> [String: Any]? {
        var fields: [String: String] = [:]
        for part in style.split(separator: ";") {
            let kv = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if kv.count == 2 { fields[kv[0]] = kv[1] }
        }
        func rgb(_ text: String?) -> [Double]? {
            guard let t = text, t.hasPrefix("rgb(") else { return nil }
            let v = numbers(t)
            return v.count == 3 ? v.map { round($0 / 100, 4) } + [1] : nil
        }
        if let c = rgb(fields["stroke"]) {
            let opacity: Double = Double(fields["stroke-opacity"] ?? "1") ?? 1
            let width: Double = Double(fields["stroke-width"] ?? "1") ?? 1
            var st: [String: Any] = [
                "ty": "st", "c": ["a": 0, "k": c], "o": ["a": 0, "k": round(opacity * 100, 2)], "w": ["a": 0, "k": width],
                "lc": ["butt": 1, "round": 2, "square": 3][fields["stroke-linecap"] ?? "butt"] ?? 1,
                "lj": ["miter": 1, "round": 2, "bevel": 3][fields["stroke-linejoin"] ?? "miter"] ?? 1,
                "ml": Double(fields["stroke-miterlimit"] ?? "10") ?? 10,
            ]
            if let dashes = fields["stroke-dasharray"].map(numbers), !dashes.isEmpty {
                var d: [[String: Any]] = []
                for (k, v) in dashes.enumerated() {
                    d.append(["n": k % 2 == 0 ? "d" : "g", "nm": "\(k)", "v": ["a": 0, "k": v]])
                }
                d.append(["n": "o", "nm": "offset", "v": ["a": 0, "k": 0]])
                st["d"] = d
            }
            return st
        }
        if let c = rgb(fields["fill"]) {
            return [
                "ty": "fl", "c": ["a": 0, "k": c],
                "o": ["a": 0, "k": round((Double(fields["fill-opacity"] ?? "1") ?? 1) * 100, 2)],
                "r": fields["fill-rule"] == "evenodd" ? 2 : 1,
            ]
        }
        return nil
    }

    /// Path data of M, L, C and Z (absolute, as Cairo writes it) as Lottie paths, one per
    /// contour with more than a point, moved by `at`.
    static func contours(_ d: String, moved at: Vec2) -> [[String: Any]] {
        var out: [[String: Any]] = []
        var v: [Vec2] = [], ins: [Vec2] = [], outs: [Vec2] = [], closed = false
        func flush() {
            if closed, v.count > 1, (v[v.count - 1] - v[0]).length < 1e-9 {
                ins[0] = ins[ins.count - 1]
                v.removeLast(); ins.removeLast(); outs.removeLast()
            }
            if v.count > 1 {
                func pairs(_ p: [Vec2]) -> [[Double]] { p.map { [round($0.x, 2), round($0.y, 2)] } }
                out.append([
                    "ty": "sh",
                    "ks": ["a": 0, "k": ["c": closed, "v": pairs(v.map { $0 + at }), "i": pairs(ins), "o": pairs(outs)]],
                ])
            }
            v = []; ins = []; outs = []; closed = false
        }
        let tokens = d.split(separator: " ")
        var k = 0
        func next() -> Double { defer { k += 1 }; return k < tokens.count ? Double(tokens[k]) ?? 0 : 0 }
        while k < tokens.count {
            let command = tokens[k]
            k += 1
            switch command {
            case "M":
                flush()
                v = [Vec2(next(), next())]; ins = [.zero]; outs = [.zero]
            case "L":
                v.append(Vec2(next(), next())); ins.append(.zero); outs.append(.zero)
            case "C":
                let c1 = Vec2(next(), next()), c2 = Vec2(next(), next()), p = Vec2(next(), next())
                if let last = v.last { outs[outs.count - 1] = c1 - last }
                v.append(p); ins.append(c2 - p); outs.append(.zero)
            case "Z":
                closed = true
            default:  // open set: text from Cairo's SVG
                continue
            }
        }
        flush()
        return out
    }

    /// JSON of dictionaries, arrays, strings, numbers and booleans: an object's `ty` first (some
    /// players, rlottie among them, read a shape's type before its fields), then its keys in
    /// order; numbers as short as they are exact.
    static func json(_ value: Any, into out: inout String) {
        switch value {
        case let d as [String: Any]:
            out += "{"
            let keys = d.keys.sorted { ($0 == "ty" ? "" : $0) < ($1 == "ty" ? "" : $1) }
            for (k, key) in keys.enumerated() {
                if k > 0 { out += "," }
                json(key, into: &out)
                out += ":"
                json(d[key]!, into: &out)
            }
            out += "}"
        case let a as [Any]:
            out += "["
            for (k, v) in a.enumerated() {
                if k > 0 { out += "," }
                json(v, into: &out)
            }
            out += "]"
        case let s as String: out += "\"" + escaped(s, jsonEscape) + "\""
        case let b as Bool: out += b ? "true" : "false"
        case let i as Int: out += String(i)
        case let x as Double: out += AnimatedSVG.number(x, places: 6)
        default: out += "null"  // open set: any other value (EveryVectorExportTests: no scene writes one)
        }
    }

    static func layer(name: String, shapes: [[String: Any]], from: Int, to: Int, transform: [String: Any]) -> [String: Any] {
        [
            "ty": 4, "nm": name, "ip": from, "op": to, "st": 0, "sr": 1, "ddd": 0, "ao": 0, "bm": 0, "ks": transform,
            "shapes": shapes,
        ]
    }

    static func still(_ p: Vec2) -> [String: Any] {
        [
            "a": ["a": 0, "k": [0, 0]], "p": ["a": 0, "k": [round(p.x, 2), round(p.y, 2)]], "s": ["a": 0, "k": [100, 100]],
            "r": ["a": 0, "k": 0], "o": ["a": 0, "k": 100],
        ]
    }

    /// Keyframes of numbers (a position, an angle), each eased to the next as given.
    static func animated(_ keys: [(frame: Int, value: [Double], ease: KeyEasing)], places: Int = 2) -> [String: Any] {
        ["a": 1, "k": lottieKeys(keys.map { ($0.frame, $0.value.map { round($0, places) }, $0.ease) })]
    }

    /// Keyframes, each eased to the next (linear: handles at the corners); the last holds.
    static func lottieKeys(_ keys: [(frame: Int, value: [Any], ease: KeyEasing)]) -> [[String: Any]] {
        keys.enumerated().map { k, key in
            var f: [String: Any] = ["t": key.frame, "s": key.value]
            if k == keys.count - 1 {
                f["h"] = 1
            } else if key.ease == .linear {
                f["o"] = ["x": 0, "y": 0]
                f["i"] = ["x": 1, "y": 1]
            } else {
                f["o"] = ["x": KeyEasing.x1, "y": key.ease.y1]
                f["i"] = ["x": KeyEasing.x2, "y": key.ease.y2]
            }
            return f
        }
    }

    static func group(_ items: [[String: Any]]) -> [String: Any] {
        [
            "ty": "gr",
            "it": items + [
                [
                    "ty": "tr", "p": ["a": 0, "k": [0, 0]], "a": ["a": 0, "k": [0, 0]], "s": ["a": 0, "k": [100, 100]],
                    "r": ["a": 0, "k": 0], "o": ["a": 0, "k": 100],
                ]
            ],
        ]
    }

    static func color(_ c: Color) -> [String: Any] { ["a": 0, "k": [round(c.r, 4), round(c.g, 4), round(c.b, 4), 1]] }

    static func round(_ v: Double, _ places: Int) -> Double {
        let s = pow(10, Double(places))
        let r = (v * s).rounded() / s
        return r == 0 ? 0 : r
    }
}
