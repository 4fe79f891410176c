/// The values a user of Springy holds, defined once: the library (SpringyKit, which re-exports
/// this module) and the engine use these very types, so a case added here is a compile error
/// wherever a case must be handled, never a trap at a bridge between two copies.

/// How a check records its goldens (swift-snapshot-testing's record modes): `check --record`.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Every golden: changed ones replaced, new ones written.
    case all
    /// Only goldens that do not exist yet.
    case missing
    /// Goldens that are missing or fail the check.
    case failed
    /// None: check only.
    case never
}

/// What a plot charts: an item's x or y, its speed, or the content offset.
public enum PlotQuantity: String, Sendable, CaseIterable {
    case x, y, speed, offset
}

/// The codec of a video file: each container's default, or as asked (`--codec`).
public enum VideoCodec: String, Sendable, CaseIterable {
    case h264, hevc, vp9, prores
}

/// A PNG row filter, as libpng takes it (`--png-filter`; `all` is libpng's adaptive choice).
public enum PNGFilter: String, Sendable, CaseIterable {
    case none, sub, up, avg, paeth, all
}

/// A zlib strategy, as libpng takes it (`--png-strategy`).
public enum PNGStrategy: String, Sendable, CaseIterable {
    case `default`, filtered, huffman, rle, fixed
}

/// Where documentation pictures are going (`docs --for`): what plays there picks the formats.
public enum DocsDestination: String, Sendable, CaseIterable {
    /// A GitHub README: the SVG animated with SMIL (GitHub's `<img>` runs SMIL; it strips a
    /// video's autoplay and serves a committed mp4 as a download), with an APNG fallback.
    case github
    /// A DocC catalogue: `@Image` of the SVG animation and a poster; a video only when asked.
    case docc
    /// A web page: the Lottie (lottie-web, ThorVG, dotLottie players) and the SVG.
    case web
    /// Slides (Keynote, PowerPoint, Google Slides): an mp4, which they all play.
    case slides

    /// The formats written: the one shown first, then the fallback.
    public var formats: [OutputFormat] {
        switch self {
        case .github: [.smil, .apng]
        case .docc: [.smil]
        case .web: [.smil, .lottie]
        case .slides: [.mp4]
        }
    }

    /// Why, in one line.
    public var reason: String {
        switch self {
        case .github:
            "GitHub shows an SVG in an <img> and runs its SMIL animations, sharp and small; it strips a video's autoplay, so the APNG is the fallback"
        case .docc:
            "DocC's @Image takes an SVG, which animates and stays sharp at any zoom; DocC's @Video has no autoplay, so a video only when asked (--video)"
        case .web:
            "web pages play Lottie through lottie-web or ThorVG's dotLottie player, and show the SVG in an <img> where no script runs"
        case .slides:
            "slide decks play an mp4 inline; they do not run SVG animations or Lottie"
        }
    }
}
