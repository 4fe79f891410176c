import CCairo
import Foundation

/// A Cairo image surface owned by Swift.
package final class Canvas {
    package let surface: OpaquePointer
    package let width: Int
    package let height: Int
    package let opaque: Bool

    /// Cairo draws images at most 32 767 pixels on a side.
    package static let maxSide = 32_767

    /// A blank image; `what` names it in the error when Cairo cannot make one that size.
    package init(width: Int, height: Int, opaque: Bool, what: String = "an image") throws {
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else {
            throw DrawingError(
                "\(what) of \(width)×\(height) pixels is outside what Cairo can draw (1 to \(Self.maxSide) pixels a side)")
        }
        let s = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let s, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, cairo_image_surface_get_data(s) != nil else {
            if let s { cairo_surface_destroy(s) }
            throw DrawingError("\(what) of \(width)×\(height) pixels could not be made (out of memory?)")
        }
        self.width = width; self.height = height; self.opaque = opaque
        surface = s
    }

    deinit { cairo_surface_destroy(surface) }

    package var stride: Int { Int(cairo_image_surface_get_stride(surface)) }
    /// Pixel rows, native-endian 0xAARRGGBB premultiplied (Cairo's layout). Flushes pending drawing.
    package var data: UnsafeMutablePointer<UInt8> {
        cairo_surface_flush(surface)
        return cairo_image_surface_get_data(surface)
    }
}

extension Canvas {
    /// `spare` when it is a canvas of this size and kind (cleared to a fresh canvas's zeros when
    /// `clear`), else a new one, left in `spare` for the next frame.
    package static func reuse(_ spare: inout Canvas?, width: Int, height: Int, opaque: Bool, clear: Bool) throws -> Canvas {
        if let s = spare, s.width == width, s.height == height, s.opaque == opaque {
            if clear {
                memset(s.data, 0, s.stride * s.height)
                s.markDirty()
            }
            return s
        }
        let canvas = try Canvas(width: width, height: height, opaque: opaque, what: "a frame")
        spare = canvas
        return canvas
    }

    /// Tells Cairo the pixels were changed directly.
    package func markDirty() { cairo_surface_mark_dirty(surface) }

    /// Whether both canvases hold the same pixels.
    package func samePixels(as other: Canvas) -> Bool {
        guard width == other.width, height == other.height, opaque == other.opaque else { return false }
        cairo_surface_flush(surface)
        cairo_surface_flush(other.surface)
        for y in 0..<height where memcmp(data + y * stride, other.data + y * other.stride, width * 4) != 0 { return false }
        return true
    }
}
