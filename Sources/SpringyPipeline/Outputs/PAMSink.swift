import Foundation
import SpringyOutput
import SpringyTypes

/// `--format pam`: one Netpbm PAM image per frame (`frame-NNNNN.pam`, RGB_ALPHA, 8 bits, straight
/// alpha, uncompressed): each frame's exact pixels for tools that read Netpbm rather than PNG
/// (ffmpeg, ImageMagick, netpbm, NumPy in one line), with no decoder between.
enum PAMOutput: OutputKind {
    static var format: OutputFormat { .pam }
    static func writes(_ name: String, job: RenderJob) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".pam"), let n = Int(name.dropFirst(6).dropLast(4)) else { return false }
        return job.frameRange?.contains(n) ?? false
    }

    /// PAM's header for a `width` × `height` RGBA image (netpbm's pam(5)).
    static func header(width: Int, height: Int) -> [UInt8] {
        Array("P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
    }

    /// The folder is made by RenderJob before any sink.
    static func make(_ context: SinkContext) throws -> any OutputSink {
        Sink(folder: context.folder, header: header(width: context.width, height: context.height))
    }

    /// Each frame written whole as it comes; a stopped run removes them (only PNG frames resume).
    final class Sink: OutputSink {
        let folder: String
        let header: [UInt8]
        private var written: [String] = []
        private var bytes = 0
        init(folder: String, header: [UInt8]) { self.folder = folder; self.header = header }
        var needs: SinkNeeds { .rgba }
        func add(_ frame: SinkFrame) throws {
            let path = "\(folder)/\(OutputNames.frame(frame.index, extension: "pam"))"
            // The header, then the frame's RGBA as it is: no copy of the pixels a frame.
            let stream = try AtomicFile.Stream(path, folderMade: true)
            do {
                try stream.write(header)
                try stream.write(frame.encoded.rgba)
            } catch {
                stream.abandon()
                throw error
            }
            try stream.commit()
            written.append(path)
            bytes += header.count + frame.encoded.rgba.count
        }
        func finish() throws -> SinkResult { SinkResult(files: written.count, bytes: bytes) }
        func abandon() {
            for path in written { try? FileManager.default.removeItem(atPath: path) }
            written = []
        }
    }
}
