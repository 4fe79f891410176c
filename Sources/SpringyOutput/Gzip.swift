import CNative

/// gzip through zlib (deterministic bytes: no name, no time in the header).
package enum Gzip {
    package static func compress(_ bytes: [UInt8], level: Int32 = 9) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let rc = bytes.withUnsafeBufferPointer { springy_gzip($0.baseAddress, $0.count, level, &out, &length) }
        guard rc == 0, let out else { throw OutputError("gzip: could not compress (zlib error \(rc))") }
        defer { springy_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// The data a gzip stream holds; refused past `maxLength` bytes or when the stream is damaged.
    package static func decompress(_ bytes: [UInt8], maxLength: Int = 1 << 30) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let rc = bytes.withUnsafeBufferPointer { springy_gunzip($0.baseAddress, $0.count, maxLength, &out, &length) }
        guard rc == 0, let out else {
            throw OutputError(rc == -4 ? "gzip: the data is over \(maxLength) bytes" : "gzip: not a complete gzip stream")
        }
        defer { springy_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}
