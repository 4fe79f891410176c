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
