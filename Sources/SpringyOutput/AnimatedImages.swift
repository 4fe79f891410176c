import CNative
import Foundation
import SpringyCore
import SpringyTypes

/// The rectangle of an RGBA frame that changed since the one before.
package struct PixelRect: Equatable, Sendable {
    package var x: Int, y: Int, width: Int, height: Int
    package init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }

    /// Where `current` differs from `previous` (both width × height RGBA); nil when nowhere.
    package static func changed(from previous: [UInt8], to current: [UInt8], width: Int, height: Int) -> PixelRect? {
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        let found = previous.withUnsafeBufferPointer { a in
            current.withUnsafeBufferPointer { b in
                springy_changed_rect(a.baseAddress, b.baseAddress, Int32(width), Int32(height), &x, &y, &w, &h)
            }
        }
        return found == 0 ? nil : PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
    }

    /// The rectangle's pixels, row after row, from a full RGBA frame `frameWidth` wide.
    func crop(_ rgba: [UInt8], frameWidth: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * frameWidth + x) * 4
            out += rgba[start..<(start + width * 4)]
        }
        return out
    }
}

/// Frames kept as the rectangles that changed, compressed into scratch space beside the output
/// until the palette is known (an animation of any length costs the memory of one frame), every
/// rectangle also added to one libimagequant histogram: one palette for a whole animation.
final class PaletteFrames {
    let width: Int, height: Int
    let handle: OpaquePointer
    private var previous: [UInt8] = []
    private let spill: AtomicFile.Spill
    private(set) var rects: [(rect: PixelRect, bytes: Range<Int>, length: Int)] = []

    init(width: Int, height: Int, maxColors: Int, near path: String) throws {
        guard let g = springy_gif_new(Int32(width), Int32(height), Int32(maxColors)) else {
            throw OutputError("could not start the palette quantizer")
        }
        handle = g
        self.width = width; self.height = height
        spill = try AtomicFile.Spill(near: path)
    }

    deinit { springy_gif_free(handle) }

    /// Adds a frame lasting `length` (in the caller's units); a frame that changes nothing lengthens the one before.
    func add(_ rgba: [UInt8], length: Int) throws {
        let rect =
            previous.isEmpty
            ? PixelRect(x: 0, y: 0, width: width, height: height)
            : PixelRect.changed(from: previous, to: rgba, width: width, height: height)
        previous = rgba
        guard let rect else {
            if !rects.isEmpty { rects[rects.count - 1].length += length }
            return
        }
        let pixels = rect.crop(rgba, frameWidth: width)
        let rc = pixels.withUnsafeBufferPointer {
            springy_gif_add_histogram(handle, $0.baseAddress, Int32(rect.width), Int32(rect.height), Int32(rect.width * 4))
        }
        guard rc == 0 else { throw OutputError("could not add a frame to the palette's histogram") }
        rects.append((rect, try spill.append(try Gzip.compress(pixels, level: 1)), length))
    }

    /// Each kept rectangle's pixels again, in order.
    func eachFrame(_ body: (PixelRect, [UInt8], Int) throws -> Void) throws {
        for r in rects {
            try body(r.rect, try Gzip.decompress(try spill.read(r.bytes), maxLength: r.rect.width * r.rect.height * 4), r.length)
        }
    }
}

