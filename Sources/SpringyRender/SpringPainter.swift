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
        let line = springLine(s)
        cairo_move_to(cr, line[0].x, line[0].y)
        for p in line.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_stroke(cr)
        cairo_arc(cr, s.anchor.x, s.anchor.y, 3, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_arc(cr, s.point.x, s.point.y, 2, 0, 2 * .pi)
        cairo_fill(cr)
    }

    /// Whether the spring is drawn as a coil (else a straight line).
    func isCoil(_ s: SpringSnapshot) -> Bool { style.coils && (s.point - s.anchor).length > 12 }

    /// The spring's stroke from anchor to point: a line, or a coil — straight ends, a zigzag of
    /// a fixed number of turns between them (always 23 points, so a coil can be morphed).
    func springLine(_ s: SpringSnapshot) -> [Vec2] {
        guard isCoil(s) else { return [s.anchor, s.point] }
        let d = s.point - s.anchor
        let len = d.length
        let u = d / len, n = Vec2(-u.y, u.x)
        let lead = 6.0, turns = 10
        let a = s.anchor + u * lead
        var out = [s.anchor, a]
        let body = len - 2 * lead
        for k in 0..<(2 * turns) {
            let t = (Double(k) + 0.5) / Double(2 * turns)
            out.append(a + u * (body * t) + n * (k % 2 == 0 ? 5 : -5))
        }
        out.append(s.point - u * lead)
        out.append(s.point)
        return out
    }
}
