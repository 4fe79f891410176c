// Prints the trace's and the pixels' hashes of UIKit scenes — the shuffled tiles (items and
// behaviors handed over in a Set's order) and the expanding list (taps, a batch update in a
// spring animation) — drawn on the number of threads given (1 by default): UIKitSeedsTests runs
// it in two processes and compares.
import Foundation
import SpringyKit
import UIKitSeeds

let threads = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1
do {
    let scenes = [
        try Scene(named: "shuffled-tiles", duration: 2) { ShuffledTilesViewController() },
        try Scene(
            named: "expanding-list", duration: 2,
            script: [.tap(at: 0.2, CGPoint(x: 187, y: 550)), .tap(at: 1.0, CGPoint(x: 187, y: 300))]
        ) { ExpandingListViewController(counts: [3, 5, 4, 6], headerHeight: 40, pinsHeaders: true) },
    ]
    for scene in scenes {
        let h = try scene.hashes(pixels: true, threads: threads)
        print("\(scene.name) trace \(h.trace) pixels \(h.pixels ?? "-") frames \(h.frames)")
    }
} catch {
    FileHandle.standardError.write(Data("seed-hashes: \(error)\n".utf8))
    exit(1)
}
