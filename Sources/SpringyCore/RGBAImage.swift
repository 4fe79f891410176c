import Foundation

/// Decoded 8-bit RGBA pixels (straight alpha), row by row.
package struct RGBAImage: Equatable, Sendable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) { self.width = width; self.height = height; self.pixels = pixels }
}

/// Byte arrays compared with memcmp (Swift's `==` on arrays goes element by element).
package enum Bytes {
    package static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
}

/// Pixels as Cairo lays them out (premultiplied ARGB32, native-endian, rows `stride` bytes
/// apart): what a drawn frame hands the encoders, which need not know what drew it.
package protocol ARGBPixels: AnyObject {
    var data: UnsafeMutablePointer<UInt8> { get }
    var width: Int { get }
    var height: Int { get }
    var stride: Int { get }
    /// Drawn without alpha (every pixel's alpha is 255).
    var opaque: Bool { get }
    /// Called after `data` was written from outside the drawing.
    func markDirty()
}
