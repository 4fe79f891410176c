// Prints the trace's and the pixels' hashes of the seed scenes named (all by default), drawn on
// the number of threads given first (1 by default): UIKitSeedsTests runs it in two processes and
// compares.
import Foundation
import SeedScenes
import SpringyKit

let threads = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1
let names = Array(CommandLine.arguments.dropFirst(2))
do {
    for scene in try SeedScenes.all() where names.isEmpty || names.contains(scene.slug) {
        let h = try scene.hashes(pixels: true, threads: threads)
        print("\(scene.slug) trace \(h.trace) pixels \(h.pixels ?? "-") frames \(h.frames)")
    }
} catch {
    FileHandle.standardError.write(Data("seed-hashes: \(error)\n".utf8))
    exit(1)
}
