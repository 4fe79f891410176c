import SpringyOutput
import SpringyTypes

/// `--format png`: one PNG file per frame, each written whole as it comes (the only output a
/// stopped run keeps, and the one a resumed run completes).
enum PNGFramesOutput: OutputKind {
    static var format: OutputFormat { .png }
    static func writes(_ name: String, job: RenderJob) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png"), let n = Int(name.dropFirst(6).dropLast(4)) else { return false }
        return job.frameRange?.contains(n) ?? false
    }

    /// The folder is made by RenderJob before any sink.
    static func make(_ context: SinkContext) throws -> any OutputSink { Sink(folder: context.folder) }

    final class Sink: OutputSink {
        let folder: String
        /// Frames written whole so far.
        private(set) var written = 0
        private var bytes = 0
        init(folder: String) { self.folder = folder }
        var needs: SinkNeeds { .png }
        func add(_ frame: SinkFrame) throws {
            try AtomicFile.write(frame.encoded.png, to: "\(folder)/\(OutputNames.frame(frame.index))", folderMade: true)
            written += 1
            bytes += frame.encoded.png.count
        }
        func finish() throws -> SinkResult { SinkResult(files: written, bytes: bytes) }
        /// Frames already written are whole and kept (a resumed run completes them).
        func abandon() {}
    }
}
