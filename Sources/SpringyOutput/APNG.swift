import CNative
import Foundation

/// Animated PNG assembled from libpng-encoded frames (Debian's libpng has no APNG
/// writer): the first frame's IHDR, an acTL, then per frame an fcTL and its image data —
/// IDAT for the first frame (so any PNG viewer shows it), fdAT for the rest. Frames added as
/// RGBA carry only the rectangle that changed since the frame before (dispose none, blend
/// source: the rest of the canvas stays as it was).
public struct APNGWriter {
    public let fps: Int
    public let loops: Int
    /// Each frame lasts `step` / `fps` seconds (a sequence thinned to every step-th frame).
    public let step: Int
    private var frames: [[UInt8]] = []
    /// Where each frame goes on the canvas (nil: the whole canvas).
    private var rects: [PixelRect?] = []
    /// Frames blended over the canvas (their transparent pixels keep what is there).
    private var over: [Bool] = []
    /// How many `step`s of the sequence each frame lasts (frames that change nothing are merged).
    private var lengths: [Int] = []
    private var previous: [UInt8] = []

    public init(fps: Int, loops: Int = 0, step: Int = 1) { self.fps = fps; self.loops = loops; self.step = step }

    /// An animation is written once and downloaded many times: zlib's best level with adaptive
    /// filters (frames' PNG sequences keep the fast settings).
    public static let compact = PNGSettings(level: 9, filter: .all, strategy: .default)

    public mutating func add(png: [UInt8]) { add(png: png, rect: nil) }

    /// A frame's PNG placed at `rect` (nil: the whole canvas), blended over the canvas or not,
    /// lasting `length` steps.
    mutating func add(png: [UInt8], rect: PixelRect?, blendOver: Bool = false, length: Int = 1) {
        frames.append(png); rects.append(rect); over.append(blendOver); lengths.append(length)
    }

    /// The frame before lasts `steps` steps longer.
    mutating func extendLast(_ steps: Int = 1) { if !lengths.isEmpty { lengths[lengths.count - 1] += steps } }

    /// A frame as straight RGBA: the first whole, the rest as the rectangle that changed (one
    /// pixel when nothing did, so every frame keeps its place and delay).
    public mutating func add(rgba: [UInt8], width: Int, height: Int, opaque: Bool, settings: PNGSettings) throws {
        defer { previous = rgba }
        if previous.isEmpty {
            add(png: try PNGCodec.encode(rgba: rgba, width: width, height: height, opaque: opaque, settings: settings), rect: nil)
            return
        }
        let rect = PixelRect.changed(from: previous, to: rgba, width: width, height: height) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        add(png: try PNGCodec.encode(rgba: rect.crop(rgba, frameWidth: width), width: rect.width, height: rect.height,
                                     opaque: opaque, settings: settings), rect: rect)
    }
    public var frameCount: Int { frames.count }

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

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xff)] }

    static func append(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out += be32(UInt32(data.count))
        let typed = Array(type.utf8) + data
        out += typed
        let crc = typed.withUnsafeBufferPointer { springy_crc32(0, $0.baseAddress, $0.count) }
        out += be32(crc)
    }

    /// The whole file.
    public func bytes() throws -> [UInt8] {
        guard let first = frames.first else { throw OutputError("an animation needs at least one frame") }
        let firstChunks = try Self.chunks(first)
        guard let ihdr = firstChunks.first(where: { $0.type == "IHDR" }) else { throw OutputError("PNG without IHDR") }
        let width = Array(ihdr.data.prefix(4)), height = Array(ihdr.data.dropFirst(4).prefix(4))
        var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        Self.append("IHDR", Array(ihdr.data), to: &out)
        Self.append("acTL", Self.be32(UInt32(frames.count)) + Self.be32(UInt32(loops)), to: &out)
        // A palette image's palette and transparency, once for every frame.
        for c in firstChunks where c.type == "PLTE" || c.type == "tRNS" { Self.append(c.type, Array(c.data), to: &out) }
        var sequence: UInt32 = 0
        for (k, png) in frames.enumerated() {
            let chunks = k == 0 ? firstChunks : try Self.chunks(png)
            // fcTL: sequence, width, height, x, y, delay num/den, dispose (none), blend (source)
            let r = rects[k]
            let w = r.map { Self.be32(UInt32($0.width)) } ?? width, h = r.map { Self.be32(UInt32($0.height)) } ?? height
            let fctl = Self.be32(sequence) + w + h + Self.be32(UInt32(r?.x ?? 0)) + Self.be32(UInt32(r?.y ?? 0))
                + Self.be16(UInt16(min(step * lengths[k], 65535))) + Self.be16(UInt16(fps)) + [0, over[k] ? 1 : 0]
            Self.append("fcTL", fctl, to: &out)
            sequence += 1
            for c in chunks where c.type == "IDAT" {
                if k == 0 {
                    Self.append("IDAT", Array(c.data), to: &out)
                } else {
                    Self.append("fdAT", Self.be32(sequence) + Array(c.data), to: &out)
                    sequence += 1
                }
            }
        }
        Self.append("IEND", [], to: &out)
        return out
    }
}
