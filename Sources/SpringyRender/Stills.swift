import CCairo
import Foundation
import SpringyCore
import SpringyFrame

package enum Stills {
    static func canvas(width: Int, height: Int, what: String, draw: (OpaquePointer) throws -> Void) throws -> Canvas {
        let canvas = try Canvas(width: width, height: height, opaque: true, what: what)
        let cr = cairo_create(canvas.surface)!
        defer { cairo_destroy(cr) }
        try draw(cr)
        return canvas
    }

    /// A contact sheet: the frames in `columns` columns, each with its time underneath.
    package static func sheet(_ frames: [FrameState], renderer: Renderer, columns: Int, thumbnailScale: Double = 0.5) throws
        -> Canvas
    {
        let w = renderer.viewport.size.width * thumbnailScale, h = renderer.viewport.size.height * thumbnailScale
        let gap = 12.0, caption = 22.0
        let cols = max(1, min(columns, frames.count))
        let rows = (frames.count + cols - 1) / cols
        let width = Int((Double(cols) * (w + gap) + gap).rounded(.up))
        let height = Int((Double(rows) * (h + caption + gap) + gap).rounded(.up))
        let font = try PinnedFont.face()
        return try canvas(
            width: width, height: height,
            what: "a contact sheet (\(frames.count) frames in \(cols) columns; fewer --columns or frames make it smaller)"
        ) { cr in
            cairo_set_source_rgb(cr, 0.93, 0.93, 0.95)
            cairo_paint(cr)
            for (k, f) in frames.enumerated() {
                let x = gap + Double(k % cols) * (w + gap), y = gap + Double(k / cols) * (h + caption + gap)
                cairo_save(cr)
                cairo_translate(cr, x, y)
                cairo_rectangle(cr, 0, 0, w, h)
                cairo_clip(cr)
                try renderer.draw(f, on: cr, scale: thumbnailScale)
                cairo_restore(cr)
                cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
                cairo_set_line_width(cr, 1)
                cairo_rectangle(cr, x - 0.5, y - 0.5, w + 1, h + 1)
                cairo_stroke(cr)
                cairo_set_font_face(cr, font)
                cairo_set_font_size(cr, 13)
                let text = String(format: "%.2f s · frame %d", f.time, f.frame)
                var te = cairo_text_extents_t()
                cairo_text_extents(cr, text, &te)
                cairo_set_source_rgb(cr, 0.2, 0.2, 0.22)
                cairo_move_to(cr, x + (w - te.x_advance) / 2, y + h + 16)
                cairo_show_text(cr, text)
            }
        }
    }

    /// One still with the motion of `frames`: what stays put drawn once, the earlier positions
    /// of what moves fainter the older they are, then the last frame's moving items with its
    /// springs, anchors and finger on top — in z order throughout. `showsMotion` is false when
    /// the picture is the last frame alone (nothing moved, or every earlier position is hidden).
    package static func trail(_ frames: [FrameState], renderer: Renderer) throws -> (canvas: Canvas, showsMotion: Bool) {
        guard let last = frames.last else { throw DrawingError("a trail needs at least one frame") }
        let older = Array(frames.dropLast())
        var moving: Set<String> = []  // looked up only; drawing order comes from the frames
        var lastByID: [String: ItemState] = [:]
        for item in last.items { lastByID[item.id] = item }
        for f in older {
            for item in f.items {
                guard let now = lastByID[item.id] else { moving.insert(item.id); continue }
                if now.center != item.center || now.angle != item.angle || now.size != item.size || now.alpha != item.alpha {
                    moving.insert(item.id)
                }
            }
        }
        let still = Set(last.items.map(\.id).filter { !moving.contains($0) })
        let scale = Double(renderer.scale)
        let picture = try canvas(width: renderer.pixelWidth, height: renderer.pixelHeight, what: "a trail") { cr in
            try renderer.draw(last, on: cr, scale: scale, only: still, overlays: false, statusBar: false)
            // The earlier positions in one layer of copies, newer over older without adding up.
            cairo_push_group(cr)
            for (k, f) in older.enumerated() {
                let alpha = 0.12 + 0.5 * Double(k + 1) / Double(older.count + 1)
                try renderer.draw(f, on: cr, scale: scale, ghost: alpha, only: moving)
            }
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
            try renderer.draw(last, on: cr, scale: scale, only: moving, headers: false, background: false)
            // The status bar and home indicator over everything, as every frame has them.
            try renderer.drawChromeOnTop(on: cr, scale: scale)
        }
        let plain = try canvas(width: renderer.pixelWidth, height: renderer.pixelHeight, what: "a trail") { cr in
            try renderer.draw(last, on: cr, scale: scale)
        }
        return (picture, !moving.isEmpty && !picture.samePixels(as: plain))
    }

    /// A vector still through Cairo's own PDF or SVG surface, in points.
    package static func vector(_ frame: FrameState, renderer: Renderer, pdf: Bool) throws -> [UInt8] {
        try VectorDrawing.bytes(pdf: pdf, width: renderer.viewport.size.width, height: renderer.viewport.size.height) { cr in
            try renderer.draw(frame, on: cr, scale: 1)
        }
    }

}

/// A PDF or SVG drawn through Cairo's own surface, into memory (Output writes the file).
package enum VectorDrawing {
    final class Sink { var bytes: [UInt8] = [] }

    package static func bytes(
        pdf: Bool, width: Double, height: Double,
        draw: (OpaquePointer) throws -> Void
    ) throws -> [UInt8] {
        let sink = Sink()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let write: cairo_write_func_t = { closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            if let data { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
            return CAIRO_STATUS_SUCCESS
        }
        let surface =
            pdf
            ? cairo_pdf_surface_create_for_stream(write, context, width, height)
            : cairo_svg_surface_create_for_stream(write, context, width, height)
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if let surface { cairo_surface_destroy(surface) }
            throw DrawingError("Cairo cannot make a \(pdf ? "PDF" : "SVG") surface of \(width) × \(height) pt")
        }
        if pdf {
            // Cairo stamps a PDF with the wall clock unless told a date: a fixed one keeps every
            // PDF still the same bytes on every run.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
        }
        let cr = cairo_create(surface)!
        do { try draw(cr) } catch {
            cairo_destroy(cr); cairo_surface_destroy(surface)
            throw error
        }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw DrawingError(
                "Cairo could not finish the \(pdf ? "PDF" : "SVG"): \(String(cString: cairo_status_to_string(status)))")
        }
        return withExtendedLifetime(sink) { sink.bytes }
    }
}

/// A frame or still Cairo cannot draw (the message names the scene).
package typealias DrawingError = SpringyError
