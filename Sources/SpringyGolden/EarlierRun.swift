import Foundation
import SpringyCore
import SpringyOutput
import SpringyScene

/// What an earlier `check` left in a folder it writes again: a report folder (index.html,
/// report.json, images/<slug>/frame-N[-kind].png) or a failures folder
/// (<slug>/frame-N-expected|actual|diff.png). Only names Springy writes, in folders named as a
/// scene's slug, are removed — never a link, never anything else the user keeps there — and
/// folders left empty go too. So a report or failures folder shows this run and nothing older.
package enum EarlierRun {
    /// The report folder's earlier report.
    package static func clearReport(_ dir: String) throws {
        for name in ["index.html", "report.json"] { try remove("\(dir)/\(name)") }
        try clearPictures(in: "\(dir)/images", slugs: nil, failuresOnly: false)
        try removeIfEmpty("\(dir)/images")
    }

    /// The failures folder's earlier pictures: of every scene, or of `slugs` only (a shard's).
    package static func clearFailures(_ dir: String, slugs: [String]? = nil) throws {
        try clearPictures(in: dir, slugs: slugs, failuresOnly: true)
    }

    static func clearPictures(in dir: String, slugs: [String]?, failuresOnly: Bool) throws {
        guard isFolder(dir), let folders = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for slug in folders.sorted() where Scene.isSlug(slug) && (slugs?.contains(slug) ?? true) {
            let folder = "\(dir)/\(slug)"
            guard isFolder(folder), let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where ShardReport.isImageName(Substring(name)) {
                if failuresOnly
                    && !(name.hasSuffix("-expected.png") || name.hasSuffix("-actual.png") || name.hasSuffix("-diff.png"))
                {
                    continue
                }
                try remove("\(folder)/\(name)")
            }
            try removeIfEmpty(folder)
        }
    }

    /// A folder itself, not a link to one.
    static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    /// A regular file Springy may have written (a link or anything else is left alone).
    static func remove(_ path: String) throws {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw OutputError("\(path): cannot remove the earlier run's file (\(String(cString: strerror(errno))))")
        }
    }

    static func removeIfEmpty(_ path: String) throws {
        guard isFolder(path), (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true else { return }
        rmdir(path)
    }
}
