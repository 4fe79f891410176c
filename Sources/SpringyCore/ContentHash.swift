/// FNV-1a, 64 bit: a stable content hash. Swift's `Hasher` is seeded per process, so
/// anything written to a file or compared across runs is hashed with this instead.
package struct ContentHash: Sendable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func add<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if let h = bytes.withContiguousStorageIfAvailable({ Self.step(value, $0) }) {
            value = h
            return
        }
        var h = value
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        value = h
    }

    /// The same steps over contiguous bytes (a debug build iterates them far faster than a
    /// generic collection).
    static func step(_ start: UInt64, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = start
        guard let base = bytes.baseAddress else { return h }
        for i in 0..<bytes.count { h = (h ^ UInt64(base[i])) &* 0x100_0000_01b3 }
        return h
    }

    package mutating func add(_ text: String) {
        var text = text
        value = text.withUTF8 { Self.step(value, $0) }
    }

    /// Ends one part, so ["ab", "c"] and ["a", "bc"] hash differently.
    package mutating func endPart() { value = (value ^ 0xff) &* 0x100_0000_01b3 }

    /// The hash of `parts`, each ended, as unpadded hex: the key the render resume marker
    /// and the docs stamp have always used.
    package static func key(_ parts: [[UInt8]]) -> String {
        var h = ContentHash()
        for part in parts { h.add(part); h.endPart() }
        return String(h.value, radix: 16)
    }

    /// Sixteen lowercase hex digits.
    package var hex: String { Self.hex(value) }

    /// A 64-bit value as sixteen lowercase hex digits.
    package static func hex(_ v: UInt64) -> String {
        let digits = String(v, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// An error that names its own place (`file:line:column: key: message`), printed as it is.
package protocol LocatedError: Error, CustomStringConvertible {}

/// "1 frame", "2 frames": a count and its noun, plural when it is not 1.
package func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
