import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyTestSupport
import XCTest

/// Issue 29, "done when": seven scenes written from SCENE-FORMAT with no style beyond
/// `appearance` and `chrome` look and move like their iOS counterparts (docs/ios-look.md).
/// Each claim the sheet makes is checked here against numbers taken from UIKit's documented
/// defaults and closed forms — not from Springy's code — on the committed goldens (which
/// GoldenTests holds equal to fresh renders) and on fresh traces.
final class IOSLookTests: XCTestCase {
    func golden(_ scene: String, _ frame: Int) throws -> RGBAImage {
        try RGBAImage.decode(file: packageRoot + "/golden/\(scene)/frame-\(String(format: "%05d", frame)).png")
    }

    /// The pixel at (x, y) points of a 2x picture.
    func rgb(_ img: RGBAImage, _ x: Double, _ y: Double) -> [UInt8] {
        let px = Int(x * 2), py = Int(y * 2), i = (py * img.width + px) * 4
        return Array(img.pixels[i..<(i + 3)])
    }

    func trace(_ scene: String) throws -> [FrameState] {
        let text = try String(contentsOfFile: packageRoot + "/scenes/\(scene).yaml", encoding: .utf8)
        return try frames(text, file: "\(scene).yaml")
    }

    func center(_ f: FrameState, _ id: String) throws -> Vec2 { try XCTUnwrap(item(f, id), "\(id) at frame \(f.frame)").center }

    /// True when a pixel of the rectangle (points) is within `tolerance` of `colour`.
    func has(_ img: RGBAImage, _ colour: [UInt8], x: ClosedRange<Double>, y: ClosedRange<Double>, tolerance: Int = 24) -> Bool {
        for py in Int(y.lowerBound * 2)...Int(y.upperBound * 2) {
            for px in Int(x.lowerBound * 2)...Int(x.upperBound * 2) {
                let i = (py * img.width + px) * 4
                if (0..<3).allSatisfy({ abs(Int(img.pixels[i + $0]) - Int(colour[$0])) <= tolerance }) { return true }
            }
        }
        return false
    }

    /// iOS Settings on a 390 pt iPhone: UITableView.Style.insetGrouped — 20 pt layout margins,
    /// 44 pt rows, 10 pt group corners, systemGroupedBackground (#F2F2F7) behind
    /// secondarySystemGroupedBackground (#FFFFFF) rows, opaqueSeparator (#C6C6C8) lines inset to
    /// the text, labels 16 pt in from the row's leading edge, content below the 47 pt status bar.
    func testSettings() throws {
        let f0 = try XCTUnwrap(try trace("ios-settings").first)
        XCTAssertEqual(f0.contentOffset.y, -47, "the content clears the status bar")
        let row = try XCTUnwrap(item(f0, "0.1"))
        XCTAssertEqual(row.size.width, 390 - 2 * 20, "20 pt margins on a 390 pt screen")
        XCTAssertEqual(row.size.height, 44)
        let img = try golden("ios-settings", 0)
        let top = row.center.y - 22  // row 0.1's top edge; row 0.0 is above it
        XCTAssertEqual(rgb(img, 10, 300), [0xF2, 0xF2, 0xF7], "systemGroupedBackground")
        XCTAssertEqual(rgb(img, 300, row.center.y), [255, 255, 255], "a white row")
        XCTAssertEqual(rgb(img, 20.5, top - 44 + 0.5), [0xF2, 0xF2, 0xF7], "the group's top corner is rounded off")
        XCTAssertEqual(rgb(img, 20.5, top + 0.5), [255, 255, 255], "a middle row's corner is square")
        XCTAssertEqual(rgb(img, 200, top - 0.5), [0xC6, 0xC6, 0xC8], "a separator between rows")
        XCTAssertEqual(rgb(img, 30, top - 0.5), [255, 255, 255], "inset to the text: none at the row's edge")
        XCTAssertTrue(has(img, [0, 0, 0], x: 36...40, y: (row.center.y - 6)...(row.center.y + 6)), "\"Wi-Fi\" starts 16 pt in")
        XCTAssertFalse(has(img, [0, 0, 0], x: 21...34, y: (row.center.y - 8)...(row.center.y + 8)), "nothing before it")
        // The pull rubber-bands and comes back to where it started.
        let frames = try trace("ios-settings")
        XCTAssertLessThan(try XCTUnwrap(frames.map(\.contentOffset.y).min()), -47 - 20, "pulled past the top")
        XCTAssertEqual(try XCTUnwrap(frames.last).contentOffset.y, -47, accuracy: 0.5, "back under the status bar")
    }

