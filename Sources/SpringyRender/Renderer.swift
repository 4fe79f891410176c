import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// Draws a `FrameState` with Cairo: cells, headers, free views, springs, the finger.
/// A pure function of the frame state and the scene's style; safe to call from several threads.
package struct Renderer: Sendable, Painter {
    package let viewport: Viewport
    package let style: Style
    package let scale: Int

    package init(scene: Scene, scale: Int? = nil) throws {
        viewport = scene.viewport
        style = scene.style
        self.scale = scale ?? scene.viewport.scale
        _ = try PinnedFont.face()  // the font must be there; each drawing thread loads its own
        if style.font == .inter { _ = try PinnedFont.interFace() }
        if pixelWidth > Canvas.maxSide || pixelHeight > Canvas.maxSide {
            throw DrawingError(
                "\(scene.file): a frame of \(pixelWidth)×\(pixelHeight) pixels at scale \(self.scale) is wider or taller than the \(Canvas.maxSide) pixels Cairo can draw on a side"
            )
        }
    }

    /// Texts of the scene (labels, headers) with characters the pinned font cannot draw.
    package static func glyphWarnings(_ scene: Scene) throws -> [String] {
        var texts: [String] = scene.items.compactMap(\.label)
        for section in scene.collection?.sections ?? [] {
            texts += section.labels
            if let h = section.header { texts.append(h) }
        }
        var out: [String] = []
        var seen: Set<String> = []  // only asked, never iterated: the order is the texts'
        for t in texts where !t.utf8.allSatisfy({ $0 >= 32 && $0 < 127 }) && !seen.contains(t) {
            seen.insert(t)
            let inter = scene.style.font == .inter
            let missing = try PinnedFont.missingCharacters(in: t, inter: inter)
            if !missing.isEmpty {
                // The faces the scene draws with: Inter, then DejaVu Sans for what Inter lacks.
                let faces = inter ? "Inter and DejaVu Sans" : "DejaVu Sans"
                out.append(
                    "\(scene.file): the text \"\(t)\" has characters \(faces) cannot draw (\(missing.map { ch in ch.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) ? ch.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined() : String(ch) }.joined(separator: " "))); they show as boxes"
                )
            }
        }
        return out
    }

    var items: ItemPainter { ItemPainter(style: style, viewport: viewport, scale: scale) }
    var headers: HeaderPainter { HeaderPainter(style: style, viewport: viewport, scale: scale) }
    var springs: SpringPainter { SpringPainter(style: style, viewport: viewport, scale: scale) }
    var overlays: OverlayPainter { OverlayPainter(style: style, viewport: viewport, scale: scale) }

    package var pixelWidth: Int { Int(((viewport.size.width + 2 * bezel) * Double(scale)).rounded(.up)) }
    package var pixelHeight: Int { Int(((viewport.size.height + 2 * bezel) * Double(scale)).rounded(.up)) }
    package var opaque: Bool { viewport.background.a >= 1 }

    package func render(_ state: FrameState) throws -> Canvas {
        var spare: Canvas?
        return try render(state, reusing: &spare)
    }

    /// Draws into `spare` (Canvas.reuse): the background paints every pixel (SOURCE), or, under a device frame, a clear.
    package func render(_ state: FrameState, reusing spare: inout Canvas?) throws -> Canvas {
        let canvas = try Canvas.reuse(&spare, width: pixelWidth, height: pixelHeight, opaque: opaque, clear: bezel > 0)
        let cr = cairo_create(canvas.surface)!
        defer { cairo_destroy(cr) }
        if bezel > 0 {
            // The screen inside a device frame: drawn clipped to its rounded corners, then the frame.
            let s = Double(scale)
            cairo_save(cr)
            cairo_translate(cr, bezel * s, bezel * s)
            cairo_scale(cr, s, s)
            continuousRect(cr, Rect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height), radius: screenRadius)
            cairo_identity_matrix(cr)
            cairo_clip(cr)
            cairo_translate(cr, bezel * s, bezel * s)
            try draw(state, on: cr, scale: s)
            cairo_restore(cr)
            cairo_save(cr)
            cairo_scale(cr, s, s)
            drawDeviceFrame(cr)
            cairo_restore(cr)
            return canvas
        }
        try draw(state, on: cr, scale: Double(scale))
        return canvas
    }

    /// Draws on any Cairo context (image, PDF, SVG), in points scaled by `scale`.
    /// A `ghost` alpha draws only the items `only` names (all when nil), faded, without
    /// background or overlays (the trail's older frames).
    package func draw(
        _ state: FrameState, on cr: OpaquePointer, scale: Double, ghost: Double? = nil, only: Set<String>? = nil,
        headers: Bool = true, background: Bool = true, overlays: Bool = true, statusBar: Bool = true
    ) throws {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        try prepare(cr, scale: scale)

        if let alpha = ghost {
            // A faint copy replaces the fainter ones it overlaps (cleared where it covers, then
            // painted at its alpha), so overlapping copies do not add up into darker patches;
            // drawn into a layer of copies, which the caller paints.
            cairo_push_group(cr)
            drawContent(state, cr, order: layers(state, only: only, headers: false), from: nil, overlays: false)
            let copy = cairo_pop_group(cr)
            defer { cairo_pattern_destroy(copy) }
            cairo_set_source(cr, copy)
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_paint_with_alpha(cr, alpha)
            return
        }
        // An opaque item over the whole screen is the frame's background: painted once, as the
        // background is, and what it hides is not drawn (the same pixels, fewer full-screen fills).
        let order = layers(state, only: only, headers: headers)
        let cover = background ? order.cover : nil
        if background {
            let paint: Color
            if let k = cover, case .item(let item) = order.elements[k].element {
                paint = items.fillColor(item)
            } else {
                paint = viewport.background
            }
            setColor(cr, paint)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        if style.boundaries && background && cover == nil { self.overlays.drawBoundaries(cr, state.boundaries) }
        drawContent(state, cr, order: order, from: cover, overlays: overlays)
        if overlays { self.overlays.drawOverlays(state, cr) }
        if background && statusBar { drawStatusBar(cr) }
    }

    /// Points to pixels, and the text settings every drawing uses (unhinted, grey antialiasing,
    /// the drawing thread's own face — loading it is the one thing here that can fail).
    func prepare(_ cr: OpaquePointer, scale: Double) throws {
        let font = try sceneText().primary
        cairo_scale(cr, scale, scale)
        Self.textSettings(cr)
        cairo_set_font_face(cr, font)
    }

    /// The text settings every drawing (and TextMeasure) uses: unhinted, grey antialiasing.
    static func textSettings(_ cr: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// The status bar and home indicator alone, over what is drawn (a trail's last layer).
    package func drawChromeOnTop(on cr: OpaquePointer, scale: Double) throws {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        try prepare(cr, scale: scale)
        drawStatusBar(cr)
    }

    enum Element {
        case item(ItemState)
        case header(HeaderState)
    }

    /// What a frame draws, bottom to top: the collection view's cells and headers by z, then the
    /// free views; and the last item that covers the whole screen opaquely (`cover`), if any —
    /// with `only` (a trail's older frames) none is looked for.
    func layers(_ state: FrameState, only: Set<String>?, headers: Bool) -> (
        elements: [(layer: Int, z: Int, kind: Int, order: Int, element: Element)], cover: Int?
    ) {
        var elements: [(layer: Int, z: Int, kind: Int, order: Int, element: Element)] = []
        for (i, item) in state.items.enumerated() where only?.contains(item.id) ?? true {
            elements.append(item.inCollection ? (0, item.z, 0, i, .item(item)) : (1, 0, 0, i, .item(item)))
        }
        if headers {
            for (i, header) in state.headers.enumerated() { elements.append((0, header.z, 1, i, .header(header))) }
        }
        elements.sort { ($0.layer, $0.z, $0.kind, $0.order) < ($1.layer, $1.z, $1.kind, $1.order) }
        let painter = items, size = viewport.size
        let cover =
            only != nil
            ? nil
            : elements.lastIndex { e in
                if case .item(let item) = e.element { return painter.coversScreen(item, size) }
                return false
            }
        return (elements, cover)
    }

    /// Each item is drawn whole in turn — its body, the springs attached to it, its label — so a
    /// cell drawn later covers an earlier one's label as it covers its body, and a label is never
    /// under its own springs. From the `cover` on (`from`): what it hides is not drawn (nor its
    /// springs), and its body is not filled (the background was painted its colour).
    func drawContent(
        _ state: FrameState, _ cr: OpaquePointer,
        order: (elements: [(layer: Int, z: Int, kind: Int, order: Int, element: Element)], cover: Int?),
        from cover: Int?, overlays: Bool
    ) {
        // The painters once per frame, not per item drawn (each holds the scene's style).
        let itemPainter = items, springPainter = springs, headerPainter = self.headers
        var elements = order.elements
        var coverUnfilled = cover != nil
        var layerOf: [String: Int] = [:]
        if let k = cover {
            for e in elements[..<k] { if case .item(let item) = e.element { layerOf[item.id] = -1 } }
            elements.removeFirst(k)
        }
        // Each item's springs, in the frame's order (looked up by item, never iterated as a whole).
        let springsOf = overlays ? Dictionary(grouping: state.springs, by: \.item) : [:]
        var start = 0, layerIndex = 0
        while start < elements.count {
            var end = start
            while end < elements.count && (elements[end].layer, elements[end].z) == (elements[start].layer, elements[start].z) {
                end += 1
            }
            for e in elements[start..<end] {
                switch e.element {
                case .item(let item):
                    // The cover is the first drawn; its colour is already everywhere.
                    let filled = !coverUnfilled
                    coverUnfilled = false
                    layerOf[item.id] = layerIndex
                    // Faded as a whole; its springs (no part of the view) come between its
                    // body and its label, each then faded on its own.
                    if let own = springsOf[item.id] {
                        itemPainter.faded(cr, item) { v in
                            itemPainter.clipped(cr, v) { itemPainter.drawBody(cr, v, filled: filled) }
                        }
                        springPainter.drawSprings(cr, own)
                        itemPainter.faded(cr, item) { v in itemPainter.clipped(cr, v) { itemPainter.drawLabel(cr, v) } }
                    } else {
                        itemPainter.faded(cr, item) { v in
                            itemPainter.clipped(cr, v) {
                                itemPainter.drawBody(cr, v, filled: filled)
                                itemPainter.drawLabel(cr, v)
                            }
                        }
                    }
                case .header(let header): headerPainter.drawHeader(cr, header)
                }
            }
            start = end
            layerIndex += 1
        }
        // Springs whose item is not drawn (off screen) still show, over everything.
        if overlays { springPainter.drawSprings(cr, state.springs.filter { layerOf[$0.item] == nil }) }
    }

}