/// Animated GIF through libimagequant and giflib: one palette for the whole animation (no
/// flicker), each frame only the rectangle that changed with unchanged pixels transparent,
/// identical frames merged, looping for ever. GIF delays are whole hundredths of a second and
/// browsers slow any under 2/100 s, so scenes above 50 fps keep every `step`-th frame. The file
/// is written frame by frame once the palette is known.
package final class GIFWriter {
    package let path: String
    package let width: Int, height: Int, rate: FrameRate
    package let step: Int
    let dither: Double
    /// Frames that are opaque need no flattening (checked per pixel otherwise).
    let opaque: Bool
    private let frames: PaletteFrames
    private var kept = 0

    package static func step(for rate: FrameRate) -> Int { max(1, Int((rate.perSecond / 50).rounded(.up))) }

    package init(
        path: String, width: Int, height: Int, rate: FrameRate, maxColors: Int = 255, dither: Double = 0, opaque: Bool = false
    )
        throws
    {
        frames = try PaletteFrames(width: width, height: height, maxColors: maxColors, near: path)
        self.path = path
        self.width = width; self.height = height; self.rate = rate; self.dither = dither; self.opaque = opaque
        step = Self.step(for: rate)
    }

    /// Frame `index` of the sequence as straight RGBA (alpha is composited over white: GIF has none).
    package func add(rgba frame: [UInt8], index: Int) throws {
        guard index % step == 0 else { return }
        var rgba = frame
        if !opaque { Self.flatten(&rgba) }
        // This kept frame lasts from its time to the next kept one's, in hundredths of a second.
        let k = kept
        kept += 1
        func hundredths(_ frame: Int) -> Int {
            Int((100 * Double(frame) * Double(rate.denominator) / Double(rate.numerator)).rounded())
        }
        let delay = hundredths((k + 1) * step) - hundredths(k * step)
        try frames.add(rgba, length: delay)
    }

    static func flatten(_ rgba: inout [UInt8]) {
        var i = 0
        while i < rgba.count {
            let a = Int(rgba[i + 3])
            if a != 255 {
                for c in 0..<3 { rgba[i + c] = UInt8((Int(rgba[i + c]) * a + 255 * (255 - a) + 127) / 255) }
                rgba[i + 3] = 255
            }
            i += 4
        }
    }

    /// Nothing is written before `finish` (frames wait in unlinked scratch space): dropping
    /// the writer leaves nothing behind.
    package func abandon() {}

    /// Writes the file (giflib's output streamed to it frame by frame); returns its size.
    @discardableResult
    package func finish(loops: Int = 0) throws -> Int {
        guard !frames.rects.isEmpty else { throw OutputError("an animation needs at least one frame") }
        let gif = frames.handle
        let stream = try AtomicFile.Stream(path)
        func drain() throws {
            var length = 0
            guard let bytes = springy_gif_buffered(gif, &length), length > 0 else { return }
            try stream.write(Array(UnsafeBufferPointer(start: bytes, count: length)))
            springy_gif_clear(gif)
        }
        do {
            guard springy_gif_quantize(gif, dither, Int32(loops)) == 0 else { throw OutputError("gif: quantization failed") }
            try frames.eachFrame { rect, pixels, delay in
                let rc = pixels.withUnsafeBufferPointer {
                    springy_gif_add_frame(
                        gif, $0.baseAddress, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
                        Int32(rect.width * 4), Int32(delay))
                }
                guard rc == 0 else { throw OutputError("gif: could not write a frame (\(rc))") }
                try drain()
            }
            guard springy_gif_close(gif) == 0 else { throw OutputError("gif: could not finish the file") }
            try drain()
            let size = stream.written
            try stream.commit()
            return size
        } catch { stream.abandon(); throw error }
    }
}

/// `--apng-max-colors`: an APNG of palette frames (libimagequant, one palette for the whole
/// animation), each the rectangle that changed with unchanged pixels transparent and blended
/// over the canvas; frames that change nothing lengthen the one before.
package final class PaletteAPNGWriter {
    package let path: String
    private let frames: PaletteFrames
    package let rate: FrameRate

    package init(path: String, width: Int, height: Int, rate: FrameRate, maxColors: Int) throws {
        frames = try PaletteFrames(width: width, height: height, maxColors: maxColors, near: path)
        self.path = path
        self.rate = rate
    }

    package func add(rgba: [UInt8]) throws { try frames.add(rgba, length: 1) }

    /// Nothing is written before `finish`: dropping the writer leaves nothing behind.
    package func abandon() {}

    /// Writes the file; returns its size.
    @discardableResult
    package func finish(loops: Int = 0) throws -> Int {
        guard !frames.rects.isEmpty else { throw OutputError("an animation needs at least one frame") }
        let q = frames.handle
        guard springy_gif_quantize_only(q, 0) == 0 else { throw OutputError("apng: quantization failed") }
        var palette = [UInt8](repeating: 0, count: 256 * 4)
        var count: Int32 = 0
        guard palette.withUnsafeMutableBufferPointer({ springy_gif_palette(q, $0.baseAddress, &count) }) == 0 else {
            throw OutputError("apng: no palette")
        }
        // The entry after the palette is "unchanged": fully transparent.
        let entries = Int(count) + 1
        let apng = try APNGWriter(path: path, rate: rate, loops: loops)
        var first = true
        do {
            try frames.eachFrame { rect, pixels, length in
                var indexes = [UInt8](repeating: 0, count: rect.width * rect.height)
                var rx: Int32 = 0, ry: Int32 = 0, rw: Int32 = 0, rh: Int32 = 0
                let rc = pixels.withUnsafeBufferPointer { p in
                    indexes.withUnsafeMutableBufferPointer { o in
                        springy_palette_frame(
                            q, p.baseAddress, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
                            Int32(rect.width * 4), o.baseAddress, &rx, &ry, &rw, &rh)
                    }
                }
                if rc == 1 { apng.extendLast(length); return }
                guard rc == 0 else { throw OutputError("apng: could not remap a frame (\(rc))") }
                let changed = PixelRect(x: Int(rx), y: Int(ry), width: Int(rw), height: Int(rh))
                let packed = Array(indexes.prefix(changed.width * changed.height))
                var out: UnsafeMutablePointer<UInt8>?
                var length8 = 0
                var message = [CChar](repeating: 0, count: 256)
                let status = packed.withUnsafeBufferPointer { b in
                    palette.withUnsafeBufferPointer { pal in
                        springy_png_encode_indexed(
                            b.baseAddress, Int32(changed.width), Int32(changed.height), pal.baseAddress, Int32(entries), 9,
                            &out, &length8, &message, message.count)
                    }
                }
                guard status == 0, let out else { throw OutputError(String(cBuffer: message)) }
                defer { springy_free(out) }
                try apng.add(
                    png: Array(UnsafeBufferPointer(start: out, count: length8)), rect: first ? nil : changed, blendOver: !first,
                    length: length)
                first = false
            }
            return try apng.finish()
        } catch { apng.abandon(); throw error }
    }
}

