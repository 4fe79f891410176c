import SpringyOutput
import SpringyTypes

/// `--format y4m`: raw YUV 4:2:0 frames into a file, or to standard output (`-`).
enum Y4MOutput: OutputKind {
    static var format: OutputFormat { .y4m }
    static var isAnimation: Bool { true }
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.video(job.scene, "y4m") }

    static func warnings(_ context: SinkContext) -> [String] {
        context.opaque
            ? []
            : [
                "\(context.scene.file): the background is transparent, and y4m has no alpha: it shows black there (webm and apng keep alpha)"
            ]
    }

    static func make(_ context: SinkContext) throws -> any OutputSink {
        let header = Y4M.header(width: context.width, height: context.height, rate: context.rate)
        if context.settings.toStandardOutput {
            return FFmpegOutput.Sink(try VideoSink.stdout(header: header), needs: .y4m, path: nil)
        }
        let path = context.path(OutputNames.video(context.scene, "y4m"))
        return FFmpegOutput.Sink(try VideoSink.file(path, header: header), needs: .y4m, path: path)
    }
}

/// Videos encoded by ffmpeg, fed Y4M or (to keep alpha) RGBA on its standard input.
enum FFmpegOutput {
    /// `--format mp4`: H.264 (or `--codec`) through ffmpeg; no alpha.
    enum MP4: OutputKind {
        static var format: OutputFormat { .mp4 }
        static var isVideo: Bool { true }
        static var isAnimation: Bool { true }
        static var inGallery: Bool { true }
        static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.video(job.scene, "mp4") }
        static func warnings(_ context: SinkContext) -> [String] {
            context.opaque
                ? []
                : [
                    "\(context.scene.file): the background is transparent, and mp4 (H.264) has no alpha: it shows black there (webm and apng keep alpha)"
                ]
        }
        static func make(_ context: SinkContext) throws -> any OutputSink { try FFmpegOutput.make(context, "mp4", rgba: false) }
    }

    /// `--format webm`: VP9 through ffmpeg; a transparent background keeps its alpha.
    enum WebM: OutputKind {
        static var format: OutputFormat { .webm }
        static var isVideo: Bool { true }
        static var isAnimation: Bool { true }
        static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.video(job.scene, "webm") }
        static func make(_ context: SinkContext) throws -> any OutputSink {
            try FFmpegOutput.make(context, "webm", rgba: !context.opaque)
        }
    }

    /// `--format mov`: ProRes 4444 through ffmpeg; keeps a transparent background's alpha.
    enum MOV: OutputKind {
        static var format: OutputFormat { .mov }
        static var isVideo: Bool { true }
        static var isAnimation: Bool { true }
        static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.video(job.scene, "mov") }
        static func make(_ context: SinkContext) throws -> any OutputSink { try FFmpegOutput.make(context, "mov", rgba: true) }
    }

    static func make(_ context: SinkContext, _ ext: String, rgba: Bool) throws -> any OutputSink {
        let path = context.path(OutputNames.video(context.scene, ext))
        let input: VideoSink.FFmpegInput =
            rgba
            ? .rgba(width: context.width, height: context.height, rate: context.rate)
            : .y4m(header: Y4M.header(width: context.width, height: context.height, rate: context.rate))
        return Sink(
            try VideoSink.ffmpeg(output: path, input: input, options: context.settings.video), needs: rgba ? .rgba : .y4m,
            path: path)
    }

    final class Sink: OutputSink {
        let video: VideoSink
        let needs: SinkNeeds
        /// The file written (nil: standard output).
        let path: String?
        init(_ video: VideoSink, needs: SinkNeeds, path: String?) { self.video = video; self.needs = needs; self.path = path }
        func add(_ frame: SinkFrame) throws { try video.write(needs == .rgba ? frame.encoded.rgba : frame.encoded.y4m) }
        func finish() throws -> SinkResult {
            try video.finish()
            guard let path else { return SinkResult(files: 0, bytes: 0) }
            return SinkResult(files: 1, bytes: RenderJob.fileSize(path))
        }
        func abandon() { video.abandon() }
    }
}
