import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// Draws a `FrameState` with Cairo: cells, headers, free views, springs, the finger.
/// A pure function of the frame state and the scene's style; safe to call from several threads.
public struct Renderer {
    public let viewport: Viewport
    public let style: Style
    public let scale: Int
    let font: OpaquePointer

    public init(scene: Scene, scale: Int? = nil) throws {
        viewport = scene.viewport
        style = scene.style
        self.scale = scale ?? scene.viewport.scale
        font = try PinnedFont.face()
    }

    public var pixelWidth: Int { Int((viewport.size.width * Double(scale)).rounded(.up)) }
    public var pixelHeight: Int { Int((viewport.size.height * Double(scale)).rounded(.up)) }
    public var opaque: Bool { viewport.background.a >= 1 }

    public func render(_ state: FrameState) -> Canvas {
        let canvas = Canvas(width: pixelWidth, height: pixelHeight, opaque: opaque)
        let cr = cairo_create(canvas.surface)!
        defer { cairo_destroy(cr) }
        draw(state, on: cr, scale: Double(scale))
        return canvas
    }

    /// Draws on any Cairo context (image, PDF, SVG), in points scaled by `scale`.
    /// A `ghost` alpha draws only the moving things, faded (the trail's older frames).
    public func draw(_ state: FrameState, on cr: OpaquePointer, scale: Double, ghost: Double? = nil) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_scale(cr, scale, scale)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_set_font_face(cr, font)

        if let alpha = ghost {
            cairo_push_group(cr)
            drawContent(state, cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
            return
        }
        setColor(cr, viewport.background)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        if style.boundaries { drawBoundaries(cr, state.boundaries) }
        drawContent(state, cr)
        drawOverlays(state, cr)
    }

    func drawContent(_ state: FrameState, _ cr: OpaquePointer) {
        // The collection view's layer: cells and headers by z (cells first at equal z), then free views above it.
        enum Element { case item(ItemState), header(HeaderState) }
        var layer: [(z: Int, kind: Int, order: Int, element: Element)] = []
        for (i, item) in state.items.enumerated() where item.inCollection { layer.append((item.z, 0, i, .item(item))) }
        for (i, header) in state.headers.enumerated() { layer.append((header.z, 1, i, .header(header))) }
        layer.sort { ($0.z, $0.kind, $0.order) < ($1.z, $1.kind, $1.order) }
        for e in layer {
            switch e.element {
            case .item(let item): drawItem(cr, item)
            case .header(let header): drawHeader(cr, header)
            }
        }
        for item in state.items where !item.inCollection { drawItem(cr, item) }
    }

    /// Springs, anchors, velocities, contacts, the finger and the clock, over everything.
    func drawOverlays(_ state: FrameState, _ cr: OpaquePointer) {
        if style.springs || style.coils { for s in state.springs { drawSpring(cr, s) } }
        if style.anchors {
            setColor(cr, style.springColor)
            for s in state.springs {
                cairo_arc(cr, s.anchor.x, s.anchor.y, 4, 0, 2 * .pi)
                cairo_fill(cr)
            }
        }
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
        if style.finger, let f = state.finger {
            cairo_arc(cr, f.x, f.y, 22, 0, 2 * .pi)
            cairo_set_source_rgba(cr, 0.2, 0.2, 0.2, 0.25)
            cairo_fill(cr)
        }
        if style.clock {
            let text = String(format: "t = %.2f s", state.time)
            cairo_set_font_size(cr, 13)
            var te = cairo_text_extents_t()
            cairo_text_extents(cr, text, &te)
            let x = viewport.size.width - te.x_advance - 10, y = 22.0
            cairo_rectangle(cr, x - 6, y - 15, te.x_advance + 12, 21)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.55)
            cairo_fill(cr)
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            cairo_move_to(cr, x, y)
            cairo_show_text(cr, text)
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
        switch item.kind {
        case .view: return item.color ?? style.cell
        case .cell where item.selected: return style.cellSelected
        case .cell, .row:
            if !style.palette.isEmpty, let k = item.paletteKey { return style.palette[k % style.palette.count] }
            return style.cell
        }
    }

    func drawItem(_ cr: OpaquePointer, _ item: ItemState) {
        guard item.alpha > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, item.center.x, item.center.y)
        cairo_rotate(cr, item.angle)
        let r = Rect(center: .zero, size: item.size)
        switch item.shape {
        case .rectangle:
            roundedRect(cr, r, radius: style.cornerRadius)
        case .ellipse:
            cairo_save(cr)
            cairo_scale(cr, r.width / 2, r.height / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_restore(cr)
        }
        let fill = fillColor(item)
        setColor(cr, fill, alpha: item.alpha)
        if item.selected && item.inCollection && fill != style.cellSelected {
            // A selected cell that keeps its own colour (list rows) gets an outline.
            cairo_fill_preserve(cr)
            setColor(cr, style.cellSelected, alpha: item.alpha)
            cairo_set_line_width(cr, 4)
            cairo_stroke(cr)
        } else {
            cairo_fill(cr)
        }
        if let label = item.label, !label.isEmpty {
            drawText(cr, label, size: style.fontSize, color: style.text, alpha: item.alpha, center: .zero,
                     maxWidth: r.width - 6)
        }
        cairo_restore(cr)
    }

    func drawHeader(_ cr: OpaquePointer, _ h: HeaderState) {
        cairo_rectangle(cr, h.frame.minX, h.frame.minY, h.frame.width, h.frame.height)
        setColor(cr, style.header)
        cairo_fill(cr)
        guard let title = h.title, !title.isEmpty else { return }
        cairo_set_font_size(cr, style.headerFontSize)
        var fe = cairo_font_extents_t()
        cairo_font_extents(cr, &fe)
        setColor(cr, style.headerText)
        let baseline = h.frame.minY + h.frame.height / 2 + (fe.ascent - fe.descent) / 2
        cairo_move_to(cr, h.frame.minX + 16, baseline)
        cairo_show_text(cr, title)
    }

    /// Centred text, shrunk to fit `maxWidth`.
    func drawText(_ cr: OpaquePointer, _ text: String, size: Double, color: Color, alpha: Double, center: Vec2, maxWidth: Double) {
        cairo_set_font_size(cr, size)
        var te = cairo_text_extents_t()
        cairo_text_extents(cr, text, &te)
        if te.x_advance > maxWidth, maxWidth > 0 {
            cairo_set_font_size(cr, size * maxWidth / te.x_advance)
            cairo_text_extents(cr, text, &te)
        }
        var fe = cairo_font_extents_t()
        cairo_font_extents(cr, &fe)
        setColor(cr, color, alpha: alpha)
        cairo_move_to(cr, center.x - te.x_advance / 2, center.y + (fe.ascent - fe.descent) / 2)
        cairo_show_text(cr, text)
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
