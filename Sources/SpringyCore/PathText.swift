/// Path arithmetic on text, by POSIX's rules, without Foundation: this toolchain's
/// `NSString.deletingLastPathComponent` traps (SIGILL) on a one-character name such as `q`,
/// and every folder Springy makes or names goes through here instead.
package enum PathText {
    /// The path's parts between slashes, empty parts and `.` dropped: `./a//b/` → `[a, b]`.
    package static func components(_ path: String) -> [Substring] {
        path.split(separator: "/").filter { $0 != "." }
    }

    /// The folder holding `path`: `a/b/c` → `a/b`, `q` → `.`, `q/` → `.`, `/q` → `/`, `/` → `/`.
    package static func parent(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty else { return absolute ? "/" : "." }
        parts.removeLast()
        if parts.isEmpty { return absolute ? "/" : "." }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// The last part: `a/b.png` → `b.png`, `a/b/` → `b`, `/` → `/`.
    package static func lastComponent(_ path: String) -> String {
        guard let last = path.split(separator: "/").last else { return path.hasPrefix("/") ? "/" : "" }
        return String(last)
    }

    /// A name without its extension: `frame-00001.png` → `frame-00001`, `.hidden` → `.hidden`.
    package static func deletingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, !name[dot...].contains("/") else { return name }
        return String(name[..<dot])
    }

    /// The extension without its dot, or "" (`a/b.mp4` → `mp4`).
    package static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        let base = deletingExtension(name)
        return base == name ? "" : String(name.dropFirst(base.count + 1))
    }

    /// `name` in `folder` (`.` stays out: `q` + `.` → `q`).
    package static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The chain of folders from the first to `path` itself: `a/b/c` → `[a, a/b, a/b/c]`,
    /// `/x/y/` → `[/x, /x/y]`; `.`, `/` and `` give none.
    package static func prefixes(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/")
        var out: [String] = []
        var current = absolute ? "/" : ""
        for part in components(path) {
            current = current.isEmpty || current == "/" ? current + part : current + "/" + part
            out.append(current)
        }
        return out
    }

    /// `path` with `.` and `..` worked out textually (no links followed): `a/./b/../c` → `a/c`;
    /// `..` past the start of a relative path is kept (`../x`).
    package static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in components(path) {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `path` (relative to `cwd`, or absolute) as an absolute, normalized path.
    package static func absolute(_ path: String, cwd: String) -> String {
        normalized(path.hasPrefix("/") ? path : joined(cwd, path))
    }

    /// `path` as seen from `folder` (each relative to `cwd`, or absolute): `a/b/c.png` from `a/x`
    /// is `../b/c.png`.
    package static func relative(_ path: String, from folder: String, cwd: String) -> String {
        let target = components(absolute(path, cwd: cwd)), base = components(absolute(folder, cwd: cwd))
        var common = 0
        while common < target.count && common < base.count && target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A path written relative to folder `from` rewritten relative to folder `to` (absolute stays).
    package static func rebased(_ path: String, from: String, to: String, cwd: String) -> String {
        path.hasPrefix("/") ? path : relative(joined(from, path), from: to, cwd: cwd)
    }
}
