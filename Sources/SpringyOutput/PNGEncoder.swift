import CNative
import Foundation
import SpringyCore
import SpringyTypes

/// How a PNG is encoded: SpringyTypes' PNGOptions, the value the library's users hold.
package typealias PNGSettings = PNGOptions

extension PNGOptions {
    /// Springy's own encoder (png_runs.c: each row `up` or `sub`, a deflate that looks only for
    /// runs): on the bench scenes several times faster than libpng at any setting, and smaller
    /// than libpng at the settings Springy used before it (`former`).
    package static let runs = PNGOptions()
    /// libpng with these settings.
    package init(level: Int, filter: Filter, strategy: Strategy) {
        self.init()
        encoder = .libpng
        self.level = level; self.filter = filter; self.strategy = strategy
    }
    /// How `springy bench` names it: `springy`, or `libpng L/filter/strategy`.
    package var label: String {
        encoder == .springy ? "springy" : "libpng \(level)/\(filter.rawValue)/\(strategy.rawValue)"
    }
    /// libpng's own defaults (what Cairo's PNG writer uses): zlib level 6, adaptive filters, the
    /// default strategy. What `--png-encoder libpng` starts from.
    package static let libpng = PNGOptions(level: 6, filter: .all, strategy: .default)
    /// libpng as Springy set it before its own encoder (level 3, `up`, run-length): what `springy
    /// bench --encoders` measures against.
    package static let former = PNGOptions(level: 3, filter: .up, strategy: .rle)
}

/// Writing or reading a file went wrong (the message names the file).
package typealias OutputError = SpringyError

