/// SplitMix64 (Steele, Lea and Flood, 2014): the one seeded generator Springy uses where a
/// scene asks for "random" values (palettes) and where tests and benchmarks need the same
/// random cases on every run. Never seeded from the clock.
package struct SplitMix64: Sendable {
    package var state: UInt64
    package init(state: UInt64) { self.state = state }

    package mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Double in [0, 1): the top 53 bits.
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
