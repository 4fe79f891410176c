import SpringyCore
import SpringyTypes

package struct TimeSpec: Sendable {
    /// Output frames per second: a scene's `fps` is whole; `render --fps` may ask for an NTSC rate.
    package var rate: FrameRate
    /// The whole frame rate (setting it makes the rate whole).
    package var fps: Int {
        get { rate.rounded }
        set { rate = FrameRate(newValue) }
    }
    /// Fixed solver steps per second.
    package var stepRate: Int
    /// Fixed length, or nil when the scene runs `until: rest`.
    package var duration: Double?
    package var untilRest: Bool
    package var maxDuration: Double

    package init(rate: FrameRate, stepRate: Int, duration: Double?, untilRest: Bool, maxDuration: Double) {
        self.rate = rate; self.stepRate = stepRate; self.duration = duration; self.untilRest = untilRest
        self.maxDuration = maxDuration
    }
    /// The number of output frames for a fixed-length scene; for `until: rest`, the most it may have.
    package var maxFrameCount: Int {
        let d = duration ?? maxDuration
        return max(1, Int((d * Double(rate.numerator) / Double(rate.denominator)).rounded()))
    }
    /// The frame shown at `time` s: the last one whose time is not after it (a 10⁻⁹ s slack, so
    /// sums of 1/fps land on their frame).
    package func frame(atTime time: Double) -> Int {
        Int((time * Double(rate.numerator) / Double(rate.denominator) + 1e-9).rounded(.down))
    }
    /// The frame shown at `time` s in a scene of `count` frames: its end (count / fps, the
    /// scene's length) is a time too, and shows the last frame; nil past it.
    package func frame(atTime time: Double, count: Int) -> Int? {
        guard time <= rate.seconds(count) + 1e-9 else { return nil }
        return min(frame(atTime: time), count - 1)
    }
    /// The scene's length in seconds for `count` frames, as written in messages.
    package func length(frames count: Int) -> String { NumberText.plain((rate.seconds(count) * 1000).rounded() / 1000) }
    /// The number of whole solver steps done before frame `index` is shown.
    package func steps(forFrame index: Int) -> Int { index * stepRate * rate.denominator / rate.numerator }
}
