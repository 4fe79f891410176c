import CCairo
import Foundation

/// A line chart drawn with Cairo: axes, ticks, labels, one measured series and an
/// optional closed-form curve — the picture a doc about damping wants.
public struct Plot {
    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [(Double, Double)]
    public var seriesName: String
    public var curve: [(Double, Double)] = []
    public var curveName: String = ""
    public var width = 800.0
    public var height = 450.0

    public init(title: String, xLabel: String, yLabel: String, series: [(Double, Double)], seriesName: String) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel; self.series = series; self.seriesName = seriesName
    }

    /// Round tick steps: 1, 2 or 5 × 10ⁿ, about `count` of them.
    static func ticks(_ lo: Double, _ hi: Double, count: Int = 6) -> [Double] {
        let span = max(hi - lo, 1e-9)
        let raw = span / Double(count)
        let mag = pow(10, (log10(raw)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * mag }.first { $0 >= raw } ?? 10 * mag
        var out: [Double] = []
        var v = (lo / step).rounded(.up) * step
        while v <= hi + step * 1e-9 { out.append(abs(v) < step * 1e-9 ? 0 : v); v += step }
        return out
    }

    public static func label(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
        return String(format: "%.3g", v)
    }

    public func draw(on cr: OpaquePointer) throws {
        let font = try PinnedFont.face()
        cairo_set_font_face(cr, font)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        let left = 70.0, right = 20.0, top = 44.0, bottom = 56.0
        let pw = width - left - right, ph = height - top - bottom
        // A NaN value is a gap (the item was off screen): it breaks the line and takes no room.
        let all = (series + curve).filter { $0.1.isFinite }
        guard !all.isEmpty else { return }
        let x0 = all.map(\.0).min()!, x1 = max(all.map(\.0).max()!, x0 + 1e-6)
        var y0 = all.map(\.1).min()!, y1 = all.map(\.1).max()!
        if y1 - y0 < 1e-6 { y0 -= 1; y1 += 1 }
        let pad = (y1 - y0) * 0.05
        y0 -= pad; y1 += pad
        func px(_ x: Double) -> Double { left + (x - x0) / (x1 - x0) * pw }
        func py(_ y: Double) -> Double { top + ph - (y - y0) / (y1 - y0) * ph }

        cairo_set_font_size(cr, 12)
        cairo_set_line_width(cr, 1)
        for t in Self.ticks(x0, x1) {
            cairo_set_source_rgb(cr, 0.9, 0.9, 0.92)
            cairo_move_to(cr, px(t), top); cairo_line_to(cr, px(t), top + ph); cairo_stroke(cr)
            cairo_set_source_rgb(cr, 0.25, 0.25, 0.28)
            var te = cairo_text_extents_t(); cairo_text_extents(cr, Self.label(t), &te)
            cairo_move_to(cr, px(t) - te.x_advance / 2, top + ph + 18); cairo_show_text(cr, Self.label(t))
        }
        for t in Self.ticks(y0, y1) {
            cairo_set_source_rgb(cr, 0.9, 0.9, 0.92)
            cairo_move_to(cr, left, py(t)); cairo_line_to(cr, left + pw, py(t)); cairo_stroke(cr)
            cairo_set_source_rgb(cr, 0.25, 0.25, 0.28)
            var te = cairo_text_extents_t(); cairo_text_extents(cr, Self.label(t), &te)
            cairo_move_to(cr, left - 8 - te.x_advance, py(t) + 4); cairo_show_text(cr, Self.label(t))
        }
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.22)
        cairo_rectangle(cr, left, top, pw, ph); cairo_stroke(cr)
        cairo_set_font_size(cr, 13)
        var te = cairo_text_extents_t(); cairo_text_extents(cr, xLabel, &te)
        cairo_move_to(cr, left + pw / 2 - te.x_advance / 2, height - 14); cairo_show_text(cr, xLabel)
        cairo_save(cr)
        cairo_text_extents(cr, yLabel, &te)
        cairo_move_to(cr, 20, top + ph / 2 + te.x_advance / 2)
        cairo_rotate(cr, -.pi / 2)
        cairo_show_text(cr, yLabel)
        cairo_restore(cr)
        cairo_set_font_size(cr, 15)
        cairo_move_to(cr, left, 26); cairo_show_text(cr, title)

        func polyline(_ pts: [(Double, Double)]) {
            var drawing = false
            for p in pts {
                guard p.1.isFinite else { drawing = false; continue }
                if drawing { cairo_line_to(cr, px(p.0), py(p.1)) } else { cairo_move_to(cr, px(p.0), py(p.1)) }
                drawing = true
            }
            cairo_stroke(cr)
        }
        cairo_save(cr)
        cairo_rectangle(cr, left, top, pw, ph); cairo_clip(cr)
        if !curve.isEmpty {
            cairo_set_source_rgb(cr, 1, 0.58, 0)
            cairo_set_line_width(cr, 2)
            let dashes: [Double] = [7, 5]
            cairo_set_dash(cr, dashes, 2, 0)
            polyline(curve)
            cairo_set_dash(cr, nil, 0, 0)
        }
        cairo_set_source_rgb(cr, 0, 0.48, 1)
        cairo_set_line_width(cr, 2)
        polyline(series)
        cairo_restore(cr)
        // legend
        cairo_set_font_size(cr, 12)
        var lx = left + pw - 10
        for (name, r, g, b) in [(curveName, 1.0, 0.58, 0.0), (seriesName, 0.0, 0.48, 1.0)] where !name.isEmpty {
            cairo_text_extents(cr, name, &te)
            lx -= te.x_advance + 34
            cairo_set_source_rgb(cr, r, g, b)
            cairo_set_line_width(cr, 2)
            cairo_move_to(cr, lx, top + 16); cairo_line_to(cr, lx + 22, top + 16); cairo_stroke(cr)
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.22)
            cairo_move_to(cr, lx + 28, top + 20); cairo_show_text(cr, name)
        }
    }

    /// The chart as pixels (Output encodes them as PNG).
    public func canvas() throws -> Canvas {
        let canvas = try Canvas(width: Int(width), height: Int(height), opaque: true, what: "a chart")
        let cr = cairo_create(canvas.surface)!
        defer { cairo_destroy(cr) }
        try draw(on: cr)
        return canvas
    }

    /// The chart as an SVG document, drawn by Cairo.
    public func svg() throws -> [UInt8] {
        try VectorDrawing.bytes(pdf: false, width: width, height: height) { try draw(on: $0) }
    }

    /// A released spring's closed form (DYNAMICS.md): rest + A·e^(−ζωt)(cos ω_d t + (ζω/ω_d) sin ω_d t).
    public static func springCurve(
        frequency f: Double, dampingRatio z: Double, start: Double, rest: Double,
        times: [Double]
    ) -> [(Double, Double)] {
        let w = 2 * Double.pi * f
        let t0 = times.first ?? 0
        return times.map { t in
            let u = t - t0
            if z < 1 {
                let wd = w * (1 - z * z).squareRoot()
                return (t, rest + (start - rest) * exp(-z * w * u) * (cos(wd * u) + z * w / wd * sin(wd * u)))
            }
            return (t, rest + (start - rest) * exp(-w * u) * (1 + w * u))
        }
    }
}
