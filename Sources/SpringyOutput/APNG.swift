import CNative
import Foundation
import SpringyCore
import SpringyTypes

/// Animated PNG assembled from libpng-encoded frames (Debian's libpng has no APNG writer) and
/// written to its file as the frames come: the first frame's IHDR, an acTL (its frame count
/// patched in at the end), then per frame an fcTL and its image data — IDAT for the first frame
/// (so any PNG viewer shows it), fdAT for the rest. One frame is held back until the next shows
/// how long it lasts, so memory stays that of a frame or two whatever the animation's length.
/// Frames added as RGBA carry only the rectangle that changed since the frame before (dispose
/// none, blend source: the rest of the canvas stays as it was).
package final class APNGWriter {
    package let rate: FrameRate
    package let loops: Int
    /// Each frame lasts `step` frames of `rate` (a sequence thinned to every step-th frame).
    package let step: Int
    private let stream: AtomicFile.Stream
    /// A frame waiting for its length: its PNG, where it goes (nil: the whole canvas), blended over.
    private var pending: (png: [UInt8], rect: PixelRect?, over: Bool, length: Int)?
    private var frames = 0
    private var sequence: UInt32 = 0
    private var canvas: (width: [UInt8], height: [UInt8])?
    private var previous: [UInt8] = []
    /// Where the acTL chunk's frame count is, once written.
    private static let actlCountOffset = 8 + 25 + 8

    package init(path: String, rate: FrameRate, loops: Int = 0, step: Int = 1) throws {
        self.rate = rate; self.loops = loops; self.step = step
        stream = try AtomicFile.Stream(path)
    }

    /// fcTL's delay_num and delay_den (16 bits each) for `frames` frames at `rate`: exact while
    /// the fraction fits (every whole rate up to 65535 frames; NTSC rates up to 65 frames), else
    /// in milliseconds (to 65.5 s), else in hundredths.
    static func delay(frames: Int, rate: FrameRate) -> [UInt8] {
        let num = frames * rate.denominator, den = rate.numerator
        if num <= 65535 && den <= 65535 { return be16(UInt16(num)) + be16(UInt16(den)) }
        let seconds = Double(num) / Double(den)
        if seconds * 1000 <= 65535 { return be16(UInt16((seconds * 1000).rounded())) + be16(1000) }
        return be16(UInt16(min((seconds * 100).rounded(), 65535))) + be16(100)
    }

    /// An animation is written once and downloaded many times: zlib's best level with adaptive
    /// filters (frames' PNG sequences keep the fast settings).
    package static let compact = PNGSettings(level: 9, filter: .all, strategy: .default)

    package func add(png: [UInt8]) throws { try add(png: png, rect: nil) }

    /// A frame's PNG placed at `rect` (nil: the whole canvas), blended over the canvas or not,
    /// lasting `length` steps.
    func add(png: [UInt8], rect: PixelRect?, blendOver: Bool = false, length: Int = 1) throws {
        if let p = pending { try write(p) }
        pending = (png, rect, blendOver, length)
    }

    /// The frame before lasts `steps` steps longer.
    func extendLast(_ steps: Int = 1) { pending?.length += steps }

    /// A frame as straight RGBA: the first whole, the rest as the rectangle that changed (one
    /// pixel when nothing did, so every frame keeps its place and delay).
    package func add(rgba: [UInt8], width: Int, height: Int, opaque: Bool, settings: PNGSettings) throws {
        defer { previous = rgba }
        if previous.isEmpty {
            try add(
                png: try PNGCodec.encode(rgba: rgba, width: width, height: height, opaque: opaque, settings: settings), rect: nil)
            return
        }
        let rect =
            PixelRect.changed(from: previous, to: rgba, width: width, height: height)
            ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        try add(
            png: try PNGCodec.encode(
                rgba: rect.crop(rgba, frameWidth: width), width: rect.width, height: rect.height,
                opaque: opaque, settings: settings), rect: rect)
    }

    /// Frames written or waiting.
    package var frameCount: Int { frames + (pending == nil ? 0 : 1) }

    struct Chunk { var type: String; var data: ArraySlice<UInt8> }

    static func chunks(_ png: [UInt8]) throws -> [Chunk] {
        guard png.count > 8, Array(png[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { throw OutputError("not a PNG") }
        var out: [Chunk] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            guard i + 12 + length <= png.count else { throw OutputError("truncated PNG chunk \(type)") }
            out.append(Chunk(type: type, data: png[(i + 8)..<(i + 8 + length)]))
            i += 12 + length
        }
        return out
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)]
    }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xff)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { springy_crc32(0, $0.baseAddress, $0.count) }
        return be32(UInt32(data.count)) + typed + be32(crc)
    }

    private func write(_ frame: (png: [UInt8], rect: PixelRect?, over: Bool, length: Int)) throws {
        let chunks = try Self.chunks(frame.png)
        var out: [UInt8] = []
        if canvas == nil {
            guard let ihdr = chunks.first(where: { $0.type == "IHDR" }), ihdr.data.count == 13 else {
                throw OutputError("PNG without IHDR")
            }
            canvas = (Array(ihdr.data.prefix(4)), Array(ihdr.data.dropFirst(4).prefix(4)))
            out = [137, 80, 78, 71, 13, 10, 26, 10] + Self.chunk("IHDR", Array(ihdr.data))
            out += Self.chunk("acTL", Self.be32(0) + Self.be32(UInt32(loops)))  // the count is patched in by finish
            // A palette image's palette and transparency, once for every frame.
            for c in chunks where c.type == "PLTE" || c.type == "tRNS" { out += Self.chunk(c.type, Array(c.data)) }
        }
        guard let canvas else { return }
        // fcTL: sequence, width, height, x, y, delay num/den, dispose (none), blend (source or over)
        let r = frame.rect
        let w = r.map { Self.be32(UInt32($0.width)) } ?? canvas.width, h = r.map { Self.be32(UInt32($0.height)) } ?? canvas.height
        out += Self.chunk(
            "fcTL",
            Self.be32(sequence) + w + h + Self.be32(UInt32(r?.x ?? 0)) + Self.be32(UInt32(r?.y ?? 0))
                + Self.delay(frames: step * frame.length, rate: rate) + [0, frame.over ? 1 : 0])
        sequence += 1
        for c in chunks where c.type == "IDAT" {
            if frames == 0 {
                out += Self.chunk("IDAT", Array(c.data))
            } else {
                out += Self.chunk("fdAT", Self.be32(sequence) + Array(c.data))
                sequence += 1
            }
        }
        try stream.write(out)
        frames += 1
    }

    /// Writes the last frame and the end, puts the frame count in, and moves the file into
    /// place; returns its size.
    @discardableResult
    package func finish() throws -> Int {
        do {
            if let p = pending { try write(p); pending = nil }
            guard frames > 0 else { throw OutputError("an animation needs at least one frame") }
            try stream.write(Self.chunk("IEND", []))
            let actl = Self.chunk("acTL", Self.be32(UInt32(frames)) + Self.be32(UInt32(loops)))
            try stream.patch(actl, at: Self.actlCountOffset - 8)
            let size = stream.written
            try stream.commit()
            return size
        } catch { stream.abandon(); throw error }
    }

    /// Drops the file being written.
    package func abandon() { stream.abandon() }
}
