import CNative
import Foundation
import SpringyCore
import SpringyTypes

/// Animated AVIF through Debian's libavif (libaom encoding AV1 on one thread, so the bytes are
/// the same on every run): lossy 4:2:0 at `quality`, or lossless 4:4:4 at 100; a transparent
/// background keeps its alpha. Frames are encoded as they come; libavif keeps the encoded
/// samples (not the pixels) and the file is written whole at `finish`. A frame that changes
/// nothing lengthens the one before instead of being encoded again.
package final class AVIFWriter {
    package let path: String
    package let width: Int, height: Int
    private let handle: OpaquePointer
    /// The frame waiting for its length (a repeat lengthens it).
    private var pending: (rgba: [UInt8], frames: Int)?
    private var added = 0

    /// AV1 frames are at most 65536 pixels a side; libaom takes at most 16384.
    package static let maxSide = 16384

    /// Each frame lasts `denominator` ticks of a clock at `numerator` per second.
    private let ticks: Int

    package init(path: String, width: Int, height: Int, rate: FrameRate, quality: Int, speed: Int = 8, opaque: Bool) throws {
        ticks = rate.denominator
        guard
            let h = springy_avif_new(
                Int32(width), Int32(height), Int32(rate.numerator), Int32(quality), Int32(speed), opaque ? 1 : 0)
        else {
            throw OutputError("avif: could not start libavif's encoder for \(path)")
        }
        handle = h
        self.path = path; self.width = width; self.height = height
    }

    deinit { springy_avif_free(handle) }

    /// A frame as straight RGBA, width × height.
    package func add(rgba: [UInt8]) throws {
        if let p = pending, p.rgba == rgba {
            pending?.frames += 1
            return
        }
        try flush()
        pending = (rgba, 1)
    }

    private func flush() throws {
        guard let p = pending else { return }
        pending = nil
        let rc = p.rgba.withUnsafeBufferPointer {
            springy_avif_add(handle, $0.baseAddress, Int32(width * 4), Int32(p.frames * ticks))
        }
        guard rc == 0 else {
            throw OutputError("avif: could not encode a frame of \(path): \(String(cString: springy_avif_message(handle)))")
        }
        added += 1
    }

    /// Writes the file whole; returns its size.
    @discardableResult
    package func finish() throws -> Int {
        try flush()
        guard added > 0 else { throw OutputError("an animation needs at least one frame") }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard springy_avif_finish(handle, &out, &length) == 0, let out else {
            throw OutputError("avif: could not finish \(path): \(String(cString: springy_avif_message(handle)))")
        }
        defer { springy_free(out) }
        var bytes = Array(UnsafeBufferPointer(start: out, count: length))
        Self.clearTimes(&bytes, in: 0..<bytes.count)
        try AtomicFile.write(bytes, to: path)
        return length
    }

    /// libavif stamps the movie, track and media headers (mvhd, tkhd, mdhd) with the time of
    /// encoding: they are set to 0 (the format's epoch) so a render is the same bytes every run.
    static func clearTimes(_ b: inout [UInt8], in range: Range<Int>) {
        func be(_ at: Int, _ n: Int) -> Int { (at..<at + n).reduce(0) { $0 << 8 | Int(b[$1]) } }
        var p = range.lowerBound
        while p + 8 <= range.upperBound {
            var header = 8, size = be(p, 4)
            if size == 1, p + 16 <= range.upperBound {
                size = be(p + 8, 8); header = 16
            } else if size == 0 {
                size = range.upperBound - p
            }
            guard size >= header, size <= range.upperBound - p else { return }
            let type = String(decoding: b[p + 4..<p + 8], as: UTF8.self)
            switch type {
            case "moov", "trak", "mdia":
                clearTimes(&b, in: p + header..<p + size)
            case "mvhd", "tkhd", "mdhd":
                // version (1 byte), flags (3), then creation and modification times: 8 bytes each
                // in version 1, 4 in version 0.
                let width = b[p + header] == 1 ? 8 : 4
                let start = p + header + 4
                if start + 2 * width <= p + size { for k in start..<start + 2 * width { b[k] = 0 } }
            default:  // open set: box types
                break
            }
            p += size
        }
    }

    /// Nothing is written before `finish`.
    package func abandon() {}
}
