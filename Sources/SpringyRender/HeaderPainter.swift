import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// A section's header (its bar and title) or its background (a compositional section's).
struct HeaderPainter: Painter {
    let style: Style
    let viewport: Viewport
    let scale: Int

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
}
