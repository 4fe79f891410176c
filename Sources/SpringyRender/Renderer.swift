import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// Draws a `FrameState` with Cairo: cells, headers, free views, springs, the finger.
/// A pure function of the frame state and the scene's style; safe to call from several threads.
package struct Renderer: Sendable {
    package let viewport: Viewport
    package let style: Style
    package let scale: Int

    package init(scene: Scene, scale: Int? = nil) throws {
        viewport = scene.viewport
        style = scene.style
        self.scale = scale ?? scene.viewport.scale
        _ = try PinnedFont.face()  // the font must be there; each drawing thread loads its own
        if style.font == .inter { _ = try PinnedFont.interFace() }
        if pixelWidth > Canvas.maxSide || pixelHeight > Canvas.maxSide {
            throw DrawingError(
                "\(scene.file): a frame of \(pixelWidth)×\(pixelHeight) pixels at scale \(self.scale) is wider or taller than the \(Canvas.maxSide) pixels Cairo can draw on a side"
            )
        }
    }

    /// Texts of the scene (labels, headers) with characters the pinned font cannot draw.
    package static func glyphWarnings(_ scene: Scene) throws -> [String] {
        var texts: [String] = scene.items.compactMap(\.label)
        for section in scene.collection?.sections ?? [] {
            texts += section.labels
            if let h = section.header { texts.append(h) }
        }
        var out: [String] = []
        var seen: Set<String> = []  // only asked, never iterated: the order is the texts'
        for t in texts where !t.utf8.allSatisfy({ $0 >= 32 && $0 < 127 }) && !seen.contains(t) {
            seen.insert(t)
            let inter = scene.style.font == .inter
            let missing = try PinnedFont.missingCharacters(in: t, inter: inter)
            if !missing.isEmpty {
                // The faces the scene draws with: Inter, then DejaVu Sans for what Inter lacks.
                let faces = inter ? "Inter and DejaVu Sans" : "DejaVu Sans"
                out.append(
                    "\(scene.file): the text \"\(t)\" has characters \(faces) cannot draw (\(missing.map { String($0) }.joined(separator: " "))); they show as boxes"
                )
            }
        }
        return out
    }

    package var pixelWidth: Int { Int(((viewport.size.width + 2 * bezel) * Double(scale)).rounded(.up)) }
    package var pixelHeight: Int { Int(((viewport.size.height + 2 * bezel) * Double(scale)).rounded(.up)) }
    package var opaque: Bool { viewport.background.a >= 1 }

    package func render(_ state: FrameState) throws -> Canvas {
        var spare: Canvas?
        return try render(state, reusing: &spare)
    }

    /// Draws into `spare` (Canvas.reuse): the background paints every pixel (SOURCE), or, under a device frame, a clear.
    package func render(_ state: FrameState, reusing spare: inout Canvas?) throws -> Canvas {
        let canvas = try Canvas.reuse(&spare, width: pixelWidth, height: pixelHeight, opaque: opaque, clear: bezel > 0)
        let cr = cairo_create(canvas.surface)!
        defer { cairo_destroy(cr) }
        if bezel > 0 {
            // The screen inside a device frame: drawn clipped to its rounded corners, then the frame.
            let s = Double(scale)
            cairo_save(cr)
            cairo_translate(cr, bezel * s, bezel * s)
            cairo_scale(cr, s, s)
            continuousRect(cr, Rect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height), radius: screenRadius)
            cairo_identity_matrix(cr)
            cairo_clip(cr)
            cairo_translate(cr, bezel * s, bezel * s)
            try draw(state, on: cr, scale: s)
            cairo_restore(cr)
            cairo_save(cr)
            cairo_scale(cr, s, s)
            drawDeviceFrame(cr)
            cairo_restore(cr)
            return canvas
        }
        try draw(state, on: cr, scale: Double(scale))
        return canvas
    }

    /// Draws on any Cairo context (image, PDF, SVG), in points scaled by `scale`.
    /// A `ghost` alpha draws only the items `only` names (all when nil), faded, without
    /// background or overlays (the trail's older frames).
    package func draw(
        _ state: FrameState, on cr: OpaquePointer, scale: Double, ghost: Double? = nil, only: Set<String>? = nil,
        headers: Bool = true, background: Bool = true, overlays: Bool = true, statusBar: Bool = true
    ) throws {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        try prepare(cr, scale: scale)

        if let alpha = ghost {
            // A faint copy replaces the fainter ones it overlaps (cleared where it covers, then
            // painted at its alpha), so overlapping copies do not add up into darker patches;
            // drawn into a layer of copies, which the caller paints.
            cairo_push_group(cr)
            drawContent(state, cr, only: only, headers: false, overlays: false)
            let copy = cairo_pop_group(cr)
            defer { cairo_pattern_destroy(copy) }
            cairo_set_source(cr, copy)
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_paint_with_alpha(cr, alpha)
            return
        }
        if background {
            setColor(cr, viewport.background)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        if style.boundaries && background { drawBoundaries(cr, state.boundaries) }
        drawContent(state, cr, only: only, headers: headers, overlays: overlays)
        if overlays { drawOverlays(state, cr) }
        if background && statusBar { drawStatusBar(cr) }
    }

    /// Points to pixels, and the text settings every drawing uses (unhinted, grey antialiasing,
    /// the drawing thread's own face — loading it is the one thing here that can fail).
    func prepare(_ cr: OpaquePointer, scale: Double) throws {
        let font = try sceneText().primary
        cairo_scale(cr, scale, scale)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_set_font_face(cr, font)
    }

    /// The status bar and home indicator alone, over what is drawn (a trail's last layer).
    package func drawChromeOnTop(on cr: OpaquePointer, scale: Double) throws {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        try prepare(cr, scale: scale)
        drawStatusBar(cr)
    }

    /// Layers bottom to top: the collection view's cells and headers by z, then the free views.
    /// Each item is drawn whole in turn — its body, the springs attached to it, its label — so a
    /// cell drawn later covers an earlier one's label as it covers its body, and a label is never
    /// under its own springs; items `only` leaves out are not drawn.
    func drawContent(_ state: FrameState, _ cr: OpaquePointer, only: Set<String>? = nil, headers: Bool = true, overlays: Bool) {
        enum Element {
            case item(ItemState)
            case header(HeaderState)
        }
        var elements: [(layer: Int, z: Int, kind: Int, order: Int, element: Element)] = []
        for (i, item) in state.items.enumerated() where only?.contains(item.id) ?? true {
            elements.append(item.inCollection ? (0, item.z, 0, i, .item(item)) : (1, 0, 0, i, .item(item)))
        }
        if headers {
            for (i, header) in state.headers.enumerated() { elements.append((0, header.z, 1, i, .header(header))) }
        }
        elements.sort { ($0.layer, $0.z, $0.kind, $0.order) < ($1.layer, $1.z, $1.kind, $1.order) }
        var layerOf: [String: Int] = [:]
        // Each item's springs, in the frame's order (looked up by item, never iterated as a whole).
        let springsOf = overlays ? Dictionary(grouping: state.springs, by: \.item) : [:]
        var start = 0, layerIndex = 0
        while start < elements.count {
            var end = start
            while end < elements.count && (elements[end].layer, elements[end].z) == (elements[start].layer, elements[start].z) {
                end += 1
            }
            for e in elements[start..<end] {
                switch e.element {
                case .item(let item):
                    drawBody(cr, item)
                    layerOf[item.id] = layerIndex
                    if let own = springsOf[item.id] { drawSprings(cr, own) }
                    drawLabel(cr, item)
                case .header(let header): drawHeader(cr, header)
                }
            }
            start = end
            layerIndex += 1
        }
        // Springs whose item is not drawn (off screen) still show, over everything.
        if overlays { drawSprings(cr, state.springs.filter { layerOf[$0.item] == nil }) }
    }

    func drawSprings(_ cr: OpaquePointer, _ springs: [SpringSnapshot]) {
        if style.springs || style.coils { for s in springs { drawSpring(cr, s) } }
        if style.anchors {
            setColor(cr, style.springColor)
            for s in springs {
                cairo_arc(cr, s.anchor.x, s.anchor.y, 4, 0, 2 * .pi)
                cairo_fill(cr)
            }
        }
    }

    /// Velocities, contacts, the finger and the clock (below the status bar, when one is drawn), over everything.
    func drawOverlays(_ state: FrameState, _ cr: OpaquePointer) {
        if style.velocityArrows {
            for item in state.items where item.velocity.length > 1 { drawArrow(cr, from: item.center, velocity: item.velocity) }
        }
        if style.contacts {
            for f in state.flashes {
                let fade = max(0, 1 - f.age / 0.25)
                cairo_arc(cr, f.point.x, f.point.y, 6 + 10 * (1 - fade), 0, 2 * .pi)
                cairo_set_source_rgba(cr, 1, 0.8, 0, 0.9 * fade)
                cairo_fill(cr)
            }
        }
        if style.finger {
            for f in state.fingers {
                cairo_arc(cr, f.x, f.y, 22, 0, 2 * .pi)
                cairo_set_source_rgba(cr, 0.2, 0.2, 0.2, 0.25)
                cairo_fill(cr)
            }
        }
        if style.clock {
            let text = String(format: "t = %.2f s", state.time), faces = textFaces
            cairo_set_font_size(cr, 13)
            let x = viewport.size.width - faces.advance(cr, text) - 10,
                y = (style.chrome != .none ? (tallScreen ? 47.0 : 20) : 0) + 22
            cairo_rectangle(cr, x - 6, y - 15, viewport.size.width - 10 - x + 12, 21)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.55)
            cairo_fill(cr)
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            cairo_move_to(cr, x, y)
            faces.show(cr, text)
        }
    }

    func drawBoundaries(_ cr: OpaquePointer, _ segments: [Segment]) {
        cairo_set_source_rgba(cr, 0.35, 0.35, 0.4, 0.9)
        cairo_set_line_width(cr, 2)
        let dashes: [Double] = [6, 4]
        cairo_set_dash(cr, dashes, 2, 0)
        for s in segments {
            cairo_move_to(cr, s.from.x, s.from.y)
            cairo_line_to(cr, s.to.x, s.to.y)
        }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    func drawArrow(_ cr: OpaquePointer, from p: Vec2, velocity v: Vec2) {
        // 0.1 s of motion, at least 8 pt long
        let d = v * 0.1
        let len = max(d.length, 8)
        let u = v / v.length
        let tip = p + u * len
        cairo_set_source_rgba(cr, 0.1, 0.5, 0.1, 0.9)
        cairo_set_line_width(cr, 2)
        cairo_move_to(cr, p.x, p.y)
        cairo_line_to(cr, tip.x, tip.y)
        cairo_stroke(cr)
        let n = Vec2(-u.y, u.x)
        let back = tip - u * 8
        cairo_move_to(cr, tip.x, tip.y)
        cairo_line_to(cr, back.x + n.x * 4, back.y + n.y * 4)
        cairo_line_to(cr, back.x - n.x * 4, back.y - n.y * 4)
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    func setColor(_ cr: OpaquePointer, _ c: Color, alpha: Double = 1) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a * alpha)
    }

    func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
        if style.corners == .continuous { continuousRect(cr, r, radius: radius); return }
        let rad = min(radius, r.width / 2, r.height / 2)
        if rad <= 0 { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height); return }
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, .pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, .pi / 2, .pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// The style's colour for an item: a view's own, a selected cell's, or the palette's by the cell's key.
    func fillColor(_ item: ItemState) -> Color {
        if let c = item.color { return c }  // a view's own, or an animated backgroundColor
        switch item.kind {
        case .view: return style.cell
        case .cell where item.selected: return style.cellSelected
        case .cell, .row:
            if !style.palette.isEmpty, let k = item.paletteKey { return style.palette[k % style.palette.count] }
            return style.cell
        }
    }

    func drawBody(_ cr: OpaquePointer, _ item: ItemState) {
        guard item.alpha > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, item.center.x, item.center.y)
        cairo_rotate(cr, item.angle)
        let r = Rect(center: .zero, size: item.size)
        if item.elevation > 0 {
            // A lifted item's soft shadow: rings of faint black spreading below it.
            let e = item.elevation
            for k in 1...4 {
                let grow = e * Double(k) / 4
                roundedRect(
                    cr, Rect(x: r.minX - grow, y: r.minY - grow + e / 2, width: r.width + 2 * grow, height: r.height + 2 * grow),
                    radius: style.cornerRadius + grow)
                cairo_set_source_rgba(cr, 0, 0, 0, 0.07 * item.alpha)
                cairo_fill(cr)
            }
        }
        switch item.shape {
        case .rectangle where item.groupRadius > 0:
            // A row of an inset-grouped list: square but for its group's outer corners.
            groupRect(cr, r, corners: item.groupCorners, radius: item.groupRadius)
        case .rectangle:
            roundedRect(cr, r, radius: style.cornerRadius)
        case .ellipse:
            cairo_save(cr)
            cairo_scale(cr, r.width / 2, r.height / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_restore(cr)
        case .path:
            for (k, p) in item.outline.enumerated() {
                if k == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
            }
            cairo_close_path(cr)
        }
        let fill = fillColor(item)
        setColor(cr, fill, alpha: item.alpha)
        let outlined = item.selected && item.inCollection && fill != style.cellSelected
        if outlined {
            // A selected cell that keeps its own colour (list rows) gets an outline, inside its
            // shape (clipped to it), so it is no wider than the cell or its group.
            cairo_fill_preserve(cr)
            cairo_save(cr)
            cairo_clip_preserve(cr)
            setColor(cr, style.cellSelected, alpha: item.alpha)
            cairo_set_line_width(cr, 4)
            cairo_stroke(cr)
            cairo_restore(cr)
        } else {
            cairo_fill(cr)
        }
        if style.separators && item.kind == .row && !item.groupCorners.contains(.bottom) && !outlined {
            drawSeparator(cr, under: r, alpha: item.alpha)
        }
        cairo_restore(cr)
    }

    /// The label's colour: the scene's, or white or black, whichever meets WCAG AA on the fill
    /// as it shows over the background.
    func labelColor(_ item: ItemState) -> Color {
        if let c = style.text { return c }
        return fillColor(item).over(viewport.background.a >= 1 ? viewport.background : .white).readableText
    }

    func drawLabel(_ cr: OpaquePointer, _ item: ItemState) {
        guard item.alpha > 0, let label = item.label, !label.isEmpty else { return }
        cairo_save(cr)
        cairo_translate(cr, item.center.x, item.center.y)
        cairo_rotate(cr, item.angle)
        // List rows align their text to the leading edge at the 16 pt margin (the trailing edge
        // right to left), as UIKit's list cells do; other cells centre it.
        let align: TextAlign =
            item.kind == .row
            ? (item.trailingLabel ? .trailing(item.size.width / 2 - 16) : .leading(-item.size.width / 2 + 16)) : .center
        let width = item.kind == .row ? item.size.width - 32 : item.size.width - 6
        drawText(
            cr, label, size: style.fontSize, color: labelColor(item), alpha: item.alpha,
            box: Size2(width, item.size.height - 4), align: align)
        cairo_restore(cr)
    }

    func drawHeader(_ cr: OpaquePointer, _ h: HeaderState) {
        if h.kind == .background {
            roundedRect(cr, h.frame, radius: style.cornerRadius)
            setColor(cr, h.color ?? style.sectionBackground)
            cairo_fill(cr)
            return
        }
        cairo_rectangle(cr, h.frame.minX, h.frame.minY, h.frame.width, h.frame.height)
        setColor(cr, style.header)
        cairo_fill(cr)
        guard let title = h.title, !title.isEmpty else { return }
        cairo_set_font_size(cr, style.headerFontSize)
        var fe = cairo_font_extents_t()
        cairo_font_extents(cr, &fe)
        setColor(cr, style.headerText)
        let baseline = h.frame.minY + h.frame.height / 2 + (fe.ascent - fe.descent) / 2
        var x = h.frame.minX + 16
        let faces = textFaces
        if h.trailingTitle { x = h.frame.maxX - 16 - faces.advance(cr, title) }
        cairo_move_to(cr, x, baseline)
        faces.show(cr, title)
    }

    /// Text centred on the origin at its own size: cut with an ellipsis to fit `box`'s width,
    /// or with `text_overflow: wrap` broken into lines at spaces (as many as fit the height).
    /// Where a label's lines go: centred on the origin, or starting (ending) at an x.
    enum TextAlign {
        case center
        case leading(Double)
        case trailing(Double)
    }

    func drawText(
        _ cr: OpaquePointer, _ text: String, size: Double, color: Color, alpha: Double, box: Size2, align: TextAlign = .center
    ) {
        cairo_set_font_size(cr, size)
        var fe = cairo_font_extents_t()
        cairo_font_extents(cr, &fe)
        // Each string is measured once: fitting measures the lines it keeps (looked up by text only).
        var widths: [String: Double] = [:]
        let faces = textFaces
        func advance(_ s: String) -> Double {
            if let w = widths[s] { return w }
            let w = faces.advance(cr, s)
            widths[s] = w
            return w
        }
        let lines = TextFit.lines(
            text, width: box.width, maxLines: style.textOverflow == .wrap ? max(1, Int(box.height / fe.height)) : 1,
            measure: advance)
        setColor(cr, color, alpha: alpha)
        let top = -fe.height * Double(lines.count) / 2
        for (k, line) in lines.enumerated() {
            let baseline = top + fe.height * Double(k) + (fe.height + fe.ascent - fe.descent) / 2
            let x: Double
            switch align {
            case .center: x = -advance(line) / 2
            case .leading(let start): x = start
            case .trailing(let end): x = end - advance(line)
            }
            cairo_move_to(cr, x, baseline)
            faces.show(cr, line)
        }
    }

    func drawSpring(_ cr: OpaquePointer, _ s: SpringSnapshot) {
        setColor(cr, style.springColor)
        cairo_set_line_width(cr, style.springWidth)
        let d = s.point - s.anchor
        let len = d.length
        if style.coils && len > 12 {
            // A coil: straight ends, a zigzag of a fixed number of turns between them.
            let u = d / len, n = Vec2(-u.y, u.x)
            let lead = 6.0, turns = 10
            cairo_move_to(cr, s.anchor.x, s.anchor.y)
            let a = s.anchor + u * lead
            cairo_line_to(cr, a.x, a.y)
            let body = len - 2 * lead
            for k in 0..<(2 * turns) {
                let t = (Double(k) + 0.5) / Double(2 * turns)
                let p = a + u * (body * t) + n * (k % 2 == 0 ? 5 : -5)
                cairo_line_to(cr, p.x, p.y)
            }
            let b = s.point - u * lead
            cairo_line_to(cr, b.x, b.y)
            cairo_line_to(cr, s.point.x, s.point.y)
        } else {
            cairo_move_to(cr, s.anchor.x, s.anchor.y)
            cairo_line_to(cr, s.point.x, s.point.y)
        }
        cairo_stroke(cr)
        cairo_arc(cr, s.anchor.x, s.anchor.y, 3, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_arc(cr, s.point.x, s.point.y, 2, 0, 2 * .pi)
        cairo_fill(cr)
    }
}
