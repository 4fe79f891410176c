import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyTestSupport
import XCTest

/// Issue 43: a state stream read from shared storage is a file anyone may have damaged. Every
/// number read from it is checked before it is added or multiplied, every chunk is checked
/// (and bound to the header) when the stream is opened, and a reader holds no more than a chunk.
final class StateStreamReaderTests: XCTestCase {
    var dir = ""
    override func setUp() { dir = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A stream of `frames` frames of `items` items each, every number from `seed`.
    func write(_ path: String, key: String = "k1", frames: Int, items: Int = 3, seed: UInt64 = 1) throws {
        var rng = SplitMix64(state: seed)
        func number() -> Double { Double(bitPattern: rng.next() & 0x3FFF_FFFF_FFFF_FFFF) }  // finite, incompressible
        let writer = try StateStream.Writer(path: path, key: key, scene: "s.yaml")
        for f in 0..<frames {
            let list = (0..<items).map { i in
                ItemState(
                    id: "i\(i)", center: Vec2(number(), number()), size: Size2(10, 10), angle: number(), alpha: 1, z: 0,
                    velocity: Vec2(number(), number()), selected: false, kind: .view, label: nil, shape: .rectangle)
            }
            try writer.add(
                FrameState(
                    frame: f, time: Double(f) / 60, contentOffset: Vec2(0, 0), atRest: false, items: list, headers: [],
                    springs: [], events: [], fingers: []))
        }
        try writer.finish()
    }

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
    func put(_ bytes: [UInt8], _ path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    func refusal(_ path: String) -> String {
        do {
            _ = try StateStream.Reader(path: path)
            return "(opened)"
        } catch { return "\(error)" }
    }

    /// The index's place: (index offset, chunk count) from the trailer.
    func indexAt(_ b: [UInt8]) -> (offset: Int, chunks: Int) {
        func le(_ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | Int(b[at + $1]) << (8 * $1) } }
        return (le(b.count - 24, 8), le(b.count - 16, 4))
    }

    func setLE(_ b: inout [UInt8], at: Int, _ v: UInt64, _ n: Int) {
        for i in 0..<n { b[at + i] = UInt8(truncatingIfNeeded: v >> (8 * UInt64(i))) }
    }

    /// The attack: a chunk length of 0x7FFF… made `offset + length` overflow and trap.
    func testHugeNumbersInTheIndexAreRefusedNotOverflowed() throws {
        let path = "\(dir)/s.states"
        try write(path, frames: 150)
        let good = try bytes(path)
        let (index, chunks) = indexAt(good)
        XCTAssertEqual(chunks, 3)
        let cases: [(String, Int, UInt64, Int)] = [
            ("length", index + 8, 0x7FFF_FFFF_FFFF_FFFF, 8),
            ("length, top bit", index + 8, 0xFFFF_FFFF_FFFF_FFFF, 8),
            ("offset", index, 0x7FFF_FFFF_FFFF_FFF0, 8),
            ("length of the last", index + 64 + 8, 0x7FFF_FFFF_FFFF_FFFF, 8),
        ]
        for (name, at, value, n) in cases {
            var b = good
            setLE(&b, at: at, value, n)
            try put(b, "\(dir)/bad.states")
            let why = refusal("\(dir)/bad.states")
            XCTAssertTrue(why.contains("not a springy state stream (chunk"), "\(name): \(why)")
            XCTAssertTrue(why.contains("of its index is damaged"), "\(name): \(why)")
        }
        // The trailer's chunk count so large that count × 32 overflows; its index offset past the end.
        for (name, at, value, n) in [
            ("count", good.count - 16, UInt64(0xFFFF_FFFF), 4), ("index offset", good.count - 24, UInt64.max, 8),
        ] {
            var b = good
            setLE(&b, at: at, value, n)
            try put(b, "\(dir)/bad.states")
            XCTAssertTrue(refusal("\(dir)/bad.states").contains("its index is damaged"), name)
        }
        // A chunk length one past the index: refused; the true length: opened.
        var b = good
        let last = index + 64
        let length = (0..<8).reduce(0) { $0 | Int(good[last + 8 + $1]) << (8 * $1) }
        setLE(&b, at: last + 8, UInt64(length + 1), 8)
        try put(b, "\(dir)/bad.states")
        XCTAssertTrue(refusal("\(dir)/bad.states").contains("chunk 2 of its index is damaged"))
        XCTAssertEqual(refusal(path), "(opened)")
    }

    /// A flipped byte in any chunk is refused when the stream is opened, before any frame of
    /// any chunk is handed on (it was found only when the run reached that chunk).
    func testEveryChunkIsCheckedWhenTheStreamIsOpened() throws {
        let path = "\(dir)/s.states"
        try write(path, frames: 200)
        let good = try bytes(path)
        let (index, _) = indexAt(good)
        let offsets = (0..<4).map { c in (0..<8).reduce(0) { $0 | Int(good[index + 32 * c + $1]) << (8 * $1) } }
        for (c, offset) in offsets.enumerated() {
            var b = good
            b[offset + 20] ^= 0x01
            try put(b, "\(dir)/bad.states")
            let why = refusal("\(dir)/bad.states")
            let first = c * 60, last = min(first + 59, 199)
            XCTAssertTrue(why.contains("the chunk of frames \(first)-\(last) is damaged or of another stream"), "\(c): \(why)")
        }
        // The digest itself damaged: refused too.
        var b = good
        b[index + 32 * 3 + 24] ^= 0x80
        try put(b, "\(dir)/bad.states")
        XCTAssertTrue(refusal("\(dir)/bad.states").contains("frames 180-199 is damaged"))
    }

    /// Chunks spliced from a stream of another scene (another key), even with a consistent
    /// index, are refused: a chunk is bound to its header and its place.
    func testChunksOfAnotherStreamAreRefused() throws {
        let a = "\(dir)/a.states", b = "\(dir)/b.states"
        try write(a, key: "aaaa", frames: 90, seed: 1)
        try write(b, key: "bbbb", frames: 90, seed: 2)
        let ba = try bytes(a), bb = try bytes(b)
        // The same header length (keys of one length), so b's body under a's header is consistent.
        let headerEnd = ba.indices.filter { ba[$0] == 10 }[2] + 1
        XCTAssertEqual(Array(ba[..<headerEnd]).count, Array(bb[..<headerEnd]).count)
        try put(Array(ba[..<headerEnd]) + Array(bb[headerEnd...]), "\(dir)/spliced.states")
        XCTAssertTrue(refusal("\(dir)/spliced.states").contains("is damaged or of another stream"))
        XCTAssertEqual(refusal(a), "(opened)")
        XCTAssertEqual(refusal(b), "(opened)")
    }

    /// The boundaries scripts/mutate found untested: a stream of no frames (its index empty,
    /// right after the header, and the trailer exactly 24 bytes after that) opens and runs
    /// nothing; a range ending on the last frame runs, one past it is refused; a file with no
    /// line at all has "no header", whatever it starts with but the magic.
    func testAStreamOfNoFramesAndTheLastFrameOnTheirBoundaries() throws {
        let empty = "\(dir)/empty-run.states"
        try StateStream.Writer(path: empty, key: "k0", scene: "s.yaml").finish()
        let reader = try StateStream.Reader(path: empty)
        XCTAssertEqual(reader.header.frames, 0)
        var ran = 0
        try reader.run { _ in ran += 1 }
        XCTAssertEqual(ran, 0)
        let path = "\(dir)/s.states"
        try write(path, frames: 70)
        let full = try StateStream.Reader(path: path)
        var last: [Int] = []
        try full.run(frames: 60...69) { last.append($0.frame) }
        XCTAssertEqual(last, Array(60...69))
        XCTAssertThrowsError(try full.run(frames: 60...70) { _ in }) {
            XCTAssertTrue("\($0)".contains("frame 70 is past its last frame, 69"), "\($0)")
        }
        try put(Array("hello, no line at all".utf8), "\(dir)/flat.states")
        XCTAssertTrue(refusal("\(dir)/flat.states").contains("(no header)"), refusal("\(dir)/flat.states"))
        try put(Array("springy-states 9 and no line".utf8), "\(dir)/other.states")
        XCTAssertTrue(refusal("\(dir)/other.states").contains("(another version)"), refusal("\(dir)/other.states"))
    }

    /// A stream of the earlier format, a folder, a missing file: each says what it is.
    func testWhatIsNotAStreamSaysWhatItIs() throws {
        try put(Array("springy-states 1\nkey 1\nscene x\n".utf8) + [UInt8](repeating: 0, count: 40), "\(dir)/v1.states")
        XCTAssertTrue(refusal("\(dir)/v1.states").contains("another Springy version"), refusal("\(dir)/v1.states"))
        XCTAssertTrue(refusal(dir).contains("not a regular file"), refusal(dir))
        XCTAssertTrue(refusal("\(dir)/none.states").contains("no such state stream"))
        try put([], "\(dir)/empty.states")
        XCTAssertTrue(refusal("\(dir)/empty.states").contains("not a springy state stream"))
    }

    /// A reader holds the index, not the file: while a stream of 11 MB is read, the process's
    /// resident memory stays far under the file's size above what it was before (the stream was
    /// read whole and kept while its frames were handed on).
    func testReadingAStreamHoldsAChunkNotTheFile() throws {
        let path = "\(dir)/big.states"
        try write(path, frames: 600, items: 400)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertGreaterThan(size, 10 << 20, "a stream larger than any chunk")
        let before = residentBytes()
        let reader = try StateStream.Reader(path: path)
        var frames = 0, most = 0
        try reader.run { state in
            XCTAssertEqual(state.frame, frames)
            frames += 1
            if frames % 30 == 0 { most = max(most, residentBytes()) }
        }
        XCTAssertEqual(frames, 600)
        XCTAssertLessThan(most - before, size / 2, "resident memory grew by \(most - before) bytes reading a \(size)-byte stream")
    }

    /// The process's resident memory now (/proc/self/statm: pages).
    func residentBytes() -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// A view's own look — corners, border, shadow, text, clipping superviews — comes back from
    /// the stream as it went in, on every frame (Swift scenes' views and scene files' free items
    /// draw from it): every field set, and every field unset.
    func testAViewsLookRoundTrips() throws {
        var look = ViewLook()
        look.cornerRadius = 12.5
        look.continuousCorners = false
        look.border = Border(width: 2, color: Color(r: 1, g: 0, b: 0, a: 0.5))
        look.shadow = Shadow(color: Color(r: 0, g: 0, b: 0, a: 1), opacity: 0.3, radius: 6, offset: Vec2(0, 4))
        look.textColor = Color(r: 0.2, g: 0.4, b: 0.6, a: 1)
        look.fontSize = 15
        look.textAlignment = .trailing
        look.textLines = 3
        look.lineBreak = .truncateMiddle
        look.clips = [
            Clip(center: Vec2(100, 200), size: Size2(300, 400), angle: 0.25, cornerRadius: 10, continuous: true),
            Clip(center: Vec2(1, 2), size: Size2(3, 4), angle: 0, cornerRadius: 0, continuous: false),
        ]
        let path = dir + "/look.states"
        let writer = try StateStream.Writer(path: path, key: "k", scene: "s.yaml")
        var frames: [FrameState] = []
        for f in 0..<3 {
            var styled = ItemState(
                id: "card", center: Vec2(50, 60 + Double(f)), size: Size2(10, 10), angle: 0, alpha: 1, z: 0, velocity: Vec2(0, 0),
                selected: false, kind: .view, label: "Hi", shape: .rectangle)
            styled.look = look
            if f == 1 { styled.look.clips = [] }
            let plain = ItemState(
                id: "plain", center: Vec2(5, 6), size: Size2(1, 1), angle: 0, alpha: 1, z: 0, velocity: Vec2(0, 0),
                selected: false,
                kind: .view, label: nil, shape: .rectangle)
            frames.append(
                FrameState(
                    frame: f, time: Double(f) / 60, contentOffset: Vec2(0, 0), atRest: false, items: [styled, plain], headers: [],
                    springs: [], events: [], fingers: []))
            try writer.add(frames[f])
        }
        _ = try writer.finish()
        var read: [FrameState] = []
        try StateStream.Reader(path: path).run { read.append($0) }
        XCTAssertEqual(read.map { $0.items.map(\.look) }, frames.map { $0.items.map(\.look) })
        XCTAssertEqual(read[0].items[0].look.clips.count, 2)
        XCTAssertEqual(read[2].items[1].look, ViewLook())
    }

    /// A picture's pixels go into a chunk once and are named after: the same picture (also one
    /// decoded twice) costs a number; a different one — the same words in another shape too — is
    /// written again, and each comes back as it went in.
    func testAPictureIsWrittenOncePerChunkAndEachComesBackItself() throws {
        let words = (0..<64).map { UInt32(0xFF00_0000) | UInt32($0) * 0x0102_03 }
        let wide = ImagePixels(width: 8, height: 8, scale: 1, argb: words)
        let twin = ImagePixels(width: 8, height: 8, scale: 1, argb: words)
        let tall = ImagePixels(width: 4, height: 16, scale: 1, argb: words)
        let sharp = ImagePixels(width: 8, height: 8, scale: 2, argb: words)
        XCTAssertEqual(wide, twin)
        XCTAssertNotEqual(wide, tall)
        XCTAssertNotEqual(wide, sharp)
        /// The chunk's bytes before compression (gzip would find a picture written twice), and
        /// the pictures read back from a stream of them.
        func stream(_ pictures: [ImagePixels]) throws -> (bytes: Int, read: [ImagePixels]) {
            let items = pictures.enumerated().map { k, p in
                var item = ItemState(
                    id: "v\(k)", center: Vec2(10, 10), size: Size2(8, 8), angle: 0, alpha: 1, z: 0, velocity: Vec2(0, 0),
                    selected: false, kind: .view, label: nil, shape: .rectangle)
                item.look.image = ViewImage(pixels: p, mode: .center, clipped: k % 2 == 0, zoom: 1.5)
                return item
            }
            let frame = FrameState(
                frame: 0, time: 0, contentOffset: Vec2(0, 0), atRest: false, items: items, headers: [], springs: [], events: [],
                fingers: [])
            var w = FrameStateCodec.Writer()
            FrameStateCodec.encode(frame, into: &w)
            let path = dir + "/pictures-\(pictures.count)-\(pictures.map(\.width)).states"
            let writer = try StateStream.Writer(path: path, key: "k", scene: "s.yaml")
            try writer.add(frame)
            try writer.finish()
            var read: [FrameState] = []
            try StateStream.Reader(path: path).run { read.append($0) }
            XCTAssertEqual(read[0].items.map(\.look.image), items.map(\.look.image))
            return (w.bytes.count, read[0].items.compactMap { $0.look.image?.pixels })
        }
        let one = try stream([wide])
        let same = try stream([wide, wide, twin])
        let other = try stream([wide, tall, sharp])
        // (Each picture's pixels are 256 bytes; an item without them about a hundred.)
        XCTAssertLessThan(same.bytes - one.bytes, 2 * 256, "the same picture again is a number, not its pixels")
        XCTAssertGreaterThanOrEqual(other.bytes - same.bytes, 2 * 256, "another picture is written again")
        XCTAssertEqual(other.read.map(\.width), [8, 4, 8])
        XCTAssertEqual(other.read.map(\.scale), [1, 1, 2])
    }
}
