import Foundation
import SpringyCore

/// A file read from inside a folder that someone else may have filled (a shard's report, a
/// repository's `.springy-failures`): a regular file of bounded size, reached from the folder
/// through no symbolic link, so nothing outside the folder can be read through it.
package enum ContainedFile {
    /// Checks `relative` (a path inside `folder`, no `..`) and returns nil when it is fine, or why not.
    package static func problem(_ relative: String, in folder: String, limit: Int) -> String? {
        let parts = relative.split(separator: "/")
        guard !parts.isEmpty, !parts.contains(".."), !relative.hasPrefix("/") else {
            return "\(relative) is not inside \(folder)"
        }
        let path = PathText.joined(folder, relative)
        var current = folder
        for part in parts {
            current = PathText.joined(current, String(part))
            var st = stat()
            guard lstat(current, &st) == 0 else { return "\(current): \(String(cString: strerror(errno)))" }
            let type = st.st_mode & S_IFMT
            if type == S_IFLNK { return "\(current) is a symbolic link; only files of the folder's own are read" }
            if current == path {
                guard type == S_IFREG else { return "\(current) is not a regular file" }
                guard Int(st.st_size) <= limit else { return "\(current) is \(st.st_size) bytes, more than the \(limit) allowed" }
            } else if type != S_IFDIR {
                return "\(current) is not a folder"
            }
        }
        return nil
    }

    /// The file's bytes, opened without following a link at its last step either (the check and
    /// the open cannot be raced into reading elsewhere).
    package static func read(_ relative: String, in folder: String, limit: Int) throws -> [UInt8] {
        if let why = problem(relative, in: folder, limit: limit) { throw OutputError(why) }
        let path = PathText.joined(folder, relative)
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { throw OutputError("\(path): \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let data = try handle.read(upToCount: limit + 1) ?? Data()
        guard data.count <= limit else { throw OutputError("\(path) is more than the \(limit) bytes allowed") }
        return Array(data)
    }
}
