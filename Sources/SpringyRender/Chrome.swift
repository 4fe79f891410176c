import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

// An iOS look: continuous corners, list separators, the status bar and home indicator, and a
// device frame (drawn by Springy: rounded screen corners, a plain bezel, no trademarked artwork).

extension Renderer {

    /// The device frame's bezel, in points (0 without one).
    package var bezel: Double { style.chrome == .device ? 14 : 0 }
    var screenRadius: Double { tallScreen ? 44 : 12 }
    /// The colour of status bar text and glyphs: the appearance's label, else what reads on the background.
    var chromeInk: Color {
        if let a = style.appearance { return a.label }
        return viewport.background.over(.white).readableText
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
