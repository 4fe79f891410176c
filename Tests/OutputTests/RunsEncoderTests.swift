import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline
import SpringyRender
import SpringyScene
import SpringyTestSupport
import SpringyTypes
import XCTest

/// Issue 34: Springy's own PNG encoder (png_runs.c) — every file read back by libpng (and the
/// fast reader) as exactly the pixels drawn, whatever the frame: noise (no runs at all, the
/// fixed-code path), flat colour, stripes, rows repeating, odd sizes down to 1×1, with and
/// without alpha; the same bytes every time; on real frames no larger than libpng's.
final class RunsEncoderTests: XCTestCase {
    /// A canvas of `kind` content, premultiplied as Cairo keeps it.
    func canvas(_ w: Int, _ h: Int, opaque: Bool, kind: Int, rng: inout SplitMix64) throws -> Canvas {
        let c = try Canvas(width: w, height: h, opaque: opaque)
        var previous: [UInt32] = []
        for y in 0..<h {
            let row = UnsafeMutableRawPointer(c.data + y * c.stride).assumingMemoryBound(to: UInt32.self)
            var line: [UInt32] = []
            for x in 0..<w {
                let r = rng.next()
                let a: UInt32 = opaque ? 255 : UInt32(truncatingIfNeeded: r >> 56)
                var v: UInt32
                switch kind {
                case 0: v = UInt32(truncatingIfNeeded: r)  // noise
                case 1: v = 0x00C4_322D  // flat
                case 2: v = (x / 3) % 2 == 0 ? 0x0012_3456 : 0x00FE_DCBA  // stripes
                default: v = r % 40 == 0 ? UInt32(truncatingIfNeeded: r >> 8) : 0x0080_8080  // sparse
                }
                let ch = [(v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF].map { min($0, a) }
                line.append((opaque ? 0 : a) << 24 | ch[0] << 16 | ch[1] << 8 | ch[2])
            }
            // Some rows repeat the one above (the `up` rows).
            if y > 0 && rng.next() % 3 == 0 { line = previous }
            for x in 0..<w { row[x] = line[x] }
            previous = line
        }
        c.markDirty()
        return c
    }

    func testEveryKindOfFrameReadsBackExactlyThroughLibpng() throws {
        var rng = SplitMix64(state: 34)
        var cases = 0
        for trial in 0..<240 {
            let w = trial < 8 ? trial % 4 + 1 : 1 + Int(rng.next() % 300)
            let h = trial < 8 ? trial / 4 + 1 : 1 + Int(rng.next() % 120)
            let opaque = rng.next() % 2 == 0
            let kind = Int(rng.next() % 4)
            let c = try canvas(w, h, opaque: opaque, kind: kind, rng: &rng)
            let bytes = try PNGCodec.encode(c, settings: .runs)
            let expected = PNGCodec.decodedPixels(of: c)
            let label = "trial \(trial): \(w)×\(h), opaque \(opaque), kind \(kind)"
            XCTAssertEqual(try RGBAImage.decodeWithLibpng(bytes: bytes), expected, label)
            XCTAssertEqual(try RGBAImage.decode(bytes: bytes), expected, label)
            XCTAssertTrue(PNGCodec.isWhole(bytes, width: w, height: h), label)
            XCTAssertEqual(try PNGCodec.encode(c, settings: .runs), bytes, "\(label): the same bytes again")
            // Straight RGBA in, the same file out.
            XCTAssertEqual(
                try PNGCodec.encode(rgba: expected.pixels, width: w, height: h, opaque: opaque, settings: .runs), bytes,
                "\(label): from RGBA")
            cases += 1
        }
        XCTAssertEqual(cases, 240)
    }

    /// The encoder's edges: frames taller than its window of rows (it slides), rows of flat colour
    /// between equal rows (parsed once per offset and replayed), and rows wider than deflate's
    /// 32 KiB reach (no match may then look a row back), around that limit.
    func testTallWideAndRepeatingFramesReadBackExactly() throws {
        var rng = SplitMix64(state: 3434)
        let sizes = [(200, 1500), (37, 3000), (10922, 6), (10923, 6), (11000, 9)]
        for (w, h) in sizes {
            for opaque in [true, false] {
                for kind in 1...3 {
                    let c = try canvas(w, h, opaque: opaque, kind: kind, rng: &rng)
                    let bytes = try PNGCodec.encode(c, settings: .runs)
                    let label = "\(w)×\(h), opaque \(opaque), kind \(kind)"
                    XCTAssertEqual(try RGBAImage.decodeWithLibpng(bytes: bytes), PNGCodec.decodedPixels(of: c), label)
                }
            }
        }
    }

    /// Real frames: exactly the pixels, and no larger than libpng's file at Springy's former
    /// settings (level 3, up, rle) for any of them.
    func testRealFramesAreExactAndNoLargerThanLibpngs() throws {
        for name in ["springy-carousel", "drag-many", "ios-springy-list", "dark-list"] {
            let scene = try SceneLoader.load(path: packageRoot + "/scenes/\(name).yaml")
            let renderer = try Renderer(scene: scene)
            let picks = Set(FramePick.evenly(6).resolve(count: scene.time.maxFrameCount))
            var ownBytes = 0, libpngBytes = 0
            for state in try FramePipeline(scene: scene).states() where picks.contains(state.frame) {
                let c = try renderer.render(state)
                let own = try PNGCodec.encode(c, settings: .runs), libpng = try PNGCodec.encode(c, settings: .former)
                XCTAssertEqual(
                    try RGBAImage.decodeWithLibpng(bytes: own), PNGCodec.decodedPixels(of: c), "\(name) \(state.frame)")
                XCTAssertLessThanOrEqual(own.count, libpng.count, "\(name) frame \(state.frame)")
                ownBytes += own.count
                libpngBytes += libpng.count
            }
            XCTAssertLessThan(ownBytes, libpngBytes, name)
        }
    }
}
