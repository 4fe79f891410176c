import Foundation
import SpringyCore
import SpringyOutput
import SpringyScene

/// Goldens nothing asks for any more: frames a scene's `golden.frames` no longer names (its
/// `last` moved, a frame was dropped), a trace golden of a scene that keeps none, and folders of
/// scenes that were renamed or removed. `check` lists them; `check --record all --prune` removes
/// them. Only names Springy writes are ever listed or removed, never through a link.
extension GoldenStore {
    /// frame-NNNNN.png, trace.tsv.gz or environment.txt.
    static func isGoldenName(_ name: String) -> Bool {
        name == "trace.tsv.gz" || name == GoldenEnvironment.fileName || name == FrameHashes.fileName
            || (ShardReport.isImageName(Substring(name)) && !name.contains("-expected") && !name.contains("-actual")
                && !name.contains("-diff"))
    }

    /// The scene's golden files that no frame of this run asks for (`asked`: the golden frames'
    /// numbers), in name order.
    package func staleFiles(_ scene: Scene, asked: [Int]) -> [String] {
        let folder = "\(goldenRoot)/\(scene.slug)"
        guard EarlierRun.isFolder(folder), let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return []
        }
        let wanted =
            asked.map { OutputNames.frame($0) } + (scene.golden.trace == nil ? [] : ["trace.tsv.gz"])
            + (scene.golden.hashes ? [FrameHashes.fileName] : [])
        return names.sorted().filter { Self.isGoldenName($0) && $0 != GoldenEnvironment.fileName && !wanted.contains($0) }
            .map { "\(folder)/\($0)" }
    }

    /// Folders of the golden root named as a scene would be, holding goldens, that belong to none
    /// of `slugs` (checked only when every scene is: a renamed or removed scene's).
    package func staleFolders(keeping slugs: [String]) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: goldenRoot) else { return [] }
        return names.sorted().filter { name in
            guard Scene.isSlug(name), !slugs.contains(name), EarlierRun.isFolder("\(goldenRoot)/\(name)") else { return false }
            let inside = (try? FileManager.default.contentsOfDirectory(atPath: "\(goldenRoot)/\(name)")) ?? []
            return inside.contains(where: Self.isGoldenName)
        }.map { "\(goldenRoot)/\($0)" }
    }

    /// Removes stale goldens (files, or a folder's golden files and then the folder if it is
    /// left empty); a line per path removed.
    package func prune(_ paths: [String]) throws -> [String] {
        var lines: [String] = []
        for path in paths {
            if EarlierRun.isFolder(path) {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                for name in names.sorted() where Self.isGoldenName(name) { try EarlierRun.remove("\(path)/\(name)") }
                try EarlierRun.removeIfEmpty(path)
                lines.append("removed \(path)/: no scene of this check has that name")
            } else {
                try EarlierRun.remove(path)
                lines.append("removed \(path): no frame asks for it")
            }
        }
        return lines
    }
}
