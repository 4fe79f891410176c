import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// What a piece of a frame draws, in its own coordinates: equal looks are the same drawing.
enum VectorLook: Equatable {
    case background(Color)
    case boundaries([Segment])
    /// An item centred on the origin, unturned: its body, its label or both.
    case item(ItemState, filled: Bool, body: Bool, label: Bool)
    /// A header with its frame's origin at the origin.
    case header(HeaderState)
    /// Velocity arrows (centre, velocity, …) and contact flashes.
    case marks([Vec2], [Flash])
    case finger
    /// A spring's stroke with its two ends (its points are the piece's, morphed over time), a
    /// line or a coil.
    case springLine(coil: Bool)
    /// A filled circle of a radius and colour about the origin (a spring's ends, an anchor).
    case dot(Double, Color)
    case clock(Double)
    case statusBar
    case deviceFrame
}

/// One thing a frame draws, in drawing order: its identity, its look, where it is put.
struct VectorPiece {
    var key: String
    var look: VectorLook
    var origin = Vec2.zero
    var angle = 0.0
    /// The clipping superviews it is drawn inside (viewport coordinates).
    var clips: [Clip] = []
    /// A stroke's points (`springLine`), viewport coordinates.
    var points: [Vec2] = []
    /// It moves with the collection view's content: a cell, or a cell's springs.
    var scrolls = false
    /// The view's alpha, faded as a whole (its look is drawn opaque).
    var opacity = 1.0
}

extension Renderer {
    /// What `draw` paints for `state` (all of it: background, overlays and status bar), as
    /// pieces in the same order, each to be drawn by `vectorFragment`.
    func vectorPieces(_ state: FrameState) -> [VectorPiece] {
        var pieces: [VectorPiece] = []
        let order = layers(state, only: nil, headers: true)
        var paint = viewport.background
        if let k = order.cover, case .item(let item) = order.elements[k].element { paint = items.fillColor(item) }
        pieces.append(VectorPiece(key: "background", look: .background(paint)))
        if style.boundaries && order.cover == nil && !state.boundaries.isEmpty {
            pieces.append(VectorPiece(key: "boundaries", look: .boundaries(state.boundaries)))
        }
        var elements = order.elements
        var coverUnfilled = order.cover != nil
        var drawn: Set<String> = []  // asked only, never iterated
        if let k = order.cover {
            for e in elements[..<k] { if case .item(let item) = e.element { drawn.insert(item.id) } }
            elements.removeFirst(k)
        }
        let springsShow = style.springs || style.coils || style.anchors
        let springsOf = springsShow ? Dictionary(grouping: state.springs, by: \.item) : [:]
        for e in elements {
            switch e.element {
            case .item(let item):
                let filled = !coverUnfilled
                coverUnfilled = false
                drawn.insert(item.id)
                guard item.alpha > 0 else { continue }
                var local = item
                local.center = .zero; local.angle = 0; local.velocity = .zero; local.z = 0; local.look.clips = []
                local.alpha = 1
                func piece(_ part: String, body: Bool, label: Bool) -> VectorPiece {
                    VectorPiece(
                        key: "item:\(item.id)\(part)", look: .item(local, filled: filled, body: body, label: label),
                        origin: item.center, angle: item.angle, clips: item.look.clips, scrolls: item.inCollection,
                        opacity: item.alpha)
                }
                if let own = springsOf[item.id] {
                    pieces.append(piece(":body", body: true, label: false))
                    pieces += springPieces(own, key: "springs:\(item.id)", scrolls: item.inCollection)
                    pieces.append(piece(":label", body: false, label: true))
                } else {
                    pieces.append(piece("", body: true, label: true))
                }
            case .header(let h):
                var local = h
                local.frame.origin = .zero; local.z = 0
                pieces.append(VectorPiece(key: "header:\(h.id)", look: .header(local), origin: h.frame.origin))
            }
        }
        // Springs of items not drawn (cells tiled out of the frame), each under its item's name
        // so that it stays one thing as it comes and goes, drawn in the frame's order.
        var strayOf: [String: [SpringSnapshot]] = [:], strayItems: [String] = []
        for s in state.springs where springsShow && !drawn.contains(s.item) {
            if strayOf[s.item] == nil { strayItems.append(s.item) }
            strayOf[s.item, default: []].append(s)
        }
        for item in strayItems { pieces += springPieces(strayOf[item]!, key: "springs:\(item)", scrolls: true) }
        var arrows: [Vec2] = []
        if style.velocityArrows {
            for item in state.items where item.velocity.length > 1 { arrows += [item.center, item.velocity] }
        }
        let flashes = style.contacts ? state.flashes : []
        if !arrows.isEmpty || !flashes.isEmpty { pieces.append(VectorPiece(key: "marks", look: .marks(arrows, flashes))) }
        if style.finger {
            for (i, f) in state.fingers.enumerated() { pieces.append(VectorPiece(key: "finger:\(i)", look: .finger, origin: f)) }
        }
        if style.clock { pieces.append(VectorPiece(key: "clock", look: .clock(state.time))) }
        if style.chrome != .none { pieces.append(VectorPiece(key: "status", look: .statusBar)) }
        return pieces
    }

