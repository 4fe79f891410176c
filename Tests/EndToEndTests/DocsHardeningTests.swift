import Foundation
import SpringyCore
import SpringyTestSupport
import XCTest

/// Issue 26, item 6: scene names and file names reach Markdown (the gallery README, DocC
/// articles) escaped for each, read back by a real CommonMark renderer with raw HTML allowed
/// and by DocC.
final class DocsHardeningTests: XCTestCase {
    let hostileName = #"<script>alert(1)</script> <img src=x onerror=alert(2)> `tick` "q" [a](javascript:x) *b*"#

    func hostileScene(_ dir: String, file: String = "we`ird") throws -> String {
        let text = scene(
            80, 100, time: "fps: 10, duration: 0.3",
            """
            name: '\(hostileName)'
            items:
              box: { center: [40, 30], size: [20, 20] }
            behaviors:
              - gravity: { items: [box] }
            """)
        let path = "\(dir)/\(file).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func tool(_ name: String) -> String? { onPath(name) }

    func testTheGalleryPageEscapesNamesAndPaths() throws {
        let dir = temporaryDirectory()
        let path = try hostileScene(dir)
        let r = try runSpringy(["docs", path, "--out", "\(dir)/g", "--every", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = try String(contentsOfFile: "\(dir)/g/README.md", encoding: .utf8)
        XCTAssertFalse(page.contains("<script"), page)
        XCTAssertFalse(page.contains("<img"), page)
        let cmark = try XCTUnwrap(tool("cmark"), "cmark (Debian's cmark, scripts/install-deps --tests) renders the page")
        let pageFile = "\(dir)/g/README.md"
        let html = try runProgram(cmark, ["--unsafe", pageFile])
        XCTAssertEqual(html.status, 0, html.stderr)
        XCTAssertFalse(html.stdout.contains("<script"), "no script element: \(html.stdout)")
        XCTAssertFalse(html.stdout.contains("<img src=\"x\"") || html.stdout.contains("<img src=x"), html.stdout)
        XCTAssertFalse(html.stdout.contains("href=\"javascript"), html.stdout)
        XCTAssertTrue(html.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the name is shown as text: \(html.stdout)")
        XCTAssertTrue(html.stdout.contains("<code>\(dir)/we`ird.yaml</code>"), "the path is one code span: \(html.stdout)")
        XCTAssertTrue(html.stdout.contains("*b*") && html.stdout.contains("`tick`"), "markup shown as typed")
    }

    func testADocCArticleTakesAnyName() throws {
        let dir = temporaryDirectory()
        let path = try hostileScene(dir, file: "hostile")
        let catalogue = "\(dir)/Gallery.docc"
        let r = try runSpringy(["docs", "--docc", catalogue, path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let docc = try XCTUnwrap(tool("docc"), "the toolchain's docc builds the catalogue")
        let built = try runProgram(
            docc,
            [
                "convert", catalogue, "--output-path", "\(dir)/site", "--fallback-display-name", "Gallery",
                "--fallback-bundle-identifier", "gallery", "--warnings-as-errors",
            ])
        XCTAssertEqual(built.status, 0, built.stderr + built.stdout)
        let data = try FileManager.default.subpathsOfDirectory(atPath: "\(dir)/site/data").filter { $0.hasSuffix(".json") }
        var article: [String: Any]?
        for d in data {
            let json =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/site/data/\(d)")))
                as? [String: Any]
            if let refs = json?["references"] as? [String: Any], refs["hostile.mp4"] != nil { article = json }
        }
        let refs = try XCTUnwrap(article?["references"] as? [String: Any], "an article shows the video")
        let video = try XCTUnwrap(refs["hostile.mp4"] as? [String: Any])
        let alt = try XCTUnwrap(video["alt"] as? String)
        XCTAssertTrue(alt.hasPrefix("<script>alert(1)</script>"), alt)
        XCTAssertTrue(alt.contains("\u{201C}q\u{201D}"), "quotes kept as typographic ones: \(alt)")
        let title = (article?["metadata"] as? [String: Any])?["title"] as? String
        // DocC sets straight quotes as typographic ones in titles itself.
        XCTAssertEqual(
            title, hostileName.replacingOccurrences(of: "\"q\"", with: "\u{201C}q\u{201D}"), "the title reads as the name")
    }

    /// Issue 26, item 19: six `springy docs` runs at once into one gallery keep every entry.
    func testConcurrentDocsRunsKeepEveryEntry() throws {
        let dir = temporaryDirectory()
        var paths: [String] = []
        for k in 0..<6 {
            let path = "\(dir)/scene\(k).yaml"
            try scene(
                80, 100, time: "fps: 10, duration: 0.3",
                """
                name: Scene \(k)
                items:
                  box: { center: [40, 30], size: [20, 20] }
                behaviors:
                  - gravity: { items: [box] }
                """
            ).write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        for trial in 0..<3 {
            let out = "\(dir)/gallery\(trial)"
            XCTAssertEqual(mkdir(out, 0o755), 0)
            let group = DispatchGroup()
            let statuses = Locked<[Int32]>([])
            for path in paths {
                group.enter()
                Thread {
                    let r = try? runSpringy(["docs", path, "--out", out, "--every", "3"])
                    statuses.update { $0.append(r?.status ?? -1) }
                    group.leave()
                }.start()
            }
            group.wait()
            XCTAssertEqual(statuses.value, Array(repeating: 0, count: 6), "trial \(trial)")
            let page = try String(contentsOfFile: "\(out)/README.md", encoding: .utf8)
            for k in 0..<6 { XCTAssertTrue(page.contains("## Scene \(k)"), "trial \(trial): scene \(k) kept in \(page)") }
        }
    }
}
