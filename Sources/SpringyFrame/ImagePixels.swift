import CNative
import Foundation
import SpringyCore

/// A picture a view shows — a UIImageView's image, a scene file's item's `image:` — decoded once
/// from a PNG with libpng into premultiplied ARGB32 (Cairo's own format) and shared by every frame
/// that shows it. Its `scale` is UIKit's: 2 or 3 for a file named `…@2x.png` or `…@3x.png`, else 1,
/// so its size in points is its pixels over its scale.
package final class ImagePixels: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package let scale: Int
    /// Premultiplied ARGB32 words (CAIRO_FORMAT_ARGB32, native-endian), row after row.
    package let argb: [UInt32]
    /// FNV-1a of its size, scale and words: how a state stream's chunk finds it again.
    let digest: UInt64

    /// The largest picture taken: 4096 pixels a side, from a file of at most 32 MB.
    package static let maxSide = 4096
    static let maxFileBytes = 32 << 20

    package init(width: Int, height: Int, scale: Int, argb: [UInt32]) {
        self.width = width; self.height = height; self.scale = scale; self.argb = argb
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ v: UInt64) {
            for k in 0..<8 {
                h ^= (v >> (8 * UInt64(k))) & 0xFF
                h = h &* 0x100_0000_01b3
            }
        }
        mix(UInt64(width)); mix(UInt64(height)); mix(UInt64(scale))
        for w in argb { mix(UInt64(w)) }
        digest = h
    }

    /// Its size in points.
    package var pointSize: Size2 { Size2(Double(width) / Double(scale), Double(height) / Double(scale)) }

    package static func == (a: ImagePixels, b: ImagePixels) -> Bool {
        a === b
            || (a.digest == b.digest && a.width == b.width && a.height == b.height && a.scale == b.scale && a.argb == b.argb)
    }

    /// The scale a file's name gives (`photo@2x.png`: 2).
    static func scale(ofFile path: String) -> Int {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }

    /// The PNG file at `path`: a regular file (symbolic links followed) of at most 32 MB whose
    /// picture is at most 4096 pixels a side; anything else is a plain reason.
    package static func png(contentsOfFile path: String, name: String? = nil) throws(ImageProblem) -> ImagePixels {
        let shown = name ?? path
        var st = stat()
        guard stat(path, &st) == 0 else { throw ImageProblem("no file \(shown)") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw ImageProblem("\(shown) is not a regular file") }
        guard st.st_size <= maxFileBytes else {
            throw ImageProblem("\(shown) is \(st.st_size) bytes; an image file is at most \(maxFileBytes >> 20) MB")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw ImageProblem("\(shown) cannot be read") }
        return try png(Array(data.prefix(maxFileBytes + 1)), name: shown, scale: scale(ofFile: path))
    }

    /// A PNG's bytes (`name` for messages): its size is checked from its header before libpng
    /// decodes it.
    package static func png(_ bytes: [UInt8], name: String, scale: Int = 1) throws(ImageProblem) -> ImagePixels {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ImageProblem("\(name) is not a PNG file")
        }
        func be(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
        let w = be(16), h = be(20)
        guard (1...maxSide).contains(w), (1...maxSide).contains(h) else {
            throw ImageProblem("\(name) is \(w) × \(h) pixels; an image is 1 to \(maxSide) pixels a side")
        }
        guard bytes.count <= maxFileBytes else { throw ImageProblem("\(name) is over \(maxFileBytes >> 20) MB") }
        var out: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { b in
            springy_png_decode_memory(b.baseAddress, b.count, &out, &width, &height, &message, message.count)
        }
        guard status == 0, let rgba = out else {
            let why = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageProblem("\(name) cannot be decoded (\(why))")
        }
        defer { springy_free(rgba) }
        guard Int(width) == w, Int(height) == h else { throw ImageProblem("\(name) is not a PNG file") }
        var argb = [UInt32](repeating: 0, count: w * h)
        for i in 0..<(w * h) {
            let r = UInt32(rgba[4 * i]), g = UInt32(rgba[4 * i + 1]), b = UInt32(rgba[4 * i + 2]), a = UInt32(rgba[4 * i + 3])
            // Premultiplied, rounded to the nearest (integer arithmetic: the same words everywhere).
            func p(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
            argb[i] = a << 24 | p(r) << 16 | p(g) << 8 | p(b)
        }
        return ImagePixels(width: w, height: h, scale: scale, argb: argb)
    }
}

/// Why a picture was not taken.
package struct ImageProblem: Error, Sendable {
    package let message: String
    init(_ message: String) { self.message = message }
}

/// How a view lays its picture out in its bounds: UIView.ContentMode's cases that place content.
package enum ContentMode: String, Equatable, Sendable, CaseIterable {
    case scaleToFill = "scale_to_fill"
    case scaleAspectFit = "scale_aspect_fit"
    case scaleAspectFill = "scale_aspect_fill"
    case center, top, bottom, left, right
    case topLeft = "top_left"
    case topRight = "top_right"
    case bottomLeft = "bottom_left"
    case bottomRight = "bottom_right"
}

/// A view's picture: its pixels, laid out by `mode`, clipped to the view's shape when it clips.
package struct ViewImage: Equatable, Sendable {
    package var pixels: ImagePixels
    package var mode: ContentMode
    package var clipped: Bool
    /// The view's transform scale: a picture placed at its own size (`center`, `top`, …) grows with it.
    package var zoom: Double
    package init(pixels: ImagePixels, mode: ContentMode, clipped: Bool, zoom: Double = 1) {
        self.pixels = pixels; self.mode = mode; self.clipped = clipped; self.zoom = zoom
    }

    /// Where the picture goes in a box of `size` centred on the origin: its rectangle, in points.
    package func placed(in size: Size2) -> Rect {
        let p = pixels.pointSize
        let w: Double, h: Double
        switch mode {
        case .scaleToFill: (w, h) = (size.width, size.height)
        case .scaleAspectFit, .scaleAspectFill:
            let fit = min(size.width / p.width, size.height / p.height)
            let fill = max(size.width / p.width, size.height / p.height)
            let k = mode == .scaleAspectFit ? fit : fill
            (w, h) = (p.width * k, p.height * k)
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            (w, h) = (p.width * zoom, p.height * zoom)
        }
        let x: Double, y: Double
        switch mode {
        case .left, .topLeft, .bottomLeft: x = -size.width / 2
        case .right, .topRight, .bottomRight: x = size.width / 2 - w
        case .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .top, .bottom: x = -w / 2
        }
        switch mode {
        case .top, .topLeft, .topRight: y = -size.height / 2
        case .bottom, .bottomLeft, .bottomRight: y = size.height / 2 - h
        case .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .left, .right: y = -h / 2
        }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
