import Foundation
import SpringyScene
import SpringyTestSupport
import XCTest

/// Output names made from scene file names are safe: never hidden, never a path component,
/// no controls, bounded in length.
final class SlugTests: XCTestCase {
    func testSlugsAreSafeFileNames() {
        XCTAssertEqual(Scene.slug(forFile: "scenes/springy-carousel.yaml"), "springy-carousel")
        XCTAssertEqual(Scene.slug(forFile: "/x/...yaml"), "scene")
        XCTAssertEqual(Scene.slug(forFile: "..yaml"), "scene")
        XCTAssertEqual(Scene.slug(forFile: ".hidden.yaml"), "hidden")
        XCTAssertEqual(Scene.slug(forFile: "My scene (1).yaml"), "My-scene-1")
        XCTAssertEqual(Scene.slug(forFile: "bell\u{7}\u{1B}[31mred.yaml"), "bell-31mred")
        XCTAssertEqual(Scene.slug(forFile: "Karussell-ü.yaml"), "Karussell-ü")
        XCTAssertEqual(Scene.slug(forFile: String(repeating: "a", count: 300) + ".yaml").count, Scene.maxSlugLength)
        for name in ["-.yaml", "--x--.yaml", "a\\b.yaml", "\u{202E}evil.yaml"] {
            let s = Scene.slug(forFile: name)
            XCTAssertFalse(
                s.hasPrefix(".") || s.hasPrefix("-") || s.contains("/") || s.contains("\\") || s.isEmpty, "\(name) → \(s)")
        }
    }

    func testDocsOfAHostileNameStayInsideTheGalleryAndSmall() throws {
        let dir = temporaryDirectory()
        let file = "\(dir)/..\u{1}" + String(repeating: "x", count: 200) + ".yaml"
        try scene(
            100, 100, time: "fps: 10, duration: 0.2",
            "name: \"" + String(repeating: "N", count: 5000) + "\\n# heading\"\nitems:\n  a: { center: [50, 50], size: [20, 20] }"
        )
        .write(toFile: file, atomically: true, encoding: .utf8)
        let r = try runSpringy(["docs", file, "--out", "\(dir)/g"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let entries = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/g").filter { !$0.hasPrefix(".springy") }
            .sorted()
        XCTAssertEqual(entries.count, 2, "README.md and one folder: \(entries)")
        let folder = try XCTUnwrap(entries.first { $0 != "README.md" })
        XCTAssertFalse(folder.hasPrefix("."))
        XCTAssertLessThanOrEqual(folder.count, Scene.maxSlugLength)
        let readme = try String(contentsOfFile: "\(dir)/g/README.md", encoding: .utf8)
        XCTAssertLessThan(readme.utf8.count, 4_000, "a long name is cut in the gallery")
        XCTAssertFalse(readme.contains("\n# heading"), "a name stays on its heading line")
    }
}
