import CNative
import Foundation
import SpringyCore
import SpringyRender

/// libpng settings. UI frames are large flat areas: no row filter and a low zlib level
/// compress them about as small as libpng's defaults, several times faster.
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
    /// zlib strategies (zlib.h's Z_* values).
    public enum Strategy: String, Sendable, CaseIterable {
        case `default`, filtered, huffman, rle, fixed
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
    /// Chosen by measurement on the project's scenes (`springy bench --png-sweep`, README):
    /// the UP filter turns rows that repeat the row above (most of a UI frame) into zeros
    /// and zlib's run-length strategy packs those fast. On the springy carousel that is
    /// 3.5× faster than libpng's defaults (level 6, adaptive filters) for files 10 % larger.
    public var level: Int = 3
    public var filter: Filter = .up
    public var strategy: Strategy = .rle
    public init(level: Int = 3, filter: Filter = .up, strategy: Strategy = .rle) {
        self.level = level; self.filter = filter; self.strategy = strategy
    }
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
                                        canvas.opaque ? 1 : 0, Int32(settings.level), settings.filter.mask, settings.strategy.value,
                                        &out, &length, &message, message.count)
        guard status == 0, let out else { throw OutputError(String(cString: message)) }
        defer { springy_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}

extension RGBAImage {

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
