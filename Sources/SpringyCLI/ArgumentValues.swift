import ArgumentParser
import SpringyKit

// Option values that are types of the modules below, read from their text.

/// `FREQUENCY,DAMPING[,REST]`: a released spring to draw beside a plot.
struct SpringArgument: ExpressibleByArgument {
    var frequency: Double
    var damping: Double
    var rest: Double?
    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard (2...3).contains(parts.count), let f = parts[0], let d = parts[1], f > 0, f.isFinite, d >= 0, d.isFinite
        else { return nil }
        if parts.count == 3 { guard let r = parts[2], r.isFinite else { return nil }; rest = r }
        frequency = f; damping = d
    }
}

/// `png,apng`: formats, comma-separated (the option may also repeat).
struct FormatList: ExpressibleByArgument {
    var formats: [OutputFormat]
    init?(argument: String) {
        var out: [OutputFormat] = []
        for part in argument.split(separator: ",") {
            guard let f = OutputFormat(rawValue: part.trimmingCharacters(in: .whitespaces).lowercased()) else { return nil }
            out.append(f)
        }
        if out.isEmpty { return nil }
        formats = out
    }
    static var allValueStrings: [String] { OutputFormat.allCases.map(\.rawValue) }
}
/// A time in seconds, written `1.5` or `1.5s`: 0 or more, finite.
struct Seconds: ExpressibleByArgument {
    var value: Double
    init?(argument: String) {
        let digits = argument.hasSuffix("s") ? String(argument.dropLast()) : argument
        guard let v = Double(digits), v >= 0, v.isFinite else { return nil }
        value = v
    }
    static var defaultValueDescription: String { "seconds" }
}

extension PlotQuantity: ExpressibleByArgument {}
extension PNGOptions.Filter: ExpressibleByArgument {}
extension PNGOptions.Strategy: ExpressibleByArgument {}
extension PNGOptions.Encoder: ExpressibleByArgument {}
/// `--pick`: frames by number, `0`, `0,30,last` (a count is `--pick-count`: one number was
/// both, a count of one meaning the last frame and 0 meaning frame 0).
struct PickedFrames: ExpressibleByArgument {
    var pick: FramePick
    init?(argument: String) {
        var out: [FrameNumber] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let p = part.trimmingCharacters(in: .whitespaces)
            if p == "last" { out.append(.last) } else if let i = Int(p), i >= 0 { out.append(.index(i)) } else { return nil }
        }
        if out.isEmpty { return nil }
        pick = .frames(out)
    }
}

/// The gallery animation's format (`docs --format`): one of Documentation.animationFormats.
struct DocsAnimationFormat: ExpressibleByArgument {
    var format: OutputFormat
    init?(argument: String) {
        guard let f = OutputFormat(rawValue: argument.lowercased()), Documentation.animationFormats.contains(f) else {
            return nil
        }
        format = f
    }
    static var allValueStrings: [String] { Documentation.animationFormats.map(\.rawValue) }
}

/// `--fps`: a whole rate 1-240 or an NTSC rate (29.97, 30000/1001, ...).
enum FrameRateArgument {
    static func parse(_ text: String) throws -> SpringyKit.FrameRate {
        guard let r = SpringyKit.FrameRate(text) else {
            throw ValidationError(
                "--fps must be 1-240 (a whole number) or a video rate 23.976, 29.97 or 59.94 (24000/1001, 30000/1001, 60000/1001), not \(text)"
            )
        }
        return r
    }
}
