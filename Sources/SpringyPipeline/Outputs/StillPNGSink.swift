import SpringyOutput
import SpringyTypes

/// `--format still`: each picked frame (the golden frames unless `--pick`) as a PNG image, the
/// very bytes `--format png` writes for that frame, named `still-NNNNN.png`: the pictures a
/// page shows, without every frame between.
enum StillPNGOutput: OutputKind {
    static var format: OutputFormat { .still }
    static var isStill: Bool { true }
    static func writes(_ name: String, job: RenderJob) -> Bool { name.hasPrefix("still-") && name.hasSuffix(".png") }

    /// `still-00042.png`: five digits at least, as frames are numbered.
    static func name(_ frame: Int) -> String {
        let digits = String(frame)
        return "still-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    static func make(_ context: SinkContext) throws -> any OutputSink {
        StillSink(PickedStates(context, fallback: .frames(context.scene.golden.frames))) { picked in
            var result = SinkResult(files: 0, bytes: 0)
            for state in picked {
                let png = try PNGCodec.encode(try context.renderer.render(state), settings: context.settings.png)
                result.bytes += try StillSink.write(png, name(state.frame), context)
                result.files += 1
            }
            return result
        }
    }
}
