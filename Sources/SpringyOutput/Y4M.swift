import CNative
import SpringyCore
import SpringyTypes

/// YUV4MPEG2: a header, then "FRAME\n" and planar Y, Cb, Cr (4:4:4, BT.601 studio range) per frame.
package enum Y4M {
    package static func header(width: Int, height: Int, rate: FrameRate) -> [UInt8] {
        Array("YUV4MPEG2 W\(width) H\(height) F\(rate.numerator):\(rate.denominator) Ip A1:1 C444\n".utf8)
    }

    package static func frame(_ canvas: some ARGBPixels) -> [UInt8] {
        let w = canvas.width, h = canvas.height
        var out = [UInt8](repeating: 0, count: 6 + 3 * w * h)
        out.replaceSubrange(0..<6, with: Array("FRAME\n".utf8))
        let data = canvas.data, stride = canvas.stride
        out.withUnsafeMutableBufferPointer { b in
            springy_xrgb_to_yuv444(data, Int32(w), Int32(h), Int32(stride), b.baseAddress! + 6)
        }
        return out
    }
}

/// Straight (not premultiplied) RGBA bytes of a canvas, for encoders that keep alpha.
package enum RawRGBA {
    /// The inverse of `frame`: straight RGBA rows of the canvas's size into the canvas, exactly
    /// the premultiplied pixels `frame` read them from (every value Cairo makes round-trips).
    package static func fill(_ canvas: some ARGBPixels, from rgba: [UInt8]) {
        precondition(rgba.count == 4 * canvas.width * canvas.height, "RGBA of another size than the canvas")
        rgba.withUnsafeBufferPointer {
            springy_rgba_to_argb($0.baseAddress, Int32(canvas.width), Int32(canvas.height), Int32(canvas.stride), canvas.data)
        }
        canvas.markDirty()
    }

    package static func frame(_ canvas: some ARGBPixels) -> [UInt8] {
        let w = canvas.width, h = canvas.height
        var out = [UInt8](repeating: 0, count: 4 * w * h)
        let data = canvas.data, stride = canvas.stride
        out.withUnsafeMutableBufferPointer { b in
            springy_argb_to_rgba(data, Int32(w), Int32(h), Int32(stride), b.baseAddress!)
        }
        return out
    }
}

/// The pinned table's picture hash: a frame's pixels as Cairo drew them (premultiplied ARGB32
/// rows), before any encoder — an update of libpng, zlib or libdeflate leaves it alone; one of
/// Cairo, pixman or FreeType changes it only if the pictures change.
package enum PixelHash {
    package static func of(_ canvas: some ARGBPixels) -> UInt64 {
        springy_pixel_hash(canvas.data, Int32(canvas.width), Int32(canvas.height), Int32(canvas.stride))
    }
}
