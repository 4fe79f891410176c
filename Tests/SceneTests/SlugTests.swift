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

}
