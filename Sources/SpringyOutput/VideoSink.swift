import Foundation

/// Where raw video frames go: a file (atomically), standard output, or an ffmpeg process.
public final class VideoSink {
    enum Kind { case file(FileHandle, tmp: String, path: String), stdout, process(Process, FileHandle, tmp: String, path: String) }
    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    public static func file(_ path: String, header: [UInt8]) throws -> VideoSink {
        let tmp = AtomicFile.temporaryPath(for: path)
        guard FileManager.default.createFile(atPath: tmp, contents: Data(header)), let h = FileHandle(forWritingAtPath: tmp) else {
            throw OutputError("cannot write \(path)")
        }
        h.seekToEndOfFile()
        return VideoSink(.file(h, tmp: tmp, path: path))
    }

    public static func stdout(header: [UInt8]) throws -> VideoSink {
        FileHandle.standardOutput.write(Data(header))
        return VideoSink(.stdout)
    }

    /// What an ffmpeg sink is fed: YUV4MPEG2 (4:4:4, BT.601 studio range, as `Y4M` writes
    /// it), or straight RGBA frames of the given size, which keep alpha.
    public enum FFmpegInput: Equatable {
        case y4m(header: [UInt8])
        case rgba(width: Int, height: Int, fps: Int)
    }

    /// The ffmpeg arguments for `output` (mp4 or webm): H.264 yuv420p with even sizes made by
    /// scaling, BT.709 tags and the index up front (+faststart) so browsers and QuickTime play
    /// it; VP9 yuv420p, or yuva420p (alpha kept) when fed RGBA.
    public static func ffmpegArguments(output: String, input: FFmpegInput) -> [String] {
        var args = ["-y", "-loglevel", "error"]
        switch input {
        case .y4m: args += ["-f", "yuv4mpegpipe", "-i", "-"]
        case let .rgba(w, h, fps): args += ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(w)x\(h)", "-r", "\(fps)", "-i", "-"]
        }
        let inMatrix: String
        if case .y4m = input { inMatrix = "in_color_matrix=bt601:in_range=tv:" } else { inMatrix = "" }
        let even = "scale=trunc((iw+1)/2)*2:trunc((ih+1)/2)*2:\(inMatrix)out_color_matrix=bt709:out_range=tv:flags=bicubic"
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        if (output as NSString).pathExtension == "webm" {
            let alpha: Bool
            if case .rgba = input { alpha = true } else { alpha = false }
            args += ["-vf", even, "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32", "-pix_fmt", alpha ? "yuva420p" : "yuv420p"]
            if alpha { args += ["-auto-alt-ref", "0"] }
            args += tags
        } else {
            args += ["-vf", even, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18"] + tags + ["-movflags", "+faststart"]
        }
        return args
    }

    public static func ffmpeg(output path: String, input: FFmpegInput) throws -> VideoSink {
        guard let ffmpeg = FFmpeg.path else { throw OutputError("ffmpeg is not on PATH (apt-get install ffmpeg)") }
        let ext = (path as NSString).pathExtension
        let tmp = (path as NSString).deletingLastPathComponent + "/." + ((path as NSString).deletingPathExtension as NSString).lastPathComponent
            + AtomicFile.temporaryMarker + String(getpid()) + "." + ext
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.arguments = ffmpegArguments(output: path, input: input) + ["-f", ext == "webm" ? "webm" : "mp4", tmp]
        let pipe = Pipe()
        p.standardInput = pipe
        do { try p.run() } catch { throw OutputError("cannot start ffmpeg for \(path): \(error.localizedDescription)") }
        if case .y4m(let header) = input { pipe.fileHandleForWriting.write(Data(header)) }
        return VideoSink(.process(p, pipe.fileHandleForWriting, tmp: tmp, path: path))
    }

    public func write(_ frame: [UInt8]) throws {
        switch kind {
        case .file(let h, _, _), .process(_, let h, _, _): h.write(Data(frame))
        case .stdout: FileHandle.standardOutput.write(Data(frame))
        }
    }

    public func finish() throws {
        switch kind {
        case let .file(h, tmp, path):
            h.closeFile()
            try AtomicFile.commit(tmp, to: path)
        case .stdout:
            break
        case let .process(p, h, tmp, path):
            h.closeFile()
            p.waitUntilExit()
            guard p.terminationStatus == 0, rename(tmp, path) == 0 else {
                unlink(tmp)
                throw OutputError("ffmpeg could not write \(path) (exit \(p.terminationStatus))")
            }
        }
    }

    /// Drops a half-written file.
    public func abandon() {
        switch kind {
        case let .file(h, tmp, _): h.closeFile(); unlink(tmp)
        case .stdout: break
        case let .process(p, h, tmp, _): h.closeFile(); p.terminate(); p.waitUntilExit(); unlink(tmp)
        }
    }
}

public enum FFmpeg {
    /// ffmpeg on PATH, if any.
    public static var path: String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
