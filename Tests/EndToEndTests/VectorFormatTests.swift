import Foundation
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import XCTest

/// Issue 47: `--format smil` (a whole scene as one SVG animated with SMIL), `lottie` and
/// `dotlottie`, played by real players. Headless Chromium opens the SVG, pauses its animations
/// and sets the time of every 10th frame; Debian's rlottie and ThorVG (thorvg-python) render
/// the Lottie's frames; the dotLottie opens with Python's zipfile and plays in ThorVG; the
/// Lottie validates against the 1.0 schema (PyPI's lottie-specs). Each picture, at the
/// scene's scale, is compared with Springy's PNG of that frame. Two rasterisers (Skia, Cairo) antialias edges differently, so the comparison
/// allows what antialiasing does and nothing more, as measured on these scenes: a pixel counts
/// as changed when a channel is more than 32 levels apart; at most 1 % of the pixels may
/// change, and no changed region may be thicker than 2 px (no changed pixel whose 3×3
/// neighbourhood is all changed: an edge drawn differently, never a shape moved or missing).
final class VectorFormatTests: XCTestCase {
    struct Difference {
        var changed = 0
        var total = 0
        /// Changed pixels whose whole 3×3 neighbourhood changed too.
        var thick = 0
        var fraction: Double { Double(changed) / Double(max(total, 1)) }
    }

    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> Difference {
        var d = Difference(total: a.width * a.height)
        guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else {
            return Difference(changed: d.total, total: d.total, thick: d.total)
        }
        let w = a.width, h = a.height
        var changed = [Bool](repeating: false, count: d.total)
        var marked: [Int] = []
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                changed.withUnsafeMutableBufferPointer { c in
                    // Equal stretches of 16 pixels are skipped by memcmp (most of a frame is the
                    // same in both); only the others are looked at pixel by pixel.
                    let chunk = 16
                    var start = 0
                    while start < w * h {
                        let n = min(chunk, w * h - start)
                        if memcmp(pa.baseAddress! + 4 * start, pb.baseAddress! + 4 * start, 4 * n) != 0 {
                            for i in start..<(start + n) {
                                let j = 4 * i
                                if abs(Int(pa[j]) - Int(pb[j])) > 32 || abs(Int(pa[j + 1]) - Int(pb[j + 1])) > 32
                                    || abs(Int(pa[j + 2]) - Int(pb[j + 2])) > 32
                                {
                                    c[i] = true
                                    marked.append(i)
                                }
                            }
                        }
                        start += n
                    }
                    d.changed = marked.count
                    guard w > 2, h > 2 else { return }
                    // A changed pixel whose eight neighbours all changed is inside a region
                    // thicker than 2 px.
                    for i in marked {
                        let x = i % w, y = i / w
                        guard x > 0, y > 0, x < w - 1, y < h - 1 else { continue }
                        var all = true
                        for dy in -1...1 where all {
                            for dx in -1...1 where !c[(y + dy) * w + x + dx] { all = false }
                        }
                        if all { d.thick += 1 }
                    }
                }
            }
        }
        return d
    }

    /// Renders `scene` as smil (and, with `lottie`, lottie and dotlottie) once, and PNG stills
    /// of every `every`th frame; plays the SVG in Chromium and the Lottie in rlottie and ThorVG
    /// at those frames and compares each with its still. `schema`: validate the dotLottie's
    /// animation against the Lottie 1.0 schema too.
    func check(_ scene: String, lottie: Bool = true, schema: Bool = false, every: Int = 10, line: UInt = #line) throws {
        let chromium = try requireTool(
            "chromium", "Debian's chromium is not installed (.ci/run installs it): the SVG was not played")
        _ = try requireTool("python3", "python3 runs the players' scripts")
        let dir = temporaryDirectory("vector-\(scene)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = packageRoot + "/scenes/\(scene).yaml"
        let formats = lottie ? "smil,lottie,dotlottie" : "smil"
        let r = try runSpringy(["render", path, "--format", formats, "--out", dir, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr, line: line)
        let folder = "\(dir)/\(scene)", svgPath = "\(folder)/\(scene).svg"
        let json = "\(folder)/\(scene).json", dot = "\(folder)/\(scene).lottie"
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        // The SVG says how many frames it holds and its loop's length.
        let count = try XCTUnwrap(
            svg.range(of: #"Springy: [0-9]+ frames"#, options: .regularExpression).map { Int(svg[$0].dropFirst(9).dropLast(7))! })
        let dur = try XCTUnwrap(
            svg.range(of: #"dur="([0-9.]+)s""#, options: .regularExpression).map { Double(svg[$0].dropFirst(5).dropLast(2))! })
        let picked = Array(stride(from: 0, to: count, by: every))
        let stills = try runSpringy(
            [
                "render", path, "--format", "still", "--pick", picked.map(String.init).joined(separator: ","), "--out", dir,
                "--quiet",
            ])
        XCTAssertEqual(stills.status, 0, stills.stderr, line: line)
        var decoded: [Int: RGBAImage] = [:]  // looked up by frame, never iterated
        func still(_ k: Int) throws -> RGBAImage {
            if let known = decoded[k] { return known }
            let image = try RGBAImage.decodeWithLibpng(
                bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/still-\(String(format: "%05d", k)).png"))))
            decoded[k] = image
            return image
        }
        let first = try still(0)
        func compare(_ player: String, _ frames: [Int], _ shot: (Int) throws -> RGBAImage) throws {
            var worst = Difference()
            for (i, k) in frames.enumerated() {
                let d = Self.difference(try still(k), try shot(i))
                XCTAssertLessThanOrEqual(
                    d.fraction, 0.01, "\(scene) in \(player) frame \(k): \(d.changed) of \(d.total) pixels changed", line: line)
                XCTAssertEqual(d.thick, 0, "\(scene) in \(player) frame \(k): a changed region thicker than 2 px", line: line)
                if d.fraction > worst.fraction || d.thick > worst.thick { worst = d }
            }
            print("\(scene) in \(player): worst frame \(worst.changed) of \(worst.total) pixels changed, \(worst.thick) thick")
        }
        // The SVG in Chromium, paused at each frame's time; and in an <img>, frame 0.
        let p = try runProgram(
            "/usr/bin/env",
            [
                "python3", packageRoot + "/scripts/svg-frames.py", chromium, svgPath, "\(first.width)", "\(first.height)",
                "\(dir)/shot",
            ]
                + picked.map { String(Double($0) * dur / Double(count)) }, timeout: 300)
        XCTAssertEqual(p.status, 0, p.stderr, line: line)
        func png(_ name: String) throws -> RGBAImage {
            try RGBAImage.decodeWithLibpng(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name).png"))))
        }
        try compare("Chromium", picked) { try png("shot-\($0)") }
        // An <img> plays from when it loads and cannot be paused: it shows the loop at some
        // time between 0 and how long the page was open (a slow machine shows a later time),
        // between two frames as SMIL interpolates. This proves the file loads and draws in an
        // <img> (every frame's match is proved paused, above): the nearest of those frames
        // must match within twice the paused fraction, since a view caught half a frame from
        // each leaves an edge band on both sides (measured: 1.12 % for the dark list shot at
        // 0.73 s, 0.79 % for the gravity toy at 0.7 s; an <img> that draws nothing, a white
        // page, changes 8.1 % to 99.4 % of these scenes' first frames), and the band's
        // thickness is not asked of it.
        let open = try XCTUnwrap(
            Double(
                try String(contentsOfFile: "\(dir)/shot-img.seconds", encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
        let shown = Self.framesShown(openFor: open, count: count, duration: dur)
        let missing = shown.filter { decoded[$0] == nil && !picked.contains($0) }
        if !missing.isEmpty {
            let more = try runSpringy(
                [
                    "render", path, "--format", "still", "--pick", missing.map(String.init).joined(separator: ","),
                    "--out", "\(dir)/img", "--quiet",
                ])
            XCTAssertEqual(more.status, 0, more.stderr, line: line)
            for k in missing {
                let file = "\(dir)/img/\(scene)/still-\(String(format: "%05d", k)).png"
                decoded[k] = try RGBAImage.decodeWithLibpng(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
            }
        }
        let img = try png("shot-img")
        var best = Difference(changed: Int.max, total: 1)
        for k in shown {
            let d = Self.difference(try still(k), img)
            if d.fraction < best.fraction { best = d }
        }
        XCTAssertLessThanOrEqual(
            best.fraction, 0.02, "\(scene) in an <img> open \(open) s: \(best.changed) of \(best.total) pixels changed",
            line: line)
        print("\(scene) in an <img> open \(open) s: \(best.changed) of \(best.total) pixels changed (frames 0...\(shown.last!))")
        guard lottie else { return }
        if schema {
            let valid = try runProgram("/usr/bin/env", ["python3", packageRoot + "/scripts/lottie-validate.py", dot])
            XCTAssertEqual(valid.status, 0, "the Lottie 1.0 schema: " + valid.stdout + valid.stderr, line: line)
        }
        // The Lottie in rlottie and ThorVG; the dotLottie (opened with zipfile) in ThorVG.
        for (player, file, frames) in [("rlottie", json, picked), ("thorvg", json, picked), ("thorvg", dot, [0, picked.last!])] {
            let out = "\(dir)/\(player)-\((file as NSString).pathExtension)"
            let run = try runProgram(
                "/usr/bin/env",
                ["python3", packageRoot + "/scripts/lottie-frames.py", player, file, "\(first.width)", "\(first.height)", out]
                    + frames.map(String.init), timeout: 300)
            XCTAssertEqual(run.status, 0, "\(player): " + run.stderr, line: line)
            try compare("\(player) (\((file as NSString).lastPathComponent))", frames) {
                RGBAImage(
                    width: first.width, height: first.height,
                    pixels: Array(try Data(contentsOf: URL(fileURLWithPath: "\(out)-\($0).rgba"))))
            }
        }
    }

    /// The frames an <img> of a loop of `count` frames over `duration` seconds can show after
    /// being open `openFor` seconds: the first up to the one at or after that time, or every
    /// frame once the loop may have come round.
    static func framesShown(openFor: Double, count: Int, duration: Double) -> [Int] {
        guard count > 0 else { return [] }
        guard openFor < duration else { return Array(0..<count) }
        return Array(0...min(count - 1, Int((openFor * Double(count) / duration).rounded(.up))))
    }

    func testAnImgShowsTheFramesUpToTheTimeItWasOpen() {
        XCTAssertEqual(Self.framesShown(openFor: 0, count: 10, duration: 1), [0])
        XCTAssertEqual(Self.framesShown(openFor: 0.1, count: 10, duration: 1), [0, 1])
        XCTAssertEqual(Self.framesShown(openFor: 0.101, count: 10, duration: 1), [0, 1, 2])
        XCTAssertEqual(Self.framesShown(openFor: 0.95, count: 10, duration: 1), Array(0..<10))
        XCTAssertEqual(Self.framesShown(openFor: 0.999, count: 10, duration: 1), Array(0..<10))
        XCTAssertEqual(Self.framesShown(openFor: 1, count: 10, duration: 1), Array(0..<10), "the loop came round")
        XCTAssertEqual(Self.framesShown(openFor: 0.5, count: 0, duration: 1), [])
    }

    func testTheCarouselPlaysInChromiumRlottieAndThorVGAsItsFrames() throws { try check("springy-carousel", schema: true) }

    /// Cells fading in and out as they are inserted and deleted: each faded as a whole.
    func testFadingCellsPlayAsTheirFrames() throws { try check("batch-updates", schema: true, every: 10) }

    /// Views that turn and collide under a status bar: every 20th frame in the players (each
    /// frame's keys are checked in process, AnimatedSVGTests and AnimatedLottieTests).
    func testTurningViewsPlayAsTheirFrames() throws { try check("ios-gravity-toy", every: 20) }

    /// A device frame and its clipped screen: every 20th frame (the frame never moves; a
    /// springy carousel like the one checked at every 10th frame moves inside it).
    func testADeviceFramePlaysAsItsFrames() throws { try check("device-carousel", every: 20) }

    /// A dark list: its selected row's outline is drawn inside the row's shape (a clip of the
    /// look's own), a masked layer in the Lottie.
    func testADarkListPlaysAsItsFrames() throws { try check("dark-list") }

    /// The docs' light and dark variants: `docs --for docc` writes NAME.svg and NAME~dark.svg
    /// beside their posters (NAME@2x.png and NAME~dark@2x.png, the scene's last golden frame, as
    /// PNG frames are drawn); each SVG in Chromium, paused at that frame's time, is its poster
    /// within the same tolerance — and the dark one is dark.
    func testTheDocsLightAndDarkVariantsPlayAsTheirPosters() throws {
        let chromium = try requireTool(
            "chromium", "Debian's chromium is not installed (.ci/run installs it): the SVG was not played")
        let dir = temporaryDirectory("vector-variants")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try runSpringy([
            "docs", packageRoot + "/scenes/ios-settings.yaml", "--for", "docc", "--docc", "\(dir)/S.docc", "--every", "1",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        var brightness: [Double] = []
        for variant in ["", "~dark"] {
            let resources = "\(dir)/S.docc/Resources/ios-settings\(variant)"
            let poster = try RGBAImage.decodeWithLibpng(
                bytes: Array(try Data(contentsOf: URL(fileURLWithPath: resources + "@2x.png"))))
            let svg = try String(contentsOfFile: resources + ".svg", encoding: .utf8)
            XCTAssertTrue(svg.contains("Springy: 150 frames"), "every frame of 2.5 s at 60 fps")
            // The last frame, 149, at its time in the 2.5 s loop.
            let p = try runProgram(
                "/usr/bin/env",
                [
                    "python3", packageRoot + "/scripts/svg-frames.py", chromium, resources + ".svg", "\(poster.width)",
                    "\(poster.height)", "\(dir)/shot\(variant)", "\(149 * 2.5 / 150)",
                ], timeout: 300)
            XCTAssertEqual(p.status, 0, p.stderr)
            let shot = try RGBAImage.decodeWithLibpng(
                bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/shot\(variant)-0.png"))))
            let d = Self.difference(poster, shot)
            XCTAssertLessThanOrEqual(d.fraction, 0.01, "ios-settings\(variant): \(d.changed) of \(d.total) pixels changed")
            XCTAssertEqual(d.thick, 0, "ios-settings\(variant): a changed region thicker than 2 px")
            print("ios-settings\(variant) in Chromium: \(d.changed) of \(d.total) pixels changed")
            var sum = 0.0
            for k in stride(from: 0, to: shot.pixels.count, by: 4) { sum += Double(shot.pixels[k + 1]) }
            brightness.append(sum / Double(shot.pixels.count / 4))
        }
        XCTAssertGreaterThan(brightness[0], 200, "the light variant is light")
        XCTAssertLessThan(brightness[1], 60, "the dark variant is dark")
    }

    /// What Lottie export cannot draw (a picture) is refused up front, naming the scene and the
    /// key, and nothing is written; the SVG draws it.
    func testALookLottieCannotDrawIsRefusedWithItsPlace() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let dot = try PNGCodec.encode(rgba: [UInt8](repeating: 200, count: 4 * 4 * 4), width: 4, height: 4, opaque: true)
        try Data(dot).write(to: URL(fileURLWithPath: "\(dir)/dot.png"))
        try """
        springy: 1
        viewport: { size: [100, 100], scale: 1 }
        time: { fps: 10, duration: 0.5 }
        items:
          photo: { center: [50, 50], size: [40, 40], image: dot.png }
        """.write(toFile: "\(dir)/photo.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", "\(dir)/photo.yaml", "--format", "lottie", "--out", "\(dir)/out"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(
            r.stderr.contains("photo.yaml: items.photo.image: a picture has no Lottie form in Springy yet")
                && r.stderr.contains("--format smil does"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out/photo/photo.json"), "nothing half-written")
        let svg = try runSpringy(["render", "\(dir)/photo.yaml", "--format", "smil", "--out", "\(dir)/out", "--quiet"])
        XCTAssertEqual(svg.status, 0, svg.stderr)
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
