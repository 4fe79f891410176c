import Foundation
import SpringyCore
import SpringyOutput
import SpringyScene

/// A shard's report folder, read for `check --merge-reports`. Shard reports are CI artifacts made
/// by jobs that may run a pull request's code, so nothing in them is trusted: each scene's slug
/// must be one `Scene.slug` could make, and each picture must be `images/<slug>/frame-N[-kind].png`,
/// a regular file inside the shard folder reached through no symbolic link, and of a bounded size.
/// Anything else is an error naming the shard's report.json and the entry.
package struct ShardReport {
    package let folder: String
    package let report: CheckReport

    /// The largest report.json and picture read from a shard.
    package static let maxReportBytes = 64 << 20
    package static let maxImageBytes = 256 << 20

    package init(folder: String) throws {
        self.folder = folder
        let path = PathText.joined(folder, "report.json")
        try Self.checkRegularFile("report.json", in: folder, limit: Self.maxReportBytes, what: path)
        report = try CheckReport.read(path)
        for (i, scene) in report.scenes.enumerated() {
            let at = "\(path): scenes[\(i)]"
            guard Scene.isSlug(scene.slug) else {
                throw OutputError(
                    "\(at).slug: \(Self.quoted(scene.slug)) is not a scene name Springy writes (letters, digits, - _ .)")
            }
            for (j, s) in scene.strip.enumerated() { try checkImage(s.image, scene: scene.slug, at: "\(at).strip[\(j)].image") }
            for (j, f) in scene.frames.enumerated() {
                for (key, image) in [("expected", f.expected), ("actual", f.actual), ("diff", f.diff)] {
                    if let image { try checkImage(image, scene: scene.slug, at: "\(at).frames[\(j)].\(key)") }
                }
            }
            for (j, shot) in (scene.hashes?.shots ?? []).enumerated() {
                if let image = shot.image { try checkImage(image, scene: scene.slug, at: "\(at).hashes.shots[\(j)].image") }
            }
        }
    }

    /// The bytes of a picture the report names (already checked).
    package func image(_ relative: String) throws -> [UInt8] {
        do { return try ContainedFile.read(relative, in: folder, limit: Self.maxImageBytes) } catch let e as OutputError {
            throw OutputError("\(PathText.joined(folder, "report.json")): \(e.message)")
        }
    }

    /// `images/<slug>/frame-00042.png` or `…-expected.png`, `-actual`, `-diff`: the only names a report writes.
    package static func isImageName(_ name: Substring) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        var middle = name.dropFirst("frame-".count).dropLast(".png".count)
        for suffix in ["-expected", "-actual", "-diff"] where middle.hasSuffix(suffix) {
            middle = middle.dropLast(suffix.count); break
        }
        return middle.count >= 5 && middle.count <= 12 && middle.allSatisfy { $0.isASCII && $0.isNumber }
    }

    func checkImage(_ relative: String, scene slug: String, at: String) throws {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "images", parts[1] == slug, Self.isImageName(parts[2]) else {
            throw OutputError("\(at): \(Self.quoted(relative)) is not a picture of this report (images/\(slug)/frame-NNNNN.png)")
        }
        try Self.checkRegularFile(relative, in: folder, limit: Self.maxImageBytes, what: at)
    }

    static func checkRegularFile(_ relative: String, in folder: String, limit: Int, what: String) throws {
        if let why = ContainedFile.problem(relative, in: folder, limit: limit) { throw OutputError("\(what): \(why)") }
    }

    static func quoted(_ s: String) -> String {
        "\"" + escaped(String(s.prefix(200)), jsonEscape) + "\""
    }
}
