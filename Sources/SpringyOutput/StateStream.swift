import CNative
import Foundation
import SpringyCore
import SpringyFrame

/// A scene's frame states, simulated once and written to a file that shards read: each shard
/// draws and encodes only its own frames from it instead of simulating every frame before them.
///
/// The file: three text lines (`springy-states 2`, `key HEX`, `scene FILE`), then chunks of
/// `chunkFrames` frames (FrameStateCodec, gzip-compressed, each decodable alone), then the
/// index (per chunk: offset, length, first frame, frame count, digest; 8+8+4+4+8 bytes,
/// little-endian) and a 24-byte trailer (index offset, chunk count, frame count, `SSTATES\n`).
/// A chunk's digest hashes its bytes from a seed made of the header's key and the chunk's place,
/// so a chunk damaged, moved, or taken from another scene's stream is refused.
///
/// A reader holds the header and the index only: chunks are read from the file as they are
/// needed, so memory is bounded by a chunk, whatever the stream's size.
package enum StateStream {
    package static let magic = "springy-states 3"
    static let trailerMagic = Array("SSTATES\n".utf8)
    package static let chunkFrames = 60
    /// A chunk's decompressed bytes at most (a frame state is a few kB), and so its stored bytes.
    static let maxChunkBytes = 256 << 20
    static let entryBytes = 32

    /// What the file's header says.
    package struct Header: Equatable, Sendable {
        package var key: String
        package var scene: String
        package var frames: Int
    }

    /// One chunk's place in the file.
    struct Entry: Sendable {
        var offset: Int, length: Int, first: Int, count: Int, digest: UInt64
    }

    /// The digest of chunk `number` (frames `first` and `count` more) of a stream with `key`.
    package static func digest(_ bytes: UnsafeRawBufferPointer, key: String, number: Int, first: Int, count: Int) -> UInt64 {
        var seed = ContentHash()
        seed.add("springy-states chunk \(number) of \(key): frames \(first)+\(count)")
        seed.endPart()
        return springy_bytes_hash(seed.value, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// Writes states as they come, into `path` (whole or not at all: a temporary file renamed
    /// at `finish`).
    package final class Writer {
        let stream: AtomicFile.Stream
        let key: String
        var index: [Entry] = []
        var chunk = FrameStateCodec.Writer()
        var chunkFirst = 0
        var chunkCount = 0
        var frames = 0
        var path: String { stream.path }

        package init(path: String, key: String, scene: String) throws {
            stream = try AtomicFile.Stream(path)
            self.key = key
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
            let digest = packed.withUnsafeBytes {
                StateStream.digest($0, key: key, number: index.count, first: chunkFirst, count: chunkCount)
            }
            index.append(
                Entry(offset: stream.written, length: packed.count, first: chunkFirst, count: chunkCount, digest: digest))
            try stream.write(packed)
            chunk = FrameStateCodec.Writer()
            chunkCount = 0
        }

        /// Writes the index and puts the file in place; returns its size in bytes.
        @discardableResult
        package func finish() throws -> Int {
            try flush()
            var tail: [UInt8] = []
            func le<T: FixedWidthInteger>(_ v: T, _ n: Int) {
                for i in 0..<n { tail.append(UInt8(truncatingIfNeeded: v >> (8 * i))) }
            }
            let indexOffset = stream.written
            for c in index {
                le(c.offset, 8); le(c.length, 8); le(c.first, 4); le(c.count, 4); le(c.digest, 8)
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

    /// A state stream read back: its header, and any range of its frames. Opening it checks
    /// the header, the index and every chunk's digest (reading one chunk at a time), so a
    /// damaged stream is refused before anything is drawn from it.
    package struct Reader: Sendable {
        package let path: String
        package let header: Header
        let index: [Entry]

        package init(path: String) throws {
            self.path = path
            let file = try ReadOnlyFile(path)
            defer { file.close() }
            func bad(_ why: String) -> OutputError { OutputError("\(path): not a springy state stream (\(why))") }
            // The three header lines, within the first 12 kB.
            let head = try file.read(at: 0, count: min(file.size, 3 * 4096))
            var lines: [String] = []
            var at = 0
            while lines.count < 3 {
                guard let nl = head[at..<min(head.count, at + 4096)].firstIndex(of: 10) else {
                    throw bad(lines.isEmpty && head.starts(with: Array("springy-states ".utf8)) ? "another version" : "no header")
                }
                guard let line = String(validatingUTF8Bytes: head[at..<nl]) else { throw bad("its header is not text") }
                lines.append(line)
                at = nl + 1
            }
            guard lines[0] == StateStream.magic else {
                if lines[0].hasPrefix("springy-states ") {
                    throw OutputError(
                        "\(path): a state stream of another Springy version (\(lines[0])): write it again with springy states")
                }
                throw bad("it starts \"\(lines[0].prefix(40))\"")
            }
            guard lines[1].hasPrefix("key "), lines[2].hasPrefix("scene ") else { throw bad("its header is damaged") }
            let key = String(lines[1].dropFirst(4))
            let headerEnd = at
            // The trailer and the index: every number read is checked before it is added or multiplied.
            guard file.size >= headerEnd + 24 else { throw bad("it is cut short: no index at its end") }
            let t = file.size - 24
            let trailer = try file.read(at: t, count: 24)
            guard Array(trailer[16...]) == StateStream.trailerMagic else { throw bad("it is cut short: no index at its end") }
            let indexOffset = Self.le(trailer, 0, 8), chunks = Self.le(trailer, 8, 4), frames = Self.le(trailer, 12, 4)
            let (indexBytes, over) = chunks.multipliedReportingOverflow(by: StateStream.entryBytes)
            guard !over, indexOffset >= headerEnd, indexOffset <= t, t - indexOffset == indexBytes else {
                throw bad("its index is damaged")
            }
            let raw = try file.read(at: indexOffset, count: indexBytes)
            var index: [Entry] = []
            index.reserveCapacity(chunks)
            var next = 0, end = headerEnd
            for c in 0..<chunks {
                let at = StateStream.entryBytes * c
                let entry = Entry(
                    offset: Self.le(raw, at, 8), length: Self.le(raw, at + 8, 8), first: Self.le(raw, at + 16, 4),
                    count: Self.le(raw, at + 20, 4), digest: UInt64(truncatingIfNeeded: Self.le(raw, at + 24, 8)))
                let (stop, overflow) = entry.offset.addingReportingOverflow(entry.length)
                guard entry.offset == end, (1...StateStream.maxChunkBytes).contains(entry.length), !overflow,
                    stop <= indexOffset, entry.first == next, (1...StateStream.chunkFrames).contains(entry.count)
                else { throw bad("chunk \(c) of its index is damaged") }
                index.append(entry)
                next += entry.count
                end = stop
            }
            guard next == frames, end == indexOffset else { throw bad("its index does not cover its frames") }
            // Every chunk is the one written for this header, in this place.
            for (c, entry) in index.enumerated() {
                let bytes = try file.read(at: entry.offset, count: entry.length)
                let digest = bytes.withUnsafeBytes {
                    StateStream.digest($0, key: key, number: c, first: entry.first, count: entry.count)
                }
                guard digest == entry.digest else {
                    throw bad(
                        "the chunk of frames \(entry.first)-\(entry.first + entry.count - 1) is damaged or of another stream")
                }
            }
            self.index = index
            header = Header(key: key, scene: String(lines[2].dropFirst(6)), frames: frames)
        }

        /// A little-endian unsigned number of `n` bytes (at most 8: the top bit of an 8-byte one
        /// makes it negative, which every check refuses).
        static func le(_ bytes: [UInt8], _ at: Int, _ n: Int) -> Int {
            var v: UInt64 = 0
            for i in 0..<n { v |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
            return Int(truncatingIfNeeded: v)
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
            let file = try ReadOnlyFile(path)
            defer { file.close() }
            for (number, c) in index.enumerated() where c.first + c.count > wanted.lowerBound && c.first <= wanted.upperBound {
                let packed = try file.read(at: c.offset, count: c.length)
                let digest = packed.withUnsafeBytes {
                    StateStream.digest($0, key: header.key, number: number, first: c.first, count: c.count)
                }
                guard digest == c.digest else {
                    throw OutputError(
                        "\(path): the chunk of frames \(c.first)-\(c.first + c.count - 1) changed since the stream was opened")
                }
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

/// A file opened for reading by offset (pread), its size taken once; errors say what the
/// system said, naming the file.
struct ReadOnlyFile {
    let path: String
    let fd: Int32
    let size: Int

    init(_ path: String) throws {
        self.path = path
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            throw OutputError(
                e == ENOENT
                    ? "\(path): no such state stream (write it with: springy states SCENE --out \(path))"
                    : "\(path): cannot open the state stream: \(String(cString: strerror(e)))")
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw OutputError("\(path): not a regular file, so not a springy state stream")
        }
        size = Int(st.st_size)
    }

    /// `count` bytes from `offset` (both checked against the size before this is called).
    func read(at offset: Int, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        return try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    initialized = done
                    throw OutputError(
                        n == 0
                            ? "\(path): the state stream ends early (was it cut short while being read?)"
                            : "\(path): cannot read the state stream: \(String(cString: strerror(errno)))")
                }
                done += n
            }
            initialized = done
        }
    }

    func close() { Glibc.close(fd) }
}
