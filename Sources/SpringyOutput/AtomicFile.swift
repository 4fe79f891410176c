import Foundation
import SpringyCore

/// Writes files whole or not at all: to a temporary name in the same folder, then rename.
package enum AtomicFile {
    /// Temporary files carry this marker so an interrupted run's leftovers can be recognised.
    package static let temporaryMarker = ".springy-tmp-"

    /// Where a file is written before it is renamed to `path`: hidden, marked, per process.
    package static func temporaryPath(for path: String) -> String {
        PathText.joined(PathText.parent(path), "." + PathText.lastComponent(path) + temporaryMarker + String(getpid()))
    }

    /// Moves a finished temporary file into place, or removes it and fails.
    package static func commit(_ tmp: String, to path: String) throws {
        guard rename(tmp, path) == 0 else {
            let err = errno
            unlink(tmp)
            throw OutputError("cannot write \(path): \(String(cString: strerror(err)))")
        }
    }

    /// `bytes` as the file `path`, whole or not at all. `folderMade` skips making its folder
    /// (for a sink writing frame after frame into the folder it made first: a few path checks
    /// a frame).
    package static func write(_ bytes: [UInt8], to path: String, folderMade: Bool = false) throws {
        let stream = try Stream(path, folderMade: folderMade)
        do { try stream.write(bytes) } catch { stream.abandon(); throw error }
        try stream.commit()
    }

    /// `bytes` to a file descriptor, all of them, or the errno that stopped it.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var written = 0
        while written < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 { if errno == EINTR { continue }; return errno }
            written += n
        }
        return nil
    }

    /// A file written piece by piece under a temporary name, every write and the close checked,
    /// renamed into place only when whole (`commit`); on any failure the temporary file is gone.
    package final class Stream {
        package let path: String
        let tmp: String
        var fd: Int32
        /// Bytes written so far (the file's length).
        package private(set) var written = 0

        package init(_ path: String, folderMade: Bool = false) throws {
            self.path = path
            if !folderMade { try AtomicFile.makeParent(of: path) }
            tmp = AtomicFile.temporaryPath(for: path)
            fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw OutputError("cannot write \(path): \(String(cString: strerror(errno)))") }
        }

        package func write(_ bytes: [UInt8]) throws {
            guard fd >= 0 else { throw OutputError("cannot write \(path): already closed") }
            if let err = bytes.withUnsafeBytes({ AtomicFile.writeAll(fd, $0) }) {
                abandon()
                throw OutputError("cannot write \(path): \(String(cString: strerror(err)))")
            }
            written += bytes.count
        }

        /// Overwrites bytes already written, at `offset` (a length or count known only at the end).
        package func patch(_ bytes: [UInt8], at offset: Int) throws {
            guard fd >= 0 else { throw OutputError("cannot write \(path): already closed") }
            precondition(offset >= 0 && offset + bytes.count <= written, "a patch goes over bytes already written")
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
                if n < 0 {
                    if errno == EINTR { continue }; let err = errno; abandon();
                    throw OutputError("cannot write \(path): \(String(cString: strerror(err)))")
                }
                done += n
            }
        }

        /// Closes (a failed close loses data too) and renames into place.
        package func commit() throws {
            let status = close(fd)
            let err = errno
            fd = -1
            if status != 0 {
                unlink(tmp)
                throw OutputError("cannot write \(path): \(String(cString: strerror(err)))")
            }
            try AtomicFile.commit(tmp, to: path)
        }

        /// Drops the temporary file.
        package func abandon() {
            if fd >= 0 { close(fd); fd = -1 }
            unlink(tmp)
        }

        deinit { if fd >= 0 { abandon() } }
    }

    /// Creates the folders a file's path names above it (none for a bare name).
    package static func makeParent(of path: String) throws {
        let parent = PathText.parent(path)
        if !parent.isEmpty && parent != "." && parent != "/" { try makeDirectory(parent) }
    }

    /// The destination of one output file, checked before any work: not a folder, not an existing
    /// file unless `overwrite`, its parent folders made (or the file in their way named).
    package static func prepare(_ path: String, overwrite: Bool, flag: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            if isDir.boolValue { throw OutputError("\(flag) \(path) is a folder: name a file") }
            if !overwrite { throw OutputError("\(path) exists; pass --overwrite to replace it") }
        }
        try makeParent(of: path)
    }

    /// Creates a folder (and its parents), with a clear error naming the path and the cause.
    /// Correct for every spelling of a path (`q`, `q/`, `./q`, `a/b/c`, absolute, trailing
    /// slashes): the parts are walked from the first (PathText), never through NSString.
    package static func makeDirectory(_ path: String) throws {
        guard !path.isEmpty else { throw OutputError("cannot create a folder with an empty name") }
        for folder in PathText.prefixes(path) {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) {
                guard isDir.boolValue else {
                    throw OutputError("cannot use \(folder) as a folder: a file of that name is in the way")
                }
                continue
            }
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                throw OutputError("cannot create folder \(folder): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Scratch space next to `path`: a file opened and at once unlinked, so nothing is left of it
    /// whatever happens to the process (frames kept until an animation's palette is known).
    package final class Spill {
        let fd: Int32
        package private(set) var size = 0

        package init(near path: String) throws {
            let name = AtomicFile.temporaryPath(for: path + ".spill")
            fd = open(name, O_RDWR | O_CREAT | O_EXCL | O_TRUNC, 0o600)
            guard fd >= 0 else { throw OutputError("cannot write \(name): \(String(cString: strerror(errno)))") }
            unlink(name)
        }

        deinit { close(fd) }

        /// Appends `bytes`; returns where they are.
        package func append(_ bytes: [UInt8]) throws -> Range<Int> {
            if let err = bytes.withUnsafeBytes({ AtomicFile.writeAll(fd, $0) }) {
                throw OutputError("cannot write scratch space beside the output: \(String(cString: strerror(err)))")
            }
            defer { size += bytes.count }
            return size..<(size + bytes.count)
        }

        package func read(_ range: Range<Int>) throws -> [UInt8] {
            var out = [UInt8](repeating: 0, count: range.count)
            var done = 0
            while done < range.count {
                let n = out.withUnsafeMutableBytes {
                    pread(fd, $0.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw OutputError("cannot read scratch space back: \(String(cString: strerror(errno)))") }
                done += n
            }
            return out
        }
    }

    /// Removes the temporary files in `dir` that this process left, and those of processes that
    /// are gone (an interrupted run's). Another live process's are never touched: shards of one
    /// render share a folder (docs/sharding.md), each writing its own temporaries.
    package static func removeLeftovers(in dir: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for n in names.sorted() where n.hasPrefix(".") {
            guard let pid = owner(ofTemporary: n) else { continue }
            if pid == getpid() || !processExists(pid) { unlink(PathText.joined(dir, n)) }
        }
    }

    /// The process id a temporary file's name carries (`.name.springy-tmp-PID[.ext]`), or nil.
    package static func owner(ofTemporary name: String) -> pid_t? {
        guard let marker = name.range(of: temporaryMarker) else { return nil }
        let digits = name[marker.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 10, let pid = Int32(digits), pid > 0 else { return nil }
        return pid
    }

    /// Whether a process with this id is running (one we may not signal is running too).
    package static func processExists(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
