import CCairo
import CNative
import Foundation
import SpringyLayout
import SpringyRender
import SpringyScene

/// Which frames a sheet, trail or still shows: `8` (evenly spaced), or `0,30,last`.
public enum FramePick: Equatable {
    case evenly(Int)
    case list([GoldenFrame])

    public init?(_ text: String) {
        if let n = Int(text), n > 0 { self = .evenly(n); return }
        var out: [GoldenFrame] = []
        for part in text.split(separator: ",") {
            let p = part.trimmingCharacters(in: .whitespaces)
            if p == "last" { out.append(.last) } else if let i = Int(p), i >= 0 { out.append(.index(i)) } else { return nil }
        }
        if out.isEmpty { return nil }
        self = .list(out)
    }

    /// The picked frame numbers among `count` frames, in order, without repeats.
    public func resolve(count: Int) -> [Int] {
        guard count > 0 else { return [] }
        var out: [Int]
        switch self {
        case .evenly(let n):
            out = n == 1 ? [count - 1] : (0..<n).map { Int((Double($0) * Double(count - 1) / Double(n - 1)).rounded()) }
        case .list(let l):
            out = l.map { f in if case .index(let i) = f { return min(i, count - 1) } else { return count - 1 } }
        }
        var unique: [Int] = []
        for i in out.sorted() where unique.last != i { unique.append(i) }
        return unique
    }
}

public enum Stills {
    static func canvasPNG(width: Int, height: Int, draw: (OpaquePointer) -> Void) throws -> [UInt8] {
        let canvas = Canvas(width: width, height: height, opaque: true)
        let cr = cairo_create(canvas.surface)!
        draw(cr)
        cairo_destroy(cr)
        return try PNGCodec.encode(canvas)
    }

    /// A contact sheet: the frames in `columns` columns, each with its time underneath.
    public static func sheet(_ frames: [FrameState], renderer: Renderer, columns: Int, thumbnailScale: Double = 0.5) throws -> [UInt8] {
        let w = renderer.viewport.size.width * thumbnailScale, h = renderer.viewport.size.height * thumbnailScale
        let gap = 12.0, caption = 22.0
        let cols = max(1, min(columns, frames.count))
        let rows = (frames.count + cols - 1) / cols
        let width = Int((Double(cols) * (w + gap) + gap).rounded(.up))
        let height = Int((Double(rows) * (h + caption + gap) + gap).rounded(.up))
        let font = try PinnedFont.face()
        return try canvasPNG(width: width, height: height) { cr in
            cairo_set_source_rgb(cr, 0.93, 0.93, 0.95)
            cairo_paint(cr)
            for (k, f) in frames.enumerated() {
                let x = gap + Double(k % cols) * (w + gap), y = gap + Double(k / cols) * (h + caption + gap)
                cairo_save(cr)
                cairo_translate(cr, x, y)
                cairo_rectangle(cr, 0, 0, w, h)
                cairo_clip(cr)
                renderer.draw(f, on: cr, scale: thumbnailScale)
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

    /// One still with the motion of `frames` overlaid: the last frame whole, older ones fainter.
    public static func trail(_ frames: [FrameState], renderer: Renderer) throws -> [UInt8] {
        guard let last = frames.last else { throw OutputError("a trail needs at least one frame") }
        return try canvasPNG(width: renderer.pixelWidth, height: renderer.pixelHeight) { cr in
            var background = last
            background.items = []; background.headers = []; background.springs = []; background.finger = nil
            renderer.draw(background, on: cr, scale: Double(renderer.scale))
            let older = frames.dropLast()
            for (k, f) in older.enumerated() {
                let alpha = 0.12 + 0.5 * Double(k + 1) / Double(older.count + 1)
                renderer.draw(f, on: cr, scale: Double(renderer.scale), ghost: alpha)
            }
            renderer.draw(last, on: cr, scale: Double(renderer.scale), ghost: 1)
        }
    }

    /// A vector still through Cairo's own PDF or SVG surface, in points.
    public static func vector(_ frame: FrameState, renderer: Renderer, pdf: Bool, to path: String) throws {
        try VectorFile.write(to: path, pdf: pdf, width: renderer.viewport.size.width, height: renderer.viewport.size.height) { cr in
            renderer.draw(frame, on: cr, scale: 1)
        }
    }

}

/// YUV4MPEG2: a header, then "FRAME\n" and planar Y, Cb, Cr (4:4:4, BT.601 studio range) per frame.
public enum Y4M {
    public static func header(width: Int, height: Int, fps: Int) -> [UInt8] {
        Array("YUV4MPEG2 W\(width) H\(height) F\(fps):1 Ip A1:1 C444\n".utf8)
    }

    public static func frame(_ canvas: Canvas) -> [UInt8] {
        let w = canvas.width, h = canvas.height
        var out = [UInt8](repeating: 0, count: 6 + 3 * w * h)
        out.replaceSubrange(0..<6, with: Array("FRAME\n".utf8))
        let data = canvas.data, stride = canvas.stride
        out.withUnsafeMutableBufferPointer { b in
            springy_xrgb_to_yuv444(data, Int32(w), Int32(h), Int32(stride), b.baseAddress! + 6)
        }
        return out
    }
}

/// A PDF or SVG file drawn through Cairo's own surface, written whole or not at all.
public enum VectorFile {
    public static func write(to path: String, pdf: Bool, width: Double, height: Double,
                             draw: (OpaquePointer) throws -> Void) throws {
        let tmp = AtomicFile.temporaryPath(for: path)
        let surface = pdf ? cairo_pdf_surface_create(tmp, width, height) : cairo_svg_surface_create(tmp, width, height)
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if let surface { cairo_surface_destroy(surface) }
            unlink(tmp)
            throw OutputError("cannot write \(path)")
        }
        let cr = cairo_create(surface)!
        do { try draw(cr) } catch {
            cairo_destroy(cr); cairo_surface_destroy(surface); unlink(tmp)
            throw error
        }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else { unlink(tmp); throw OutputError("cannot write \(path)") }
        try AtomicFile.commit(tmp, to: path)
    }
}
