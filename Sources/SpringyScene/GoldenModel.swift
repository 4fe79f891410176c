import SpringyCore

public struct GoldenSpec: Sendable {
    public var frames: [GoldenFrame] = [.index(0), .last]
    /// Largest per-channel difference (0-255) a pixel may have and still count as equal.
    public var channelTolerance: Int = 2
    /// Fraction of pixels that may differ beyond `channelTolerance`.
    public var pixelFraction: Double = 0.001
    /// The trace golden's tolerances; nil when the scene keeps no trace golden (`trace: false`).
    public var trace: TraceTolerance? = TraceTolerance()
    /// Every frame's pixels pinned by a hash as well (`golden/<scene>/frames.tsv`).
    public var hashes = false
    /// The line of the scene's `golden` key (1 when the scene has none): where a CI annotation
    /// about its goldens points.
    public var line = 1
}

/// How far a traced quantity may move before the trace golden fails: positions and sizes in
/// points (centres, content offsets, header frames, spring ends), angles in degrees, alpha.
public struct TraceTolerance: Sendable, Equatable {
    public var position = 0.01
    public var size = 0.01
    public var angle = 0.01
    public var alpha = 0.001
    public init() {}
}
