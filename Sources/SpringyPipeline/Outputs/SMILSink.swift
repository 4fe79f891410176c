import SpringyOutput
import SpringyRender
import SpringyTypes

/// `--format smil`: the whole run as one SVG animated with SMIL, which browsers, GitHub's
/// `<img>` and DocC's `@Image` play: every element a vector drawn once, moved by keyframes
/// (within 0.25 px of every frame), text as glyph outlines; it loops. Drawn from the frames'
/// states, not their pixels, so `render --merge` cannot make it from shards' PNG frames.
enum SMILOutput: OutputKind {
    static var format: OutputFormat { .smil }
    static var inGallery: Bool { true }
    static var fileExtension: String { "svg" }
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.video(job.scene, "svg") }

    static func make(_ context: SinkContext) throws -> any OutputSink {
        let rate = context.rate
        return SMILSink(
            AnimatedSVG(renderer: context.renderer, rate: rate.description, seconds: rate.seconds),
            path: context.path(OutputNames.video(context.scene, fileExtension)))
    }
}

/// Collects the frames' states; the document is written whole at the end.
final class SMILSink: OutputSink {
    private let svg: AnimatedSVG
    private let path: String
    init(_ svg: AnimatedSVG, path: String) { self.svg = svg; self.path = path }
    var needs: SinkNeeds { [] }
    func add(_ frame: SinkFrame) throws { try svg.add(frame.state) }
    func finish() throws -> SinkResult {
        let bytes = try svg.finish()
        try AtomicFile.write(bytes, to: path)
        return SinkResult(files: 1, bytes: bytes.count)
    }
    func abandon() {}
}
