/// Shard `index` of `count` (1-based): a contiguous share of the frames. The shards together
/// equal one whole run, byte for byte.
public struct Shard: Sendable, Equatable {
    public var index: Int
    public var count: Int
    /// At most a million shards.
    public static let maxCount = 1_000_000
    public init(_ index: Int, of count: Int) { self.index = index; self.count = count }
}

/// How a render renders: what `springy render`'s flags say, the library's `Scene.render(_:)`
/// takes and the engine's render job holds.
public struct RenderOptions: Sendable {
    public var formats: [OutputFormat] = [.png]
    /// The outputs go in `folder`/<scene>/.
    public var folder = "out"
    /// Only these frames (clamped to the scene's).
    public var frames: ClosedRange<Int>?
    public var shard: Shard?
    /// Pixels per point (1-3); nil: the scene's.
    public var scale: Int?
    /// Draw and encode on this many threads (the bytes do not depend on it).
    public var threads = 1
    public var png = PNGOptions()
    /// The frames of sheets, trails and stills.
    public var pick: FramePick?
    /// Columns of a contact sheet.
    public var columns = 4
    /// Replace what is in the folder.
    public var overwrite = false
    /// y4m to standard output instead of a file.
    public var toStandardOutput = false
    public var encoders = EncoderOptions()
    public var video = VideoOptions()
    /// Draw the frames from this state stream (`springy states`, `Scene.writeStates(to:overwrite:cancelled:)`)
    /// instead of simulating them: a shard then costs only its own frames. A stream of another
    /// scene, version or timing is refused.
    public var states: String?
    /// With `shard`: split by the frames' costs that `timings` measured in an earlier run
    /// (a file of `render --timings`), so shards finish together, not by frame count.
    public var weights: String?
    /// Write each frame's measured cost (ms to draw, encode and write it) here, for `weights`.
    public var timings: String?
    /// Make the animations and videos in `formats` from the PNG frames already in the scene's
    /// output folder (what shards wrote), instead of simulating and drawing: the same file a
    /// single run makes from the same pixels.
    public var merge = false
    public init() {}

}
