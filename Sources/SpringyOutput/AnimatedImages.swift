import CNative
import Foundation

/// The rectangle of an RGBA frame that changed since the one before.
public struct PixelRect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }

    /// Where `current` differs from `previous` (both width × height RGBA); nil when nowhere.
    public static func changed(from previous: [UInt8], to current: [UInt8], width: Int, height: Int) -> PixelRect? {
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        let found = previous.withUnsafeBufferPointer { a in
            current.withUnsafeBufferPointer { b in springy_changed_rect(a.baseAddress, b.baseAddress, Int32(width), Int32(height), &x, &y, &w, &h) }
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

/// Frames kept as the rectangles that changed (compressed until the palette is known), every
/// rectangle also added to one libimagequant histogram: one palette for a whole animation.
final class PaletteFrames {
    let width: Int, height: Int
    let handle: OpaquePointer
    private var previous: [UInt8] = []
    private(set) var rects: [(rect: PixelRect, packed: [UInt8], length: Int)] = []

    init(width: Int, height: Int, maxColors: Int) throws {
        guard let g = springy_gif_new(Int32(width), Int32(height), Int32(maxColors)) else { throw OutputError("could not start the palette quantizer") }
        handle = g
        self.width = width; self.height = height
    }

    deinit { springy_gif_free(handle) }

    /// Adds a frame lasting `length` (in the caller's units); a frame that changes nothing lengthens the one before.
    func add(_ rgba: [UInt8], length: Int) throws {
        let rect = previous.isEmpty ? PixelRect(x: 0, y: 0, width: width, height: height)
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
        rects.append((rect, try Gzip.compress(pixels, level: 1), length))
    }

    /// Each kept rectangle's pixels again, in order.
    func forEach(_ body: (PixelRect, [UInt8], Int) throws -> Void) throws {
        for r in rects { try body(r.rect, try Gzip.decompress(r.packed), r.length) }
    }
}

/// Animated GIF through libimagequant and giflib: one palette for the whole animation (no
/// flicker), each frame only the rectangle that changed with unchanged pixels transparent,
/// identical frames merged, looping for ever. GIF delays are whole hundredths of a second and
/// browsers slow any under 2/100 s, so scenes above 50 fps keep every `step`-th frame.
public final class GIFWriter {
    public let width: Int, height: Int, fps: Int
    public let step: Int
    let dither: Double
    /// Frames that are opaque need no flattening (checked per pixel otherwise).
    let opaque: Bool
    private let frames: PaletteFrames
    private var kept = 0

    public static func step(forFPS fps: Int) -> Int { max(1, Int((Double(fps) / 50).rounded(.up))) }

    public init(width: Int, height: Int, fps: Int, maxColors: Int = 255, dither: Double = 0, opaque: Bool = false) throws {
        frames = try PaletteFrames(width: width, height: height, maxColors: maxColors)
        self.width = width; self.height = height; self.fps = fps; self.dither = dither; self.opaque = opaque
        step = Self.step(forFPS: fps)
    }

    /// Frame `index` of the sequence as straight RGBA (alpha is composited over white: GIF has none).
    public func add(rgba frame: [UInt8], index: Int) throws {
        guard index % step == 0 else { return }
        var rgba = frame
        if !opaque { Self.flatten(&rgba) }
        // This kept frame lasts from its time to the next kept one's, in hundredths of a second.
        let k = kept
        kept += 1
        let delay = Int((100 * Double((k + 1) * step) / Double(fps)).rounded()) - Int((100 * Double(k * step) / Double(fps)).rounded())
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

    /// The whole file.
    public func finish(loops: Int = 0) throws -> [UInt8] {
        guard !frames.rects.isEmpty else { throw OutputError("an animation needs at least one frame") }
        let gif = frames.handle
        guard springy_gif_quantize(gif, dither, Int32(loops)) == 0 else { throw OutputError("gif: quantization failed") }
        try frames.forEach { rect, pixels, delay in
            let rc = pixels.withUnsafeBufferPointer {
                springy_gif_add_frame(gif, $0.baseAddress, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
                                      Int32(rect.width * 4), Int32(delay))
            }
            guard rc == 0 else { throw OutputError("gif: could not write a frame (\(rc))") }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard springy_gif_finish(gif, &out, &length) == 0, let out else { throw OutputError("gif: could not finish the file") }
        defer { springy_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}

/// `--apng-max-colors`: an APNG of palette frames (libimagequant, one palette for the whole
/// animation), each the rectangle that changed with unchanged pixels transparent and blended
/// over the canvas; frames that change nothing lengthen the one before.
public final class PaletteAPNGWriter {
    private let frames: PaletteFrames
    public let fps: Int

    public init(width: Int, height: Int, fps: Int, maxColors: Int) throws {
        frames = try PaletteFrames(width: width, height: height, maxColors: maxColors)
        self.fps = fps
    }

    public func add(rgba: [UInt8]) throws { try frames.add(rgba, length: 1) }

    public func finish(loops: Int = 0) throws -> [UInt8] {
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
        var apng = APNGWriter(fps: fps, loops: loops)
        var first = true
        try frames.forEach { rect, pixels, length in
            var indexes = [UInt8](repeating: 0, count: rect.width * rect.height)
            var rx: Int32 = 0, ry: Int32 = 0, rw: Int32 = 0, rh: Int32 = 0
            let rc = pixels.withUnsafeBufferPointer { p in
                indexes.withUnsafeMutableBufferPointer { o in
                    springy_palette_frame(q, p.baseAddress, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
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
                    springy_png_encode_indexed(b.baseAddress, Int32(changed.width), Int32(changed.height), pal.baseAddress, Int32(entries), 9,
                                               &out, &length8, &message, message.count)
                }
            }
            guard status == 0, let out else { throw OutputError(String(cString: message)) }
            defer { springy_free(out) }
            apng.add(png: Array(UnsafeBufferPointer(start: out, count: length8)), rect: first ? nil : changed, blendOver: !first, length: length)
            first = false
        }
        return try apng.bytes()
    }
}

/// Animated WebP through libwebp's animation encoder, lossless or lossy (`quality` 0–100).
public final class WebPWriter {
    /// WebP's largest picture side (its header holds 14 bits).
    public static let maxSide = 16383
    public let width: Int, height: Int, fps: Int
    private let webp: OpaquePointer
    private var count = 0

    public init(width: Int, height: Int, fps: Int, lossless: Bool, quality: Double, loops: Int = 0) throws {
        guard let w = springy_webp_new(Int32(width), Int32(height), lossless ? 1 : 0, quality, Int32(loops)) else {
            throw OutputError("webp: could not start the encoder")
        }
        webp = w
        self.width = width; self.height = height; self.fps = fps
    }

    deinit { springy_webp_free(webp) }

    func milliseconds(_ frame: Int) -> Int32 { Int32((1000 * Double(frame) / Double(fps)).rounded()) }

    public func add(rgba: [UInt8]) throws {
        let rc = rgba.withUnsafeBufferPointer { springy_webp_add(webp, $0.baseAddress, milliseconds(count)) }
        guard rc == 0 else { throw OutputError("webp: \(String(cString: springy_webp_error(webp)))") }
        count += 1
    }

    public func finish() throws -> [UInt8] {
        guard count > 0 else { throw OutputError("an animation needs at least one frame") }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard springy_webp_finish(webp, milliseconds(count), &out, &length) == 0, let out else {
            throw OutputError("webp: \(String(cString: springy_webp_error(webp)))")
        }
        defer { springy_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}
