import Foundation
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import XCTest

/// `springy docs --docc`: DocC's resource names, an article per scene, and a catalogue that
/// DocC itself builds; the gallery's poster and filmstrip options.
final class DocCTests: XCTestCase {
    func testACatalogueWithLightAndDarkPostersAVideoAndArticlesBuildsWithDocC() throws {
        // The video is made with ffmpeg; without it the catalogue has none, and this test would
        // not see it.
        _ = try requireTool("ffmpeg", "Debian's ffmpeg makes the catalogue's video")
        let dir = temporaryDirectory()
        let catalogue = "\(dir)/Gallery.docc"
        let r = try runSpringy(["docs", "--docc", catalogue, "scenes/falling-box.yaml", "scenes/springs.yaml"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let resources = try FileManager.default.contentsOfDirectory(atPath: "\(catalogue)/Resources").sorted()
        for slug in ["falling-box", "springs"] {
            XCTAssertTrue(resources.contains("\(slug)@2x.png") && resources.contains("\(slug)~dark@2x.png"), "\(resources)")
            let light = try RGBAImage.decode(file: "\(catalogue)/Resources/\(slug)@2x.png")
            let dark = try RGBAImage.decode(file: "\(catalogue)/Resources/\(slug)~dark@2x.png")
            XCTAssertEqual(light.width, 750, "@2x")
            XCTAssertEqual(Array(dark.pixels[0..<3]), [0, 0, 0], "the dark variant has iOS's black background")
            XCTAssertNotEqual(light.pixels, dark.pixels)
        }
        let article = try String(contentsOfFile: "\(catalogue)/FallingBox.md", encoding: .utf8)
        XCTAssertTrue(article.hasPrefix("# A box falls onto the floor\n"), article)
        XCTAssertTrue(article.contains("](falling-box)"), "the image by its DocC name (no @2x, no ~dark)")
        XCTAssertTrue(resources.contains("falling-box.mp4"), "the video is in the catalogue: \(resources)")
        XCTAssertTrue(article.contains("@Video(source: \"falling-box.mp4\", poster: \"falling-box-video-poster\""), article)
        XCTAssertTrue(resources.contains("falling-box-video-poster@2x.png"))
        // DocC itself: every reference resolves (warnings are errors), the dark variant is known.
        let docc = try requireTool("docc", "the Swift toolchain's docc: names and references checked, the catalogue not built")
        let built = try runProgram(
            docc,
            [
                "convert", catalogue, "--output-path", "\(dir)/site", "--fallback-display-name", "Gallery",
                "--fallback-bundle-identifier", "org.springy.gallery", "--fallback-bundle-version", "1", "--warnings-as-errors",
            ])
        XCTAssertEqual(built.status, 0, built.stdout + built.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: "\(dir)/site/images/org.springy.gallery/falling-box~dark@2x.png"),
            "DocC took the ~dark image as the dark variant")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: "\(dir)/site/data/documentation/gallery/fallingbox.json"), "the article's page"
        )
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/site/videos/org.springy.gallery/falling-box.mp4"))
        XCTAssertEqual(try runSpringy(["docs", "--docc", "\(dir)/NotACatalogue", "scenes/springs.yaml"]).status, 2)
    }

    func testTheGalleryTakesAPosterChoiceAndFilmstripSizes() throws {
        let dir = temporaryDirectory()
        let r = try runSpringy([
            "docs", "scenes/springs.yaml", "--out", dir, "--poster", "last", "--filmstrip-frames", "3", "--filmstrip-scale",
            "0.2",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            try runSpringy(["still", "scenes/springs.yaml", "--last", "--scale", "2", "--out", "\(dir)/last.png"]).status, 0)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: "\(dir)/springs/springs-poster.png")),
            try Data(contentsOf: URL(fileURLWithPath: "\(dir)/last.png")), "the last frame, at Retina scale by default")
        let strip = try RGBAImage.decode(file: "\(dir)/springs/springs-filmstrip.png")
        let full = try RGBAImage.decode(file: "\(dir)/last.png")
        XCTAssertLessThan(strip.width, full.width, "three small frames")
        XCTAssertEqual(try runSpringy(["docs", "scenes/springs.yaml", "--out", dir, "--poster", "soon"]).status, 2)
    }
}
