import CNative
import Foundation
import SpringyRender

/// libpng settings. UI frames are large flat areas: filter NONE or SUB with a low zlib
/// level compresses them about as small as libpng's defaults, several times faster.
public struct PNGSettings: Sendable, Equatable {
    public enum Filter: String, Sendable, CaseIterable {
        case none, sub, up, avg, paeth, all
        var mask: Int32 {
            switch self {
            case .none: return 0x08   // PNG_FILTER_NONE
            case .sub: return 0x10
            case .up: return 0x20
            case .avg: return 0x40
            case .paeth: return 0x80
            case .all: return 0xF8
            }
        }
    }
    public var level: Int = 3
    public var filter: Filter = .none
    public init(level: Int = 3, filter: Filter = .none) { self.level = level; self.filter = filter }
}

public struct OutputError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public enum PNGCodec {
    /// Encodes a canvas as PNG bytes: RGB when opaque, RGBA otherwise; no time chunk.
    public static func encode(_ canvas: Canvas, settings: PNGSettings = PNGSettings()) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = springy_png_encode(canvas.data, Int32(canvas.width), Int32(canvas.height), Int32(canvas.stride),
                                        canvas.opaque ? 1 : 0, Int32(settings.level), settings.filter.mask, -1,
                                        &out, &length, &message, message.count)
        guard status == 0, let out else { throw OutputError(String(cString: message)) }
        defer { springy_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}

/// Decoded 8-bit RGBA pixels (straight alpha).
public struct RGBAImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) { self.width = width; self.height = height; self.pixels = pixels }

    public static func decode(file path: String) throws -> RGBAImage {
        var out: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard springy_png_decode_file(path, &out, &w, &h, &message, message.count) == 0, let out else {
            throw OutputError("\(path): \(String(cString: message))")
        }
        defer { springy_free(out) }
        return RGBAImage(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4)))
    }

    public static func decode(bytes: [UInt8]) throws -> RGBAImage {
        var out: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { b in
            springy_png_decode_memory(b.baseAddress, b.count, &out, &w, &h, &message, message.count)
        }
        guard status == 0, let out else { throw OutputError(String(cString: message)) }
        defer { springy_free(out) }
        return RGBAImage(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4)))
    }
}