package enum PNGCodec {
    /// A PNG's width and height from its header (IHDR), without decoding it; nil when it is not a PNG.
    package static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, bytes[12...15].elementsEqual("IHDR".utf8) else { return nil }
        func be(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    /// Whether `bytes` are a whole PNG of `width` × `height`: the signature, every chunk inside
    /// the file with its CRC right, IHDR first and of that size, IEND last. What a resumed render
    /// asks of a frame it keeps (a frame cut short by an interrupt fails it); no pixel is decoded.
    package static func isWhole(_ bytes: [UInt8], width: Int, height: Int) -> Bool {
        guard let size = size(of: bytes), size.width == width, size.height == height else { return false }
        var i = 8
        var last = ""
        while i + 12 <= bytes.count {
            let length = bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - i - 12 else { return false }
            let crc = bytes[(i + 8 + length)..<(i + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let actual = bytes.withUnsafeBufferPointer { springy_crc32(0, $0.baseAddress! + i + 4, length + 4) }
            guard crc == actual else { return false }
            last = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            i += 12 + length
            if last == "IEND" { break }
        }
        return last == "IEND" && i == bytes.count
    }

    /// The canvas's pixels exactly as its PNG decodes (RGB and 255 when opaque; straight RGBA,
    /// unpremultiplied as the encoder does, otherwise): what a check compares with its golden
    /// instead of encoding the frame and decoding it again.
    package static func decodedPixels(of canvas: some ARGBPixels) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: canvas.width * canvas.height * 4)
        pixels.withUnsafeMutableBufferPointer {
            springy_canvas_to_png_rgba(
                canvas.data, Int32(canvas.width), Int32(canvas.height), Int32(canvas.stride), canvas.opaque ? 1 : 0,
                $0.baseAddress!)
        }
        return RGBAImage(width: canvas.width, height: canvas.height, pixels: pixels)
    }

    /// Encodes a canvas as PNG bytes: RGB when opaque, RGBA otherwise; no time chunk.
    package static func encode(_ canvas: some ARGBPixels, settings: PNGSettings = PNGSettings()) throws -> [UInt8] {
        if settings.encoder == .springy {
            return try runs(
                canvas.data, width: canvas.width, height: canvas.height, stride: canvas.stride, opaque: canvas.opaque,
                straight: false)
        }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = springy_png_encode(
            canvas.data, Int32(canvas.width), Int32(canvas.height), Int32(canvas.stride),
            canvas.opaque ? 1 : 0, Int32(settings.level), settings.filter.mask, settings.strategy.value,
            &out, &length, &message, message.count)
        guard status == 0, let out else { throw OutputError(String(cBuffer: message)) }
        defer { springy_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// Springy's own encoder (png_runs.c) over premultiplied ARGB32 rows, or straight RGBA rows.
    static func runs(_ data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, opaque: Bool, straight: Bool) throws
        -> [UInt8]
    {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = springy_png_encode_runs(
            data, Int32(width), Int32(height), Int32(stride), opaque ? 1 : 0, straight ? 1 : 0, &out, &length)
        guard status == 0, let out else { throw OutputError("cannot encode a \(width)×\(height) PNG: out of memory") }
        defer { springy_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// Encodes straight RGBA pixels (`width` × `height`, rows packed): RGB when `opaque`.
    package static func encode(rgba: [UInt8], width: Int, height: Int, opaque: Bool, settings: PNGSettings = PNGSettings()) throws
        -> [UInt8]
    {
        if settings.encoder == .springy {
            return try rgba.withUnsafeBufferPointer {
                try runs($0.baseAddress!, width: width, height: height, stride: width * 4, opaque: opaque, straight: true)
            }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = rgba.withUnsafeBufferPointer {
            springy_png_encode_rgba(
                $0.baseAddress, Int32(width), Int32(height), Int32(width * 4), opaque ? 1 : 0, Int32(settings.level),
                settings.filter.mask, settings.strategy.value, &out, &length, &message, message.count)
        }
        guard status == 0, let out else { throw OutputError(String(cBuffer: message)) }
        defer { springy_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}

extension RGBAImage {

    package static func decode(file path: String) throws -> RGBAImage {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw OutputError("\(path): cannot read it (\(error.localizedDescription))")
        }
        do { return try decode(bytes: Array(data)) } catch let e as OutputError { throw OutputError("\(path): \(e.message)") }
    }

    package static func decode(bytes: [UInt8]) throws -> RGBAImage {
        // Springy's own PNGs (8-bit RGB/RGBA, no colour chunks) take the fast path; the rest libpng.
        try decodeFast(bytes: bytes) ?? decodeWithLibpng(bytes: bytes)
    }

    /// The fast path alone (png_fast.c): nil for a PNG it leaves to libpng, or cannot read.
    package static func decodeFast(bytes: [UInt8]) -> RGBAImage? {
        bytes.withUnsafeBufferPointer { b in
            var w: Int32 = 0, h: Int32 = 0
            guard springy_png_probe_fast(b.baseAddress, b.count, &w, &h) == 0 else { return nil }
            var ok = false
            let pixels = [UInt8](unsafeUninitializedCapacity: Int(w) * Int(h) * 4) { buffer, count in
                ok = springy_png_decode_fast_into(b.baseAddress, b.count, buffer.baseAddress) == 0
                count = ok ? buffer.count : 0
            }
            return ok ? RGBAImage(width: Int(w), height: Int(h), pixels: pixels) : nil
        }
    }

    /// Decodes into `image`, reusing its pixel storage when the size matches (a check of many
    /// frames then allocates once).
    package static func decode(bytes: [UInt8], into image: inout RGBAImage) throws {
        var w: Int32 = 0, h: Int32 = 0
        let fast = bytes.withUnsafeBufferPointer { springy_png_probe_fast($0.baseAddress, $0.count, &w, &h) } == 0
        guard fast, image.pixels.count == Int(w) * Int(h) * 4 else { image = try decode(bytes: bytes); return }
        let ok = bytes.withUnsafeBufferPointer { b in
            image.pixels.withUnsafeMutableBufferPointer {
                springy_png_decode_fast_into(b.baseAddress, b.count, $0.baseAddress) == 0
            }
        }
        image.width = Int(w); image.height = Int(h)
        if !ok { image = try decodeWithLibpng(bytes: bytes) }
    }

    /// The same decode through libpng alone (what the fast path must agree with).
    package static func decodeWithLibpng(bytes: [UInt8]) throws -> RGBAImage {
        var out: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { b in
            springy_png_decode_memory(b.baseAddress, b.count, &out, &w, &h, &message, message.count)
        }
        guard status == 0, let out else { throw OutputError(String(cBuffer: message)) }
        defer { springy_free(out) }
        return RGBAImage(
            width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4)))
    }
}

extension PNGFilter {
    /// libpng's PNG_FILTER_* mask.
    var mask: Int32 {
        switch self {
        case .none: return 0x08  // PNG_FILTER_NONE
        case .sub: return 0x10
        case .up: return 0x20
        case .avg: return 0x40
        case .paeth: return 0x80
        case .all: return 0xF8
        }
    }
}

extension PNGStrategy {
    /// zlib.h's Z_* value.
    var value: Int32 {
        switch self {
        case .default: return 0
        case .filtered: return 1
        case .huffman: return 2
        case .rle: return 3
        case .fixed: return 4
        }
    }
}
