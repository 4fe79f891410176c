import CNative

/// A ZIP archive of whole files, written in memory (a dotLottie): each entry deflated by zlib
/// (stored when that is not smaller), its CRC-32 zlib's, every date 1980-01-01 00:00 (the
/// format's first), so the same files give the same bytes.
package enum ZipArchive {
    package static func bytes(_ files: [(name: String, data: [UInt8])]) throws -> [UInt8] {
        var out: [UInt8] = [], directory: [UInt8] = []
        func u16(_ v: Int, _ to: inout [UInt8]) { to += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func u32(_ v: UInt32, _ to: inout [UInt8]) { for k in 0..<4 { to.append(UInt8((v >> (8 * UInt32(k))) & 0xFF)) } }
        for file in files {
            let name = Array(file.name.utf8)
            let crc = file.data.withUnsafeBufferPointer { springy_crc32(0, $0.baseAddress, $0.count) }
            var packed: UnsafeMutablePointer<UInt8>?
            var length = 0
            let rc = file.data.withUnsafeBufferPointer { springy_deflate_raw($0.baseAddress, $0.count, 9, &packed, &length) }
            guard rc == 0, let packed else { throw OutputError("zip: could not compress \(file.name) (zlib error \(rc))") }
            let deflated = Array(UnsafeBufferPointer(start: packed, count: length))
            springy_free(packed)
            let stored = deflated.count >= file.data.count
            let data = stored ? file.data : deflated
            guard data.count < Int(UInt32.max), out.count < Int(UInt32.max) else {
                throw OutputError("zip: \(file.name) is too large for a ZIP without ZIP64")
            }
            let offset = out.count
            // Version 2.0, no flags, the method, time 0, date 1980-01-01 ((0 << 9) | (1 << 5) | 1).
            var common: [UInt8] = []
            u16(20, &common); u16(0, &common); u16(stored ? 0 : 8, &common); u16(0, &common); u16(0x21, &common)
            u32(crc, &common); u32(UInt32(data.count), &common); u32(UInt32(file.data.count), &common)
            u16(name.count, &common); u16(0, &common)
            u32(0x0403_4B50, &out); out += common + name + data
            u32(0x0201_4B50, &directory); u16(20, &directory); directory += common
            u16(0, &directory); u16(0, &directory); u16(0, &directory); u32(0, &directory)
            u32(UInt32(offset), &directory); directory += name
        }
        let start = out.count
        out += directory
        u32(0x0605_4B50, &out); u16(0, &out); u16(0, &out); u16(files.count, &out); u16(files.count, &out)
        u32(UInt32(directory.count), &out); u32(UInt32(start), &out); u16(0, &out)
        return out
    }
}
