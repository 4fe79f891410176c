import SpringyCore

public struct TimeSpec: Sendable {
    public var fps: Int
    /// Fixed solver steps per second.
    public var stepRate: Int
    /// Fixed length, or nil when the scene runs `until: rest`.
    public var duration: Double?
    public var untilRest: Bool
    public var maxDuration: Double
    /// The number of output frames for a fixed-length scene; for `until: rest`, the most it may have.
    public var maxFrameCount: Int {
        let d = duration ?? maxDuration
        return max(1, Int((d * Double(fps)).rounded()))
    }
    /// The frame shown at `time` s: the last one whose time is not after it (a 10⁻⁹ s slack, so
    /// sums of 1/fps land on their frame).
    public func frame(atTime time: Double) -> Int { Int((time * Double(fps) + 1e-9).rounded(.down)) }
    /// The number of whole solver steps done before frame `index` is shown.
    public func steps(forFrame index: Int) -> Int { index * stepRate / fps }
}
