import CCairo
import Foundation
import SpringyCore
import SpringyLayout
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
    public func draw(_ state: FrameState, on cr: OpaquePointer, scale: Double) {
        cairo_scale(cr, scale, scale)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_set_font_face(cr, font)

        setColor(cr, viewport.background)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)

        // The collection view's layer: cells and headers by z (cells first at equal z), then free views above it.
        enum Element { case item(ItemState), header(HeaderState) }
        var layer: [(z: Int, kind: Int, order: Int, element: Element)] = []
        for (i, item) in state.items.enumerated() where item.isCell { layer.append((item.z, 0, i, .item(item))) }
        for (i, header) in state.headers.enumerated() { layer.append((header.z, 1, i, .header(header))) }
        layer.sort { ($0.z, $0.kind, $0.order) < ($1.z, $1.kind, $1.order) }
        for e in layer {
            switch e.element {
            case .item(let item): drawItem(cr, item)
            case .header(let header): drawHeader(cr, header)
            }
        }
        for item in state.items where !item.isCell { drawItem(cr, item) }
        if style.springs { for s in state.springs { drawSpring(cr, s) } }
        if style.finger, let f = state.finger {
            cairo_arc(cr, f.x, f.y, 22, 0, 2 * .pi)
            cairo_set_source_rgba(cr, 0.2, 0.2, 0.2, 0.25)
            cairo_fill(cr)
        }
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
        setColor(cr, item.fill, alpha: item.alpha)
        if item.selected && item.isCell && item.fill != style.cellSelected {
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
        cairo_move_to(cr, s.anchor.x, s.anchor.y)
        cairo_line_to(cr, s.point.x, s.point.y)
        cairo_stroke(cr)
        cairo_arc(cr, s.anchor.x, s.anchor.y, 3, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_arc(cr, s.point.x, s.point.y, 2, 0, 2 * .pi)
        cairo_fill(cr)
    }
}
