import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

// An iOS look: continuous corners, list separators, the status bar and home indicator, and a
// device frame (drawn by Springy: rounded screen corners, a plain bezel, no trademarked artwork).

extension Renderer {
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
    /// The device frame's bezel, in points (0 without one).
    package var bezel: Double { style.chrome == .device ? 14 : 0 }
    var screenRadius: Double { tallScreen ? 44 : 12 }
    /// The colour of status bar text and glyphs: the appearance's label, else what reads on the background.
    var chromeInk: Color {
        if let a = style.appearance { return a.label }
        return viewport.background.over(.white).readableText
    }

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

    /// A plain table's separator under a row: a hairline from 16 pt in to the trailing edge.
    func drawSeparator(_ cr: OpaquePointer, under r: Rect, alpha: Double) {
        let hairline = 1 / Double(scale)
        cairo_rectangle(cr, r.minX + 16, r.maxY - hairline, max(r.width - 16, 0), hairline)
        setColor(cr, (style.appearance ?? .light).separator, alpha: alpha)
        cairo_fill(cr)
    }

    /// The status bar (9:41, signal, Wi-Fi, battery) and, on tall screens, the home indicator.
    func drawStatusBar(_ cr: OpaquePointer) {
        guard style.chrome != .none else { return }
        let w = viewport.size.width, tall = tallScreen
        let ink = chromeInk
        setColor(cr, ink)
        // The time.
        cairo_set_font_size(cr, tall ? 17 : 12)
        let faces = textFaces, width = faces.advance(cr, "9:41")
        let timeX = tall ? 54 - width / 2 : w / 2 - width / 2
        cairo_move_to(cr, timeX, tall ? 33 : 15)
        faces.show(cr, "9:41")
        // Battery at the right edge: body, cap, charge.
        let k = tall ? 1.0 : 0.8
        let bw = 25 * k, bh = 12 * k
        let bx = w - (tall ? 22 : 6) - bw - 2, by = (tall ? 27 : 10) - bh / 2
        roundedRect(cr, Rect(x: bx, y: by, width: bw, height: bh), radius: 3.5 * k)
        cairo_set_line_width(cr, 1)
        setColor(cr, ink, alpha: 0.4)
        cairo_stroke(cr)
        roundedRect(cr, Rect(x: bx + bw + 1, y: by + bh * 0.33, width: 1.5, height: bh * 0.34), radius: 0.7)
        cairo_fill(cr)
        setColor(cr, ink)
        roundedRect(cr, Rect(x: bx + 2, y: by + 2, width: bw - 4, height: bh - 4), radius: 2 * k)
        cairo_fill(cr)
        // Wi-Fi: three arcs and a dot, left of the battery.
        let wx = bx - 13 * k, wy = by + bh - 1
        for (i, radius) in [3.5, 7.0, 10.5].enumerated() {
            cairo_set_line_width(cr, 2 * k)
            cairo_arc(cr, wx, wy, radius * k, -.pi * 0.75, -.pi * 0.25)
            if i < 3 { cairo_stroke(cr) }
        }
        // Signal: four bars, left of the Wi-Fi.
        let sx = wx - 14 * k - 18 * k
        for i in 0..<4 {
            let h = (3 + 2.5 * Double(i)) * k
            roundedRect(cr, Rect(x: sx + Double(i) * 4.5 * k, y: by + bh - h, width: 3 * k, height: h), radius: 0.8)
            cairo_fill(cr)
        }
        if tall {
            roundedRect(cr, Rect(x: w / 2 - 67, y: viewport.size.height - 13, width: 134, height: 5), radius: 2.5)
            setColor(cr, ink)
            cairo_fill(cr)
        }
    }

    /// The device frame around a screen drawn `bezel` points in: a plain bezel with rounded
    /// screen and outer corners, the page around it in the appearance's grouped background.
    func drawDeviceFrame(_ cr: OpaquePointer) {
        let b = bezel
        let outer = Rect(x: 0, y: 0, width: viewport.size.width + 2 * b, height: viewport.size.height + 2 * b)
        let screen = Rect(x: b, y: b, width: viewport.size.width, height: viewport.size.height)
        // The page outside the device's rounded corners.
        cairo_rectangle(cr, outer.minX, outer.minY, outer.width, outer.height)
        continuousRect(cr, outer, radius: screenRadius + b)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        setColor(cr, (style.appearance ?? .light).groupedBackground)
        cairo_fill(cr)
        // The bezel: the device's shape less the screen.
        continuousRect(cr, outer, radius: screenRadius + b)
        continuousRect(cr, screen, radius: screenRadius)
        setColor(cr, Color(hex: "#1C1C1E")!)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        // A thin edge around it.
        continuousRect(cr, Rect(x: 1, y: 1, width: outer.width - 2, height: outer.height - 2), radius: screenRadius + b - 1)
        cairo_set_line_width(cr, 2)
        setColor(cr, Color(hex: "#48484A")!)
        cairo_stroke(cr)
    }
}
