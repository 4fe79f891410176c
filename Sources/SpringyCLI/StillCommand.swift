import ArgumentParser
import Foundation
import SpringyKit

extension Springy {
    struct Still: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write one frame of a scene as a PNG: at a time, a frame number, or the last frame (the default).")

        @Argument(help: "A scene file.")
        var scene: String

        @Option(
            name: .long, help: "The frame shown at this time: seconds, as 1.5 or 1.5s (the scene's end shows its last frame).")
        var time: Seconds?

        @Option(name: .long, help: "This frame number.")
        var frame: Int?

        @Flag(name: .long, help: "The scene's last frame (the default).")
        var last = false

        @Option(name: .long, help: "Output file (default: out/<scene>-NNNNN.png).")
        var out: String?

        @Option(name: .long, help: "Pixels per point (1, 2 or 3), instead of the scene's.")
        var scale: Int?

        @Flag(name: .long, help: "Replace the output file if it exists.")
        var overwrite = false

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            try refuseEmptyPaths([("--out", out)], scenes: [scene])
            if [time != nil, frame != nil, last].filter({ $0 }).count > 1 {
                throw ValidationError("give one of --time, --frame and --last")
            }

            if let f = frame, f < 0 { throw ValidationError("--frame must be 0 or more, not \(f)") }
            if let s = scale, !(1...3).contains(s) { throw ValidationError("--scale must be 1, 2 or 3, not \(s)") }
            if let o = out, !o.lowercased().hasSuffix(".png") { throw ValidationError("--out must end in .png") }
        }

        func run() throws {
            let s = try loadScenes([scene], limits: limitOptions.limits)[0]
            let moment: Moment = frame.map { .frame($0) } ?? time.map { .time($0.value) } ?? .last
            // A named file is checked before the work; the default name needs the frame number.
            if let out, !overwrite, FileManager.default.fileExists(atPath: out) {
                warn("springy: \(out) exists; pass --overwrite to replace it"); throw ExitCode(2)
            }
            do {
                let (index, png) = try s.still(at: moment, scale: scale)
                let path = out ?? "out/\(s.slug)-\(String(format: "%05d", index)).png"
                if out == nil, !overwrite, FileManager.default.fileExists(atPath: path) {
                    warn("springy: \(path) exists; pass --overwrite to replace it"); throw ExitCode(2)
                }
                try Files.write(png, to: path)
                say("\(s.slug): frame \(index) → \(path) (\(formatBytes(png.count)))")
            } catch let e as ExitCode { throw e } catch { throw report(error) }
        }
    }
}
