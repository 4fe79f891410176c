import ArgumentParser
import Foundation
import SpringyScene

// Scene files named on the command line: loaded, checked for shared names, or found in scenes/.

/// Loads every scene, printing each bad one's error; throws exit code 2 if any was bad.
func loadScenes(_ paths: [String], limits: SceneLimits = .default) throws -> [Scene] {
    var scenes: [Scene] = []
    var bad = false
    for p in paths {
        do { scenes.append(try SceneLoader.load(path: p, limits: limits)) } catch {
            warn("\(error)")
            bad = true
        }
    }
    if bad { throw ExitCode(2) }
    return scenes
}

/// Scenes whose outputs (or goldens) live in a folder named after the file must not share
/// that name: two `carousel.yaml` from different folders would mix their frames. Refuses
/// (exit 2) naming both files.
/// `flag` is the option that names the shared folder (`--out`, `--golden`, `--docc`).
func refuseSharedNames(_ scenes: [Scene], flag: String, folder: (Scene) -> String) throws {
    var owner: [String: String] = [:]
    for scene in scenes {
        let f = folder(scene)
        if let other = owner[f], other != scene.file {
            warn(
                "springy: \(other) and \(scene.file) would both write into \(f) (scenes are named by their file name, \(scene.slug)); rename one, or run them separately with different \(flag)"
            )
            throw ExitCode(2)
        }
        owner[f] = scene.file
    }
}

/// The scenes in `scenes/` when none are named.
func defaultScenes() throws -> [String] {
    let dir = "scenes"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
        warn("springy: no scenes named and no scenes/ folder here")
        throw ExitCode(2)
    }
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted().map { "\(dir)/\($0)" }
}
