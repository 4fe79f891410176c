import SpringyCore
import SpringyTypes
import XCTest

/// Issue 44, item 8: boundaries scripts/mutate found unguarded in SpringyCore's helpers (a
/// whole-product sample: PathText.prefixes' `||`, PathText.relative's `&&`, the ear clip's
/// convexity test, TimedProgress.isFinished's `>=`), each on its boundary and one step past.
final class CoreBoundaryTests: XCTestCase {
    func testPrefixesOfRelativeAndAbsolutePaths() {
        XCTAssertEqual(PathText.prefixes("a/b/c"), ["a", "a/b", "a/b/c"], "a relative chain starts without a slash")
        XCTAssertEqual(PathText.prefixes("/x/y/"), ["/x", "/x/y"])
        XCTAssertEqual(PathText.prefixes("a"), ["a"])
        XCTAssertEqual(PathText.prefixes("/"), [])
        XCTAssertEqual(PathText.prefixes(""), [])
    }

    func testRelativeStopsAtTheFirstDifferenceAndAtTheShorterPath() {
        XCTAssertEqual(PathText.relative("a/b/c.png", from: "a/x", cwd: "/w"), "../b/c.png")
        // One path inside the other: the common part ends where the shorter one does.
        XCTAssertEqual(PathText.relative("a/b/c.png", from: "a/b", cwd: "/w"), "c.png")
        XCTAssertEqual(PathText.relative("a", from: "a/b/c", cwd: "/w"), "../..")
        XCTAssertEqual(PathText.relative("a/b", from: "a/b", cwd: "/w"), ".")
        // Equal up to a differing part that comes after a shared one.
        XCTAssertEqual(PathText.relative("/p/q/r", from: "/p/s/r", cwd: "/w"), "../../q/r")
    }

    /// A concave polygon is cut into triangles of positive area only; a point on an ear's edge is
    /// not inside it (the strict test), so collinear points do not block the clip.
    func testEarClippingOfAConcaveShapeCoversItsArea() {
        let arrow = [Vec2(0, 0), Vec2(4, 0), Vec2(4, 4), Vec2(2, 2), Vec2(0, 4)]
        let pieces = Polygon.convexPieces(arrow)
        XCTAssertGreaterThan(pieces.count, 1, "a concave shape is cut")
        let area = pieces.map { abs(Polygon.signedArea($0)) }.reduce(0, +)
        XCTAssertEqual(area, abs(Polygon.signedArea(arrow)), accuracy: 1e-9, "the pieces cover it exactly")
        for p in pieces { XCTAssertGreaterThan(Polygon.signedArea(p), 0, "every piece turns counter-clockwise") }
        // A point of the outline on the line between two others (a degenerate ear) is clipped
        // without a piece of zero area.
        let withCollinear = [Vec2(0, 0), Vec2(2, 0), Vec2(4, 0), Vec2(4, 4), Vec2(2, 2), Vec2(0, 4)]
        let cut = Polygon.convexPieces(withCollinear)
        XCTAssertEqual(
            cut.map { abs(Polygon.signedArea($0)) }.reduce(0, +), abs(Polygon.signedArea(withCollinear)), accuracy: 1e-9)
        for p in cut { XCTAssertGreaterThan(abs(Polygon.signedArea(p)), 1e-9) }
    }

    func testAProgressIsFinishedAtItsEndAndNotJustBefore() {
        let p = TimedProgress.easeInOut(start: 1, duration: 0.5)
        XCTAssertTrue(p.isFinished(at: 1.5), "at the end")
        XCTAssertTrue(p.isFinished(at: 1.5 - 1e-10), "a moment due at the end of a step counts as reached")
        XCTAssertFalse(p.isFinished(at: 1.5 - 1e-6), "one step before the end")
        XCTAssertEqual(p.progress(at: 1.5), 1)
    }

    /// Star-shaped outlines (simple by construction) with some vertices exactly on a diagonal:
    /// the pieces always cover the outline's area exactly, each turning counter-clockwise.
    func testEveryStarShapedOutlineIsCoveredExactly() {
        var random = SplitMix64(state: 44)
        for n in 0..<300 {
            let count = 5 + n % 12
            var outline: [Vec2] = []
            for k in 0..<count {
                let angle = 2 * Double.pi * Double(k) / Double(count)
                // Whole-number radii: notches often land exactly on a diagonal.
                let r = Double(2 + Int(random.next() % 5))
                outline.append(Vec2((r * cos(angle) * 4).rounded(), (r * sin(angle) * 4).rounded()))
            }
            let area = abs(Polygon.signedArea(outline))
            guard area > 1, Set(outline.map { "\($0.x),\($0.y)" }).count == outline.count else { continue }
            let pieces = Polygon.convexPieces(outline)
            XCTAssertEqual(
                pieces.map { abs(Polygon.signedArea($0)) }.reduce(0, +), area, accuracy: 1e-6, "outline \(n): \(outline)")
            for p in pieces {
                XCTAssertGreaterThan(Polygon.signedArea(p), 0, "outline \(n)")
                XCTAssertLessThanOrEqual(p.count, 8)
            }
        }
    }

    /// Box2D holds a convex polygon of up to 8 vertices (b2_maxPolygonVertices): a convex octagon
    /// is one piece as it is, a convex nonagon is cut.
    func testAConvexOutlineOfEightVerticesIsOnePieceAndOfNineIsCut() {
        func regular(_ n: Int) -> [Vec2] {
            (0..<n).map { k in
                Vec2(100 * cos(2 * Double.pi * Double(k) / Double(n)), 100 * sin(2 * Double.pi * Double(k) / Double(n)))
            }
        }
        XCTAssertEqual(Polygon.convexPieces(regular(8)).count, 1)
        XCTAssertEqual(Polygon.convexPieces(regular(8)).first?.count, 8)
        let nine = Polygon.convexPieces(regular(9))
        XCTAssertGreaterThan(nine.count, 1)
        XCTAssertTrue(nine.allSatisfy { $0.count <= 8 })
        XCTAssertEqual(nine.map { Polygon.signedArea($0) }.reduce(0, +), Polygon.signedArea(regular(9)), accuracy: 1e-6)
    }

    /// `--pick-count 1` is the last frame, not one past it; a count over the frames clamps.
    func testAPickOfOneIsTheLastFrame() {
        XCTAssertEqual(FramePick.evenly(1).resolve(count: 10), [9])
        XCTAssertEqual(FramePick.evenly(2).resolve(count: 10), [0, 9])
        XCTAssertEqual(FramePick.evenly(3).resolve(count: 1), [0])
        XCTAssertEqual(FramePick.frames([.index(12), .last]).resolve(count: 10), [9])
        XCTAssertEqual(FramePick.evenly(11).problem(count: 10), "11 frames asked for, and the scene has 10 frames")
        XCTAssertNil(FramePick.evenly(10).problem(count: 10))
    }
}
