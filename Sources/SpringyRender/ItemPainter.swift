import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// Cells, rows and free views: a body (shape, fill, selection, lifted shadow, a row's
/// separator) and a label fitted to it.
struct ItemPainter: Painter {
    let style: Style
    let viewport: Viewport
    let scale: Int

    /// The style's colour for an item: a view's own, a selected cell's, or the palette's by the cell's key.
    func fillColor(_ item: ItemState) -> Color {
        if let c = item.color { return c }  // a view's own, or an animated backgroundColor
        switch item.kind {
        case .view: return style.cell
        case .cell where item.selected: return style.cellSelected
        case .cell, .row:
            if !style.palette.isEmpty, let k = item.paletteKey { return style.palette[k % style.palette.count] }
            return style.cell
        }
    }

    /// Whether the item's body paints every point of a screen of `size` with an opaque colour: an
    /// unturned, unrounded, opaque rectangle at full alpha over all of it, in no clip.
    func coversScreen(_ item: ItemState, _ size: Size2) -> Bool {
        guard item.shape == .rectangle, item.groupRadius == 0, item.alpha >= 1, item.angle == 0, item.look.clips.isEmpty,
            !(item.selected && item.inCollection), item.elevation == 0, (item.look.shadow?.opacity ?? 0) <= 0,
            (item.look.cornerRadius ?? style.cornerRadius) == 0, fillColor(item).a >= 1
        else { return false }
        let r = Rect(center: item.center, size: item.size)
        return r.minX <= 0 && r.minY <= 0 && r.maxX >= size.width && r.maxY >= size.height
    }

