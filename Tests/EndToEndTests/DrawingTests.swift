import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringyTestSupport
import XCTest

/// What the pictures show: labels readable and on top, trails that keep z-order and overlays.
final class DrawingTests: XCTestCase {
    /// Renders `text` as scene `s.yaml` with `args`; returns the output folder and the run.
    func render(_ text: String, _ args: [String], name: String = #function) throws -> (dir: String, result: RunResult) {
        let dir = temporaryDirectory(name)
        try text.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", "\(dir)/s.yaml", "--out", dir] + args)
        XCTAssertEqual(r.status, 0, r.stderr)
        return ("\(dir)/s", r)
    }

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * image.width + x) * 4
        return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
    }

    /// A dark box labelled "WWW" with (or without) a thick red spring through its middle.
    func labelled(springs: Bool) -> String {
        scene(
            200, 120, time: "fps: 10, duration: 0.1",
            """
            style: { springs: \(springs), spring_color: "#FF0000", spring_width: 10, font_size: 30 }
            items:
              box: { center: [130, 60], size: [120, 60], fill: "#1C1C1E", label: "WWW" }
            behaviors:
              - attachment: { item: box, to: [10, 60], frequency: 1, damping: 1 }
              - item: { items: [box], anchored: true }
            """)
    }

    func testARightToLeftHeadersTitleIsDrawnAtItsRightEdge() throws {
        func ink(rightToLeft: Bool) throws -> (left: Int, right: Int) {
            let text = scene(
                300, 100, time: "fps: 10, duration: 0.1",
                """
                style: { header: "#FFFFFF", header_text: "#000000", header_font_size: 20 }
                collection:
                  layout: { kind: list, header_height: 40, right_to_left: \(rightToLeft) }
                  sections:
                    - { items: 1, header: "Title" }
                """)
            let image = try RGBAImage.decode(
                file: try render(text, ["--frames", "0"], name: "rtl\(rightToLeft)").dir + "/frame-00000.png")
            var counts = (left: 0, right: 0)
            for y in 0..<40 {
                for x in 0..<300 where pixel(image, x, y).r < 128 { if x < 150 { counts.left += 1 } else { counts.right += 1 } }
            }
            return counts
        }
        let ltr = try ink(rightToLeft: false), rtl = try ink(rightToLeft: true)
        XCTAssertGreaterThan(ltr.left, 0)
        XCTAssertEqual(ltr.right, 0)
        XCTAssertEqual(rtl.left, 0)
        XCTAssertEqual(rtl.right, ltr.left, "the same title, moved to the right edge")
    }

    func testLabelsAreDrawnOverSprings() throws {
        let plain = try RGBAImage.decode(
            file: try render(labelled(springs: false), ["--frames", "0"], name: "plain").dir + "/frame-00000.png")
        let sprung = try RGBAImage.decode(
            file: try render(labelled(springs: true), ["--frames", "0"], name: "sprung").dir + "/frame-00000.png")
        var ink = 0, covered = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                let p = pixel(plain, x, y)
                guard p.r > 240 && p.g > 240 && p.b > 240 && x > 80 else { continue }  // the label's white ink on the box
                ink += 1
                let q = pixel(sprung, x, y)
                if q.g < 200 { covered += 1 }
            }
        }
        XCTAssertGreaterThan(ink, 100)
        XCTAssertEqual(covered, 0, "no ink of the label is under the spring")
    }

    func testWithoutAStyleColourLabelsMeetWCAGAAOnEveryFill() throws {
        for seed in 0..<30 {
            for fill in Palette.seeded(seed, count: 24) {
                let text = fill.readableText
                XCTAssertGreaterThanOrEqual(text.contrast(with: fill), 4.5, "seed \(seed): \(fill)")
            }
        }
        XCTAssertEqual(Color(hex: "#FFD60A")!.readableText, .black)
        XCTAssertEqual(Color(hex: "#1C1C1E")!.readableText, .white)
    }

    func testLongTextIsCutWithAnEllipsisOrWrappedNeverShrunk() {
        let measure: (String) -> Double = { Double($0.count) * 10 }
        XCTAssertEqual(TextFit.lines("Hello world", width: 60, maxLines: 1, measure: measure), ["Hello…"])
        XCTAssertEqual(TextFit.lines("Hello world", width: 60, maxLines: 2, measure: measure), ["Hello", "world"])
        XCTAssertEqual(TextFit.lines("Hello big world", width: 60, maxLines: 2, measure: measure), ["Hello", "big w…"])
        XCTAssertEqual(TextFit.lines("Fits", width: 60, maxLines: 1, measure: measure), ["Fits"])
        XCTAssertEqual(TextFit.lines("Supercalifragilistic", width: 60, maxLines: 3, measure: measure), ["Super…"])
    }

    /// A line break in a label breaks the line, as UILabel's does (issue 47: it drew a box):
    /// each paragraph fitted in turn; when lines run out first, the last shown is cut.
    func testALineBreakBreaksTheLine() {
        let measure: (String) -> Double = { Double($0.count) * 10 }
        func fit(_ text: String, _ lines: Int, _ mode: LineBreak = .truncateTail) -> [String] {
            TextFit.lines(text, width: 60, maxLines: lines, mode: mode, measure: measure)
        }
        XCTAssertEqual(fit("One\nTwo", 2), ["One", "Two"])
        XCTAssertEqual(fit("One\r\nTwo", 2), ["One", "Two"])
        XCTAssertEqual(fit("One\n\nTwo", 3), ["One", "", "Two"], "an empty paragraph is an empty line")
        XCTAssertEqual(fit("One\nTwo", 1), ["One…"], "text follows the last line shown")
        XCTAssertEqual(fit("Hello\nTwo", 1), ["Hello…"])
        XCTAssertEqual(fit("Hello!\nTwo", 1), ["Hello…"], "a full last line makes room for the ellipsis")
        XCTAssertEqual(fit("One\nTwo", 1, .clip), ["One"])
        XCTAssertEqual(fit("Hello world\nTwo", 3), ["Hello", "world", "Two"])
        XCTAssertEqual(fit("Hello world\nTwo", 2), ["Hello", "world…"])
        XCTAssertEqual(fit("One\nTwo", Int.max), ["One", "Two"], "numberOfLines = 0")
    }

    /// UILabel's lineBreakMode (scene files' `line_break`), 6 characters to the width.
    func testEachLineBreakModeCutsWhereTheTextDoesNotFit() {
        let measure: (String) -> Double = { Double($0.count) * 10 }
        func fit(_ text: String, _ lines: Int, _ mode: LineBreak) -> [String] {
            TextFit.lines(text, width: 60, maxLines: lines, mode: mode, measure: measure)
        }
        XCTAssertEqual(fit("Hello world", 1, .truncateHead), ["…world"])
        XCTAssertEqual(fit("Hello world", 1, .truncateMiddle), ["Hel…ld"])
        XCTAssertEqual(fit("Hello world", 1, .clip), ["Hello "])
        XCTAssertEqual(fit("Hello world", 1, .wordWrap), ["Hello "])
        XCTAssertEqual(fit("Hello big world", 2, .wordWrap), ["Hello", "big wo"])
        XCTAssertEqual(fit("Hello big world", 2, .truncateHead), ["Hello", "…world"])
        XCTAssertEqual(fit("Helloworld12", 2, .charWrap), ["Hellow", "orld12"])
        XCTAssertEqual(fit("Helloworld12345", 2, .charWrap), ["Hellow", "orld12"])
        XCTAssertEqual(fit("Helloworld12345", 2, .truncateTail), ["Hello…"], "one word too wide: its start")
        // On the width nothing is cut in any mode; one character past it, every mode cuts.
        for mode in LineBreak.allCases {
            XCTAssertEqual(fit("Hello!", 1, mode), ["Hello!"], "\(mode)")
            XCTAssertEqual(fit("Hello!!", 1, mode).first?.count, 6, "\(mode)")
        }
    }

    func testAGlyphTheFontLacksIsAWarningNamingTheText() throws {
        let text = scene(
            100, 100, time: "fps: 10, duration: 0.1",
            """
            items:
              box: { center: [50, 50], size: [80, 40], label: "日本" }
            """)
        let r = try render(text, ["--frames", "0"]).result
        XCTAssertTrue(r.stderr.contains("warning") && r.stderr.contains("日本"), r.stderr)
    }

    func testADraggedCellsTrailIsOverTheGridAndKeepsTheSprings() throws {
        let text = scene(
            300, 300, time: "fps: 20, duration: 1.6",
            """
            style: { cell: "#8E8E93", cell_selected: "#FF0000", springs: true, spring_color: "#00FF00", spring_width: 3 }
            collection:
              layout: { kind: flow }
              sections:
                - items: 100
              selection: ["0.0"]
              dynamics: { kind: drag }
            script:
              - at: 0
                long_press: { at: [35, 35], press: 0.1, path: [[35, 35], [265, 35]], duration: 1.0, hold: 1 }
            """)
        let dir = try render(text, ["--format", "trail", "--pick", "0,8,12,16,31"]).dir
        let trail = try RGBAImage.decode(file: "\(dir)/s-trail.png")
        // Along the drag, over grey grid cells, the red ghosts show (red above green and blue).
        var tinted = 0
        for x in stride(from: 80, to: 240, by: 4) {
            let p = pixel(trail, x, 35)
            if p.r > p.g + 20 { tinted += 1 }
        }
        XCTAssertGreaterThan(tinted, 10, "ghosts of the dragged cell are drawn over the grid")
        var green = 0
        for i in stride(from: 0, to: trail.pixels.count, by: 4)
        where trail.pixels[i + 1] > 200 && trail.pixels[i] < 80 && trail.pixels[i + 2] < 80 {
            green += 1
        }
        XCTAssertGreaterThan(green, 10, "the springs are in the trail")
    }

    /// A trail shows the status bar over everything, as every frame does; overlapping faint
    /// copies do not add up into darker patches (each copy replaces the older ones it covers).
    func testATrailHasTheStatusBarAndItsCopiesDoNotAddUp() throws {
        let text = """
            springy: 1
            viewport: { size: [200, 120], scale: 1, background: "#FFFFFF" }
            time: { fps: 30, duration: 1 }
            style: { chrome: status_bar, text: "#FFFFFF" }
            items:
              box: { center: [40, 70], size: [40, 40], fill: "#000000" }
              under: { center: [100, 10], size: [60, 16], fill: "#FF0000" }
            behaviors:
              - push: { items: [box], mode: continuous, angle: 0, magnitude: 0.4 }
              - push: { items: [under], mode: continuous, angle: 0, magnitude: 0.002 }
            """
        let (dir, _) = try render(text, ["--format", "trail,png", "--pick", "0,3,6,9,12,15,18,21,24,29"])
        let trail = try RGBAImage.decode(file: "\(dir)/s-trail.png")
        let frame = try RGBAImage.decode(file: "\(dir)/frame-00029.png")
        // A red view slides under the clock: in the frame the bar's black 9:41 is over it, and in
        // the trail too (its glyphs are drawn last, not covered by the moving views).
        var ink = 0, covered = 0
        for y in 0..<20 {
            for x in 70..<130 where pixel(frame, x, y).r < 60 {
                ink += 1
                if pixel(trail, x, y).r >= 60 { covered += 1 }
            }
        }
        XCTAssertGreaterThan(ink, 10, "the frame's clock over the red view")
        XCTAssertEqual(covered, 0, "the trail's clock is over it too")
        // The copies: the faintest grey any copy shows is a single copy's at its strongest alpha
        // (below 0.62: 255 × 0.38 ≈ 97); overlapping ones added up went darker. Left of the last
        // position (drawn solid) only copies are.
        let lastLeft = (0..<trail.width).first { pixel(frame, $0, 70).r < 128 } ?? trail.width
        var darkest = 255
        for x in 20..<max(20, lastLeft - 2) { darkest = min(darkest, Int(pixel(trail, x, 70).r)) }
        XCTAssertGreaterThan(darkest, 90, "no copy is darker than one copy at its strongest: \(darkest)")
        XCTAssertLessThan(darkest, 200, "the copies are drawn")
    }

    func testATrailWithoutVisibleMotionSaysSo() throws {
        let r = try runSpringy([
            "render", packageRoot + "/scenes/static-grid.yaml", "--out", temporaryDirectory(), "--format", "trail",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("shows no motion"), r.stderr)
    }
}
