import Foundation
import SpringyTestSupport
import XCTest

/// `validate`, `render`, `docs` and `preview` say the same warnings about a scene: text the
/// pinned font cannot draw, and an `until: rest` scene still moving at its max_duration.
final class WarningTests: XCTestCase {
    static let glyph = "has characters DejaVu Sans cannot draw"
    static let restless = "nothing had come to rest by max_duration (1 s)"

    func restlessScene(_ dir: String) throws -> String {
        let path = "\(dir)/restless.yaml"
        try """
        springy: 1
        viewport: { size: [400, 300], scale: 1 }
        time: { fps: 30, until: rest, max_duration: 1 }
        items:
          box: { center: [200, 150], size: [40, 40], label: "箱" }
        behaviors:
          - attachment: { item: box, to: [200, 100], length: 10, frequency: 2, damping: 0 }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func assertBoth(_ text: String, _ who: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(text.contains(Self.glyph), "\(who) does not warn of the glyphs: \(text)", file: file, line: line)
        XCTAssertTrue(
            text.contains(Self.restless), "\(who) does not warn that the scene never rests: \(text)", file: file, line: line)
    }

    func testEveryCommandSaysTheSameWarnings() throws {
        let dir = temporaryDirectory()
        let path = try restlessScene(dir)
        let v = try runSpringy(["validate", path])
        XCTAssertEqual(v.status, 0, v.stderr)
        assertBoth(v.stderr, "validate")
        let r = try runSpringy(["render", path, "--format", "png", "--out", "\(dir)/out", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        assertBoth(r.stderr, "render")
        let d = try runSpringy(["docs", path, "--out", "\(dir)/docs"])
        XCTAssertEqual(d.status, 0, d.stderr)
        assertBoth(d.stderr, "docs")
        // The same lines, word for word, from validate and render.
        let lines = { (s: String) in s.split(separator: "\n").filter { $0.contains("warning:") }.sorted() }
        XCTAssertEqual(lines(v.stderr), lines(r.stderr))
        XCTAssertEqual(lines(v.stderr), lines(d.stderr))

        let preview = try XCTUnwrap(try PreviewProcess.start(path), "the preview did not start")
        defer { preview.process.terminate(); preview.process.waitUntilExit() }
        var warnings: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let data = try Data(contentsOf: URL(string: preview.base + "api/state")!)
            let state = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            warnings = state["warnings"] as? [String] ?? []
            if warnings.count == 2 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        assertBoth(warnings.joined(separator: "\n"), "the preview's page")
        Thread.sleep(forTimeInterval: 0.3)
        preview.process.terminate()
        preview.process.waitUntilExit()
        let said = String(decoding: preview.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        assertBoth(said, "the preview's terminal")
        XCTAssertEqual(lines(said), lines(v.stderr), "printed once each, as validate prints them")
    }

    func testASceneThatRestsInTimeIsNotWarnedOf() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/calm.yaml"
        try (try String(contentsOfFile: try restlessScene(dir), encoding: .utf8))
            .replacingOccurrences(of: "damping: 0 }", with: "damping: 1 }").replacingOccurrences(of: "箱", with: "box")
            .replacingOccurrences(of: "max_duration: 1", with: "max_duration: 5")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let v = try runSpringy(["validate", path])
        XCTAssertEqual(v.status, 0, v.stderr)
        XCTAssertFalse(v.stderr.contains("warning"), v.stderr)
    }

    /// The warning names the faces the scene draws with: with `font: inter`, Inter and DejaVu
    /// Sans (which draws what Inter lacks), and only what both lack.
    func testTheGlyphWarningNamesTheScenesFaces() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/inter.yaml"
        try scene(200, 200, "style: { font: inter }\nitems:\n  a: { center: [100, 100], size: [80, 80], label: \"Snow ☃ 中\" }")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runSpringy(["validate", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("has characters Inter and DejaVu Sans cannot draw (中)"), r.stderr)
        XCTAssertFalse(r.stderr.contains("DejaVu Sans cannot draw (☃"), "DejaVu Sans draws the snowman")
    }

    /// A line break in a label is drawn (a break, not a box) and not warned of; a tab, which
    /// would show as a box, is, by its code (issue 47).
    func testALineBreakIsNotWarnedOfButATabIs() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/labels.yaml"
        try """
        springy: 1
        viewport: { size: [200, 200], scale: 1 }
        time: { fps: 10, duration: 0.1 }
        items:
          a: { center: [100, 60], size: [120, 60], label: "One\\nTwo" }
          b: { center: [100, 140], size: [120, 60], label: "Tab\\there" }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let v = try runSpringy(["validate", path])
        XCTAssertEqual(v.status, 0, v.stderr)
        XCTAssertFalse(v.stderr.contains("One"), v.stderr)
        XCTAssertTrue(v.stderr.contains("has characters DejaVu Sans cannot draw (U+0009)"), v.stderr)
    }
}
