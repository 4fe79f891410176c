import Foundation

/// An 8-bit RGB PNG of grey pixels made by hand (stored deflate blocks, correct CRCs and
/// Adler-32), so that its size is not limited by what Cairo can draw, and so that what a
/// reader must refuse can be put in it: each row's filter byte is `filter` (PNG has 0-4), and
/// `short` bytes are left off the end of the image data.
package func handMadePNG(width: Int, height: Int, filter: UInt8 = 0, short: Int = 0) -> Data {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { pngChunk(Array(type.utf8), data) }
    var raw: [UInt8] = []
    for _ in 0..<height { raw += [filter] + [UInt8](repeating: 128, count: width * 3) }
    raw.removeLast(min(short, raw.count))
    var z: [UInt8] = [0x78, 0x01]
    var i = 0
    repeat {
        let n = min(65_535, raw.count - i)
        z.append(i + n == raw.count ? 1 : 0)
        z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
        z += raw[i..<(i + n)]
        i += n
    } while i < raw.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
    z += be(b << 16 | a)
    let header = be(UInt32(width)) + be(UInt32(height)) + [8, 2, 0, 0, 0]
    return Data([137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", header) + chunk("IDAT", z) + chunk("IEND", []))
}

/// A PNG chunk: length, type, data and the CRC of type and data.
package func pngChunk(_ type: [UInt8], _ data: [UInt8]) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    var c: UInt32 = 0xFFFF_FFFF
    for b in type + data {
        c ^= UInt32(b)
        for _ in 0..<8 { c = (c >> 1) ^ (0xEDB8_8320 & (0 &- (c & 1))) }
    }
    return be(UInt32(data.count)) + type + data + be(~c)
}

/// The chunks of a PNG (type, data), after its signature; nil when it is not one.
package func pngChunks(_ bytes: [UInt8]) -> [(type: [UInt8], data: [UInt8])]? {
    guard bytes.count >= 8 else { return nil }
    var out: [(type: [UInt8], data: [UInt8])] = []
    var i = 8
    while i + 12 <= bytes.count {
        let n = bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
        guard n <= bytes.count - i - 12 else { return nil }
        out.append((Array(bytes[(i + 4)..<(i + 8)]), Array(bytes[(i + 8)..<(i + 8 + n)])))
        i += 12 + n
    }
    return out
}

/// A PNG made of `chunks`, each with its CRC.
package func pngFile(_ chunks: [(type: [UInt8], data: [UInt8])]) -> [UInt8] {
    [137, 80, 78, 71, 13, 10, 26, 10] + chunks.flatMap { pngChunk($0.type, $0.data) }
}
