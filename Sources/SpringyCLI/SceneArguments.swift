import ArgumentParser
import Foundation
import SpringyKit

// Scene files named on the command line: loaded, checked for shared names, or found in scenes/.

/// Loads every scene, printing each bad one's error; throws exit code 2 if any was bad.
func loadScenes(_ paths: [String], limits: Limits = Limits()) throws -> [Scene] {
    var scenes: [Scene] = []
    var bad = false
    for p in paths {
        do { scenes.append(try Scene(contentsOfFile: p, limits: limits)) } catch {
            _ = report(error)
            bad = true
        }
    }
    if bad { throw ExitCode(2) }
    return scenes
}

/// Scenes whose outputs (or goldens) live in a folder named after the file must not share
/// that name (Scene.refuseSharedFolders); refused with exit 2.
/// `flag` is the option that names the shared folder (`--out`, `--golden`, `--docc`).
func refuseSharedNames(_ scenes: [Scene], flag: String, folder: (Scene) -> String) throws {
    do { try Scene.refuseSharedFolders(scenes, flag: flag, folder: folder) } catch let p as Problems {
        warn("springy: \(p)")
        throw ExitCode(2)
    }
}

/// The scenes when none are named: a program's Swift scenes (SpringyCommand), then those in `scenes/`.
func defaultScenes() throws -> [String] {
    let dir = "scenes"
    let swift = Scene.registeredNames
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
        if !swift.isEmpty { return swift }
        warn("springy: no scenes named and no scenes/ folder here")
        throw ExitCode(2)
    }
    return swift
        + names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted().map { "\(dir)/\($0)" }
}