    /// A chat list in the dark appearance: UITableView.Style.plain — rows in systemBackground
    /// (#000000), square, opaqueSeparator (#38383A) lines from 16 pt in, white labels at the
    /// leading edge; the batch update inserts labelled rows.
    func testChats() throws {
        let img = try golden("ios-chat", 0)
        let f0 = try XCTUnwrap(try trace("ios-chat").first)
        let row = try XCTUnwrap(item(f0, "0.2"))
        XCTAssertEqual(row.size.height, 72)
        XCTAssertEqual(rgb(img, 300, row.center.y), [0, 0, 0], "rows in systemBackground, dark")
        XCTAssertEqual(rgb(img, 200, row.center.y + 35.75), [0x38, 0x38, 0x3A], "a separator")
        XCTAssertEqual(rgb(img, 8, row.center.y + 35.75), [0, 0, 0], "from 16 pt in")
        XCTAssertTrue(
            has(img, [255, 255, 255], x: 16...20, y: (row.center.y - 6)...(row.center.y + 6)), "a white label at 16 pt")
        let last = try golden("ios-chat", 149)
        let final = try XCTUnwrap(try trace("ios-chat").last)
        XCTAssertEqual(final.items.count, 10 + 2 - 1, "two inserted, one deleted")
        let first = try XCTUnwrap(item(final, "0.0"))
        XCTAssertTrue(
            has(last, [255, 255, 255], x: 16...60, y: (first.center.y - 6)...(first.center.y + 6)),
            "the inserted row carries its label")
    }

    /// isPagingEnabled: a scroll view stops on multiples of its bounds — a slow drag goes back,
    /// each fling moves one page.
    func testPhotoGridPages() throws {
        let frames = try trace("ios-photo-grid")
        let rests = frames.filter(\.atRest).map(\.contentOffset.x)
        XCTAssertEqual(frames[0].contentOffset.x, 0)
        let settled = try XCTUnwrap(frames.last)
        XCTAssertTrue(settled.atRest)
        XCTAssertEqual(settled.contentOffset.x, 2 * 390, "two flings, two pages")
        for x in rests { XCTAssertEqual(x.truncatingRemainder(dividingBy: 390), 0, "rests on a page: \(x)") }
        let img = try golden("ios-photo-grid", 0)
        XCTAssertEqual(rgb(img, 195, 5), [0, 0, 0], "Photos' black")
    }