    /// `filled: false`: all but the fill (the screen's cover, whose colour the background has).
    func drawBody(_ cr: OpaquePointer, _ item: ItemState, filled: Bool = true) {
        guard item.alpha > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, item.center.x, item.center.y)
        cairo_rotate(cr, item.angle)
        let r = Rect(center: .zero, size: item.size)
        if item.elevation > 0 {
            // A lifted item's soft shadow: rings of faint black spreading below it.
            let e = item.elevation
            for k in 1...4 {
                let grow = e * Double(k) / 4
                roundedRect(
                    cr, Rect(x: r.minX - grow, y: r.minY - grow + e / 2, width: r.width + 2 * grow, height: r.height + 2 * grow),
                    radius: (item.look.cornerRadius ?? style.cornerRadius) + grow, continuous: item.look.continuousCorners)
                cairo_set_source_rgba(cr, 0, 0, 0, 0.07 * item.alpha)
                cairo_fill(cr)
            }
        }
        if let shadow = item.look.shadow, shadow.opacity > 0 { drawShadow(cr, item, shadow, r) }
        let fill = fillColor(item)
        let outlined = item.selected && item.inCollection && fill != style.cellSelected
        if outlined {
            shape(cr, item, r)
            setColor(cr, fill, alpha: item.alpha)
            // A selected cell that keeps its own colour (list rows) gets an outline, inside its
            // shape (clipped to it), so it is no wider than the cell or its group.
            cairo_fill_preserve(cr)
            cairo_save(cr)
            cairo_clip_preserve(cr)
            setColor(cr, style.cellSelected, alpha: item.alpha)
            cairo_set_line_width(cr, 4)
            cairo_stroke(cr)
            cairo_restore(cr)
        } else if fill.a > 0 && filled {
            // (A clear body paints nothing — a UIKit cell under its content view — and is not filled.)
            shape(cr, item, r)
            setColor(cr, fill, alpha: item.alpha)
            cairo_fill(cr)
        }
        if let image = item.look.image { drawImage(cr, item, image, r) }
        if let border = item.look.border, border.width > 0 {
            // Inside the shape, as Core Animation draws a layer's border: a line twice as wide, clipped.
            shape(cr, item, r)
            cairo_save(cr)
            cairo_clip_preserve(cr)
            setColor(cr, border.color, alpha: item.alpha)
            cairo_set_line_width(cr, 2 * border.width)
            cairo_stroke(cr)
            cairo_restore(cr)
            cairo_new_path(cr)
        }
        if style.separators && item.kind == .row && !item.groupCorners.contains(.bottom) && !outlined {
            drawSeparator(cr, under: r, alpha: item.alpha)
        }
        cairo_restore(cr)
    }

    /// The item's picture over its fill, placed by its content mode (edges sharp, pixels
    /// filtered as Cairo's GOOD filter scales them), clipped to the item's shape when it clips.
    func drawImage(_ cr: OpaquePointer, _ item: ItemState, _ image: ViewImage, _ r: Rect) {
        let place = image.placed(in: item.size), px = image.pixels
        guard place.width > 0, place.height > 0 else { return }
        cairo_save(cr)
        if image.clipped {
            shape(cr, item, r)
            cairo_clip(cr)
        }
        cairo_rectangle(cr, place.minX, place.minY, place.width, place.height)
        cairo_clip(cr)
        cairo_translate(cr, place.minX, place.minY)
        cairo_scale(cr, place.width / Double(px.width), place.height / Double(px.height))
        px.argb.withUnsafeBufferPointer { words in
            // Cairo only reads a source surface's pixels; it is released before the words go.
            let data = UnsafeMutableRawPointer(mutating: words.baseAddress!).assumingMemoryBound(to: UInt8.self)
            let surface = cairo_image_surface_create_for_data(
                data, CAIRO_FORMAT_ARGB32, Int32(px.width), Int32(px.height), Int32(px.width * 4))
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint_with_alpha(cr, item.alpha)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_surface_destroy(surface)
        }
        cairo_restore(cr)
    }

    /// The label's colour: the scene's, or white or black, whichever meets WCAG AA on the fill
    /// as it shows over the background.
    func labelColor(_ item: ItemState) -> Color {
        if let c = item.look.textColor { return c }
        if let c = style.text { return c }
        return fillColor(item).over(viewport.background.a >= 1 ? viewport.background : .white).readableText
    }

    /// Runs `draw` inside the item's clipping superviews (none for most items).
    /// A view at an alpha under 1 faded as a whole, as Core Animation composites a layer and
    /// its sublayers as a group (`allowsGroupOpacity`, true since iOS 7): `draw` paints it
    /// opaque into a group the size of its reach, which is then painted at its alpha — so a
    /// label over its body, or a border over its fill, does not show what lies under it.
    func faded(_ cr: OpaquePointer, _ item: ItemState, _ draw: (ItemState) -> Void) {
        guard item.alpha < 1 else { return draw(item) }
        guard item.alpha > 0 else { return }
        var opaque = item
        opaque.alpha = 1
        let shape = item.outline.reduce(0) { max($0, $1.length) }
        let shadow = item.look.shadow.map { $0.offset.length + abs($0.radius) } ?? 0
        let reach =
            max(shape, (item.size.width * item.size.width + item.size.height * item.size.height).squareRoot() / 2) + 1.5
            * item.elevation + shadow + (item.look.border?.width ?? 0) + (item.look.fontSize ?? style.fontSize) + 4
        cairo_save(cr)
        cairo_rectangle(cr, item.center.x - reach, item.center.y - reach, 2 * reach, 2 * reach)
        cairo_clip(cr)
        cairo_push_group(cr)
        draw(opaque)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, item.alpha)
        cairo_restore(cr)
    }

    func clipped(_ cr: OpaquePointer, _ item: ItemState, _ draw: () -> Void) {
        guard !item.look.clips.isEmpty else { return draw() }
        cairo_save(cr)
        for c in item.look.clips {
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            cairo_translate(cr, c.center.x, c.center.y)
            cairo_rotate(cr, c.angle)
            roundedRect(cr, Rect(center: .zero, size: c.size), radius: c.cornerRadius, continuous: c.continuous)
            cairo_set_matrix(cr, &m)
            cairo_clip(cr)
        }
        draw()
        cairo_restore(cr)
    }

    /// The item's outline as the current path (its shape, corners and all).
    func shape(_ cr: OpaquePointer, _ item: ItemState, _ r: Rect) {
        switch item.shape {
        case .rectangle where item.groupRadius > 0:
            // A row of an inset-grouped list: square but for its group's outer corners.
            groupRect(cr, r, corners: item.groupCorners, radius: item.groupRadius)
        case .rectangle:
            roundedRect(cr, r, radius: item.look.cornerRadius ?? style.cornerRadius, continuous: item.look.continuousCorners)
        case .ellipse:
            cairo_save(cr)
            cairo_scale(cr, r.width / 2, r.height / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_restore(cr)
        case .path:
            for (k, p) in item.outline.enumerated() {
                if k == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
            }
            cairo_close_path(cr)
        }
    }

    /// A layer's shadow: its shape at the offset, softened over its radius by rings of fading
    /// colour (Core Animation blurs it; the rings keep the same extent and total darkness).
    func drawShadow(_ cr: OpaquePointer, _ item: ItemState, _ shadow: Shadow, _ r: Rect) {
        let rings = shadow.radius > 0 ? 4 : 1
        for k in 0..<rings {
            let grow = rings == 1 ? 0 : shadow.radius * (Double(k) / Double(rings - 1) - 0.5)
            cairo_save(cr)
            cairo_translate(cr, shadow.offset.x, shadow.offset.y)
            shape(cr, item, Rect(center: .zero, size: Size2(max(r.width + 2 * grow, 0), max(r.height + 2 * grow, 0))))
            setColor(cr, shadow.color, alpha: item.alpha * min(max(shadow.opacity, 0), 1) / Double(rings))
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    func drawLabel(_ cr: OpaquePointer, _ item: ItemState) {
        guard item.alpha > 0, let label = item.label, !label.isEmpty else { return }
        cairo_save(cr)
        cairo_translate(cr, item.center.x, item.center.y)
        cairo_rotate(cr, item.angle)
        // List rows align their text to the leading edge at the 16 pt margin (the trailing edge
        // right to left), as UIKit's list cells do; other cells centre it.
        var align: TextAlign =
            item.kind == .row
            ? (item.trailingLabel ? .trailing(item.size.width / 2 - 16) : .leading(-item.size.width / 2 + 16)) : .center
        var box = Size2(item.kind == .row ? item.size.width - 32 : item.size.width - 6, item.size.height - 4)
        if let own = item.look.textAlignment {
            // A label's own alignment, in its own box (a UILabel has no inset).
            box = item.size
            switch own {
            case .leading: align = .leading(-item.size.width / 2)
            case .center: align = .center
            case .trailing: align = .trailing(item.size.width / 2)
            }
        }
        drawText(
            cr, label, size: item.look.fontSize ?? style.fontSize, color: labelColor(item), alpha: item.alpha, box: box,
            align: align,
            maxLines: item.look.textLines, lineBreak: item.look.lineBreak)
        cairo_restore(cr)
    }

    /// A plain table's separator under a row: a hairline from 16 pt in to the trailing edge.
    func drawSeparator(_ cr: OpaquePointer, under r: Rect, alpha: Double) {
        let hairline = 1 / Double(scale)
        cairo_rectangle(cr, r.minX + 16, r.maxY - hairline, max(r.width - 16, 0), hairline)
        setColor(cr, (style.appearance ?? .light).separator, alpha: alpha)
        cairo_fill(cr)
    }
}
