import SpringyCore

/// The picture of a golden failure.
package enum DiffImage {
    /// Changed pixels in red over a faded grey copy of the expected image, as PNG.
    package static func draw(expected: RGBAImage, actual: RGBAImage, channelTolerance: Int) throws -> Canvas {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        let canvas = try Canvas(width: w, height: h, opaque: true, what: "a diff image")
        let stride = canvas.stride
        let data = canvas.data
        for y in 0..<h {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let inE = x < expected.width && y < expected.height, inA = x < actual.width && y < actual.height
                var changed = !(inE && inA)
                var grey = 255.0
                if inE {
                    let i = (y * expected.width + x) * 4
                    let p = expected.pixels
                    grey =
                        (0.299 * Double(p[i]) + 0.587 * Double(p[i + 1]) + 0.114 * Double(p[i + 2])) * Double(p[i + 3]) / 255
                        + 255 * (1 - Double(p[i + 3]) / 255)
                    if inA {
                        let j = (y * actual.width + x) * 4
                        for c in 0..<4 where abs(Int(p[i + c]) - Int(actual.pixels[j + c])) > channelTolerance { changed = true }
                    }
                }
                if changed {
                    row[x] = 0xFFFF_0000
                } else {
                    let g = UInt32(255 - (255 - grey) * 0.3)
                    row[x] = 0xFF00_0000 | (g << 16) | (g << 8) | g
                }
            }
        }
        canvas.markDirty()
        return canvas
    }
}
