// The seeds as scenes: each UIKit system with the script of the repository's YAML scene of the
// same system, for the tests, for seed-hashes and for seed-motion (Springy's command line with
// these scenes in it by name).
import Foundation
import SpringyKit
import UIKitSeeds

public enum SeedScenes {
    /// Every seed scene, in the order the command line runs them.
    public static func all() throws -> [Scene] {
        [try gravity(), try carousel(), try expandCollapse(), try expandSticky(), try dragMany(), try shuffledTiles()]
    }

    public static func gravity() throws -> Scene {
        try Scene(named: "gravity", duration: 8, untilRest: true) { GravityViewController() }
    }

    /// scenes/springy-carousel-insert.yaml's script: "+" at 0.5 s, a fling left at 2.6 s, "+" at 3.0 s.
    public static func carousel() throws -> Scene {
        try Scene(
            named: "springy-carousel-insert", duration: 6,
            script: [
                .at(0.5) { (vc: SpringyCarouselViewController) in vc.addTile() },
                .pan(at: 2.6, from: CGPoint(x: 320, y: 600), to: CGPoint(x: 140, y: 600), duration: 0.3, release: .fling),
                .at(3.0) { vc in vc.addTile() },
            ]
        ) { SpringyCarouselViewController() }
    }

    /// scenes/expand-collapse.yaml's taps as a finger's: it lands 0.1 s before the scene's tap
    /// and lifts at it (UIKit selects when the finger lifts).
    public static func expandCollapse() throws -> Scene {
        try Scene(
            named: "expand-collapse", duration: 4.5,
            script: [
                .tap(at: 0.5, CGPoint(x: 187, y: 550)),  // row 0.5, near the bottom: it grows and scrolls up
                .tap(at: 1.7, CGPoint(x: 187, y: 500)),  // the grown row again: it shrinks, the offset stays
                .tap(at: 2.9, CGPoint(x: 187, y: 150)),  // row 0.2
            ]
        ) { ExpandingListViewController(counts: [20]) }
    }

    /// scenes/expand-sticky.yaml's script: a scroll, then a tap on row 1.4 under section 1's pinned header.
    public static func expandSticky() throws -> Scene {
        try Scene(
            named: "expand-sticky", duration: 3.5,
            script: [
                .pan(at: 0.2, from: CGPoint(x: 187, y: 600), to: CGPoint(x: 187, y: 230), duration: 0.5, release: .hold),
                .tap(at: 0.9, CGPoint(x: 187, y: 460)),
            ]
        ) { ExpandingListViewController(counts: [3, 5, 4, 6], headerHeight: 40, pinsHeaders: true) }
    }

    /// scenes/drag-many.yaml's script: five cells selected by taps (each a finger that lands
    /// 0.05 s before the scene's tap and lifts at it), then a long press that drags them
    /// diagonally, holds and lets go.
    public static func dragMany() throws -> Scene {
        // Where the flow puts items 7, 14, 21, 33 and 40: six 50-pt columns 65 pt apart, rows 60 pt apart.
        func center(_ item: Int) -> CGPoint { CGPoint(x: 25 + 65 * (item % 6), y: 25 + 60 * (item / 6)) }
        return try Scene(
            named: "drag-many", duration: 5,
            script: [
                .tap(at: 0.15, center(7), duration: 0.05), .tap(at: 0.25, center(14), duration: 0.05),
                .tap(at: 0.35, center(21), duration: 0.05), .tap(at: 0.45, center(33), duration: 0.05),
                .tap(at: 0.55, center(40), duration: 0.05),
                .longPress(
                    at: 0.9, CGPoint(x: 155, y: 205), press: 0.5, through: [CGPoint(x: 155, y: 205), CGPoint(x: 320, y: 520)],
                    duration: 0.8, hold: 0.5),
            ]
        ) { DragGridViewController() }
    }

    /// Items and behaviors handed over in a Set's order (seeded per process).
    public static func shuffledTiles() throws -> Scene {
        try Scene(named: "shuffled-tiles", duration: 2) { ShuffledTilesViewController() }
    }
}
