import ArgumentParser
import Foundation
import SpringyKit

extension Springy {
    struct States: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Simulate a scene once and write every frame's state to a file, for render --states: each shard then draws its own frames without simulating the ones before them.",
            discussion: """
                The file is compact (a few per cent of the PNG frames) and bound to the scene file, this springy \
                version and the timing: give states the same --fps, --duration or -q as the renders that read it \
                (a render refuses a stream of another scene, version or timing). docs/sharding.md shows it in a \
                Slurm job array.
                """)

        @Argument(help: "A scene file.")
        var scene: String

        @Option(name: .long, help: "The state stream to write (e.g. shared/carousel.states).")
        var out: String

        @Option(
            name: .long,
            help: "Frames per second, as render --fps takes it.", transform: { try FrameRateArgument.parse($0) })
        var fps: SpringyKit.FrameRate?

        @Option(name: .long, help: "Seconds, as render --duration takes it.")
        var duration: Double?

        @Option(name: [.customShort("q"), .customLong("quality")], help: "The render's quality preset, for its frame rate.")
        var quality: QualityPreset?

        @Flag(name: .long, help: "Replace the file if it exists.")
        var overwrite = false

        @OptionGroup var limitOptions: LimitOptions

        func validate() throws {
            try refuseEmptyPaths([("--out", out)], scenes: [scene])
            if let d = duration, !(d > 0 && d <= 86_400) {
                throw ValidationError("--duration must be more than 0 and at most 86400 s, not \(d)")
            }
        }

        func run() throws {
            Interrupt.install()
            let loaded = try loadScenes([scene], limits: limitOptions.limits)[0]
            let s: Scene
            do {
                s = try loaded.retimed(
                    rate: fps ?? quality.map { SpringyKit.FrameRate($0.fps) }, duration: duration, limits: limitOptions.limits)
            } catch let p as Problems { throw ValidationError(p.description) }
            let started = Date()
            do {
                let (frames, bytes) = try s.writeStates(to: out, overwrite: overwrite) { try Interrupt.check() }
                say(
                    "\(s.slug): \(Wording.counted(frames, "frame state")) in \(String(format: "%.2f", Date().timeIntervalSince(started))) s, \(formatBytes(bytes)) → \(out)"
                )
            } catch let c as Cancelled {
                warn("springy: interrupted — \(out) not written")
                throw ExitCode(128 + (c.signal ?? 2))
            } catch { throw report(error) }
        }
    }
}
