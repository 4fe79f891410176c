import CCairo
import Foundation

/// A line chart drawn with Cairo: axes, ticks, labels and named lines — a measured series, a
/// closed-form curve, or several platforms' curves over one another (the spring converter's
/// proof). Lines are drawn in order, each later one on top; the legend names them right to left
/// in one row when they fit, else in a column at the lower right.
package struct Plot {
    /// One line of the chart: its points (a NaN value is a gap), its colour and whether it is dashed.
    package struct Line {
        package var name: String
        package var points: [(Double, Double)]
        package var color: (Double, Double, Double)
        package var dashed: Bool
        package init(name: String, points: [(Double, Double)], color: (Double, Double, Double), dashed: Bool = false) {
            self.name = name; self.points = points; self.color = color; self.dashed = dashed
        }
        /// The measured series' blue and the closed form's dashed orange.
        package static let measured = (0.0, 0.48, 1.0), closedForm = (1.0, 0.58, 0.0)
    }

    package var title: String
    package var xLabel: String
    package var yLabel: String
    package var lines: [Line]
    package var width = 800.0
    package var height = 450.0

    /// A chart of one measured series (a closed-form curve may be put under it with `addCurve`).
    package init(title: String, xLabel: String, yLabel: String, series: [(Double, Double)], seriesName: String) {
        self.init(
            title: title, xLabel: xLabel, yLabel: yLabel,
            lines: [Line(name: seriesName, points: series, color: Line.measured)])
    }

    package init(title: String, xLabel: String, yLabel: String, lines: [Line]) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel; self.lines = lines
    }

    /// The measured series: the last line, drawn on top.
    package var series: [(Double, Double)] { lines.last?.points ?? [] }

    /// Puts a dashed closed-form curve under the lines drawn so far.
    package mutating func addCurve(_ points: [(Double, Double)], name: String) {
        lines.insert(Line(name: name, points: points, color: Line.closedForm, dashed: true), at: 0)
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

    package static func label(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
        return String(format: "%.3g", v)
    }

    package func draw(on cr: OpaquePointer) throws {
        let font = try PinnedFont.face()
        cairo_set_font_face(cr, font)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_fill(cr)
        let left = 70.0, right = 20.0, top = 44.0, bottom = 56.0
        let pw = width - left - right, ph = height - top - bottom
        // A NaN value is a gap (the item was off screen): it breaks the line and takes no room.
        let all = lines.flatMap(\.points).filter { $0.1.isFinite }
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
        cairo_set_line_width(cr, 2)
        for line in lines {
            cairo_set_source_rgb(cr, line.color.0, line.color.1, line.color.2)
            if line.dashed { cairo_set_dash(cr, [7, 5], 2, 0) }
            polyline(line.points)
            if line.dashed { cairo_set_dash(cr, nil, 0, 0) }
        }
        cairo_restore(cr)
        // The legend: one row from the right when it fits, else a column at the lower right.
        cairo_set_font_size(cr, 12)
        let named = lines.filter { !$0.name.isEmpty }
        let widths = named.map { line -> Double in
            cairo_text_extents(cr, line.name, &te)
            return te.x_advance
        }
        func swatch(_ line: Line, _ x: Double, _ y: Double) {
            cairo_set_source_rgb(cr, line.color.0, line.color.1, line.color.2)
            cairo_set_line_width(cr, 2)
            if line.dashed { cairo_set_dash(cr, [7, 5], 2, 0) }
            cairo_move_to(cr, x, y); cairo_line_to(cr, x + 22, y); cairo_stroke(cr)
            if line.dashed { cairo_set_dash(cr, nil, 0, 0) }
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.22)
            cairo_move_to(cr, x + 28, y + 4); cairo_show_text(cr, line.name)
        }
        if widths.reduce(0, { $0 + $1 + 34 }) <= pw - 20 {
            var lx = left + pw - 10
            for (line, w) in zip(named, widths) {
                lx -= w + 34
                swatch(line, lx, top + 16)
            }
        } else {
            let boxWidth = (widths.max() ?? 0) + 44, rowHeight = 17.0
            let bx = left + pw - 10 - boxWidth, by = top + ph - 10 - rowHeight * Double(named.count) - 6
            cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
            cairo_rectangle(cr, bx, by, boxWidth, rowHeight * Double(named.count) + 6); cairo_fill(cr)
            for (i, line) in named.enumerated() { swatch(line, bx + 8, by + 12 + rowHeight * Double(i)) }
        }
    }

    /// The chart as pixels (Output encodes them as PNG).
    package func canvas() throws -> Canvas { try PlotStack(plots: [self]).canvas() }

    /// The chart as an SVG document, drawn by Cairo.
    package func svg() throws -> [UInt8] { try PlotStack(plots: [self]).svg() }

    /// A released spring's closed form (DYNAMICS.md): rest + A·e^(−ζωt)(cos ω_d t + (ζω/ω_d) sin ω_d t).
    package static func springCurve(
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

/// Charts one above another, as one picture (the spring converter's proof: curves over errors).
package struct PlotStack {
    package var plots: [Plot]
    package init(plots: [Plot]) { self.plots = plots }

    var width: Double { plots.map(\.width).max() ?? 0 }
    var height: Double { plots.map(\.height).reduce(0, +) }

    func draw(on cr: OpaquePointer) throws {
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        var y = 0.0
        for plot in plots {
            cairo_save(cr)
            cairo_translate(cr, 0, y)
            try plot.draw(on: cr)
            cairo_restore(cr)
            y += plot.height
        }
    }

    /// The charts as pixels (Output encodes them as PNG).
    package func canvas() throws -> Canvas {
        let canvas = try Canvas(width: Int(width), height: Int(height), opaque: true, what: "a chart")
        let cr = cairo_create(canvas.surface)!
        defer { cairo_destroy(cr) }
        try draw(on: cr)
        return canvas
    }

    /// The charts as an SVG document, drawn by Cairo.
    package func svg() throws -> [UInt8] {
        try VectorDrawing.bytes(pdf: false, width: width, height: height) { try draw(on: $0) }
    }
}
