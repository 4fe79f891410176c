import SpringyOutput
import SpringyTypes

/// `--format avif`: an animated AVIF (AV1 through libavif), which current browsers play as an
/// image; lossy at `--avif-quality` (default 80), lossless at 100; alpha kept.
enum AVIFOutput: OutputKind {
    static var format: OutputFormat { .avif }
    static var isAnimation: Bool { true }
    static var inGallery: Bool { true }
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.video(job.scene, "avif") }

    /// libaom encodes frames of at most 16384 pixels a side.
    static func preflight(_ context: SinkContext) throws {
        try context.refuseFramesOver(AVIFWriter.maxSide, in: "AVIF", alternative: "use a smaller --scale")
    }

    static func make(_ context: SinkContext) throws -> any OutputSink {
        let writer = try AVIFWriter(
            path: context.path(OutputNames.video(context.scene, "avif")), width: context.width, height: context.height,
            rate: context.rate, quality: context.settings.encoders.avifQuality, opaque: context.opaque)
        return RGBAWriterSink(
            every: context.settings.every, add: { try writer.add(rgba: $0.encoded.rgba) }, finish: writer.finish,
            abandon: writer.abandon)
    }
}
