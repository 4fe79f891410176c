import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyPipeline
import SpringyRender
import SpringyScene
import SpringyTestSupport
import XCTest

/// The iOS look: appearances, the status bar and home indicator, the device frame, continuous
/// corners and separators.
final class AppearanceTests: XCTestCase {
    func image(_ yaml: String, scale: Int = 1) throws -> RGBAImage {
        let scene = try SceneLoader.decode(yaml: yaml, file: "look.yaml")
        return try RGBAImage.decode(bytes: try StillJob.render(scene, at: .frame(0), scale: scale).png)
    }

    func pixel(_ img: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * img.width + x) * 4; return Array(img.pixels[i..<(i + 3)])
    }

    func listScene(_ style: String, size: String = "[200, 300]", background: String = "") -> String {
        """
        springy: 1
        viewport: { size: \(size), scale: 1\(background) }
        time: { fps: 10, duration: 0.1 }
        style: { \(style) }
        collection:
          layout: { kind: list, row_height: 50 }
          sections: [{ items: 6 }]
        """
    }

    func testAppearancesGiveIOSSystemColoursUnlessTheSceneNamesItsOwn() throws {
        let dark = try SceneLoader.decode(yaml: listScene("appearance: dark"), file: "d.yaml")
        XCTAssertEqual(dark.viewport.background, Color(hex: "#000000"))
        XCTAssertEqual(dark.style.cell, Color(hex: "#000000"), "a plain list's rows are the screen's background")
        let grid = try SceneLoader.decode(
            yaml: listScene("appearance: dark").replacingOccurrences(of: "kind: list, row_height: 50", with: "kind: flow"),
            file: "g.yaml")
        XCTAssertEqual(grid.style.cell, Color(hex: "#2C2C2E"), "other cells: systemGray5")
        XCTAssertEqual(dark.style.cellSelected, Color(hex: "#0A84FF"))
        XCTAssertEqual(dark.style.corners, .continuous)
        let light = try SceneLoader.decode(
            yaml: listScene("appearance: light, cell: \"#123456\"", background: ", background: \"#FF0000\""), file: "l.yaml")
        XCTAssertEqual(light.style.cell, Color(hex: "#123456"), "the scene's own colour wins")
        XCTAssertEqual(light.viewport.background, Color(hex: "#FF0000"))
        XCTAssertEqual(light.style.cellSelected, Color(hex: "#007AFF"))
        let bad = refusal(listScene("appearance: dusk"), file: "b.yaml")
        XCTAssertTrue(bad?.contains("b.yaml:4:") == true && bad?.contains("light, dark") == true, bad ?? "accepted")
        XCTAssertNotNil(refusal(listScene("chrome: notch"), file: "b.yaml"))
        let plain = try image(listScene("appearance: dark, cell: \"#000000\""))
        XCTAssertEqual(pixel(plain, 100, 100), [0, 0, 0], "a dark screen")
    }

    func testTheStatusBarIsDrawnOverTheTopOnlyAndTheHomeIndicatorOnTallScreens() throws {
        let plain = try image(listScene("appearance: light, cell: \"#FFFFFF\""))
        // The bar over the same content (safe_area: false keeps the content where it was).
        let barred = try image(listScene("appearance: light, cell: \"#FFFFFF\", chrome: status_bar, safe_area: false"))
        XCTAssertEqual(plain.width, barred.width)
        let rowBytes = plain.width * 4
        XCTAssertNotEqual(
            Array(plain.pixels[0..<(20 * rowBytes)]), Array(barred.pixels[0..<(20 * rowBytes)]), "9:41 and the glyphs")
        XCTAssertEqual(
            Array(plain.pixels[(20 * rowBytes)...]), Array(barred.pixels[(20 * rowBytes)...]), "nothing below the 20 pt bar")
        let tall = try image(listScene("appearance: dark, cell: \"#000000\", chrome: status_bar", size: "[390, 844]"))
        XCTAssertEqual(pixel(tall, 195, 844 - 11), [255, 255, 255], "the home indicator, white on dark")
        XCTAssertEqual(pixel(tall, 20, 844 - 11), [0, 0, 0])
    }

    func testTheDeviceFrameGrowsTheCanvasAndRoundsTheScreen() throws {
        let framed = try image(listScene("appearance: light, cell: \"#FF0000\", chrome: device"), scale: 2)
        XCTAssertEqual(framed.width, (200 + 28) * 2)
        XCTAssertEqual(framed.height, (300 + 28) * 2)
        XCTAssertEqual(pixel(framed, 0, 0), [0xF2, 0xF2, 0xF7], "the page outside the device's corner")
        XCTAssertEqual(pixel(framed, 14, framed.height / 2), [0x1C, 0x1C, 0x1E], "the bezel")
        XCTAssertEqual(pixel(framed, framed.width / 2, framed.height / 2), [255, 0, 0], "the screen")
        XCTAssertNotEqual(pixel(framed, 29, 29), [255, 0, 0], "the screen's corner is rounded off")
        let scene = try SceneLoader.decode(yaml: listScene("chrome: device"), file: "d.yaml")
        XCTAssertEqual(try Renderer(scene: scene).pixelWidth, (200 + 28) * 1)
    }

    func testContinuousCornersAndSeparators() throws {
        let items = """
            springy: 1
            viewport: { size: [100, 100], scale: 2, background: "#FFFFFF" }
            time: { fps: 10, duration: 0.1 }
            style: { corner_radius: 20, corners: CURVE }
            items:
              box: { center: [50, 50], size: [80, 80], fill: "#000000" }
            """
        let circular = try image(items.replacingOccurrences(of: "CURVE", with: "circular"), scale: 2)
        let continuous = try image(items.replacingOccurrences(of: "CURVE", with: "continuous"), scale: 2)
        XCTAssertNotEqual(circular.pixels, continuous.pixels)
        XCTAssertEqual(pixel(circular, 100, 100), pixel(continuous, 100, 100), "the middle is the same")
        // Continuous corners leave the side further along: where the arc has reached the top edge
        // (31 pt, 1 pt past its start), the continuous curve has not yet.
        XCTAssertEqual(pixel(circular, 2 * 31, 2 * 10), [0, 0, 0])
        XCTAssertGreaterThan(pixel(continuous, 2 * 31, 2 * 10)[0], 60)
        // Both pass the same point half way round the corner, (mid, mid): where the edge crosses the
        // diagonal (the pixel value passes half way, between pixel centres) is found to a fraction
        // of a pixel in each picture. Measured: 15.9535 and 15.9507 pt (mid 15.8579: the
        // interpolation reads 0.096 pt past it); allowed 0.12 pt from mid and 0.02 pt apart.
        let mid = 10 + 20 * (1 - 1 / 2.0.squareRoot())
        func crossing(_ img: RGBAImage) -> Double? {
            for k in 20..<50 {
                let a = Double(pixel(img, k, k)[0]), b = Double(pixel(img, k + 1, k + 1)[0])
                if a > 127.5 && b <= 127.5 { return (Double(k) + 0.5 + (a - 127.5) / (a - b)) / 2 }
            }
            return nil
        }
        let c1 = try XCTUnwrap(crossing(circular)), c2 = try XCTUnwrap(crossing(continuous))
        XCTAssertEqual(c1, mid, accuracy: 0.12, "the circular arc")
        XCTAssertEqual(c2, c1, accuracy: 0.02, "the continuous curve passes where the arc does")
        let rows = try image(listScene("appearance: light, cell: \"#FFFFFF\", separators: true"), scale: 1)
        XCTAssertEqual(pixel(rows, 100, 49), [0xC6, 0xC6, 0xC8], "a hairline under the first row")
        XCTAssertEqual(pixel(rows, 8, 49), [255, 255, 255], "inset 16 pt from the leading edge")
    }

    /// Inter draws what it has; DejaVu Sans the rest (Hebrew, which Inter lacks, looks the same either way).
    func testInterWithDejaVuForWhatItLacks() throws {
        func label(_ text: String, _ font: String) throws -> RGBAImage {
            try image(
                """
                springy: 1
                viewport: { size: [120, 60], scale: 2, background: "#FFFFFF" }
                time: { fps: 10, duration: 0.1 }
                style: { font: \(font), font_size: 24, text: "#000000" }
                items:
                  tag: { center: [60, 30], size: [110, 50], fill: "#FFFFFF", label: "\(text)" }
                """, scale: 2)
        }
        XCTAssertNotEqual(try label("Ab", "inter").pixels, try label("Ab", "dejavu").pixels, "Inter's own letters")
        XCTAssertEqual(
            try label("\u{5D0}\u{5D1}", "inter").pixels, try label("\u{5D0}\u{5D1}", "dejavu").pixels, "DejaVu's Hebrew in both")
        XCTAssertNotNil(refusal(listScene("font: helvetica"), file: "f.yaml"))
        let iOS = try SceneLoader.decode(yaml: listScene("appearance: light"), file: "a.yaml")
        XCTAssertEqual(iOS.style.font, .inter, "the iOS look uses Inter unless the style names a font")
    }

    /// layout.style: inset_grouped — rows inset by the margins, each section one rounded group.
    func testInsetGroupedListsRoundEachSectionAndInsetItsRows() throws {
        func scene(_ width: Int) -> String {
            """
            springy: 1
            viewport: { size: [\(width), 300], scale: 1, background: "#F2F2F7" }
            time: { fps: 10, duration: 0.1 }
            style: { separators: true, corner_radius: 0, cell: "#FFFFFF" }
            collection:
              layout: { kind: list, style: inset_grouped, row_height: 40, header_height: 20 }
              sections: [{ items: 3 }, { items: 1 }]
            """
        }
        let f = try frames(scene(375))[0]
        XCTAssertEqual(item(f, "0.0")!.center.x - item(f, "0.0")!.size.width / 2, 16)
        XCTAssertEqual(item(f, "0.0")!.size.width, 375 - 32)
        XCTAssertEqual(item(f, "0.0")!.groupCorners, [.top])
        XCTAssertEqual(item(f, "0.1")!.groupCorners, [])
        XCTAssertEqual(item(f, "0.2")!.groupCorners, [.bottom])
        XCTAssertEqual(item(f, "1.0")!.groupCorners, [.top, .bottom], "a one-row section is rounded all round")
        XCTAssertEqual(try frames(scene(390))[0].items[0].size.width, 390 - 40, "20 pt margins from 390 pt wide")
        let img = try image(scene(375))
        XCTAssertEqual(pixel(img, 17, 20), [0xF2, 0xF2, 0xF7], "the group's rounded top-left corner")
        XCTAssertEqual(pixel(img, 40, 20 + 40 - 1), [0xC6, 0xC6, 0xC8], "a separator between rows")
        XCTAssertEqual(pixel(img, 40, 20 + 120 - 1), [255, 255, 255], "none under the last row")
        let bad = refusal(scene(375).replacingOccurrences(of: "kind: list,", with: "kind: flow,"), file: "g.yaml")
        XCTAssertTrue(bad?.contains("is a list layout's") ?? false, bad ?? "accepted")
    }

    /// A label is drawn with its cell: a view drawn later covers an earlier view's label as it
    /// covers its body (before, every label was drawn above every body of its layer).
    func testALabelIsCoveredByWhatIsDrawnOverItsView() throws {
        let img = try image(
            """
            springy: 1
            viewport: { size: [200, 200], scale: 1, background: "#FFFFFF" }
            time: { fps: 10, duration: 0.1 }
            style: { font_size: 34, text: "#000000", text_overflow: wrap }
            items:
              under: { center: [100, 100], size: [160, 80], fill: "#FFFFFF", label: "WWWW" }
              over: { center: [100, 100], size: [120, 60], fill: "#FF0000" }
            """)
        // The covering view's whole inside is its own red: no black glyph of the label beneath.
        var black = 0
        for y in 75..<125 {
            for x in 45..<155 where pixel(img, x, y) != [255, 0, 0] && pixel(img, x, y)[1] < 128 { black += 1 }
        }
        XCTAssertEqual(black, 0, "the label under the red view does not show through it")
        // Outside the red view, the label's ends still show.
        var seen = 0
        for y in 60..<140 {
            for x in 20..<180 where !(40..<160).contains(x) || !(70..<130).contains(y) {
                if pixel(img, x, y)[0] < 128 { seen += 1 }
            }
        }
        XCTAssertGreaterThan(seen, 0, "the label itself is drawn where nothing covers it")
    }

    /// The columns of a row band (y range) holding label pixels: pixels far from the row's fill.
    func labelColumns(_ img: RGBAImage, rows: Range<Int>, fill: [UInt8]) -> [Int] {
        (0..<img.width).filter { x in
            rows.contains { y in zip(pixel(img, x, y), fill).contains { abs(Int($0) - Int($1)) > 100 } }
        }
    }

    /// List rows put their label at the leading edge, 16 pt in (the trailing edge right to left),
    /// as UIKit's list cells do; other cells centre theirs.
    func testListRowsAlignTheirLabelsToTheLeadingEdge() throws {
        let scene = """
            springy: 1
            viewport: { size: [200, 120], scale: 1, background: "#FFFFFF" }
            time: { fps: 10, duration: 0.1 }
            style: { cell: "#FFFFFF", text: "#000000", font_size: 17 }
            collection:
              layout: { kind: list, row_height: 60RTL }
              sections: [{ items: ["Wi-Fi", "Bluetooth"] }]
            """
        let ltr = try image(scene.replacingOccurrences(of: "RTL", with: ""))
        let columns = labelColumns(ltr, rows: 20..<40, fill: [255, 255, 255])
        XCTAssertEqual(columns.first ?? -1, 16, accuracy: 2, "the label starts 16 pt in: \(columns.prefix(3))")
        XCTAssertLessThan(columns.last ?? 999, 100, "and ends well before the middle")
        let rtl = try image(scene.replacingOccurrences(of: "RTL", with: ", right_to_left: true"))
        let right = labelColumns(rtl, rows: 20..<40, fill: [255, 255, 255])
        XCTAssertEqual(right.last ?? -1, 200 - 16 - 1, accuracy: 2, "right to left it ends 16 pt from the right")
    }

    /// The selected row's outline is inside the row (no wider than it), with no separator stub.
    func testTheSelectedRowsOutlineStaysInsideIt() throws {
        let img = try image(
            """
            springy: 1
            viewport: { size: [200, 200], scale: 1, background: "#FFFFFF" }
            time: { fps: 10, duration: 0.1 }
            style: { cell: "#FFFFFF", cell_selected: "#FF0000", separators: true }
            collection:
              layout: { kind: list, row_height: 50, expanded_height: 50, section_inset: [0, 20, 0, 20] }
              sections: [{ items: 3 }]
              selection: ["0.1"]
            """)
        // The row spans x 20..<180, y 50..<100: its edge pixels are red, the ones just outside white.
        XCTAssertEqual(pixel(img, 21, 75), [255, 0, 0], "the outline inside the left edge")
        XCTAssertEqual(pixel(img, 18, 75), [255, 255, 255], "nothing outside it")
        XCTAssertEqual(pixel(img, 100, 47), [255, 255, 255], "nothing above it (not on the row before)")
        XCTAssertEqual(pixel(img, 100, 98), [255, 0, 0], "the outline inside the bottom edge")
        XCTAssertEqual(pixel(img, 100, 101), [255, 255, 255], "nothing below it")
    }

    /// On iOS's system tints the automatic label colour is white, as iOS draws it (systemBlue
    /// misses 4.5:1 against white, so the contrast rule alone picked black).
    func testLabelsOnSystemTintsAreWhite() throws {
        for fill in ["#007AFF", "#34C759", "#FF9500", "#0A84FF"] {
            let img = try image(
                """
                springy: 1
                viewport: { size: [120, 120], scale: 1, background: "#FFFFFF" }
                time: { fps: 10, duration: 0.1 }
                style: { font_size: 40 }
                items:
                  b: { center: [60, 60], size: [100, 100], fill: "\(fill)", label: "M" }
                """)
            var white = 0, dark = 0
            for y in 40..<80 {
                for x in 40..<80 {
                    let p = pixel(img, x, y)
                    if p == [255, 255, 255] { white += 1 }
                    if p.allSatisfy({ $0 < 60 }) { dark += 1 }
                }
            }
            XCTAssertGreaterThan(white, 30, "\(fill): the label is white")
            XCTAssertEqual(dark, 0, "\(fill): no black text")
        }
        // A colour that is not a system tint keeps the contrast rule: light yellow takes black.
        XCTAssertEqual(Color(hex: "#FFF2A0")!.readableText, .black)
        XCTAssertEqual(Color(hex: "#007AFF")!.readableText, .white)
    }

    /// With a status bar the content clears it (UIKit's safe area as content inset): the first
    /// header starts below the 20 pt bar, and pins there when the list scrolls; on a tall screen
    /// the bar is 47 pt. `safe_area: false` draws under it, as before.
    func testTheContentClearsTheStatusBar() throws {
        func list(_ extra: String, height: Int = 400) -> String {
            scene(
                200, Double(height), time: "fps: 10, duration: 1",
                """
                style: { chrome: status_bar\(extra) }
                collection:
                  layout: { kind: list, row_height: 50, header_height: 30, sticky_headers: true }
                  sections: [{ items: 20, header: "A" }, { items: 20, header: "B" }]
                script:
                  - { at: 0.1, pan: { from: [100, 350], to: [100, 150], duration: 0.3, release: hold } }
                """)
        }
        let f = try frames(list(""))
        XCTAssertEqual(f[0].headers.first?.frame.minY, 20, "the first header starts below the status bar")
        XCTAssertEqual(f[0].contentOffset.y, -20, "the content starts at the safe area's top")
        XCTAssertEqual(f.last!.headers.first { $0.pinned }?.frame.minY, 20, "a pinned header sits below the bar")
        let tall = try frames(list("", height: 844))
        XCTAssertEqual(tall[0].headers.first?.frame.minY, 47, "47 pt on a screen 812 pt tall or more")
        let under = try frames(list(", safe_area: false"))
        XCTAssertEqual(under[0].headers.first?.frame.minY, 0, "safe_area: false draws under the bar")
    }

    /// `style: inset_grouped` alone gives iOS Settings' look: systemGroupedBackground behind white
    /// rows (dark: #1C1C1E on black), square middle rows (only the group's outer corners round),
    /// headers without a band.
    func testInsetGroupedImpliesSettingsLook() throws {
        func settings(_ appearance: String) throws -> RGBAImage {
            try image(
                """
                springy: 1
                viewport: { size: [300, 400], scale: 1 }
                time: { fps: 10, duration: 0.1 }
                \(appearance)
                collection:
                  layout: { kind: list, style: inset_grouped, row_height: 50, header_height: 40 }
                  sections: [{ items: ["One", "Two", "Three"], header: "FIRST" }]
                """)
        }
        let light = try settings("")
        // Rows span x 16..<284 (16 pt margins), y 40..<190: header 0..<40, rows of 50.
        XCTAssertEqual(pixel(light, 5, 100), [0xF2, 0xF2, 0xF7], "the grouped background beside the rows")
        XCTAssertEqual(pixel(light, 150, 5), [0xF2, 0xF2, 0xF7], "the header has no band")
        XCTAssertEqual(pixel(light, 200, 110), [255, 255, 255], "white rows")
        let middle = pixel(light, 150, 115)  // the middle row's own fill
        XCTAssertEqual(pixel(light, 16, 90), middle, "the middle row's top-left corner is square: its fill")
        XCTAssertEqual(pixel(light, 283, 138), middle, "and its bottom-right corner")
        XCTAssertEqual(pixel(light, 283, 139), [0xC6, 0xC6, 0xC8], "a separator under it (on by default)")
        XCTAssertEqual(pixel(light, 200, 189), [255, 255, 255], "none under the group's last row")
        XCTAssertEqual(pixel(light, 16, 40), [0xF2, 0xF2, 0xF7], "the group's first corner is rounded off")
        let dark = try settings("style: { appearance: dark }")
        XCTAssertEqual(pixel(dark, 5, 100), [0, 0, 0], "dark: black behind")
        XCTAssertEqual(pixel(dark, 200, 110), [0x1C, 0x1C, 0x1E], "dark rows: secondarySystemGroupedBackground")
        let own = try settings("style: { cell: \"#FF0000\", header: \"#00FF00\" }")
        XCTAssertEqual(pixel(own, 200, 110), [255, 0, 0], "the scene's own colours win")
        XCTAssertEqual(pixel(own, 150, 5), [0, 255, 0])
    }

    /// A plain list is UITableView's plain style: square rows (whatever the cells' default
    /// corner radius), and with an appearance rows in the screen's own background, told apart
    /// by separators; a collection view's headers with an appearance have no band.
    func testPlainListsAndCollectionHeadersLookLikeUIKits() throws {
        // 6 rows of 50 in 200 × 300, no style: the grey rows' corners are square.
        let plain = try image(listScene("cell: \"#8E8E93\""))
        XCTAssertEqual(pixel(plain, 0, 50), [0x8E, 0x8E, 0x93], "row 1's top-left corner is its fill")
        XCTAssertEqual(pixel(plain, 199, 99), [0x8E, 0x8E, 0x93], "and its bottom-right")
        let rounded = try image(listScene("cell: \"#8E8E93\", corner_radius: 12"))
        XCTAssertNotEqual(pixel(rounded, 0, 50), [0x8E, 0x8E, 0x93], "a radius the scene gives still rounds them")
        let light = try image(listScene("appearance: light, separators: true"))
        XCTAssertEqual(pixel(light, 100, 25), [255, 255, 255], "rows in systemBackground")
        XCTAssertEqual(pixel(light, 100, 49), [0xC6, 0xC6, 0xC8], "a separator between them")
        XCTAssertEqual(pixel(light, 5, 49), [255, 255, 255], "inset from the leading edge")
        let own = try image(listScene("appearance: light, cell: \"#FF0000\""))
        XCTAssertEqual(pixel(own, 100, 25), [255, 0, 0], "the scene's own colour wins")
        func flow(_ style: String) throws -> RGBAImage {
            try image(
                """
                springy: 1
                viewport: { size: [200, 200], scale: 1 }
                time: { fps: 10, duration: 0.1 }
                style: { \(style) }
                collection:
                  layout: { kind: flow, item_size: [40, 40], header_height: 30 }
                  sections: [{ items: 3, header: "Apps" }]
                """)
        }
        let headers = try flow("appearance: light")
        XCTAssertEqual(pixel(headers, 150, 15), [255, 255, 255], "no band behind the header")
        var darkest = 765
        for y in 0..<30 {
            for x in 0..<100 {
                let p = pixel(headers, x, y)
                darkest = min(darkest, Int(p[0]) + Int(p[1]) + Int(p[2]))
            }
        }
        XCTAssertEqual(darkest, 0, "the title in the label colour (black)")
        XCTAssertEqual(pixel(try flow(""), 150, 15), [0xD1, 0xD1, 0xD6], "without an appearance: Springy's band")
    }
}
