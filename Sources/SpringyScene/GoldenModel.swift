import SpringyCore

package struct GoldenSpec: Sendable {
    package var frames: [GoldenFrame] = [.index(0), .last]
    /// Largest per-channel difference (0-255) a pixel may have and still count as equal.
    package var channelTolerance: Int = 2
    /// Fraction of pixels that may differ beyond `channelTolerance`.
    package var pixelFraction: Double = 0.001
    /// The trace golden's tolerances; nil when the scene keeps no trace golden (`trace: false`).
    package var trace: TraceTolerance? = TraceTolerance()
    /// Every frame's pixels pinned by a hash as well (`golden/<scene>/frames.tsv`).
    package var hashes = false
    /// The line of the scene's `golden` key (1 when the scene has none): where a CI annotation
    /// about its goldens points.
    package var line = 1
}

/// How far a traced quantity may move before the trace golden fails: positions and sizes in
/// points (centres, content offsets, header frames, spring ends), angles in degrees, alpha.
package struct TraceTolerance: Sendable, Equatable {
    package var position = 0.01
    package var size = 0.01
    package var angle = 0.01
    package var alpha = 0.001
    package init() {}
}
