import Foundation
import SpringyCore

/// Which things the changed pixels of a failing frame belong to. The changed pixels are grouped
/// into regions (8 × 8 pixel cells with a changed pixel, joined where they touch); each region
/// names what the trace has drawn there — in the golden's frame or this run's — and, for each,
/// how it moved at this frame, to 0.01 pt. A region whose things did not move is "a drawing
/// change, not motion" (a colour, a label, a style).
package enum PixelAttribution {
    /// A region of changed pixels: its bounds in pixels and how many pixels changed.
    package struct Region: Sendable, Equatable {
        package var minX: Int, minY: Int, maxX: Int, maxY: Int
        package var pixels: Int
        package init(minX: Int, minY: Int, maxX: Int, maxY: Int, pixels: Int) {
            self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY; self.pixels = pixels
        }
    }

    /// The regions of pixels differing by more than `channelTolerance`, the most pixels first
    /// (ties top to bottom, left to right). Images of different sizes have none.
    package static func regions(
        expected: RGBAImage, actual: RGBAImage, channelTolerance: Int, cell: Int = 8
    ) -> [Region] {
        guard expected.width == actual.width, expected.height == actual.height, expected.width > 0 else { return [] }
        let w = expected.width, h = expected.height
        let cols = (w + cell - 1) / cell, rows = (h + cell - 1) / cell
        var cells = [Region?](repeating: nil, count: cols * rows)
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<h {
                    var i = y * w * 4
                    for x in 0..<w {
                        var d = 0
                        for c in 0..<4 { d = max(d, abs(Int(e[i + c]) - Int(a[i + c]))) }
                        i += 4
                        guard d > channelTolerance else { continue }
                        let k = (y / cell) * cols + x / cell
                        if var r = cells[k] {
                            r.minX = min(r.minX, x); r.maxX = max(r.maxX, x); r.minY = min(r.minY, y); r.maxY = max(r.maxY, y)
                            r.pixels += 1
                            cells[k] = r
                        } else {
                            cells[k] = Region(minX: x, minY: y, maxX: x, maxY: y, pixels: 1)
                        }
                    }
                }
            }
        }
        // Join touching cells (8 neighbours), scanning in row order.
        var seen = [Bool](repeating: false, count: cells.count)
        var out: [Region] = []
        for start in cells.indices where cells[start] != nil && !seen[start] {
            var stack = [start]
            seen[start] = true
            var joined = cells[start]!
            while let k = stack.popLast() {
                let r = cells[k]!
                joined.minX = min(joined.minX, r.minX); joined.maxX = max(joined.maxX, r.maxX)
                joined.minY = min(joined.minY, r.minY); joined.maxY = max(joined.maxY, r.maxY)
                if k != start { joined.pixels += r.pixels }
                let cx = k % cols, cy = k / cols
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = cx + dx, ny = cy + dy
                        guard nx >= 0, ny >= 0, nx < cols, ny < rows else { continue }
                        let n = ny * cols + nx
                        if cells[n] != nil && !seen[n] { seen[n] = true; stack.append(n) }
                    }
                }
            }
            out.append(joined)
        }
        return out.enumerated().sorted {
            $0.element.pixels != $1.element.pixels ? $0.element.pixels > $1.element.pixels : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Where a traced thing is drawn in view points: an item's rotated bounds, a header's frame,
    /// a spring's line.
    static func bounds(_ e: TraceEntry) -> Rect? {
        let v = e.values
        // Every kind named (a new one must say where it is drawn); a short entry is nowhere.
        switch e.kind {
        case .item:
            guard v.count >= 5 else { return nil }
            let a = v[4] * .pi / 180
            let w = abs(v[2] * cos(a)) + abs(v[3] * sin(a)), h = abs(v[2] * sin(a)) + abs(v[3] * cos(a))
            return Rect(x: v[0] - w / 2, y: v[1] - h / 2, width: w, height: h)
        case .header:
            guard v.count >= 4 else { return nil }
            return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .spring:
            guard v.count >= 4 else { return nil }
            return Rect(x: min(v[0], v[2]), y: min(v[1], v[3]), width: abs(v[2] - v[0]), height: abs(v[3] - v[1]))
        }
    }

    /// A line per region (at most `limit`, then how many more): where it is in view points, and
    /// what is drawn there — with its motion at this frame, or as a drawing change. `scale` is
    /// pixels per point and `inset` the points drawn around the screen (a device bezel).
    package static func describe(
        _ regions: [Region], expected: TraceFrame?, actual: TraceFrame?, changes: [TraceChange], frame: Int,
        scale: Double, inset: Double, limit: Int = 6
    ) -> [String] {
        var lines: [String] = []
        for r in regions.prefix(limit) {
            let x = Double(r.minX) / scale - inset, y = Double(r.minY) / scale - inset
            let w = Double(r.maxX - r.minX + 1) / scale, h = Double(r.maxY - r.minY + 1) / scale
            let area = Rect(x: x - 1, y: y - 1, width: w + 2, height: h + 2)
            // The things drawn there in either frame, each once, in the trace's order.
            var names: [String] = []
            for entry in (actual?.entries ?? []) + (expected?.entries ?? []) {
                guard let b = bounds(entry), b.intersects(area), !names.contains(entry.name) else { continue }
                names.append(entry.name)
            }
            var moved: [String] = [], still: [String] = []
            for name in names {
                let lines = changes.filter { $0.entity == name }.compactMap { $0.description(atFrame: frame) }
                if lines.isEmpty { still.append(name) } else { moved += lines }
            }
            let place =
                "\(NumberText.plain((w * 100).rounded() / 100))×\(NumberText.plain((h * 100).rounded() / 100)) pt at (\(NumberText.plain((x * 100).rounded() / 100)), \(NumberText.plain((y * 100).rounded() / 100))), \(r.pixels) px"
            var what: [String] = moved.prefix(3).map { $0 }
            if moved.count > 3 { what.append("… \(moved.count - 3) more") }
            if !still.isEmpty && moved.isEmpty {
                what.append("\(still.prefix(3).joined(separator: ", ")): a drawing change, not motion")
            }
            if names.isEmpty { what.append("nothing of the trace is drawn there (background, chrome or a boundary)") }
            lines.append("changed pixels in \(place): \(what.joined(separator: "; "))")
        }
        if regions.count > limit { lines.append("… and \(regions.count - limit) more regions") }
        return lines
    }
}
