/// The values a user of Springy holds, defined once: the library (SpringyKit, which re-exports
/// this module) and the engine use these very types, so a case added here is a compile error
/// wherever a case must be handled, never a trap at a bridge between two copies.

/// What `springy render` makes of a scene: the formats of `--format`. The engine registers each
/// one's writer (SpringyPipeline's `OutputFormat.kind`, an exhaustive switch).
public enum OutputFormat: String, Sendable, CaseIterable {
    case png, apng, gif, webp, avif, sheet, trail, pdf, svg, y4m, mp4, webm, mov

    /// Written by ffmpeg (mp4, webm, mov).
    public var isVideo: Bool {
        switch self {
        case .mp4, .webm, .mov: true
        case .png, .apng, .gif, .webp, .avif, .sheet, .trail, .pdf, .svg, .y4m: false
        }
    }
}
