import Foundation
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import Synchronization
import XCTest

/// GIF, WebP, APNG and AVIF read back by their reference tools and played by a real browser.
final class AnimationFormatTests: XCTestCase {
    /// The one render every test here reads (XCTest runs them one after another).
    static let rendered = Mutex<String?>(nil)

    /// One short scene (a box falling on a grey background, a still label) in every animated format.
    func render() throws -> String {
        if let dir = Self.rendered.withLock({ $0 }) { return dir }
        let dir = temporaryDirectory("animations")
        try """
        springy: 1
        viewport: { size: [120, 200], scale: 1, background: "#F2F2F7" }
        time: { fps: 60, duration: 1 }
        items:
          box: { center: [60, 30], size: [40, 40], fill: "#FF3B30", label: "A" }
          shelf: { center: [60, 190], size: [100, 10], fill: "#8E8E93" }
        behaviors:
          - gravity: { items: [box] }
          - collision: { items: [box, shelf] }
          - item: { items: [shelf], anchored: true }
        """.write(toFile: "\(dir)/fall.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", "\(dir)/fall.yaml", "--format", "gif,webp,apng,avif", "--out", "\(dir)/out", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        Self.rendered.withLock { $0 = "\(dir)/out/fall" }
        return "\(dir)/out/fall"
    }

    /// The reference tool `name`, which scripts/test installs (SpringyTestSupport.requireTool).
    func requiredTool(_ name: String, _ why: String) throws -> String { try requireTool(name, why) }

    func tool(_ name: String) -> String? { onPath(name) }

    func testGIFIsReadByGifsicleWithOnePaletteAndChangedRectangles() throws {
        let dir = try render()
        let gifsicle = try requiredTool("gifsicle", "gifsicle is not installed (.ci/run installs it): the GIF was not read back")
        let r = try runProgram(gifsicle, ["--info", "\(dir)/fall.gif"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let info = r.stdout
        XCTAssertTrue(info.contains("logical screen 120x200"), info)
        XCTAssertTrue(info.contains("loop forever"), info)
        XCTAssertTrue(info.contains("global color table"), info)
        XCTAssertFalse(info.contains("local color table"), "one palette for every frame (no flicker)")
        let images = info.split(separator: "\n").filter { $0.contains("+ image #") }
        XCTAssertGreaterThan(images.count, 5)
        XCTAssertTrue(images[0].contains("120x200"), "the first frame is whole")
        XCTAssertTrue(
            images.dropFirst().allSatisfy { !$0.contains("120x200 ") || !$0.contains("at 0,0") },
            "later frames are the changed rectangles")
        XCTAssertTrue(images.dropFirst().allSatisfy { $0.contains("transparent") }, "unchanged pixels are transparent")
        // Delays (hundredths of a second, at most 50 frames a second) add up to the scene's second.
        let delays = info.split(separator: "\n").compactMap { line -> Double? in
            guard let r = line.range(of: "delay ") else { return nil }
            return Double(line[r.upperBound...].prefix { $0 != "s" })
        }
        XCTAssertEqual(delays.reduce(0, +), 1.0, accuracy: 0.011)
        XCTAssertTrue(delays.allSatisfy { $0 >= 0.02 }, "no delay under 2/100 s, which browsers would slow: \(delays)")
    }

    func testWebPIsReadByWebpinfoLosslessAndLossy() throws {
        let dir = try render()
        let webpinfo = try requiredTool("webpinfo", "webpinfo (Debian's webp) is not installed (.ci/run installs it)")
        let r = try runProgram(webpinfo, ["-summary", "\(dir)/fall.webp"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("No error detected"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Format: Lossless"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Animation: 1") || r.stdout.contains("ANIM"), r.stdout)
        let lossyDir = temporaryDirectory()
        let q = try runSpringy([
            "render", "\((dir as NSString).deletingLastPathComponent)/../fall.yaml", "--format", "webp", "--webp-quality", "70",
            "--out", lossyDir, "--quiet",
        ])
        XCTAssertEqual(q.status, 0, q.stderr)
        let lossy = try runProgram(webpinfo, ["-summary", "\(lossyDir)/fall/fall.webp"])
        XCTAssertTrue(lossy.stdout.contains("Format: Lossy") && lossy.stdout.contains("No error detected"), lossy.stdout)
        let bad = try runSpringy(["render", "x.yaml", "--format", "webp", "--webp-quality", "101"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--webp-quality must be 0-100"), bad.stderr)
        let colours = try runSpringy(["render", "x.yaml", "--format", "gif", "--gif-colors", "1"])
        XCTAssertEqual(colours.status, 2)
    }

    /// The AVIF is read back by libavif's own avifdec: the frame count and timing of the run,
    /// frame 0 the PNG frame's pixels (exactly when lossless, within AV1's loss at 80), alpha
    /// kept on a transparent background, the same bytes on every run.
    func testAVIFIsReadByAvifdecLosslessLossyAndWithAlpha() throws {
        let dir = try render()
        let avifdec = try requiredTool("avifdec", "avifdec (Debian's libavif-bin) is not installed (.ci/run installs it)")
        let info = try runProgram(avifdec, ["--info", "\(dir)/fall.avif"])
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains("60 timescales per second, 1.00 seconds (60 timescales)"), info.stdout)
        XCTAssertTrue(
            info.stdout.contains("Format         : YUV420") && info.stdout.contains("Alpha          : Absent"), info.stdout)
        XCTAssertTrue(info.stdout.contains("Resolution     : 120x200"), info.stdout)

        let scene = "\(dir)/../../fall.yaml"
        func frameZero(_ args: [String], _ name: String) throws -> (avif: [UInt8], decoded: RGBAImage, png: RGBAImage) {
            let out = temporaryDirectory(name)
            let r = try runSpringy(["render", scene, "--format", "avif,png", "--frames", "0-5", "--out", out, "--quiet"] + args)
            XCTAssertEqual(r.status, 0, r.stderr)
            let d = try runProgram(avifdec, ["--index", "0", "\(out)/fall/fall.avif", "\(out)/zero.png"])
            XCTAssertEqual(d.status, 0, d.stderr)
            return (
                Array(try Data(contentsOf: URL(fileURLWithPath: "\(out)/fall/fall.avif"))),
                try decodeRGBA("\(out)/zero.png"), try decodeRGBA("\(out)/fall/frame-00000.png")
            )
        }
        let lossless = try frameZero(["--avif-quality", "100"], "lossless")
        XCTAssertEqual(lossless.decoded.width, lossless.png.width)
        XCTAssertEqual(maxChannelDifference(lossless.decoded, lossless.png), 0, "lossless AVIF is the PNG frame")
        let lossy = try frameZero([], "lossy")
        let lossyDifference = maxChannelDifference(lossy.decoded, lossy.png)
        let lossyMean = meanChannelDifference(lossy.decoded, lossy.png)
        // Measured 2026-11-25: max 87 (one channel at the red box's edge, 4:2:0 chroma), mean
        // 0.57 per channel; a frame without its 40 pt box would differ by about 6.6 on average.
        XCTAssertGreaterThan(lossyDifference, 0)
        XCTAssertLessThan(lossyDifference, 100)
        XCTAssertLessThan(lossyMean, 1.0)
        XCTAssertLessThan(lossy.avif.count, lossless.avif.count)
        // A second later (libavif stamps its headers with the clock; Springy clears the stamps).
        Thread.sleep(forTimeInterval: 1.1)
        XCTAssertEqual(try frameZero([], "again").avif, lossy.avif, "the same bytes on every run")

        let clear = temporaryDirectory("clear")
        try (try String(contentsOfFile: scene, encoding: .utf8)).replacingOccurrences(of: "#F2F2F7", with: "#00000000")
            .write(toFile: "\(clear)/fall.yaml", atomically: true, encoding: .utf8)
        let t = try runSpringy(["render", "\(clear)/fall.yaml", "--format", "avif", "--out", clear, "--quiet"])
        XCTAssertEqual(t.status, 0, t.stderr)
        let alpha = try runProgram(avifdec, ["--info", "\(clear)/fall/fall.avif"])
        XCTAssertTrue(
            alpha.stdout.contains("Alpha          : Premultiplied: false")
                || alpha.stdout.contains("Alpha          : Not premultiplied"), alpha.stdout)

        let bad = try runSpringy(["render", "x.yaml", "--format", "avif", "--avif-quality", "101"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--avif-quality must be 0-100"), bad.stderr)
    }

    func decodeRGBA(_ path: String) throws -> RGBAImage { try RGBAImage.decode(file: path) }

    func meanChannelDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        guard a.width == b.width, a.height == b.height, !a.pixels.isEmpty else { return 255 }
        return Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
    }

    func maxChannelDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return 255 }
        return zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    func testAPNGCarriesChangedRectanglesAndFFprobeCountsItsFrames() throws {
        let dir = try render()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/fall.apng")))
        // Walk the chunks: every fcTL's size and offset.
        var i = 8, rects: [(Int, Int, Int, Int)] = []
        func be32(_ k: Int) -> Int { Int(bytes[k]) << 24 | Int(bytes[k + 1]) << 16 | Int(bytes[k + 2]) << 8 | Int(bytes[k + 3]) }
        while i + 12 <= bytes.count {
            let n = be32(i), type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            if type == "fcTL" { rects.append((be32(i + 12), be32(i + 16), be32(i + 20), be32(i + 24))) }
            i += 12 + n
        }
        XCTAssertEqual(rects.count, 60, "one frame a frame")
        XCTAssertTrue(rects[0] == (120, 200, 0, 0), "\(rects[0])")
        let later = rects.dropFirst().map { $0.0 * $0.1 }
        XCTAssertLessThan(later.max() ?? 0, 120 * 200 / 2, "later frames hold only what changed")
        let ffprobe = try requiredTool("ffprobe", "ffprobe is not installed (.ci/run installs ffmpeg)")
        let r = try runProgram(
            ffprobe,
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames,width,height",
                "-of", "csv=p=0", "\(dir)/fall.apng",
            ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "120,200,60")
    }

    func testAPaletteAPNGIsSmallerAndStillReadByFFprobe() throws {
        let dir = try render()
        let scene = "\((dir as NSString).deletingLastPathComponent)/../fall.yaml"
        let out = temporaryDirectory()
        let r = try runSpringy(["render", scene, "--format", "apng", "--apng-max-colors", "32", "--out", out, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let palette = Array(try Data(contentsOf: URL(fileURLWithPath: "\(out)/fall/fall.apng")))
        let full = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/fall.apng"))
        XCTAssertLessThan(palette.count, full.count)
        XCTAssertNotNil(palette.firstRange(of: Array("PLTE".utf8)), "a palette image")
        XCTAssertNotNil(palette.firstRange(of: Array("tRNS".utf8)), "with a transparent entry for unchanged pixels")
        XCTAssertEqual(try runSpringy(["render", scene, "--format", "gif", "--apng-max-colors", "32"]).status, 2)
        let ffprobe = try requiredTool("ffprobe", "ffprobe is not installed (.ci/run installs ffmpeg)")
        let p = try runProgram(
            ffprobe,
            [
                "-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames,width,height", "-of", "csv=p=0",
                "\(out)/fall/fall.apng",
            ])
        XCTAssertEqual(p.status, 0, p.stderr)
        let fields = p.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
        XCTAssertEqual(fields.prefix(2), ["120", "200"])
        XCTAssertGreaterThan(Int(fields.last ?? "0") ?? 0, 5, "it animates (still frames merged)")
    }

    /// Chromium plays each file: a screenshot taken after the first, within 4 s of loading (the
    /// 1 s animation loops), differs from it. Shots are taken every 0.2 s until one does: a busy
    /// machine may show one frame for a while, but a file that does not animate never changes.
    func testEachFormatAnimatesInChromium() throws {
        let dir = try render()
        let chromium = try requiredTool(
            "chromium", "Debian's chromium is not installed (.ci/run installs it): the animations were not played")
        _ = try requiredTool("python3", "python3 is missing: scripts/browser-frames.py cannot drive the browser")
        let times = Array(stride(from: 100, through: 4100, by: 200))
        for ext in ["gif", "webp", "apng", "avif"] {
            let page = "\(dir)/play-\(ext).html"
            try "<html><body style=\"margin:0;background:#fff\"><img src=\"fall.\(ext)\"></body></html>".write(
                toFile: page, atomically: true, encoding: .utf8)
            let r = try runProgram(
                "/usr/bin/env",
                [
                    "python3", packageRoot + "/scripts/browser-frames.py", "--until-changed", chromium, "file://\(page)",
                    "\(dir)/shot-\(ext)",
                ] + times.map(String.init))
            XCTAssertEqual(r.status, 0, "\(ext): \(r.stderr.suffix(400))")
            let shots = times.compactMap { try? Data(contentsOf: URL(fileURLWithPath: "\(dir)/shot-\(ext)-\($0).png")) }
            XCTAssertGreaterThan(shots.first?.count ?? 0, 500)
            XCTAssertGreaterThan(Set(shots).count, 1, "\(ext) animates in the browser (\(shots.count) shots over 4 s)")
        }
    }
}
