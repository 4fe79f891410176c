import Foundation
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import XCTest

/// Issue 47: `--format smil`, a whole scene as one SVG animated with SMIL, played by a real
/// player. Headless Chromium opens the document, pauses its animations and sets the time of
/// every 10th frame; each screenshot, at the scene's scale, is compared with Springy's PNG of
/// that frame. Two rasterisers (Skia, Cairo) antialias edges differently, so the comparison
/// allows what antialiasing does and nothing more, as measured on these scenes: a pixel counts
/// as changed when a channel is more than 32 levels apart; at most 1 % of the pixels may
/// change, and no changed region may be thicker than 2 px (no changed pixel whose 3×3
/// neighbourhood is all changed: an edge drawn differently, never a shape moved or missing).
final class SMILFormatTests: XCTestCase {
    struct Difference {
        var changed = 0
        var total = 0
        /// Changed pixels whose whole 3×3 neighbourhood changed too.
        var thick = 0
        var fraction: Double { Double(changed) / Double(max(total, 1)) }
    }

    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> Difference {
        var d = Difference(total: a.width * a.height)
        guard a.width == b.width, a.height == b.height else {
            return Difference(changed: d.total, total: d.total, thick: d.total)
        }
        let w = a.width, h = a.height
        var changed = [Bool](repeating: false, count: d.total)
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                changed.withUnsafeMutableBufferPointer { c in
                    for i in 0..<(w * h) {
                        let j = 4 * i
                        if abs(Int(pa[j]) - Int(pb[j])) > 32 || abs(Int(pa[j + 1]) - Int(pb[j + 1])) > 32
                            || abs(Int(pa[j + 2]) - Int(pb[j + 2])) > 32
                        {
                            c[i] = true
                            d.changed += 1
                        }
                    }
                    guard w > 2, h > 2 else { return }
                    for y in 1..<(h - 1) {
                        for x in 1..<(w - 1) where c[y * w + x] {
                            var all = true
                            for dy in -1...1 where all {
                                for dx in -1...1 where !c[(y + dy) * w + x + dx] { all = false }
                            }
                            if all { d.thick += 1 }
                        }
                    }
                }
            }
        }
        return d
    }

    /// Renders `scene` as smil and png, plays the SVG in Chromium at every 10th frame's time and
    /// compares; returns the worst frame's difference.
    func check(_ scene: String, extra: [String] = [], every: Int = 10, file: StaticString = #filePath, line: UInt = #line)
        throws -> Difference
    {
        let chromium = try requireTool(
            "chromium", "Debian's chromium is not installed (.ci/run installs it): the SVG was not played")
        let dir = temporaryDirectory("smil-\(scene)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The SVG first, which says how many frames it holds; then PNG stills of every `every`th.
        let path = packageRoot + "/scenes/\(scene).yaml"
        let r = try runSpringy(["render", path, "--format", "smil", "--out", dir, "--quiet"] + extra)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        let folder = "\(dir)/\(scene)"
        let svg = try String(contentsOfFile: "\(folder)/\(scene).svg", encoding: .utf8)
        let count = try XCTUnwrap(
            svg.range(of: #"Springy: [0-9]+ frames"#, options: .regularExpression).map {
                Int(svg[$0].dropFirst(9).dropLast(7))!
            })
        let picked = Array(stride(from: 0, to: count, by: every))
        let stills = try runSpringy(
            [
                "render", path, "--format", "still", "--pick", picked.map(String.init).joined(separator: ","), "--out", dir,
                "--quiet",
            ]
                + extra)
        XCTAssertEqual(stills.status, 0, stills.stderr, file: file, line: line)
        func still(_ k: Int) throws -> RGBAImage {
            try RGBAImage.decodeWithLibpng(
                bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/still-\(String(format: "%05d", k)).png"))))
        }
        let first = try still(0)
        // The document's loop: `dur` of every animation; frame k shows at k × dur / frames.
        let dur = try XCTUnwrap(
            svg.range(of: #"dur="([0-9.]+)s""#, options: .regularExpression).map { Double(svg[$0].dropFirst(5).dropLast(2))! })
        let times = picked.map { String(Double($0) * dur / Double(count)) }
        let p = try runProgram(
            "/usr/bin/env",
            [
                "python3", packageRoot + "/scripts/svg-frames.py", chromium, "\(folder)/\(scene).svg", "\(first.width)",
                "\(first.height)", "\(dir)/shot",
            ]
                + times, timeout: 300)
        XCTAssertEqual(p.status, 0, p.stderr, file: file, line: line)
        var worst = Difference()
        for (i, k) in picked.enumerated() {
            let png = try still(k)
            let shot = try RGBAImage.decodeWithLibpng(
                bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/shot-\(i).png"))))
            let d = Self.difference(png, shot)
            XCTAssertLessThanOrEqual(
                d.fraction, 0.01, "\(scene) frame \(k): \(d.changed) of \(d.total) pixels changed", file: file, line: line)
            XCTAssertEqual(d.thick, 0, "\(scene) frame \(k): a changed region thicker than 2 px", file: file, line: line)
            if d.fraction > worst.fraction || d.thick > worst.thick { worst = d }
        }
        // In an <img> (GitHub's and DocC's way) it loads at its size and draws frame 0.
        let img = try RGBAImage.decodeWithLibpng(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/shot-img.png"))))
        XCTAssertLessThanOrEqual(Self.difference(first, img).fraction, 0.01, "\(scene) in an <img>", file: file, line: line)
        return worst
    }

    func testTheCarouselPlaysInChromiumAsItsFrames() throws {
        let worst = try check("springy-carousel")
        print("springy-carousel: worst frame \(worst.changed) of \(worst.total) pixels changed, \(worst.thick) thick")
    }

    /// Views that turn and collide under a status bar; a device frame; a dark list.
    func testTurningViewsADeviceFrameAndADarkListPlayAsTheirFrames() throws {
        for scene in ["ios-gravity-toy", "device-carousel", "dark-list"] {
            let worst = try check(scene)
            print("\(scene): worst frame \(worst.changed) of \(worst.total) pixels changed, \(worst.thick) thick")
        }
    }

    /// The comparison itself: one pixel of a shape moved by 3 px is a thick change.
    func testTheComparisonSeesAMovedShape() {
        func square(at x0: Int) -> RGBAImage {
            var px = [UInt8](repeating: 255, count: 20 * 20 * 4)
            for y in 5..<15 { for x in x0..<(x0 + 6) { px[4 * (y * 20 + x)] = 0; px[4 * (y * 20 + x) + 1] = 0 } }
            return RGBAImage(width: 20, height: 20, pixels: px)
        }
        XCTAssertEqual(Self.difference(square(at: 5), square(at: 5)).changed, 0)
        XCTAssertEqual(Self.difference(square(at: 5), square(at: 6)).thick, 0, "a 1 px shift: two 1 px edges")
        XCTAssertGreaterThan(Self.difference(square(at: 2), square(at: 9)).thick, 0, "moved: thick regions")
    }
}
