import SpringyOutput
import SpringyTypes

/// `--format apng` (and `springy docs`' animation): the frames as they come, each after the
/// first only the rectangle that changed; with `--apng-colors`, palette frames.
enum APNGOutput: OutputKind {
    static var format: OutputFormat { .apng }
    static var isAnimation: Bool { true }
    static var inGallery: Bool { true }
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.apng(job.scene) }

    static func make(_ context: SinkContext) throws -> any OutputSink {
        let path = context.path(OutputNames.apng(context.scene))
        if let colors = context.settings.encoders.apngMaxColors {
            let writer = try PaletteAPNGWriter(
                path: path, width: context.width, height: context.height, rate: context.rate, maxColors: colors)
            return RGBAWriterSink(
                every: context.settings.every, add: { try writer.add(rgba: $0.encoded.rgba) }, finish: { try writer.finish() },
                abandon: writer.abandon)
        }
        let writer = try APNGWriter(path: path, rate: context.rate, step: context.settings.every)
        let (width, height, opaque, every) = (context.width, context.height, context.opaque, context.settings.every)
        return RGBAWriterSink(
            add: { frame in
                guard frame.position % every == 0 else { return }
                try writer.add(
                    rgba: frame.encoded.rgba, width: width, height: height, opaque: opaque, settings: APNGWriter.compact)
            }, finish: { try writer.finish() }, abandon: writer.abandon)
    }
}
