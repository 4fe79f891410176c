import SpringyOutput
import SpringyTypes

/// `--format gif`: palette frames through libimagequant and giflib, over white where the
/// background is transparent.
enum GIFOutput: OutputKind {
    static var format: OutputFormat { .gif }
    static var isAnimation: Bool { true }
    static var inGallery: Bool { true }
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.video(job.scene, "gif") }

    static func warnings(_ context: SinkContext) -> [String] {
        context.opaque
            ? []
            : [
                "\(context.scene.file): the background is transparent, and a GIF has no partial alpha: it is drawn over white (webp and apng keep alpha)"
            ]
    }

    static func make(_ context: SinkContext) throws -> any OutputSink {
        let writer = try GIFWriter(
            path: context.path(OutputNames.video(context.scene, "gif")), width: context.width, height: context.height,
            rate: context.rate, maxColors: context.settings.encoders.gifColors, opaque: context.opaque)
        return RGBAWriterSink(
            every: context.settings.every, add: { try writer.add(rgba: $0.encoded.rgba, index: $0.position) },
            finish: { try writer.finish() },
            abandon: writer.abandon)
    }
}
