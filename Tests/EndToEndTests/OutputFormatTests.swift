import Foundation
import FoundationXML
import SpringyCore
import SpringyFrame
import SpringyGolden
import SpringyLayout
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import SpringyTypes
import XCTest

#if canImport(FoundationXML)
#endif

/// Each output format, decoded from what was written.
final class OutputFormatTests: XCTestCase {
    let sceneText = """
        springy: 1
        viewport: { size: [120, 160], scale: 1, background: "#FFFFFF" }
        time: { fps: 20, duration: 1 }
        golden: { frames: [0, 10, last] }
        items:
          box: { center: [60, 30], size: [40, 40], fill: "#FF3B30", label: "B" }
        behaviors:
          - gravity: { items: [box] }
          - collision: { items: [box] }
        """

    func render(_ formats: String, extra: [String] = []) throws -> String {
        let dir = temporaryDirectory(formats)
        try sceneText.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", "\(dir)/s.yaml", "--out", "\(dir)/out", "--quiet", "--format", formats] + extra)
        XCTAssertEqual(r.status, 0, r.stderr)
        return "\(dir)/out/s"
    }

    func chunks(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= bytes.count {
            let n = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            out.append((String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self), Array(bytes[(i + 8)..<(i + 8 + n)])))
            i += 12 + n
        }
        return out
    }

    func u32(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }

    func testAPNGHasEveryFrameTheDelaysALoopAndFrameZeroFirst() throws {
        let dir = try render("png,apng")
        let apng = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir)/s.apng")))
        let c = chunks(apng)
        XCTAssertEqual(c.first?.0, "IHDR")
        let actl = c.first { $0.0 == "acTL" }!.1
        XCTAssertEqual(u32(actl, 0), 20, "frame count")
        XCTAssertEqual(u32(actl, 4), 0, "loops forever")
        let fctls = c.filter { $0.0 == "fcTL" }.map(\.1)
        XCTAssertEqual(fctls.count, 20)
        for f in fctls {
            XCTAssertEqual(Int(f[20]) << 8 | Int(f[21]), 1)
            XCTAssertEqual(Int(f[22]) << 8 | Int(f[23]), 20, "1/20 s a frame")
        }
        XCTAssertEqual(c.last?.0, "IEND")
        // sequence numbers run 0, 1, 2, ... over fcTL and fdAT
        var expected = 0
        for (type, data) in c where type == "fcTL" || type == "fdAT" {
            XCTAssertEqual(u32(data, 0), expected); expected += 1
        }
        // A plain PNG decoder shows frame 0.
        XCTAssertEqual(try RGBAImage.decode(bytes: apng), try RGBAImage.decode(file: "\(dir)/frame-00000.png"))
    }

    func testSheetAndTrailSizes() throws {
        let dir = try render("sheet,trail", extra: ["--pick-count", "6", "--columns", "3"])
        let sheet = try RGBAImage.decode(file: "\(dir)/s-sheet.png")
        // 3 columns × 2 rows of 60×80 thumbnails, 12 pt gaps, 22 pt captions
        XCTAssertEqual(sheet.width, 3 * (60 + 12) + 12)
        XCTAssertEqual(sheet.height, 2 * (80 + 22 + 12) + 12)
        let trail = try RGBAImage.decode(file: "\(dir)/s-trail.png")
        XCTAssertEqual(trail.width, 120)
        XCTAssertEqual(trail.height, 160)
    }

    /// Pixels of `image` that no pixel within one pixel of the same place in `raster` matches
    /// within `tolerance` per channel: a vector renderer's edges may fall a pixel over and
    /// antialias differently, but a lost or moved shape or label leaves a block of these.
    func unexplained(_ image: RGBAImage, _ raster: RGBAImage, tolerance: Int) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                var matched = false
                for dy in -1...1 where !matched {
                    for dx in -1...1 where !matched {
                        let (u, v) = (x + dx, y + dy)
                        guard u >= 0, v >= 0, u < raster.width, v < raster.height else { continue }
                        let j = (v * raster.width + u) * 4
                        matched = (0..<3).allSatisfy { abs(Int(image.pixels[i + $0]) - Int(raster.pixels[j + $0])) <= tolerance }
                    }
                }
                if !matched { count += 1 }
            }
        }
        return count
    }

    func run(_ tool: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + args
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "\(tool) (scripts/install-deps installs it)")
    }

    /// Determinism: Cairo stamps a PDF with the wall clock unless given a date; two runs a second
    /// apart must give the same bytes.
    func testPDFStillsAreTheSameBytesOnEveryRun() throws {
        let a = temporaryDirectory("a"), b = temporaryDirectory("b")
        XCTAssertEqual(
            try runSpringy(["render", "scenes/falling-box.yaml", "--format", "pdf", "--pick", "0", "--out", a, "--quiet"]).status,
            0)
        Thread.sleep(forTimeInterval: 1.1)
        XCTAssertEqual(
            try runSpringy(["render", "scenes/falling-box.yaml", "--format", "pdf", "--pick", "0", "--out", b, "--quiet"]).status,
            0)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: "\(a)/falling-box/frame-00000.pdf")),
            try Data(contentsOf: URL(fileURLWithPath: "\(b)/falling-box/frame-00000.pdf")))
    }

    /// The vector stills drawn back by their reference rasterisers (poppler's pdftoppm, librsvg's
    /// rsvg-convert) match the raster frame: every pixel matches one within a pixel of it in the
    /// PNG, within a channel tolerance. Measured on this scene (a 48 pt label): PDF 0 pixels
    /// unmatched at tolerance 32, SVG 93 at 48 (rsvg draws the label's glyphs its own way);
    /// allowed 4 and 110. The same frame without its label leaves 313 and 309 unmatched, so a
    /// still that lost it fails.
    func testPDFAndSVGStillsOpenAndMatchTheRasterFrame() throws {
        let text = """
            springy: 1
            viewport: { size: [120, 160], scale: 1, background: "#FFFFFF" }
            time: { fps: 20, duration: 1 }
            style: { font_size: 48 }
            items:
              box: { center: [60, 50], size: [80, 80], fill: "#FF3B30", label: "B" }
            behaviors:
              - gravity: { items: [box] }
              - collision: { items: [box] }
            """
        func png(_ yaml: String, formats: String) throws -> String {
            let dir = temporaryDirectory(formats)
            try yaml.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
            let r = try runSpringy([
                "render", "\(dir)/s.yaml", "--out", "\(dir)/out", "--quiet", "--format", formats, "--pick", "0,10",
            ])
            XCTAssertEqual(r.status, 0, r.stderr)
            return "\(dir)/out/s"
        }
        let dir = try png(text, formats: "png,pdf,svg")
        let raster = try RGBAImage.decode(file: "\(dir)/frame-00010.png")
        try run("pdftoppm", ["-r", "72", "-png", "-singlefile", "\(dir)/frame-00010.pdf", "\(dir)/from-pdf"])
        let pdf = try RGBAImage.decode(file: "\(dir)/from-pdf.png")
        try run("rsvg-convert", ["-w", "120", "-h", "160", "-o", "\(dir)/from-svg.png", "\(dir)/frame-00010.svg"])
        let svg = try RGBAImage.decode(file: "\(dir)/from-svg.png")
        for (name, image) in [("pdf", pdf), ("svg", svg)] {
            XCTAssertEqual(image.width, raster.width, name)
            XCTAssertEqual(image.height, raster.height, name)
        }
        let bare = try RGBAImage.decode(
            file: try png(text.replacingOccurrences(of: ", label: \"B\"", with: ""), formats: "png") + "/frame-00010.png")
        XCTAssertLessThanOrEqual(unexplained(pdf, raster, tolerance: 32), 4, "the PDF still is the frame")
        XCTAssertLessThanOrEqual(unexplained(svg, raster, tolerance: 48), 110, "the SVG still is the frame")
        XCTAssertGreaterThan(unexplained(bare, raster, tolerance: 32), 4, "a PDF without the label would fail")
        XCTAssertGreaterThan(unexplained(bare, raster, tolerance: 48), 110, "an SVG without the label would fail")
        let parser = XMLParser(contentsOf: URL(fileURLWithPath: "\(dir)/frame-00010.svg"))!
        XCTAssertTrue(parser.parse(), "the SVG is well-formed XML")
    }

    func testY4MHeaderAndFrameSizes() throws {
        let dir = try render("y4m")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/s.y4m"))
        let header = "YUV4MPEG2 W120 H160 F20:1 Ip A1:1 C444\n"
        XCTAssertEqual(String(decoding: data.prefix(header.utf8.count), as: UTF8.self), header)
        XCTAssertEqual(data.count, header.utf8.count + 20 * (6 + 3 * 120 * 160))
        XCTAssertEqual(String(decoding: data[header.utf8.count..<(header.utf8.count + 6)], as: UTF8.self), "FRAME\n")
    }

    func testY4MToStandardOutput() throws {
        let dir = temporaryDirectory()
        try sceneText.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", "\(dir)/s.yaml", "--format", "y4m", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("YUV4MPEG2 W120 H160"))
        // The video alone: no summary line after it, even without --quiet (scripts/mutate).
        XCTAssertFalse(r.stdout.contains(" frames in "), "a summary in the video stream")
        // --quiet into a folder: nothing on standard output.
        let quiet = try runSpringy(["render", "\(dir)/s.yaml", "--out", "\(dir)/out", "--quiet"])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stdout, "")
        let said = try runSpringy(["render", "\(dir)/s.yaml", "--out", "\(dir)/said"])
        XCTAssertTrue(said.stdout.contains(" frames in "), said.stdout)
    }

    func testDocsTwiceInARowWritesNothingTheSecondTime() throws {
        let dir = temporaryDirectory()
        try sceneText.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let first = try runSpringy(["docs", "\(dir)/s.yaml", "--out", "\(dir)/gallery"])
        XCTAssertEqual(first.status, 0, first.stderr)
        for f in ["README.md", "s/s.apng", "s/s-poster.png", "s/s-filmstrip.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/gallery/\(f)"), f)
        }
        func stamps() throws -> [String: Date] {
            var out: [String: Date] = [:]
            let e = FileManager.default.enumerator(atPath: "\(dir)/gallery")!
            while let f = e.nextObject() as? String {
                out[f] = try FileManager.default.attributesOfItem(atPath: "\(dir)/gallery/\(f)")[.modificationDate] as? Date
            }
            return out
        }
        let before = try stamps()
        Thread.sleep(forTimeInterval: 0.05)
        let second = try runSpringy(["docs", "\(dir)/s.yaml", "--out", "\(dir)/gallery"])
        XCTAssertEqual(second.status, 0)
        XCTAssertTrue(second.stdout.contains("nothing to do"), second.stdout)
        XCTAssertEqual(try stamps(), before, "no file written")
        // An edited scene is rendered again.
        try (sceneText + "\nname: Edited\n").write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let third = try runSpringy(["docs", "\(dir)/s.yaml", "--out", "\(dir)/gallery"])
        XCTAssertTrue(third.stdout.contains("1 scene rendered"), third.stdout)
    }

    func testPlotWritesAChart() throws {
        let dir = temporaryDirectory()
        try sceneText.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy([
            "plot", "\(dir)/s.yaml", "--item", "box", "--quantity", "y", "--spring", "1,0.5", "--out", "\(dir)/p.png",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try RGBAImage.decode(file: "\(dir)/p.png")
        XCTAssertEqual(image.width, 800)
        let svg = try runSpringy(["plot", "\(dir)/s.yaml", "--item", "box", "--out", "\(dir)/p.svg"])
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertTrue(XMLParser(contentsOf: URL(fileURLWithPath: "\(dir)/p.svg"))!.parse())
        let bad = try runSpringy(["plot", "\(dir)/s.yaml", "--item", "nobody", "--out", "\(dir)/q.png"])
        XCTAssertEqual(bad.status, 2)
    }
}

/// Issue 43: the GIF and WebP writers' resident memory grew on long 1080p renders. Their heap in
/// use is flat (measured: 8.7 MB for WebP, 16.2 MB for GIF over 300 changing 1080p frames): what
/// grew was free holes in malloc's arenas, which a render now trims (`Heap.trimEvery`). This
/// holds the writers to keeping nothing per frame but the GIF's few bytes of rectangle and place
/// (its palette's histogram grows with the colours seen, not with the frames).
final class AnimationWriterMemoryTests: XCTestCase {
    func testTheWritersKeepNoFrameInMemory() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let w = 640, h = 360
        for kind in ["webp", "gif"] {
            var frame = [UInt8](repeating: 255, count: w * h * 4)
            let webp =
                kind == "webp"
                ? try WebPWriter(path: "\(dir)/a.webp", width: w, height: h, rate: FrameRate(30), lossless: true, quality: 100)
                : nil
            let gif = kind == "gif" ? try GIFWriter(path: "\(dir)/a.gif", width: w, height: h, rate: FrameRate(30)) : nil
            var marks: [Int] = []
            for i in 0..<240 {
                // A 200 × 120 block moving across the frame: a large changed rectangle every frame.
                let x0 = (i * 7) % (w - 200), y0 = (i * 3) % (h - 120)
                for y in y0..<(y0 + 120) {
                    for x in x0..<(x0 + 200) {
                        let o = (y * w + x) * 4
                        // 64 colours: the GIF's one histogram (it grows with colours, not frames) fills early.
                        frame[o] = UInt8(i % 8 * 32)
                        frame[o + 1] = UInt8((x + i) % 8 * 32)
                    }
                }
                if let webp { try webp.add(rgba: frame) }
                if let gif { try gif.add(rgba: frame, index: i) }
                if i == 39 || i == 239 { marks.append(Heap.inUse) }
            }
            if let webp { try webp.finish() }
            if let gif { _ = try gif.finish() }
            // 200 frames more: under 200 bytes a frame (a frame is 900 kB).
            XCTAssertLessThan(marks[1] - marks[0], 200 * 200, "\(kind): the heap grew \(marks[1] - marks[0]) bytes")
        }
    }
}
