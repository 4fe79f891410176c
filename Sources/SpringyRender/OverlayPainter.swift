import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// What is drawn over everything: velocity arrows, contacts, the finger, the clock, and the
/// collision boundaries (under the content).
struct OverlayPainter: Painter {
    let style: Style
    let viewport: Viewport
    let scale: Int

    /// Velocities, contacts, the finger and the clock (below the status bar, when one is drawn), over everything.
    func drawOverlays(_ state: FrameState, _ cr: OpaquePointer) {
        var arrows: [Vec2] = []
        if style.velocityArrows {
            for item in state.items where item.velocity.length > 1 { arrows += [item.center, item.velocity] }
        }
        drawMarks(arrows: arrows, state.flashes, cr)
        if style.finger { for f in state.fingers { drawFinger(cr, at: f) } }
        if style.clock { drawClock(cr, time: state.time) }
    }

    /// Velocity arrows (each a centre then a velocity in `arrows`) and the contact flashes the
    /// style asks for.
    func drawMarks(arrows: [Vec2], _ flashes: [Flash], _ cr: OpaquePointer) {
        for k in stride(from: 0, to: arrows.count - 1, by: 2) { drawArrow(cr, from: arrows[k], velocity: arrows[k + 1]) }
        if style.contacts {
            for f in flashes {
                let fade = max(0, 1 - f.age / 0.25)
                cairo_arc(cr, f.point.x, f.point.y, 6 + 10 * (1 - fade), 0, 2 * .pi)
                cairo_set_source_rgba(cr, 1, 0.8, 0, 0.9 * fade)
                cairo_fill(cr)
            }
        }
    }

    func drawFinger(_ cr: OpaquePointer, at f: Vec2) {
        cairo_arc(cr, f.x, f.y, 22, 0, 2 * .pi)
        cairo_set_source_rgba(cr, 0.2, 0.2, 0.2, 0.25)
        cairo_fill(cr)
    }

    func drawClock(_ cr: OpaquePointer, time: Double) {
        let text = String(format: "t = %.2f s", time), faces = textFaces
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
}
