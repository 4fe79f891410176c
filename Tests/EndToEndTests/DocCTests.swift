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

    /// A hand-written article of a scene's name is the user's: refused without --overwrite,
    /// untouched; springy's own article is stamped, and an unchanged scene is skipped.
    func testAHandWrittenArticleIsKeptAndAnUnchangedSceneSkipped() throws {
        let dir = temporaryDirectory()
        let catalogue = "\(dir)/Mine.docc"
        try FileManager.default.createDirectory(atPath: catalogue, withIntermediateDirectories: true)
        let mine = "# My own page\n\nHand written.\n"
        try mine.write(toFile: "\(catalogue)/FallingBox.md", atomically: true, encoding: .utf8)
        let refused = try runSpringy(["docs", "--docc", catalogue, "scenes/falling-box.yaml"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("was not written by springy"), refused.stderr)
        XCTAssertEqual(try String(contentsOfFile: "\(catalogue)/FallingBox.md", encoding: .utf8), mine)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(catalogue)/Resources"), "nothing drawn before the refusal")
        let replaced = try runSpringy(["docs", "--docc", catalogue, "scenes/falling-box.yaml", "--overwrite"])
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        let article = try String(contentsOfFile: "\(catalogue)/FallingBox.md", encoding: .utf8)
        XCTAssertTrue(article.contains("<!-- springy docs --docc: generated from falling-box.yaml (stamp "), article)
        let again = try runSpringy(["docs", "--docc", catalogue, "scenes/falling-box.yaml"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("falling-box unchanged"), again.stdout)
    }

    /// Issue 43's attack: a `Resources` that is a symbolic link (committed in a package, where
    /// the plugin runs with write permission) sent the posters and the video outside the
    /// catalogue. Refused, naming it; nothing is written through it.
    func testALinkedResourcesFolderIsRefused() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let catalogue = "\(dir)/Mine.docc", elsewhere = "\(dir)/elsewhere"
        try FileManager.default.createDirectory(atPath: catalogue, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(catalogue)/Resources", withDestinationPath: elsewhere)
        let r = try runSpringy(["docs", "--docc", catalogue, "scenes/falling-box.yaml"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(catalogue)/Resources is a symbolic link"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [], "nothing written through the link")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(catalogue)/FallingBox.md"))
        // The same catalogue with a folder of its own: written.
        try FileManager.default.removeItem(atPath: "\(catalogue)/Resources")
        try FileManager.default.createDirectory(atPath: "\(catalogue)/Resources", withIntermediateDirectories: false)
        let ok = try runSpringy(["docs", "--docc", catalogue, "scenes/falling-box.yaml"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(catalogue)/Resources/falling-box@2x.png"))
    }

    /// The light poster is the scene as written (its own background); the dark one iOS's dark colours.
    func testTheLightPosterKeepsTheScenesBackground() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/cream.yaml"
        try """
        springy: 1
        viewport: { size: [100, 100], scale: 2, background: "#FFE0B0" }
        time: { fps: 10, duration: 0.5 }
        items:
          a: { center: [50, 50], size: [30, 30] }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runSpringy(["docs", "--docc", "\(dir)/C.docc", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let light = try RGBAImage.decode(file: "\(dir)/C.docc/Resources/cream@2x.png")
        let dark = try RGBAImage.decode(file: "\(dir)/C.docc/Resources/cream~dark@2x.png")
        XCTAssertEqual(Array(light.pixels[0..<3]), [0xFF, 0xE0, 0xB0], "the scene's own background")
        XCTAssertEqual(Array(dark.pixels[0..<3]), [0, 0, 0], "iOS's dark background")
    }

    /// A plain list's `~dark` picture draws its rows as the same scene with `appearance: dark`
    /// does — black, the screen's background — not in systemGray5 (issue 47, fix on the way).
    func testAPlainListsDarkPictureIsTheSceneInDark() throws {
        let dir = temporaryDirectory()
        func list(_ name: String, _ style: String) throws -> String {
            let path = "\(dir)/\(name).yaml"
            try """
            springy: 1
            viewport: { size: [120, 200], scale: 2 }
            time: { fps: 10, duration: 0.2 }
            \(style)
            collection:
              layout: { kind: list, row_height: 44 }
              sections: [{ items: 3 }]
            """.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let light = try list("plain", "style: { appearance: light }")
        let dark = try list("plaindark", "style: { appearance: dark }")
        let r = try runSpringy(["docs", "--docc", "\(dir)/L.docc", light, dark])
        XCTAssertEqual(r.status, 0, r.stderr)
        let variant = try RGBAImage.decode(file: "\(dir)/L.docc/Resources/plain~dark@2x.png")
        let written = try RGBAImage.decode(file: "\(dir)/L.docc/Resources/plaindark~dark@2x.png")
        // A pixel inside the first row (y 10 pt), away from its label and separator.
        let i = ((20 * variant.width) + 10) * 4
        XCTAssertEqual(Array(variant.pixels[i..<(i + 3)]), [0, 0, 0], "the row is the screen's black")
        XCTAssertEqual(Array(variant.pixels[i..<(i + 3)]), Array(written.pixels[i..<(i + 3)]))
        XCTAssertEqual(variant.pixels, written.pixels, "the whole picture is the scene in dark")
    }
}
