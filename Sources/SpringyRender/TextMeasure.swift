import CCairo
import Foundation
import SpringyFrame
import SpringyScene

/// Text measured as the renderer draws it (the scene's pinned face, fitted by TextFit): what a
/// Swift scene's UILabel answers `sizeThatFits(_:)` with.
package enum TextMeasure {
    /// The lines `text` takes at `size` points within `width` (at most `maxLines`, 0 for as many
    /// as it needs; one line is never broken), each line's width, and the height of a line, on a
    /// screen of `scale` pixels a point, with the drawing's own text settings.
    package static func lines(
        _ text: String, size: Double, width: Double, maxLines: Int, lineBreak: LineBreak, scale: Int, font: FontChoice
    ) throws -> (widths: [Double], lineHeight: Double) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo_create(surface)
        cairo_scale(cr, Double(scale), Double(scale))
        Renderer.textSettings(cr!)
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        let dejavu = try PinnedFont.face()
        let faces =
            font == .inter
            ? SceneText(primary: try PinnedFont.interFace(), fallback: dejavu) : SceneText(primary: dejavu, fallback: nil)
        cairo_set_font_face(cr, faces.primary)
        cairo_set_font_size(cr, size)
        var fe = cairo_font_extents_t()
        cairo_font_extents(cr, &fe)
        let measure = { (s: String) in faces.advance(cr!, s) }
        let lines =
            maxLines == 1
            ? [text]
            : TextFit.lines(text, width: width, maxLines: maxLines <= 0 ? Int.max : maxLines, mode: lineBreak, measure: measure)
        return (lines.map(measure), fe.height)
    }
}
