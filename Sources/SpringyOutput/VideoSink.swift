import Foundation
import SpringyCore
import SpringyTypes
import Synchronization

/// Where raw video frames go: a file (atomically), standard output, or an ffmpeg process.
/// Every write is checked; a failure names the path and the cause.
package final class VideoSink {
    /// ffmpeg and what it says on standard error (read as it goes, so it never blocks).
    final class Encoder: Sendable {
        let process: ChildProcess
        var input: FileHandle { process.input }
        let tmp: String
        let path: String
        private let said = Mutex(Data())
        private let readerDone = DispatchSemaphore(value: 0)

        init(process: ChildProcess, tmp: String, path: String) {
            self.process = process; self.tmp = tmp; self.path = path
            let stderr = process.errorOutput
            let reader = Thread { [self] in
                while true {
                    let chunk = stderr.availableData
                    if chunk.isEmpty { break }
                    said.withLock { $0.append(chunk) }
                }
                readerDone.signal()
            }
            reader.start()
        }

        /// Everything ffmpeg said, once it has exited.
        func messages() -> String {
            readerDone.wait()
            return said.withLock { String(decoding: $0, as: UTF8.self) }.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    enum Kind {
        case file(AtomicFile.Stream)
        case stdout
        case process(Encoder)
    }
    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    package static func file(_ path: String, header: [UInt8]) throws -> VideoSink {
        let stream = try AtomicFile.Stream(path)
        try stream.write(header)
        return VideoSink(.file(stream))
    }

    package static func stdout(header: [UInt8]) throws -> VideoSink {
        try StandardOutput.write(header)
        return VideoSink(.stdout)
    }

    /// What an ffmpeg sink is fed: YUV4MPEG2 (4:4:4, BT.601 studio range, as `Y4M` writes
    /// it), or straight RGBA frames of the given size, which keep alpha.
    package enum FFmpegInput: Equatable {
        case y4m(header: [UInt8])
        case rgba(width: Int, height: Int, rate: FrameRate)
    }

    /// The codec of a video file (SpringyTypes' VideoCodec, the one the library's users hold).
    package typealias Codec = VideoCodec

    /// `--codec`, `--crf` and `--pix-fmt`, when given (nil: the container's defaults).
    /// SpringyTypes' VideoOptions: the library's users hold the same value.
    package typealias Options = VideoOptions

    /// The ffmpeg arguments for `output` (mp4, mov or webm): H.264 yuv420p with even sizes made by
    /// scaling, BT.709 tags and the index up front (+faststart) so browsers and QuickTime play
    /// it; HEVC tagged hvc1 (QuickTime's); VP9 yuv420p, or yuva420p (alpha kept) when fed RGBA;
    /// ProRes 4444 (yuva444p10le, alpha kept when fed RGBA) in a .mov.
    package static func ffmpegArguments(output: String, input: FFmpegInput, options: Options = Options()) -> [String] {
        var args = ["-y", "-loglevel", "error"]
        switch input {
        case .y4m: args += ["-f", "yuv4mpegpipe", "-i", "-"]
        case .rgba(let w, let h, let rate):
            args += [
                "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(w)x\(h)", "-r",
                rate.isWhole ? "\(rate.numerator)" : "\(rate.numerator)/\(rate.denominator)", "-i", "-",
            ]
        }
        let inMatrix: String
        if case .y4m = input { inMatrix = "in_color_matrix=bt601:in_range=tv:" } else { inMatrix = "" }
        let even = "scale=trunc((iw+1)/2)*2:trunc((ih+1)/2)*2:\(inMatrix)out_color_matrix=bt709:out_range=tv:flags=bicubic"
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        let container = PathText.pathExtension(output)
        let alpha: Bool
        if case .rgba = input { alpha = true } else { alpha = false }
        let codec = options.codec ?? Codec.allowed(in: container)[0]
        func crf(_ fallback: Int) -> [String] { ["-crf", String(options.crf ?? fallback)] }
        switch codec {
        case .vp9:
            args +=
                ["-vf", even, "-c:v", "libvpx-vp9", "-b:v", "0"] + crf(32) + [
                    "-pix_fmt", options.pixelFormat ?? (alpha ? "yuva420p" : "yuv420p"),
                ]
            if alpha { args += ["-auto-alt-ref", "0"] }
            args += tags
        case .prores:
            // ProRes takes any size; 4444 keeps the alpha channel. Its encoder writes the colour
            // tags its frames carry (the options below do not reach it): setparams tags them.
            let scale =
                "scale=\(inMatrix)out_color_matrix=bt709:out_range=tv:flags=bicubic,"
                + "setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv"
            args +=
                [
                    "-vf", scale, "-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt",
                    options.pixelFormat ?? (alpha ? "yuva444p10le" : "yuv444p10le"),
                    "-vendor", "apl0",
                ] + tags
        case .hevc:
            args +=
                ["-vf", even, "-c:v", "libx265", "-pix_fmt", options.pixelFormat ?? "yuv420p"] + crf(23) + [
                    "-tag:v", "hvc1", "-x265-params", "log-level=error",
                ]
                + tags + ["-movflags", "+faststart"]
        case .h264:
            args +=
                ["-vf", even, "-c:v", "libx264", "-pix_fmt", options.pixelFormat ?? "yuv420p"] + crf(18) + tags + [
                    "-movflags", "+faststart",
                ]
        }
        // One encoder thread: threaded x264 (and libvpx) make other bytes, and other decoded
        // frames, from the same input run to run (drag-1000's mp4 differed in 104 of 240 frames
        // between two runs); Springy's outputs are reproducible to the byte.
        args += ["-threads", "1"]
        return args
    }

    package static func ffmpeg(output path: String, input: FFmpegInput, options: Options = Options()) throws -> VideoSink {
        guard let ffmpeg = FFmpeg.path else { throw OutputError("ffmpeg is not on PATH (apt-get install ffmpeg)") }
        let ext = PathText.pathExtension(path)
        let tmp = PathText.joined(
            PathText.parent(path),
            "." + PathText.deletingExtension(PathText.lastComponent(path))
                + AtomicFile.temporaryMarker + String(getpid()) + "." + ext)
        let arguments =
            ffmpegArguments(output: path, input: input, options: options) + [
                "-f", ext == "webm" ? "webm" : ext == "mov" ? "mov" : "mp4", tmp,
            ]
        let p = try ChildProcess(ffmpeg, arguments, what: path)
        let sink = VideoSink(.process(Encoder(process: p, tmp: tmp, path: path)))
        if case .y4m(let header) = input { try sink.write(header) }
        return sink
    }

    package func write(_ frame: [UInt8]) throws {
        switch kind {
        case .file(let stream): try stream.write(frame)
        case .stdout: try StandardOutput.write(frame)
        case .process(let e):
            if let err = frame.withUnsafeBytes({ AtomicFile.writeAll(e.input.fileDescriptor, $0) }) {
                // ffmpeg stopped reading: its own words say why.
                e.input.closeFile()
                e.process.wait()
                unlink(e.tmp)
                let said = e.messages()
                throw OutputError("ffmpeg could not write \(e.path): \(said.isEmpty ? String(cString: strerror(err)) : said)")
            }
        }
    }

    package func finish() throws {
        switch kind {
        case .file(let stream):
            try stream.commit()
        case .stdout:
            break
        case .process(let e):
            e.input.closeFile()
            let status = e.process.wait()
            // With -loglevel error, anything ffmpeg says is an error, even when it exits 0
            // (it does after "No space left on device" while writing the trailer).
            let said = e.messages()
            guard status == 0, said.isEmpty else {
                unlink(e.tmp)
                throw OutputError(
                    "ffmpeg could not write \(e.path) (exit \(status)): \(said.isEmpty ? "no message" : said)"
                )
            }
            try AtomicFile.commit(e.tmp, to: e.path)
        }
    }

    /// Drops a half-written file.
    package func abandon() {
        switch kind {
        case .file(let stream): stream.abandon()
        case .stdout: break
        case .process(let e):
            e.input.closeFile()
            e.process.terminate()
            e.process.wait()
            unlink(e.tmp)
        }
    }
}

/// Standard output, every write checked: a full disk behind a redirection is an error,
/// a closed pipe (`| head`) ends the run quietly.
package enum StandardOutput {
    package struct Closed: Error {}

    package static func write(_ bytes: [UInt8]) throws {
        guard let err = bytes.withUnsafeBytes({ AtomicFile.writeAll(1, $0) }) else { return }
        if err == EPIPE { throw Closed() }
        throw OutputError("cannot write to standard output: \(String(cString: strerror(err)))")
    }

    package static func write(_ text: String) throws { try write(Array(text.utf8)) }
}

package enum FFmpeg {
    /// ffmpeg on PATH, if any.
    package static var path: String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

extension VideoCodec {
    /// The codecs each container takes; the first is its default.
    package static func allowed(in container: String) -> [VideoCodec] {
        switch container {
        case "webm": return [.vp9]
        case "mov": return [.prores, .h264, .hevc]
        default: return [.h264, .hevc]  // open set: container names
        }
    }
}
