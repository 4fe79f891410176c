import Foundation
import SpringyCore
import SpringyOutput
import SpringyRender
import SpringyTestSupport
import XCTest

/// The fast PNG reader (libdeflate + unfiltering, for Springy's own PNGs) agrees with libpng
/// pixel for pixel, and leaves every other PNG to libpng.
final class PNGDecodeTests: XCTestCase {
    func testTheFastReaderAgreesWithLibpngOnEveryGolden() throws {
        let root = packageRoot + "/golden"
        var checked = 0
        for dir in try FileManager.default.contentsOfDirectory(atPath: root).sorted() {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(dir)")) ?? []).filter {
                $0.hasSuffix(".png")
            }
            for name in names.sorted().prefix(2) {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(dir)/\(name)")))
                XCTAssertEqual(RGBAImage.decodeFast(bytes: bytes), try RGBAImage.decodeWithLibpng(bytes: bytes), "\(dir)/\(name)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 40)
    }

    /// Every filter libpng can choose, opaque and with alpha, odd sizes included.
    /// Every filter, alpha or not, at widths where a pixel read as four bytes meets the row's
    /// (and the file's) end, and Springy's own encoder (sub, up, and rows of zeros).
    func testEveryFilterAndAlphaDecodeAlike() throws {
        for opaque in [true, false] {
            for width in [1, 2, 3, 37] {
                try checkEveryFilter(opaque: opaque, width: width)
            }
        }
    }

    func checkEveryFilter(opaque: Bool, width: Int) throws {
        let canvas = try Canvas(width: width, height: 23, opaque: opaque)
        var state: UInt32 = 12345
        for y in 0..<23 {
            let row = UnsafeMutableRawPointer(canvas.data + y * canvas.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                state = state &* 1_103_515_245 &+ 12345
                // Runs and noise, so every filter has something to do; premultiplied when not opaque.
                let a: UInt32 = opaque ? 255 : (x < 10 ? 255 : (state >> 24) & 0xFF)
                let c = (x / 5 + y) % 3 == 0 ? (state >> 8) & 0xFF : UInt32(x * 7)
                let p = min(c, a)
                // An opaque canvas's alpha byte is unused by Cairo: 0 here, which must not matter.
                row[x] = (opaque ? 0 : a) << 24 | p << 16 | (p / 2) << 8 | (a - p / 3)
            }
        }
        // Rows like the row above: `up` rows of zeros in Springy's files.
        for y in 10..<14 { memcpy(canvas.data + y * canvas.stride, canvas.data + 9 * canvas.stride, width * 4) }
        canvas.markDirty()
        let settings = PNGSettings.Filter.allCases.map { PNGSettings(level: 6, filter: $0, strategy: .default) } + [PNGSettings()]
        for setting in settings {
            let filter = setting.label
            let bytes = try PNGCodec.encode(canvas, settings: setting)
            // Read by the fast path itself (a failure there would fall back to libpng unseen).
            XCTAssertEqual(
                RGBAImage.decodeFast(bytes: bytes), try RGBAImage.decodeWithLibpng(bytes: bytes),
                "\(filter), opaque \(opaque), width \(width)")
            // Issue 31: check compares a golden with the frame's pixels as its PNG decodes,
            // without encoding and decoding it: they must be those pixels exactly.
            XCTAssertEqual(
                PNGCodec.decodedPixels(of: canvas), try RGBAImage.decodeWithLibpng(bytes: bytes), "opaque \(opaque)")
            var reused = RGBAImage(width: width, height: 23, pixels: Array(repeating: 7, count: width * 23 * 4))
            try RGBAImage.decode(bytes: bytes, into: &reused)
            XCTAssertEqual(reused, try RGBAImage.decodeWithLibpng(bytes: bytes), "decoded into a reused image")
        }
    }

    /// A colour chunk sends the file to libpng (which applies it); a damaged one is still an error.
    func testOtherPNGsGoToLibpng() throws {
        let canvas = try Canvas(width: 8, height: 8, opaque: true)
        canvas.markDirty()
        let bytes = try PNGCodec.encode(canvas)
        // gAMA 1/2.2 after IHDR (8 + 25 bytes in).
        let gama = pngChunk(Array("gAMA".utf8), [0, 0, 0xB1, 0x8F])
        let withGamma = Array(bytes[0..<33]) + gama + Array(bytes[33...])
        XCTAssertEqual(try RGBAImage.decode(bytes: withGamma), try RGBAImage.decodeWithLibpng(bytes: withGamma))
        var broken = bytes
        broken[40] ^= 0xFF  // inside the IDAT: its CRC no longer matches
        XCTAssertThrowsError(try RGBAImage.decode(bytes: broken))
        XCTAssertThrowsError(try RGBAImage.decode(bytes: Array(bytes.prefix(30))))
        XCTAssertEqual(PNGCodec.size(of: bytes)?.width, 8)
        XCTAssertNil(PNGCodec.size(of: Array("not a png at all, really".utf8)))
    }

    /// Issue 43: two crafted goldens the fast reader took and libpng refuses — an IDAT split by a
    /// tEXt chunk, and a chunk type with a non-letter in it. Whatever libpng refuses, the fast
    /// path leaves to libpng (so it is refused); what libpng reads, both read alike.
    func testWhatLibpngRefusesIsRefused() throws {
        let canvas = try Canvas(width: 40, height: 30, opaque: false)
        canvas.markDirty()
        // Two IDATs (the encoder writes one): split the stream, as a file may legally do.
        let original = try XCTUnwrap(pngChunks(try PNGCodec.encode(canvas)))
        let i = try XCTUnwrap(original.firstIndex { $0.type == Array("IDAT".utf8) })
        let z = original[i].data, half = z.count / 2
        let idat = Array("IDAT".utf8), text: ([UInt8], [UInt8]) = (Array("tEXt".utf8), Array("Title\u{0}x".utf8))
        func file(_ middle: [([UInt8], [UInt8])]) -> [UInt8] {
            pngFile(Array(original[..<i]) + middle.map { (type: $0.0, data: $0.1) } + Array(original[(i + 1)...]))
        }
        let split = file([(idat, Array(z[..<half])), (idat, Array(z[half...]))])
        let expected = try RGBAImage.decodeWithLibpng(bytes: split)
        XCTAssertEqual(RGBAImage.decodeFast(bytes: split), expected, "consecutive IDATs: read by both alike")
        XCTAssertEqual(try RGBAImage.decode(bytes: file([text, (idat, z)])), expected, "tEXt before the IDAT: fine")
        let refused: [(String, [UInt8])] = [
            ("an IDAT split by a tEXt", file([(idat, Array(z[..<half])), text, (idat, Array(z[half...]))])),
            ("a digit in a chunk type", file([(Array("t3Xt".utf8), Array("x".utf8)), (idat, z)])),
            ("a space in a chunk type", file([(Array("te t".utf8), []), (idat, z)])),
            ("a byte past the letters", file([(Array("tEX\u{7B}".utf8), []), (idat, z)])),
        ]
        for (name, bytes) in refused {
            XCTAssertThrowsError(try RGBAImage.decodeWithLibpng(bytes: bytes), "\(name): libpng refuses it")
            XCTAssertNil(RGBAImage.decodeFast(bytes: bytes), "\(name): the fast path leaves it to libpng")
            XCTAssertThrowsError(try RGBAImage.decode(bytes: bytes), name)
            var image = expected
            XCTAssertThrowsError(try RGBAImage.decode(bytes: bytes, into: &image), name)
        }
        // Sizes past what any reader allocates (the fuzzer's inputs: 2^32 - 1 a side, whose
        // area overflows): refused, never a trap; 1,000,000 a side is libpng's limit, and one more.
        for side in [UInt32.max, 0x7FFF_FFFF, 1_000_001] {
            var header = Array(original[0].data)
            for k in 0..<4 {
                header[k] = UInt8(truncatingIfNeeded: side >> (24 - 8 * UInt32(k)))
                header[4 + k] = UInt8(truncatingIfNeeded: side >> (24 - 8 * UInt32(k)))
            }
            let huge = pngFile([(original[0].type, header)] + Array(original[1...]))
            XCTAssertNil(RGBAImage.decodeFast(bytes: huge), "\(side)")
            XCTAssertThrowsError(try RGBAImage.decode(bytes: huge), "\(side)")
        }
        // After the image data libpng reads no further: such a chunk there is its to ignore.
        XCTAssertEqual(try RGBAImage.decode(bytes: file([(idat, z), (Array("te t".utf8), [])])), expected)
        // Letters at both ends of the ranges ('A', 'Z', 'a', 'z') are a chunk type.
        let edges = file([(Array("zAZa".utf8), []), (idat, z)])
        XCTAssertEqual(RGBAImage.decodeFast(bytes: edges), expected)
        XCTAssertEqual(try RGBAImage.decodeWithLibpng(bytes: edges), expected)
    }
}
