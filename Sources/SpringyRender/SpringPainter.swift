import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// Springs (attachments, snaps, fields' anchors): a line or a coil from anchor to item.
struct SpringPainter: Painter {
    let style: Style
    let viewport: Viewport
    let scale: Int

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
