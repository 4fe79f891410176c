import SpringyOutput

/// `--format apng` (and `springy docs`' animation): the frames as they come, each after the
/// first only the rectangle that changed; with `--apng-colors`, palette frames.
enum APNGOutput: OutputKind {
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.apng(job.scene) }

    static func make(_ context: SinkContext) throws -> any OutputSink {
        let path = context.path(OutputNames.apng(context.scene))
        if let colors = context.settings.apngMaxColors {
            return Palette(
                try PaletteAPNGWriter(
                    path: path, width: context.width, height: context.height,
                    fps: context.fps, maxColors: colors))
        }
        return Full(try APNGWriter(path: path, fps: context.fps, step: context.settings.every), context: context)
    }

    final class Full: OutputSink {
        let writer: APNGWriter
        let width: Int, height: Int, opaque: Bool, every: Int
        init(_ writer: APNGWriter, context: SinkContext) {
            self.writer = writer
            width = context.width; height = context.height; opaque = context.opaque; every = context.settings.every
        }
        var needs: SinkNeeds { .rgba }
        func add(_ frame: SinkFrame) throws {
            guard frame.position % every == 0 else { return }
            try writer.add(rgba: frame.encoded.rgba, width: width, height: height, opaque: opaque, settings: APNGWriter.compact)
        }
        func finish() throws -> SinkResult { SinkResult(files: 1, bytes: try writer.finish()) }
        func abandon() { writer.abandon() }
    }

    final class Palette: OutputSink {
        let writer: PaletteAPNGWriter
        init(_ writer: PaletteAPNGWriter) { self.writer = writer }
        var needs: SinkNeeds { .rgba }
        func add(_ frame: SinkFrame) throws { try writer.add(rgba: frame.encoded.rgba) }
        func finish() throws -> SinkResult { SinkResult(files: 1, bytes: try writer.finish()) }
        func abandon() { writer.abandon() }
    }
}