    /// Springs as `drawSprings` draws them: each one's stroke with its two ends (the anchor's
    /// dot and the point's, drawn as the path's markers), then anchors.
    func springPieces(_ list: [SpringSnapshot], key: String, scrolls: Bool = false) -> [VectorPiece] {
        var out: [VectorPiece] = []
        let painter = springs, color = style.springColor
        // What falls wholly outside the screen draws nothing there: it is left out (a stroke's
        // miter joins reach 5 widths at Cairo's limit of 10; an end's dot 3 pt; a pixel more).
        let screen = Rect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)
        func shows(_ points: [Vec2], reach: Double) -> Bool {
            var lo = points[0], hi = points[0]
            for p in points.dropFirst() {
                lo = Vec2(min(lo.x, p.x), min(lo.y, p.y)); hi = Vec2(max(hi.x, p.x), max(hi.y, p.y))
            }
            return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y).insetBy(dx: -reach, dy: -reach)
                .intersects(screen)
        }
        let lineReach = max(3, 5 * style.springWidth) + 1
        if style.springs || style.coils {
            for (k, s) in list.enumerated() {
                let line = painter.springLine(s)
                guard shows(line, reach: lineReach) else { continue }
                out.append(
                    VectorPiece(
                        key: "\(key):\(k)", look: .springLine(coil: painter.isCoil(s)), points: line, scrolls: scrolls))
            }
        }
        if style.anchors {
            for (k, s) in list.enumerated() where shows([s.anchor], reach: 5) {
                out.append(VectorPiece(key: "\(key):\(k):o", look: .dot(4, color), origin: s.anchor))
            }
        }
        return out
    }

    /// Where a look is drawn on Cairo's SVG surface, which leaves out what falls outside it:
    /// far enough in for any drawing around the origin.
    private static var margin: Double { 10_000 }

    /// A look drawn by the painters through Cairo's SVG surface, as `<g id="ID">` with the
    /// definitions it uses (glyph outlines, clips) given ids of its own; and how far it reaches
    /// from its origin.
    func vectorFragment(_ look: VectorLook, id: String) throws -> (svg: String, reach: Double) {
        let m = Self.margin
        let bytes = try VectorDrawing.bytes(pdf: false, width: 2 * m, height: 2 * m) { cr in
            try prepare(cr, scale: 1)
            cairo_translate(cr, m, m)
            drawLook(look, cr)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var defs = "", body = ""
        if let a = text.range(of: "<defs>"), let b = text.range(of: "</defs>") {
            defs = String(text[a.upperBound..<b.lowerBound])
        }
        if let open = text.range(of: "<g id=\"surface"), let start = text[open.upperBound...].range(of: ">\n"),
            let end = text.range(of: "</g>\n</svg>", options: .backwards)
        {
            body = String(text[start.upperBound..<end.lowerBound])
        }
        func own(_ s: String) -> String {
            s.replacingOccurrences(of: "id=\"", with: "id=\"\(id)-").replacingOccurrences(
                of: "xlink:href=\"#", with: "xlink:href=\"#\(id)-"
            ).replacingOccurrences(of: "url(#", with: "url(#\(id)-")
        }
        defs = SVGCompaction.rounded(defs)
        let svg: String
        if let moved = SVGCompaction.moved(body, back: m, defs: defs) {
            svg = own(defs) + "<g id=\"\(id)\">\n" + own(moved) + "</g>\n"
        } else {
            svg = own(defs) + "<g id=\"\(id)\" transform=\"translate(-\(Int(m)) -\(Int(m)))\">\n" + own(body) + "</g>\n"
        }
        return (svg, reach(look))
    }

    /// The outline `path` leaves as one SVG path's data (a clip's shape).
    func vectorPath(_ path: (OpaquePointer) -> Void) throws -> String {
        let m = Self.margin
        let bytes = try VectorDrawing.bytes(pdf: false, width: 2 * m, height: 2 * m) { cr in
            path(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_fill(cr)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let a = text.range(of: " d=\""), let b = text[a.upperBound...].range(of: "\"") else { return "" }
        return String(text[a.upperBound..<b.lowerBound])
    }

    /// How far from its origin a look's drawing goes (a turn of the look by δ moves no point
    /// more than reach·δ): an item's half diagonal with its shadow, elevation and border.
    func reach(_ look: VectorLook) -> Double {
        switch look {
        case .item(let item, _, _, _):
            let shadow = item.look.shadow.map { $0.radius * 2 + $0.offset.length } ?? 0
            return (item.size.width * item.size.width + item.size.height * item.size.height).squareRoot() / 2 + shadow
                + item.elevation * 2
        case .dot(let r, _): return r
        case .background, .boundaries, .springLine, .header, .marks, .finger, .clock, .statusBar, .deviceFrame: return 0
        }
    }

    func drawLook(_ look: VectorLook, _ cr: OpaquePointer) {
        switch look {
        case .background(let c):
            setColor(cr, c)
            cairo_rectangle(cr, 0, 0, viewport.size.width, viewport.size.height)
            cairo_fill(cr)
        case .boundaries(let segments): overlays.drawBoundaries(cr, segments)
        case .item(let item, let filled, let body, let label):
            if body { items.drawBody(cr, item, filled: filled) }
            if label { items.drawLabel(cr, item) }
        case .springLine: break  // written by AnimatedSVG as a morphing path
        case .dot(let r, let color):
            setColor(cr, color)
            cairo_arc(cr, 0, 0, r, 0, 2 * .pi)
            cairo_fill(cr)
        case .header(let h): headers.drawHeader(cr, h)
        case .marks(let arrows, let flashes): overlays.drawMarks(arrows: arrows, flashes, cr)
        case .finger: overlays.drawFinger(cr, at: .zero)
        case .clock(let t): overlays.drawClock(cr, time: t)
        case .statusBar: drawStatusBar(cr)
        case .deviceFrame: drawDeviceFrame(cr)
        }
    }
}

/// Cairo's SVG made compact: path numbers to 0.01 pt (0.005 pt off at most: a fiftieth of a
/// pixel at scale 3), and a drawing of paths and glyphs only moved back from the margin it was
/// drawn at, so its numbers are short and it needs no transform.
enum SVGCompaction {
    /// Each number of `text`, less `offset`, to 2 decimals.
    static func numbers(_ text: Substring, less offset: Double) -> String {
        var out = "", token = ""
        func flush() {
            if !token.isEmpty, let v = Double(token) { out += AnimatedSVG.number(v - offset, places: 2) } else { out += token }
            token = ""
        }
        for c in text {
            if c.isNumber || c == "." || c == "-" { token.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return out
    }

    /// Where the value of attribute `name` is in `line`.
    static func valueRange(_ line: String, _ name: String) -> Range<String.Index>? {
        guard let a = line.range(of: " \(name)=\""), let b = line[a.upperBound...].range(of: "\"") else { return nil }
        return a.upperBound..<b.lowerBound
    }

    /// The value of attribute `name` in `line`, if it has one.
    static func attribute(_ line: String, _ name: String) -> String? { valueRange(line, name).map { String(line[$0]) } }

    /// The value of attribute `name` in `line` replaced by `change` of it.
    static func attribute(_ line: String, _ name: String, _ change: (Substring) -> String) -> String {
        guard let r = valueRange(line, name) else { return line }
        return String(line[..<r.lowerBound]) + change(line[r]) + String(line[r.upperBound...])
    }

    /// Path data (glyph outlines in `defs`) rounded.
    static func rounded(_ defs: String) -> String {
        defs.split(separator: "\n", omittingEmptySubsequences: false).map { attribute(String($0), "d") { numbers($0, less: 0) } }
            .joined(separator: "\n")
    }

    /// `body` drawn `back` pt in from both edges, moved back to the origin; nil when it holds
    /// what this does not read (images, patterns, clips, other transforms, definitions other
    /// than glyphs), which keeps its translate.
    static func moved(_ body: String, back m: Double, defs: String) -> String? {
        let leftover = defs.replacingOccurrences(
            of: #"<symbol[^>]*>[^<]*<path[^>]*/>\s*</symbol>"#, with: "", options: .regularExpression)
        guard leftover.replacingOccurrences(of: #"</?g>|\s"#, with: "", options: .regularExpression).isEmpty else { return nil }
        let shift = " transform=\"matrix(1,0,0,1,\(Int(m)),\(Int(m)))\""
        var out: [String] = []
        for raw in body.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(raw)
            for foreign in ["<image", "<rect", "<pattern", "<mask", "clip-path", "<clipPath", "<circle", "<ellipse"]
            where line.contains(foreign) {
                return nil
            }
            if line.contains(shift) {
                line = line.replacingOccurrences(of: shift, with: "")
                line = attribute(line, "d") { numbers($0, less: 0) }
            } else if line.contains("transform=") {
                return nil
            } else if line.contains("<path") {
                line = attribute(line, "d") { numbers($0, less: m) }
            } else if line.contains("<use") {
                line = attribute(attribute(line, "x") { numbers($0, less: m) }, "y") { numbers($0, less: m) }
            }
            out.append(line)
        }
        return out.joined(separator: "\n")
    }
}
