/// One option of the output encoders, described once: its flag, the formats it is for, what it
/// takes, its default and its help. The command line's options (their help and their checks),
/// the render's run key, the docs page's "Made with" flags and README's rows are read from
/// these, so an option is written in one place.
public struct OutputOption<Options>: CustomStringConvertible {
    /// The long flag, without its dashes: `webp-quality`.
    public let flag: String
    /// One sentence of help, as `--help` shows it.
    public let help: String
    /// The formats it applies to.
    public let formats: [OutputFormat]
    /// What it takes, as README's rows write it: `Q`, `N`, `h264|hevc|vp9|prores`.
    public let valueName: String
    /// The value in `options` as the flag writes it; nil when it is the default.
    public let text: (Options) -> String?
    /// The value as a run key holds it (the default too).
    public let key: (Options) -> String
    /// Why the value in `options` cannot be used (out of its range), or nil.
    public let problem: (Options) -> String?

    public var description: String { "--\(flag)" }

    /// A whole number in `range`, with a default.
    static func whole(
        _ flag: String, _ path: KeyPath<Options, Int>, _ range: ClosedRange<Int>, default value: Int, formats: [OutputFormat],
        _ valueName: String, help: String
    ) -> Self {
        Self(
            flag: flag, help: help, formats: formats, valueName: valueName,
            text: { $0[keyPath: path] == value ? nil : "\($0[keyPath: path])" }, key: { "\($0[keyPath: path])" },
            problem: {
                range.contains($0[keyPath: path])
                    ? nil : "--\(flag) must be \(range.lowerBound)-\(range.upperBound), not \($0[keyPath: path])"
            })
    }

    /// A whole number in `range`, or nothing (`absent` in the run key).
    static func whole(
        _ flag: String, _ path: KeyPath<Options, Int?>, _ range: ClosedRange<Int>, absent: Int, formats: [OutputFormat],
        _ valueName: String, help: String
    ) -> Self {
        Self(
            flag: flag, help: help, formats: formats, valueName: valueName, text: { $0[keyPath: path].map { "\($0)" } },
            key: { "\($0[keyPath: path] ?? absent)" },
            problem: { o in
                o[keyPath: path].flatMap {
                    range.contains($0) ? nil : "--\(flag) must be \(range.lowerBound)-\(range.upperBound), not \($0)"
                }
            })
    }

    /// A number in `range`, or nothing (`absent` in the run key).
    static func number(
        _ flag: String, _ path: KeyPath<Options, Double?>, _ range: ClosedRange<Double>, absent: Double,
        formats: [OutputFormat], _ valueName: String, help: String
    ) -> Self {
        Self(
            flag: flag, help: help, formats: formats, valueName: valueName,
            text: { $0[keyPath: path].map { $0 == $0.rounded() && abs($0) < 1e15 ? "\(Int($0))" : "\($0)" } },
            key: { "\($0[keyPath: path] ?? absent)" },
            problem: { o in
                o[keyPath: path].flatMap {
                    range.contains($0)
                        ? nil : "--\(flag) must be \(Int(range.lowerBound))-\(Int(range.upperBound)), not \($0)"
                }
            })
    }
}

/// The animation encoders' settings (APNG, GIF, WebP, AVIF): `render`'s and `docs`' flags, the
/// library's field, the engine's own.
public struct EncoderOptions: Sendable, Equatable {
    /// Palette frames of at most this many colours (2-255) for APNG; nil: full colour.
    public var apngMaxColors: Int?
    /// Most colours in a GIF's palette, 2-255 (one more index is kept for transparency).
    public var gifColors = 255
    /// Lossy WebP at this quality, 0-100; nil: lossless.
    public var webpQuality: Double?
    /// AVIF quality, 0-100 (100: lossless).
    public var avifQuality = 80
    public init() {}

    /// `--apng-max-colors N`.
    public static var apngMaxColorsOption: OutputOption<Self> {
        .whole(
            "apng-max-colors", \.apngMaxColors, 2...255, absent: 0, formats: [.apng], "N",
            help: "Write the APNG as palette frames of at most this many colours, 2-255 (smaller files).")
    }
    /// `--gif-colors N`.
    public static var gifColorsOption: OutputOption<Self> {
        .whole(
            "gif-colors", \.gifColors, 2...255, default: 255, formats: [.gif], "N",
            help: "Most colours in a GIF's palette, 2-255.")
    }
    /// `--webp-quality Q`.
    public static var webpQualityOption: OutputOption<Self> {
        .number(
            "webp-quality", \.webpQuality, 0...100, absent: -1, formats: [.webp], "Q",
            help: "Lossy WebP at this quality, 0-100 (default: lossless).")
    }
    /// `--avif-quality Q`.
    public static var avifQualityOption: OutputOption<Self> {
        .whole(
            "avif-quality", \.avifQuality, 0...100, default: 80, formats: [.avif], "Q",
            help: "AVIF quality, 0-100 (100: lossless).")
    }
    /// Each option, described once, in the order run keys hold them.
    public static var options: [OutputOption<Self>] {
        [apngMaxColorsOption, gifColorsOption, webpQualityOption, avifQualityOption]
    }

