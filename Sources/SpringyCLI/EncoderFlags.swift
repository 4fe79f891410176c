import ArgumentParser
import SpringyKit

/// The animation encoders' flags, shared by `render` and `docs`: each flag's name, range and help
/// are EncoderOptions' own descriptions (SpringyTypes), so they are written once.
struct EncoderFlags: ParsableArguments {
    @Option(
        name: .customLong(EncoderOptions.webpQualityOption.flag), help: ArgumentHelp(EncoderOptions.webpQualityOption.help))
    var webpQuality: Double?

    @Option(
        name: .customLong(EncoderOptions.avifQualityOption.flag), help: ArgumentHelp(EncoderOptions.avifQualityOption.help))
    var avifQuality: Int = EncoderOptions().avifQuality

    @Option(
        name: .customLong(EncoderOptions.apngMaxColorsOption.flag),
        help: ArgumentHelp(EncoderOptions.apngMaxColorsOption.help))
    var apngMaxColors: Int?

    @Option(name: .customLong(EncoderOptions.gifColorsOption.flag), help: ArgumentHelp(EncoderOptions.gifColorsOption.help))
    var gifColors: Int = EncoderOptions().gifColors

    func validate() throws {
        if let problem = options.problem { throw ValidationError(problem) }
    }

    /// Refuses an option for a format this run does not write.
    func validate(for formats: [OutputFormat]) throws {
        let option = EncoderOptions.apngMaxColorsOption
        if option.text(options) != nil && !formats.contains(where: option.formats.contains) {
            throw ValidationError("\(option) is for --format apng")
        }
    }

    /// True when any option differs from its default.
    var changed: Bool { options != EncoderOptions() }

    var options: EncoderOptions {
        var o = EncoderOptions()
        o.webpQuality = webpQuality
        o.avifQuality = avifQuality
        o.gifColors = gifColors
        o.apngMaxColors = apngMaxColors
        return o
    }
}
