import Foundation
import CCairo

/// A Cairo image surface owned by Swift.
public final class Canvas {
    public let surface: OpaquePointer
    public let width: Int
    public let height: Int
    public let opaque: Bool

    public init(width: Int, height: Int, opaque: Bool) {
        self.width = width; self.height = height; self.opaque = opaque
        surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    }

    deinit { cairo_surface_destroy(surface) }

    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }
    /// Pixel rows, native-endian 0xAARRGGBB premultiplied (Cairo's layout). Flushes pending drawing.
    public var data: UnsafeMutablePointer<UInt8> {
        cairo_surface_flush(surface)
        return cairo_image_surface_get_data(surface)
    }
}

extension Canvas {
    /// Tells Cairo the pixels were changed directly.
    public func markDirty() { cairo_surface_mark_dirty(surface) }

    /// Whether both canvases hold the same pixels.
    public func samePixels(as other: Canvas) -> Bool {
        guard width == other.width, height == other.height, opaque == other.opaque else { return false }
        cairo_surface_flush(surface)
        cairo_surface_flush(other.surface)
        for y in 0..<height where memcmp(data + y * stride, other.data + y * other.stride, width * 4) != 0 { return false }
        return true
    }
}
