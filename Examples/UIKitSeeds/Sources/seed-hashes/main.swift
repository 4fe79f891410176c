// Prints the trace's and the pixels' hashes of the shuffled-tiles scene, drawn on the number of
// threads given (1 by default): UIKitSeedsTests runs it in two processes and compares.
import Foundation
import SpringyKit
import UIKitSeeds

let threads = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1
do {
    let scene = try Scene(named: "shuffled-tiles", duration: 2) { ShuffledTilesViewController() }
    let h = try scene.hashes(pixels: true, threads: threads)
    print("trace \(h.trace) pixels \(h.pixels ?? "-") frames \(h.frames)")
} catch {
    FileHandle.standardError.write(Data("seed-hashes: \(error)\n".utf8))
    exit(1)
}