    /// The first option out of its range, said as the flag's error.
    public var problem: String? { Self.options.lazy.compactMap { $0.problem(self) }.first }
}

/// A video's codec, quality and pixel format (nil: the container's defaults): `render`'s flags,
/// the library's field, the engine's own.
public struct VideoOptions: Sendable, Equatable {
    public var codec: VideoCodec?
    /// Lower is better, 0-63 (h264, hevc, vp9).
    public var crf: Int?
    /// An ffmpeg pixel format, e.g. `yuv444p`.
    public var pixelFormat: String?
    public init(codec: VideoCodec? = nil, crf: Int? = nil, pixelFormat: String? = nil) {
        self.codec = codec; self.crf = crf; self.pixelFormat = pixelFormat
    }

    static var videos: [OutputFormat] { OutputFormat.allCases.filter(\.isVideo) }
    /// `--codec CODEC`.
    public static var codecOption: OutputOption<Self> {
        OutputOption(
            flag: "codec", help: "Video codec: h264 or hevc (mp4, mov), vp9 (webm), prores (mov: ProRes 4444, alpha kept).",
            formats: videos, valueName: VideoCodec.allCases.map(\.rawValue).joined(separator: "|"), text: { $0.codec?.rawValue },
            key: { $0.codec?.rawValue ?? "-" },
            problem: { _ in nil })
    }
    /// `--crf N`.
    public static var crfOption: OutputOption<Self> {
        .whole(
            "crf", \.crf, 0...63, absent: -1, formats: videos, "N",
            help: "Video quality for h264, hevc and vp9 (lower is better; 0-63).")
    }
    /// `--pix-fmt FMT`.
    public static var pixelFormatOption: OutputOption<Self> {
        OutputOption(
            flag: "pix-fmt", help: "ffmpeg pixel format of the video (e.g. yuv420p, yuv444p, yuva444p10le).",
            formats: videos, valueName: "F", text: { $0.pixelFormat }, key: { $0.pixelFormat ?? "-" },
            problem: { o in
                guard let p = o.pixelFormat, p.isEmpty || !p.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
                else { return nil }
                return "--pix-fmt takes an ffmpeg pixel format name (letters, digits, _), not \"\(p)\""
            })
    }
    /// Each option, described once, in the order run keys hold them.
    public static var options: [OutputOption<Self>] { [codecOption, crfOption, pixelFormatOption] }

    /// The first option that cannot be used, said as the flag's error.
    public var problem: String? { Self.options.lazy.compactMap { $0.problem(self) }.first }
}

/// How PNG frames (and stills) are encoded: by Springy's own encoder (the default), or by libpng
/// with a zlib level, a row filter and a strategy. `render`'s `--png-*` flags, the library's
/// field and the engine's own settings.
public struct PNGOptions: Sendable, Equatable {
    /// A PNG row filter (libpng): SpringyTypes' PNGFilter.
    public typealias Filter = PNGFilter
    /// A zlib strategy (libpng): SpringyTypes' PNGStrategy.
    public typealias Strategy = PNGStrategy
    /// Which encoder writes the frames.
    public enum Encoder: String, Sendable, CaseIterable {
        /// Springy's own (the default): a row that repeats the row above becomes zeros, any other
        /// is filtered `sub` or `up`, and a deflate that looks only for runs packs them (the
        /// level, filter and strategy do not apply): on the bench scenes several times faster
        /// than libpng, and smaller than libpng at the settings Springy used before it.
        case springy
        /// libpng and zlib, with `level`, `filter` and `strategy`.
        case libpng
    }
    public var encoder = Encoder.springy
    /// libpng only: zlib's compression level, 0-9 (default 6, libpng's own).
    public var level = 6
    /// libpng only: the row filter (default `all`: libpng's adaptive choice).
    public var filter = Filter.all
    /// libpng only: zlib's strategy (default `default`).
    public var strategy = Strategy.default
    public init() {}
}
