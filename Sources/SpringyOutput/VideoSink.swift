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

    public static func ffmpeg(output path: String, header: [UInt8]) throws -> VideoSink {
        guard let ffmpeg = FFmpeg.path else { throw OutputError("ffmpeg is not on PATH (apt-get install ffmpeg)") }
        let ext = (path as NSString).pathExtension
        let tmp = (path as NSString).deletingLastPathComponent + "/." + (path as NSString).deletingPathExtension.split(separator: "/").last!
            + AtomicFile.temporaryMarker + String(getpid()) + "." + ext
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        var args = ["-y", "-loglevel", "error", "-f", "yuv4mpegpipe", "-i", "-"]
        args += ext == "webm" ? ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32", "-pix_fmt", "yuv420p"]
                              : ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
        args.append(tmp)
        p.arguments = args
        let pipe = Pipe()
        p.standardInput = pipe
        try p.run()
        pipe.fileHandleForWriting.write(Data(header))
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
