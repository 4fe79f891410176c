import Foundation

/// Frames per second as an exact fraction: a whole rate (60/1) or one of video's NTSC rates
/// (24000/1001, 30000/1001, 60000/1001, written 23.976, 29.97 and 59.94). Every time computed
/// from it is `frames × denominator / numerator`, so a whole rate gives the same numbers, to the
/// bit, as dividing by the whole number.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
    package let numerator: Int
    package let denominator: Int

    /// A whole rate, frames per second.
    public init(_ fps: Int) { numerator = fps; denominator = 1 }

    /// `60`, `29.97` or `30000/1001`: a whole rate 1-240 or an NTSC rate (23.976, 29.97, 59.94).
    public init?(_ text: String) {
        guard let r = Self.parse(text) else { return nil }
        self = r
    }

    init(_ numerator: Int, over denominator: Int) { self.numerator = numerator; self.denominator = denominator }

    /// The NTSC rates video editors expect, by the names they use.
    package static let ntsc: [(name: String, rate: FrameRate)] = [
        ("23.976", FrameRate(24000, over: 1001)), ("29.97", FrameRate(30000, over: 1001)),
        ("59.94", FrameRate(60000, over: 1001)),
    ]

    /// Reads `60`, `29.97` (or `30000/1001`) and the other NTSC rates; whole rates in `range`.
    package static func parse(_ text: String, range: ClosedRange<Int> = 1...240) -> FrameRate? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if let n = Int(t) { return range.contains(n) ? FrameRate(n) : nil }
        if let hit = ntsc.first(where: { $0.name == t || "\($0.rate.numerator)/\($0.rate.denominator)" == t }) {
            return hit.rate
        }
        return nil
    }

    package var isWhole: Bool { denominator == 1 }
    /// Frames per second as a number (for display and playback, not for frame times).
    public var perSecond: Double { Double(numerator) / Double(denominator) }
    /// The nearest whole rate.
    package var rounded: Int { Int(perSecond.rounded()) }
    /// The time of frame `index`, seconds.
    package func seconds(_ index: Int) -> Double { Double(index) * Double(denominator) / Double(numerator) }
    /// `60` or `29.97`.
    public var description: String {
        isWhole ? "\(numerator)" : Self.ntsc.first { $0.rate == self }?.name ?? "\(numerator)/\(denominator)"
    }
}
