import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// One element of a frame drawn with Cairo — items, headers, springs, overlays, the iOS chrome —
/// each a painter in a file of its own; `Renderer` orders them. What they share (the scene's
/// style and viewport, colours, corner shapes, fitted text) is here, once.
protocol Painter {
    var style: Style { get }
    var viewport: Viewport { get }
    /// Pixels per point.
    var scale: Int { get }
}

/// Where a label's lines go: centred on the origin, or starting (ending) at an x.
enum TextAlign {
    case center
    case leading(Double)
    case trailing(Double)
}

extension Painter {
    /// The scene's text faces: DejaVu Sans, or Inter with DejaVu Sans for what it lacks.
    func sceneText() throws -> SceneText {
        let dejavu = try PinnedFont.face()
        guard style.font == .inter else { return SceneText(primary: dejavu, fallback: nil) }
        return SceneText(primary: try PinnedFont.interFace(), fallback: dejavu)
    }

    /// The faces `draw` has already loaded on this thread.
    var textFaces: SceneText {
        (try? sceneText()) ?? SceneText(primary: (try? PinnedFont.face())!, fallback: nil)
    }

    /// A notch-era screen (812 pt tall or more): 47 pt status bar, home indicator, rounded corners.
    var tallScreen: Bool { viewport.size.height >= 812 }

    /// A rounded rectangle with iOS's continuous corners: each corner one cubic curve that starts
    /// 1.28 radii from the corner (a circular arc starts at 1) and passes through the circular
    /// corner's midpoint, so the curvature eases in from the sides (an approximation of the squircle).
    func continuousRect(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
        let rad = min(radius, r.width / 2 / 1.28, r.height / 2 / 1.28)
        if rad <= 0 { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height); return }
        let e = 1.28 * rad, c = 0.354 * rad  // (4e − 3(e − c))/8 = (1 − 1/√2) r: the arc's midpoint
        cairo_new_sub_path(cr)
        cairo_move_to(cr, r.minX + e, r.minY)
        cairo_line_to(cr, r.maxX - e, r.minY)
        cairo_curve_to(cr, r.maxX - c, r.minY, r.maxX, r.minY + c, r.maxX, r.minY + e)
        cairo_line_to(cr, r.maxX, r.maxY - e)
        cairo_curve_to(cr, r.maxX, r.maxY - c, r.maxX - c, r.maxY, r.maxX - e, r.maxY)
        cairo_line_to(cr, r.minX + e, r.maxY)
        cairo_curve_to(cr, r.minX + c, r.maxY, r.minX, r.maxY - c, r.minX, r.maxY - e)
        cairo_line_to(cr, r.minX, r.minY + e)
        cairo_curve_to(cr, r.minX, r.minY + c, r.minX + c, r.minY, r.minX + e, r.minY)
        cairo_close_path(cr)
    }

    /// A row of an inset-grouped section: the corners its group rounds, the others square.
    func groupRect(_ cr: OpaquePointer, _ r: Rect, corners: GroupCorners, radius: Double) {
        let rad = min(radius, r.width / 2, r.height / 2)
        let top = corners.contains(.top) ? rad : 0, bottom = corners.contains(.bottom) ? rad : 0
        cairo_new_sub_path(cr)
        cairo_move_to(cr, r.minX + top, r.minY)
        cairo_line_to(cr, r.maxX - top, r.minY)
        if top > 0 { cairo_arc(cr, r.maxX - top, r.minY + top, top, -.pi / 2, 0) }
        cairo_line_to(cr, r.maxX, r.maxY - bottom)
        if bottom > 0 { cairo_arc(cr, r.maxX - bottom, r.maxY - bottom, bottom, 0, .pi / 2) }
        cairo_line_to(cr, r.minX + bottom, r.maxY)
        if bottom > 0 { cairo_arc(cr, r.minX + bottom, r.maxY - bottom, bottom, .pi / 2, .pi) }
        cairo_line_to(cr, r.minX, r.minY + top)
        if top > 0 { cairo_arc(cr, r.minX + top, r.minY + top, top, .pi, 3 * .pi / 2) }
        cairo_close_path(cr)
    }

    func setColor(_ cr: OpaquePointer, _ c: Color, alpha: Double = 1) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a * alpha)
    }

    /// `continuous`: the item's own corner curve (a SpringyUIKit view's layer), else the style's.
    func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double, continuous: Bool? = nil) {
        if continuous ?? (style.corners == .continuous) { continuousRect(cr, r, radius: radius); return }
        let rad = min(radius, r.width / 2, r.height / 2)
        if rad <= 0 { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height); return }
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, .pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, .pi / 2, .pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// Text centred on the origin at its own size: cut with an ellipsis to fit `box`'s width,
    /// or with `text_overflow: wrap` broken into lines at spaces (as many as fit the height).
    func drawText(
        _ cr: OpaquePointer, _ text: String, size: Double, color: Color, alpha: Double, box: Size2, align: TextAlign = .center,
        maxLines: Int? = nil, lineBreak: LineBreak? = nil
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
        // A label's own limit (0: as many as fit the box), else the style's overflow rule.
        let fit = max(1, Int(box.height / fe.height))
        let limit = maxLines.map { $0 <= 0 ? fit : min($0, fit) } ?? (style.textOverflow == .wrap ? fit : 1)
        let lines = TextFit.lines(text, width: box.width, maxLines: limit, mode: lineBreak ?? .truncateTail, measure: advance)
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
}
