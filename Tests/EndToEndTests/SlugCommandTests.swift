import Foundation
import SpringyScene
import SpringyTestSupport
import XCTest

/// The parts of SceneTests's SlugTests that run the `springy` binary (issue 44: subprocess tests
/// live in the end-to-end target; SlugTests keeps what runs in process).
final class SlugCommandTests: XCTestCase {
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
