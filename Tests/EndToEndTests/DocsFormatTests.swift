import Foundation
import SpringyTestSupport
import XCTest

/// Issue 29, item 7: `docs --format` writes the gallery's animation with `render`'s own
/// encoders and options, read back by each format's reference tool; `--every` holds frames
/// without changing the timing; the page links the file it made and says how.
final class DocsFormatTests: XCTestCase {
    /// 1.5 s at 20 fps: a box falls, then lies still (repeated frames to merge).
    static let sceneText = scene(
        120, 160, time: "fps: 20, duration: 1.5",
        """
        name: Falling box
        items:
          box: { center: [60, 30], size: [30, 30], fill: "#FF9500" }
        behaviors:
          - gravity: { items: [box] }
          - collision: { items: [box], bounds: true }
        """)

    /// The falling box written as `dir`/falling.yaml, its path.
    static func write(_ dir: String) throws -> String {
        let path = "\(dir)/falling.yaml"
        try sceneText.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAGIFGalleryIsRendersOwnGIFAndItsPageSaysHowItWasMade() throws {
        let dir = temporaryDirectory()
        let path = try DocsFormatTests.write(dir)
        let r = try runSpringy(["docs", path, "--out", "\(dir)/g", "--format", "gif", "--gif-colors", "32", "--every", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let gif = "\(dir)/g/falling/falling.gif"
        // The same encoder as render's, with the same options: the same bytes.
        let rendered = try runSpringy([
            "render", path, "--out", "\(dir)/r", "--format", "gif", "--gif-colors", "32", "--scale", "2", "--quiet",
        ])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertEqual(
            FileManager.default.contents(atPath: gif), FileManager.default.contents(atPath: "\(dir)/r/falling/falling.gif"),
            "docs' GIF is render's GIF")
        let gifsicle = try requireTool("gifsicle", "reads the GIF back")
        let info = try runProgram(gifsicle, ["--info", gif])
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains("logical screen 240x320"), info.stdout)
        XCTAssertEqual(totalDelay(info.stdout), 1.5, accuracy: 0.011, "the GIF lasts the scene's 1.5 s")
        let page = try String(contentsOfFile: "\(dir)/g/README.md", encoding: .utf8)
        XCTAssertTrue(page.contains("](falling/falling.gif)"), page)
        XCTAssertFalse(page.contains(".apng"), page)
        let made = try XCTUnwrap(
            page.split(separator: "\n").first { $0.hasPrefix("Made with:") }.map(String.init), page)
        XCTAssertTrue(made.contains("--every 1 --format gif --gif-colors 32"), made)
        // The page's command, run again, finds nothing to do.
        let command = made.components(separatedBy: "`")[1].split(separator: " ").dropFirst().map(String.init)
        let again = try runSpringy(command)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("nothing to do"), "\(command): \(again.stdout)")
    }

    func testEveryHoldsFramesInWebPAndKeepsTheTiming() throws {
        let dir = temporaryDirectory()
        let path = try DocsFormatTests.write(dir)
        let webpinfo = try requireTool("webpinfo", "reads the WebP back")
        var frames: [Int: (count: Int, ms: Int, bytes: Int)] = [:]
        for every in [1, 3] {
            let out = "\(dir)/g\(every)"
            let r = try runSpringy(["docs", path, "--out", out, "--format", "webp", "--every", "\(every)"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let file = "\(out)/falling/falling.webp"
            let info = try runProgram(webpinfo, [file])
            XCTAssertEqual(info.status, 0, info.stdout)
            XCTAssertTrue(info.stdout.contains("No error detected"), info.stdout)
            let durations = info.stdout.split(separator: "\n").filter { $0.contains("Duration:") }
                .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
            let bytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
            frames[every] = (durations.count, durations.reduce(0, +), bytes)
        }
        let one = try XCTUnwrap(frames[1]), three = try XCTUnwrap(frames[3])
        XCTAssertEqual(one.ms, 1500, "every frame: 1.5 s")
        XCTAssertEqual(three.ms, 1500, "every 3rd frame held: still 1.5 s")
        XCTAssertLessThan(three.count, one.count, "fewer frames (measured \(three.count) vs \(one.count))")
        XCTAssertLessThanOrEqual(three.count, (30 + 2) / 3, "at most one frame in three")
        XCTAssertLessThan(three.bytes, one.bytes)
    }

    func testChangingTheFormatReplacesTheGallerysOwnAnimationOnly() throws {
        let dir = temporaryDirectory()
        let path = try DocsFormatTests.write(dir)
        XCTAssertEqual(try runSpringy(["docs", path, "--out", "\(dir)/g"]).status, 0)
        // A file the user put beside it, named like another format's animation, stays.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(dir)/g/falling/falling.avif"))
        let r = try runSpringy(["docs", path, "--out", "\(dir)/g", "--format", "webp"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/g/falling").sorted()
        XCTAssertEqual(
            files, [".springy-docs-hash", "falling-filmstrip.png", "falling-poster.png", "falling.avif", "falling.webp"])
        XCTAssertEqual(try String(contentsOfFile: "\(dir)/g/falling/falling.avif", encoding: .utf8), "mine")
        // Back to the default: the APNG, and the page links it.
        XCTAssertEqual(try runSpringy(["docs", path, "--out", "\(dir)/g"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/g/falling/falling.webp"))
        let page = try String(contentsOfFile: "\(dir)/g/README.md", encoding: .utf8)
        XCTAssertTrue(page.contains("](falling/falling.apng)"), page)
    }

    func testPaletteAPNGAndMP4() throws {
        let dir = temporaryDirectory()
        let path = try DocsFormatTests.write(dir)
        let ffprobe = try requireTool("ffprobe", "reads the APNG and the mp4 back")
        let r = try runSpringy(["docs", path, "--out", "\(dir)/g", "--apng-max-colors", "16", "--every", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let file = "\(dir)/g/falling/falling.apng"
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: file))
        XCTAssertEqual(bytes[25], 3, "IHDR colour type 3: palette frames")
        let apng = try runProgram(
            ffprobe, ["-v", "error", "-show_entries", "stream=codec_name:frame=pts_time", "-of", "default=nw=1", file])
        XCTAssertEqual(apng.status, 0, apng.stderr)
        XCTAssertTrue(apng.stdout.contains("codec_name=apng"), apng.stdout)
        let starts = apng.stdout.split(separator: "\n").filter { $0.hasPrefix("pts_time=") }
            .compactMap { Double($0.dropFirst("pts_time=".count)) }
        XCTAssertFalse(starts.isEmpty, apng.stdout)
        XCTAssertLessThanOrEqual(starts.count, 10, "every 3rd of 30 frames, repeats merged: \(starts)")
        for t in starts {
            XCTAssertEqual((t / 0.15).rounded() * 0.15, t, accuracy: 1e-6, "frames start on every 3rd frame's time: \(starts)")
        }

        guard onPath("ffmpeg") != nil || ProcessInfo.processInfo.environment["SPRINGY_REQUIRE_TOOLS"] == "1" else {
            let refused = try runSpringy(["docs", path, "--out", "\(dir)/v", "--format", "mp4"])
            XCTAssertEqual(refused.status, 2)
            XCTAssertTrue(refused.stderr.contains("needs ffmpeg"), refused.stderr)
            return
        }
        _ = try requireTool("ffmpeg", "encodes the mp4")
        let v = try runSpringy(["docs", path, "--out", "\(dir)/v", "--format", "mp4"])
        XCTAssertEqual(v.status, 0, v.stderr)
        let mp4 = try runProgram(
            ffprobe,
            [
                "-v", "error", "-count_frames", "-show_entries", "stream=codec_name,nb_read_frames,color_primaries",
                "-of", "default=nw=1", "\(dir)/v/falling/falling.mp4",
            ])
        XCTAssertTrue(mp4.stdout.contains("codec_name=h264"), mp4.stdout)
        XCTAssertTrue(mp4.stdout.contains("nb_read_frames=30"), "a video keeps every frame: \(mp4.stdout)")
        XCTAssertTrue(mp4.stdout.contains("color_primaries=bt709"), mp4.stdout)
    }

    func testOptionsThatDoNothingAreRefused() throws {
        let dir = temporaryDirectory()
        let path = try DocsFormatTests.write(dir)
        let cases: [([String], String)] = [
            (["--format", "gif", "--apng-max-colors", "8"], "--apng-max-colors is for --format apng"),
            (["--format", "png"], "--format"),
            (["--docc", "\(dir)/A.docc", "--format", "gif"], "--docc writes PNGs and an mp4"),
            (["--gif-colors", "1"], "--gif-colors must be 2-255, not 1"),
        ]
        for (flags, message) in cases {
            let r = try runSpringy(["docs", path, "--out", "\(dir)/g"] + flags)
            XCTAssertEqual(r.status, 2, "\(flags)")
            XCTAssertTrue(r.stderr.contains(message), "\(flags): \(r.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/g"), "nothing written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/A.docc"), "nothing written")
    }

    func totalDelay(_ info: String) -> Double {
        info.components(separatedBy: "delay ").dropFirst().compactMap { Double($0.prefix { $0 != "s" }) }.reduce(0, +)
    }

}

/// Issue 47: `docs --for github|docc|web|slides` picks what plays where, says why in one line,
/// and the page (or the DocC article) shows what it picked.
final class DocsDestinationTests: XCTestCase {
    func testGitHubGetsTheSVGWithAnAPNGFallbackAndWebTheLottieBesideIt() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try DocsFormatTests.write(dir)
        let r = try runSpringy(["docs", path, "--out", "\(dir)/g", "--for", "github"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("docs --for github: smil and apng, because GitHub shows an SVG"), r.stdout)
        for name in ["falling.svg", "falling.apng", "falling-poster.png", "falling-filmstrip.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/g/falling/\(name)"), name)
        }
        var page = try String(contentsOfFile: "\(dir)/g/README.md", encoding: .utf8)
        XCTAssertTrue(page.contains("](falling/falling.svg)"), page)
        XCTAssertTrue(page.contains("Where SVG animations do not play: [falling.apng](falling/falling.apng)"), page)
        XCTAssertTrue(page.contains("--for github`"), "the page says how it was made: \(page)")
        // The page's command again: nothing to do.
        let again = try runSpringy(["docs", path, "--out", "\(dir)/g", "--for", "github"])
        XCTAssertTrue(again.stdout.contains("nothing to do"), again.stdout)
        // For the web: the SVG shown, the Lottie linked; the APNG of before is gone.
        let web = try runSpringy(["docs", path, "--out", "\(dir)/g", "--for", "web"])
        XCTAssertEqual(web.status, 0, web.stderr)
        page = try String(contentsOfFile: "\(dir)/g/README.md", encoding: .utf8)
        XCTAssertTrue(
            page.contains("The same animation as Lottie (lottie-web, ThorVG): [falling.json](falling/falling.json)"), page)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/g/falling/falling.json"))
    }

    func testDocCGetsAnAnimatedImageAndAVideoOnlyWhenAsked() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try DocsFormatTests.write(dir)
        let r = try runSpringy(["docs", path, "--for", "docc", "--docc", "\(dir)/D.docc"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let article = try String(contentsOfFile: "\(dir)/D.docc/Falling.md", encoding: .utf8)
        XCTAssertTrue(article.contains("@Image(source: \"falling.svg\", alt: \"Falling box, animated.\")"), article)
        XCTAssertFalse(article.contains("@Video"), "no video unless asked")
        for name in ["falling.svg", "falling~dark.svg", "falling@2x.png", "falling~dark@2x.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/D.docc/Resources/\(name)"), name)
        }
        let dark = try String(contentsOfFile: "\(dir)/D.docc/Resources/falling~dark.svg", encoding: .utf8)
        let light = try String(contentsOfFile: "\(dir)/D.docc/Resources/falling.svg", encoding: .utf8)
        XCTAssertNotEqual(dark, light, "the dark variant is drawn dark")
    }
}
