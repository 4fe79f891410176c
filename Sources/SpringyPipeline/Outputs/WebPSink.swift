import SpringyOutput
import SpringyTypes

/// `--format webp`: libwebp frames muxed by Springy, lossless or at `--webp-quality`.
enum WebPOutput: OutputKind {
    static var format: OutputFormat { .webp }
    static var isAnimation: Bool { true }
    static var inGallery: Bool { true }
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.video(job.scene, "webp") }

    /// A WebP frame is at most 16383 pixels a side.
    static func preflight(_ context: SinkContext) throws {
        try context.refuseFramesOver(
            WebPWriter.maxSide, in: "WebP", alternative: "use a smaller --scale, or --format apng or gif")
    }

    static func make(_ context: SinkContext) throws -> any OutputSink {
        let quality = context.settings.encoders.webpQuality
        let writer = try WebPWriter(
            path: context.path(OutputNames.video(context.scene, "webp")), width: context.width,
            height: context.height, rate: context.rate, lossless: quality == nil, quality: quality ?? 100,
            opaque: context.opaque)
        return RGBAWriterSink(
            every: context.settings.every, add: { try writer.add(rgba: $0.encoded.rgba) }, finish: writer.finish,
            abandon: writer.abandon)
    }
}