/// Animated WebP, muxed by Springy into its file frame by frame (libwebp's WebPAnimEncoder keeps
/// every frame until the end): a VP8X and an ANIM chunk, then an ANMF frame per change — its
/// rectangle (at even coordinates, as ANMF requires) encoded by libwebp on its own, lossless or
/// lossy (`quality` 0–100) — lasting until the next
/// change (an opaque animation's rectangles may carry their unchanged pixels transparent and be
/// blended over); the RIFF size is patched in at the end. Memory stays that of a frame or two.
package final class WebPWriter {
    /// WebP's largest picture side (its header holds 14 bits).
    package static let maxSide = 16383
    package let width: Int, height: Int, rate: FrameRate
    let lossless: Bool, quality: Double, opaque: Bool
    private let stream: AtomicFile.Stream
    private var previous: [UInt8] = []
    private var count = 0
    /// A frame's ANMF payload less its duration, waiting to learn how long it lasts, and when it started.
    private var pending: (head: [UInt8], tail: [UInt8], start: Int)?

    package init(
        path: String, width: Int, height: Int, rate: FrameRate, lossless: Bool, quality: Double, opaque: Bool = false,
        loops: Int = 0
    ) throws {
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else {
            throw OutputError("a WebP frame is at most \(Self.maxSide) pixels on a side, not \(width)×\(height)")
        }
        self.width = width; self.height = height; self.rate = rate; self.lossless = lossless; self.quality = quality;
        self.opaque = opaque
        stream = try AtomicFile.Stream(path)
        // RIFF (size patched at the end), VP8X with the animation and alpha flags, ANIM.
        var head = Array("RIFF".utf8) + Self.le32(0) + Array("WEBP".utf8)
        // The alpha flag is set whatever the scene: blended frames carry transparent pixels.
        head += Self.chunk("VP8X", [0x12, 0, 0, 0] + Self.le24(width - 1) + Self.le24(height - 1))
        head += Self.chunk("ANIM", [0, 0, 0, 0] + [UInt8(loops & 0xff), UInt8((loops >> 8) & 0xff)])
        do { try stream.write(head) } catch { stream.abandon(); throw error }
    }

    static func le32(_ v: Int) -> [UInt8] {
        [UInt8(v & 0xff), UInt8((v >> 8) & 0xff), UInt8((v >> 16) & 0xff), UInt8((v >> 24) & 0xff)]
    }
    static func le24(_ v: Int) -> [UInt8] { [UInt8(v & 0xff), UInt8((v >> 8) & 0xff), UInt8((v >> 16) & 0xff)] }
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        Array(type.utf8) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    func milliseconds(_ frame: Int) -> Int {
        Int((1000 * Double(frame) * Double(rate.denominator) / Double(rate.numerator)).rounded())
    }

    /// The chunks of a still WebP that make an ANMF frame's data (ALPH and VP8, or VP8L).
    static func frameChunks(_ webp: [UInt8]) throws -> [UInt8] {
        guard webp.count >= 12, Array(webp[0..<4]) == Array("RIFF".utf8), Array(webp[8..<12]) == Array("WEBP".utf8) else {
            throw OutputError("webp: the encoder gave no WebP")
        }
        var out: [UInt8] = []
        var i = 12
        while i + 8 <= webp.count {
            let type = String(decoding: webp[i..<(i + 4)], as: UTF8.self)
            let size = Int(webp[i + 4]) | Int(webp[i + 5]) << 8 | Int(webp[i + 6]) << 16 | Int(webp[i + 7]) << 24
            guard i + 8 + size <= webp.count else { throw OutputError("webp: a truncated \(type) chunk") }
            if type == "ALPH" || type == "VP8 " || type == "VP8L" {
                out += webp[i..<(i + 8 + size)]
                if size % 2 == 1 { out.append(0) }
            }
            i += 8 + size + size % 2
        }
        return out
    }

    package func add(rgba: [UInt8]) throws {
        do {
            defer { previous = rgba; count += 1 }
            var rect = PixelRect(x: 0, y: 0, width: width, height: height)
            if !previous.isEmpty {
                guard let changed = PixelRect.changed(from: previous, to: rgba, width: width, height: height) else { return }
                // ANMF offsets are stored halved: start on even coordinates.
                let x = changed.x & ~1, y = changed.y & ~1
                rect = PixelRect(x: x, y: y, width: changed.x + changed.width - x, height: changed.y + changed.height - y)
            }
            try flush(until: count)
            let pixels = rect == PixelRect(x: 0, y: 0, width: width, height: height) ? rgba : rect.crop(rgba, frameWidth: width)
            func encoded(_ px: [UInt8]) throws -> [UInt8] {
                var out: UnsafeMutablePointer<UInt8>?
                var length = 0
                let rc = px.withUnsafeBufferPointer {
                    springy_webp_encode(
                        $0.baseAddress, Int32(rect.width), Int32(rect.height), Int32(rect.width * 4), lossless ? 1 : 0, quality,
                        &out, &length)
                }
                guard rc == 0, let out else { throw OutputError("webp: could not encode a frame (\(rc))") }
                defer { springy_free(out) }
                return try Self.frameChunks(Array(UnsafeBufferPointer(start: out, count: length)))
            }
            // An opaque animation may blend the rectangle over the canvas with its unchanged pixels
            // transparent (as the GIF does: far smaller when changes are spread out); lossy frames
            // take whichever of that and a plain replacement is smaller (the alpha plane costs
            // too), as libwebp's animation encoder chooses. Transparency of the scene's own means
            // replacing.
            var data: [UInt8], blend = false
            if opaque && !previous.isEmpty {
                var masked = pixels
                previous.withUnsafeBufferPointer { p in
                    masked.withUnsafeMutableBufferPointer { r in
                        springy_clear_unchanged(
                            p.baseAddress, Int32(width), Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
                            r.baseAddress)
                    }
                }
                data = try encoded(masked)
                blend = true
                if !lossless {
                    let replaced = try encoded(pixels)
                    if replaced.count < data.count { data = replaced; blend = false }
                }
            } else {
                data = try encoded(pixels)
            }
            // ANMF: x/2, y/2, width−1, height−1 (24 bits each), then the duration, then flags
            // (alpha-blended or not, dispose none) and the frame's chunks.
            pending = (
                Self.le24(rect.x / 2) + Self.le24(rect.y / 2) + Self.le24(rect.width - 1) + Self.le24(rect.height - 1),
                [blend ? 0x00 : 0x02] + data, count
            )
        } catch { stream.abandon(); throw error }
    }

    /// Writes the waiting frame, lasting until frame `end` starts.
    private func flush(until end: Int) throws {
        guard let p = pending else { return }
        let duration = max(1, milliseconds(end) - milliseconds(p.start))
        try stream.write(Self.chunk("ANMF", p.head + Self.le24(min(duration, 0xFFFFFF)) + p.tail))
        pending = nil
    }

    /// Writes the last frame, puts the RIFF size in and moves the file into place; returns its size.
    @discardableResult
    package func finish() throws -> Int {
        do {
            guard count > 0 else { throw OutputError("an animation needs at least one frame") }
            try flush(until: count)
            try stream.patch(Self.le32(stream.written - 8), at: 4)
            let size = stream.written
            try stream.commit()
            return size
        } catch { stream.abandon(); throw error }
    }

    package func abandon() { stream.abandon() }
}

/// The C heap in use (malloc's bytes handed out and not freed), for `springy bench`.
package enum Heap {
    package static var inUse: Int { Int(springy_heap_in_use()) }
    /// Returns malloc's free pages to the system. Frames of megabytes, made and freed on several
    /// threads, leave free holes in malloc's arenas that resident memory kept growing with (the
    /// heap in use stays flat): a long render trims every `trimEvery` frames.
    package static func trim() { springy_heap_trim() }
    package static let trimEvery = 64
}
