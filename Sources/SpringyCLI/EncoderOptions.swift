import ArgumentParser
import SpringyKit

/// The animation encoders' options, shared by `render` and `docs` (one set of names, ranges
/// and help texts).
struct EncoderOptions: ParsableArguments {
    @Option(name: .customLong("webp-quality"), help: "Lossy WebP at this quality, 0-100 (default: lossless).")
    var webpQuality: Double?

    @Option(name: .customLong("avif-quality"), help: "AVIF quality, 0-100 (100: lossless).")
    var avifQuality: Int = 80

    @Option(
        name: .customLong("apng-max-colors"),
        help: "Write the APNG as palette frames of at most this many colours, 2-255 (smaller files).")
    var apngMaxColors: Int?

    @Option(name: .customLong("gif-colors"), help: "Most colours in a GIF's palette, 2-255.")
    var gifColors: Int = 255

    func validate() throws {
        if let q = webpQuality, !(0...100).contains(q) { throw ValidationError("--webp-quality must be 0-100, not \(q)") }
        if !(0...100).contains(avifQuality) { throw ValidationError("--avif-quality must be 0-100, not \(avifQuality)") }
        if let n = apngMaxColors, !(2...255).contains(n) {
            throw ValidationError("--apng-max-colors must be 2-255, not \(n)")
        }
        if !(2...255).contains(gifColors) { throw ValidationError("--gif-colors must be 2-255, not \(gifColors)") }
    }

    /// Refuses an option for a format this run does not write.
    func validate(for formats: [OutputFormat]) throws {
        if apngMaxColors != nil && !formats.contains(.apng) { throw ValidationError("--apng-max-colors is for --format apng") }
    }

    /// True when any option differs from its default.
    var changed: Bool { webpQuality != nil || avifQuality != 80 || apngMaxColors != nil || gifColors != 255 }

    var options: SpringyKit.EncoderOptions {
        var o = SpringyKit.EncoderOptions()
        o.webpQuality = webpQuality
        o.avifQuality = avifQuality
        o.gifColors = gifColors
        o.apngMaxColors = apngMaxColors
        return o
    }
}