    /// UIView.animate(withDuration: 0.5, usingSpringWithDamping: 0.8) finishes in its duration;
    /// SwiftUI's .spring(response: 0.35, dampingFraction: 0.7) and .spring(duration: 0.5,
    /// bounce: 0.3) come to rest where they were sent, the bouncy one overshooting first.
    func testCardSprings() throws {
        let frames = try trace("ios-card-springs")
        // Sent at 0.2 s for 0.5 s: there at 0.7 s (frame 42), not before.
        XCTAssertNotEqual(try XCTUnwrap(item(frames[36], "card")).size.width, 350, accuracy: 0.5)
        let opened = frames[42]
        let size = try XCTUnwrap(item(opened, "card")).size
        XCTAssertEqual([size.width, size.height], [350, 520])
        XCTAssertEqual(try center(opened, "card").x, 195, accuracy: 1e-4)
        XCTAssertEqual(try center(opened, "card").y, 440, accuracy: 1e-4)
        let peak = try XCTUnwrap(frames.prefix(54).compactMap { item($0, "badge")?.size.width }.max())
        XCTAssertGreaterThan(peak, 44 * 1.4, "the bouncy spring overshoots scale 1.4")
        let end = try XCTUnwrap(frames.last)
        XCTAssertEqual(try XCTUnwrap(item(end, "card")).size.width, 160, accuracy: 0.01)
        XCTAssertEqual(try center(end, "card").y, 620, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(item(end, "badge")).size.width, 44, accuracy: 0.01)
        let img = try golden("ios-card-springs", 0)
        XCTAssertEqual(rgb(img, 195 + 50, 620), [0x00, 0x7A, 0xFF], "a view's default tint: systemBlue")
        XCTAssertEqual(rgb(img, 290 + 13, 140), [0xFF, 0x3B, 0x30], "the badge")
        XCTAssertEqual(rgb(img, 290 - 21, 140 - 21), [255, 255, 255], "is round")
    }

    /// UIGravityBehavior's magnitude 1 is 1000 pt/s², stepped as Box2D steps (semi-implicit
    /// Euler at 1/120 s) with UIDynamicItemBehavior's default resistance 0.1 as linear damping.
    func testGravityToyFalls() throws {
        let frames = try trace("ios-gravity-toy")
        var v = 0.0, y = 150.0
        let dt = 1.0 / 120
        for _ in 0..<30 {
            v = (v + 1000 * dt) / (1 + dt * 0.1)
            y += v * dt
        }
        XCTAssertEqual(try center(frames[15], "a").y, y, accuracy: 0.02, "a has fallen for 30 steps")
        XCTAssertEqual(try center(frames[15], "a").x, 90, accuracy: 1e-4, "straight down")
        let resting = frames[Int(2.1 * 60)]
        for id in ["a", "b", "c", "d", "e"] {
            let it = try XCTUnwrap(item(resting, id))
            XCTAssertLessThanOrEqual(it.center.y, 844, "\(id) stays on screen: collision with the bounds")
        }
    }

    /// The springy list: while a finger drags the list up, rows ahead of it bunch up and rows
    /// behind it stretch, each lagging by its distance from the finger; none moves sideways.
    func testSpringyListLags() throws {
        let frames = try trace("ios-springy-list")
        let f = frames[50]
        let rows = f.items.sorted { $0.center.y < $1.center.y }
        for r in rows { XCTAssertEqual(r.center.x, 195, accuracy: 1e-4) }
        let finger = 380.0
        let pairs = Array(zip(rows, rows.dropFirst()))
        let above = pairs.filter { $0.1.center.y < finger - 64 }.map { $0.1.center.y - $0.0.center.y }
        let below = pairs.filter { $0.0.center.y > finger + 64 }.map { $0.1.center.y - $0.0.center.y }
        XCTAssertFalse(above.isEmpty || below.isEmpty)
        for p in above { XCTAssertLessThan(p, 64, "rows ahead of the finger bunch up") }
        for p in below { XCTAssertGreaterThan(p, 64, "rows behind it stretch") }
    }

    /// UICollectionViewCompositionalLayout: .groupPagingCentered rests the next card centred;
    /// .continuousGroupLeadingBoundary rests a group's leading edge on the section's inset.
    func testAppStoreRows() throws {
        let frames = try trace("ios-app-store")
        XCTAssertEqual(try center(frames[100], "0.1").x, 195, "the second card, centred")
        let end = try XCTUnwrap(frames.last)
        XCTAssertTrue(end.atRest)
        let shelf = end.items.filter { $0.id.hasPrefix("1.") }.map { $0.center.x - 50 }
        XCTAssertTrue(shelf.contains(20), "a group's leading edge on the 20 pt inset: \(shelf.sorted())")
        let img = try golden("ios-app-store", 0)
        XCTAssertEqual(rgb(img, 300, 70), [255, 255, 255], "headers without a band")
    }
}
