import CCairo
import Foundation
import SpringyCore

/// The key under which a surface holds the pixels Springy allocated for it: only its address
/// (allocated once, never freed, never read or written) is used.
nonisolated(unsafe) private let pixelsKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// A Cairo image surface owned by Swift.
package final class Canvas: ARGBPixels {
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
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let s = Self.onHugePages(format, width, height) ?? cairo_image_surface_create(format, Int32(width), Int32(height))
        guard let s, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, cairo_image_surface_get_data(s) != nil else {
            if let s { cairo_surface_destroy(s) }
            throw DrawingError("\(what) of \(width)×\(height) pixels could not be made (out of memory?)")
        }
        self.width = width; self.height = height; self.opaque = opaque
        surface = s
    }

    deinit { cairo_surface_destroy(surface) }

    /// A frame-sized image (2 MB and more) whose pixels sit on the kernel's 2 MB pages where it
    /// lends them (transparent huge pages on request): a new frame canvas then costs two page
    /// faults instead of a thousand (2.8 ms -> 0.7 ms for 750×1334, measured), which each drawing
    /// thread pays once per run. The surface frees its pixels when Cairo lets it go. Nil when
    /// the frame is smaller or the memory is not there (Cairo then allocates as usual).
    static func onHugePages(_ format: cairo_format_t, _ width: Int, _ height: Int) -> OpaquePointer? {
        let hugePage = 2 << 20
        let stride = Int(cairo_format_stride_for_width(format, Int32(width)))
        let bytes = stride * height, rounded = (bytes + hugePage - 1) / hugePage * hugePage
        var memory: UnsafeMutableRawPointer?
        guard stride > 0, bytes >= hugePage, posix_memalign(&memory, hugePage, rounded) == 0, let memory else { return nil }
        _ = madvise(memory, rounded, Int32(MADV_HUGEPAGE))  // a request: refused where the kernel lends none
        memset(memory, 0, bytes)  // a blank canvas, as Cairo's own
        let pixels = memory.assumingMemoryBound(to: UInt8.self)
        let s = cairo_image_surface_create_for_data(pixels, format, Int32(width), Int32(height), Int32(stride))
        guard let s, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS,
            cairo_surface_set_user_data(s, pixelsKey, memory, { free($0) }) == CAIRO_STATUS_SUCCESS
        else {
            if let s { cairo_surface_destroy(s) }
            free(memory)
            return nil
        }
        return s
    }

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
