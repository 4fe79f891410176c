import Foundation
import SpringyCore
import SpringyFrame

/// A scene's frame states, simulated once and written to a file that shards read: each shard
/// draws and encodes only its own frames from it instead of simulating every frame before them.
///
/// The file: three text lines (`springy-states 1`, `key HEX`, `scene FILE`), then chunks of
/// `chunkFrames` frames (FrameStateCodec, gzip-compressed, each decodable alone), then the
/// index (per chunk: offset, length, first frame, frame count; 8+8+4+4 bytes, little-endian)
/// and a 24-byte trailer (index offset, chunk count, frame count, `SSTATES\n`).
package enum StateStream {
    package static let magic = "springy-states 1"
    static let trailerMagic = Array("SSTATES\n".utf8)
    package static let chunkFrames = 60
    /// A chunk's decompressed bytes at most (a frame state is a few kB).
    static let maxChunkBytes = 256 << 20

    /// What the file's header says.
    package struct Header: Equatable, Sendable {
        package var key: String
        package var scene: String
        package var frames: Int
    }

    /// Writes states as they come, into `path` (whole or not at all: a temporary file renamed
    /// at `finish`).
    package final class Writer {
        let stream: AtomicFile.Stream
        var index: [(offset: Int, length: Int, first: Int, count: Int)] = []
        var chunk = FrameStateCodec.Writer()
        var chunkFirst = 0
        var chunkCount = 0
        var frames = 0
        var path: String { stream.path }

        package init(path: String, key: String, scene: String) throws {
            stream = try AtomicFile.Stream(path)
            let name = scene.replacingOccurrences(of: "\n", with: " ")
            try stream.write(Array("\(StateStream.magic)\nkey \(key)\nscene \(name)\n".utf8))
        }

        /// The next frame's state (frames in order, from frame 0).
        package func add(_ state: FrameState) throws {
            guard state.frame == frames else {
                throw OutputError(
                    "\(path): frame \(state.frame) came after \(frames - 1); a state stream holds every frame from 0")
            }
            if chunkCount == 0 { chunkFirst = state.frame }
            FrameStateCodec.encode(state, into: &chunk)
            chunkCount += 1
            frames += 1
            if chunkCount == StateStream.chunkFrames { try flush() }
        }

        func flush() throws {
            guard chunkCount > 0 else { return }
            let packed = try Gzip.compress(chunk.bytes, level: 1)
            index.append((stream.written, packed.count, chunkFirst, chunkCount))
            try stream.write(packed)
            chunk = FrameStateCodec.Writer()
            chunkCount = 0
        }

        /// Writes the index and puts the file in place; returns its size in bytes.
        @discardableResult
        package func finish() throws -> Int {
            try flush()
            var tail: [UInt8] = []
            func le(_ v: Int, _ n: Int) { for i in 0..<n { tail.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
            let indexOffset = stream.written
            for c in index {
                le(c.offset, 8); le(c.length, 8); le(c.first, 4); le(c.count, 4)
            }
            le(indexOffset, 8); le(index.count, 4); le(frames, 4)
            tail += StateStream.trailerMagic
            try stream.write(tail)
            try stream.commit()
            return stream.written
        }

        /// Removes the temporary file of a stream that will not be finished.
        package func abandon() { stream.abandon() }
    }

    /// A state stream read back: its header, and any range of its frames.
    package struct Reader: Sendable {
        package let path: String
        package let header: Header
        let bytes: [UInt8]
        let index: [(offset: Int, length: Int, first: Int, count: Int)]

        package init(path: String) throws {
            self.path = path
            guard let data = FileManager.default.contents(atPath: path) else {
                throw OutputError("\(path): no such state stream (write it with: springy states SCENE --out \(path))")
            }
            let bytes = Array(data)
            func bad(_ why: String) -> OutputError { OutputError("\(path): not a springy state stream (\(why))") }
            // The three header lines.
            var lines: [String] = []
            var at = 0
            while lines.count < 3 {
                guard let nl = bytes[at..<min(bytes.count, at + 4096)].firstIndex(of: 10) else { throw bad("no header") }
                guard let line = String(validatingUTF8Bytes: bytes[at..<nl]) else { throw bad("its header is not text") }
                lines.append(line)
                at = nl + 1
            }
            guard lines[0] == StateStream.magic else { throw bad("it starts \"\(lines[0].prefix(40))\"") }
            guard lines[1].hasPrefix("key "), lines[2].hasPrefix("scene ") else { throw bad("its header is damaged") }
            let headerEnd = at
            // The trailer and the index.
            guard bytes.count >= headerEnd + 24, Array(bytes[(bytes.count - 8)...]) == StateStream.trailerMagic else {
                throw bad("it is cut short: no index at its end")
            }
            func le(_ at: Int, _ n: Int) -> Int {
                var v = 0
                for i in 0..<n { v |= Int(bytes[at + i]) << (8 * i) }
                return v
            }
            let t = bytes.count - 24
            let indexOffset = le(t, 8), chunks = le(t + 8, 4), frames = le(t + 12, 4)
            guard indexOffset >= headerEnd, indexOffset <= t, (t - indexOffset) == chunks * 24 else {
                throw bad("its index is damaged")
            }
            var index: [(offset: Int, length: Int, first: Int, count: Int)] = []
            var next = 0, end = headerEnd
            for c in 0..<chunks {
                let at = indexOffset + 24 * c
                let entry = (offset: le(at, 8), length: le(at + 8, 8), first: le(at + 16, 4), count: le(at + 20, 4))
                guard entry.offset == end, entry.length > 0, entry.offset + entry.length <= indexOffset, entry.first == next,
                    (1...StateStream.chunkFrames).contains(entry.count)
                else { throw bad("chunk \(c) of its index is damaged") }
                index.append(entry)
                next += entry.count
                end = entry.offset + entry.length
            }
            guard next == frames, end == indexOffset else { throw bad("its index does not cover its frames") }
            self.bytes = bytes
            self.index = index
            header = Header(key: String(lines[1].dropFirst(4)), scene: String(lines[2].dropFirst(6)), frames: frames)
        }

        /// Frames `range` (all when nil), in order, to `body`; `cancelled` is asked at each.
        package func run(
            frames range: ClosedRange<Int>? = nil, cancelled: () throws -> Void = {}, _ body: (FrameState) throws -> Void
        ) throws {
            guard header.frames > 0 else { return }
            let wanted = range ?? 0...(header.frames - 1)
            guard wanted.upperBound < header.frames else {
                throw OutputError("\(path): frame \(wanted.upperBound) is past its last frame, \(header.frames - 1)")
            }
            for c in index where c.first + c.count > wanted.lowerBound && c.first <= wanted.upperBound {
                let packed = Array(bytes[c.offset..<(c.offset + c.length)])
                let plain: [UInt8]
                do { plain = try Gzip.decompress(packed, maxLength: StateStream.maxChunkBytes) } catch {
                    throw OutputError("\(path): the chunk of frames \(c.first)-\(c.first + c.count - 1) is damaged (\(error))")
                }
                var r = FrameStateCodec.Reader(plain)
                for n in 0..<c.count {
                    let state: FrameState
                    do { state = try FrameStateCodec.decode(&r) } catch {
                        throw OutputError("\(path): frame \(c.first + n): \(error)")
                    }
                    guard state.frame == c.first + n else {
                        throw OutputError("\(path): frame \(c.first + n) is numbered \(state.frame)")
                    }
                    if wanted.contains(state.frame) {
                        try cancelled()
                        try body(state)
                    }
                }
                guard r.atEnd else { throw OutputError("\(path): the chunk of frames from \(c.first) has bytes past its frames") }
            }
        }
    }
}
