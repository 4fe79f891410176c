import Foundation
import SpringyCore
import SpringyGolden
import SpringyTestSupport
import XCTest

/// Issue 26, item 1: `check --merge-reports` reads shard reports made by jobs that may run a
/// pull request's code. A slug or a picture path that reaches outside is refused, naming the
/// shard's report.json, and nothing is written.
final class ReportHardeningTests: XCTestCase {
    /// A shard folder with one failing scene whose report names `image` (written as a small PNG
    /// at `images/<slug>/frame-00000-actual.png` unless told otherwise).
    func shard(_ dir: String, slug: String = "s", image: String? = nil, setUp: (String) throws -> Void = { _ in }) throws
        -> String
    {
        let fm = FileManager.default
        try fm.createDirectory(atPath: "\(dir)/images/s", withIntermediateDirectories: true)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try png.write(to: URL(fileURLWithPath: "\(dir)/images/s/frame-00000-actual.png"))
        try setUp(dir)
        let frame = FrameReport(
            frame: 0, status: .failed, golden: "golden/s/frame-00000.png", summary: "differs", fraction: 0.1,
            largestDelta: 9, expected: nil, actual: image ?? "images/s/frame-00000-actual.png", diff: nil)
        let scene = SceneReport(
            file: "s.yaml", slug: slug, frames: [frame], trace: nil, explanation: [], recorded: [],
            recordCommand: "springy check --record s.yaml")
        try CheckReport(scenes: [scene]).jsonData().write(to: URL(fileURLWithPath: "\(dir)/report.json"))
        return dir
    }

    func merge(_ shards: [String], into out: String) throws -> RunResult {
        try runSpringy(["check", "--merge-reports", "--report", out] + shards)
    }

    func testAnHonestShardMerges() throws {
        let dir = temporaryDirectory()
        let r = try merge([try shard("\(dir)/r1")], into: "\(dir)/all")
        XCTAssertEqual(r.status, 1, r.stderr)  // the shard's scene failed
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/all/images/s/frame-00000-actual.png"))
    }

    func testSlugsAndPicturePathsThatReachOutsideAreRefused() throws {
        let dir = temporaryDirectory()
        let outside = "\(dir)/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "secret".write(toFile: "\(outside)/secret.png", atomically: true, encoding: .utf8)
        let attacks: [(String, String, String?, (String) throws -> Void)] = [
            ("slug-dotdot", "../../../../\(dir)/anywhere/x", nil, { _ in }),
            ("slug-slash", "a/b", nil, { _ in }),
            ("slug-hidden", ".bashrc", nil, { _ in }),
            ("image-etc", "s", "../../../etc/passwd", { _ in }),
            ("image-bare", "s", ".bashrc", { _ in }),
            ("image-absolute", "s", "/etc/passwd", { _ in }),
            ("image-other-name", "s", "images/s/notes.png", { _ in }),
            ("image-other-slug", "s", "images/t/frame-00000-actual.png", { _ in }),
            (
                "image-symlink", "s", "images/s/frame-00001-actual.png",
                { d in
                    try FileManager.default.createSymbolicLink(
                        atPath: "\(d)/images/s/frame-00001-actual.png", withDestinationPath: "\(outside)/secret.png")
                }
            ),
            (
                "folder-symlink", "s", nil,
                { d in
                    try FileManager.default.removeItem(atPath: "\(d)/images/s")
                    try FileManager.default.createSymbolicLink(atPath: "\(d)/images/s", withDestinationPath: outside)
                    try FileManager.default.copyItem(atPath: "\(outside)/secret.png", toPath: "\(outside)/frame-00000-actual.png")
                }
            ),
        ]
        for (name, slug, image, setUp) in attacks {
            let good = try shard("\(dir)/\(name)-good")
            let bad = try shard("\(dir)/\(name)", slug: slug, image: image, setUp: setUp)
            let out = "\(dir)/\(name)-merged"
            let r = try merge([good, bad], into: out)
            XCTAssertEqual(r.status, 2, "\(name): \(r.stderr)")
            XCTAssertTrue(
                r.stderr.contains("\(bad)/report.json: scenes[0]"), "\(name) names the shard file and entry: \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("\n") && r.stderr.split(separator: "\n").count > 1, "\(name): one line: \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(name): nothing written")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/anywhere"), "no write outside")
    }

    func testAReportThatIsALinkOrHugeIsRefused() throws {
        let dir = temporaryDirectory()
        let real = try shard("\(dir)/real")
        try FileManager.default.createDirectory(atPath: "\(dir)/linked", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: "\(dir)/linked/report.json", withDestinationPath: "\(real)/report.json")
        let r = try merge(["\(dir)/linked"], into: "\(dir)/out")
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("symbolic link"), r.stderr)
    }

    /// Issue 26, item 7: under GitHub Actions an item id holding a line break and `::add-mask::`
    /// or `::error …::` must not become a workflow command in any line `check` prints.
    func testSceneTextNeverBecomesAWorkflowCommand() throws {
        let dir = temporaryDirectory()
        let id = "a\\n::add-mask::secret\\r::error file=x::pwned\\u2028::warning::y"
        let text = scene(
            100, 120, time: "fps: 10, duration: 0.5",
            """
            items:
              "\(id)": { center: [50, 30], size: [20, 20] }
            behaviors:
              - gravity: { items: ["\(id)"], magnitude: 1 }
            golden: { frames: [4] }
            """)
        let path = "\(dir)/s.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        XCTAssertEqual(try runSpringy(["check", "--record", "--golden", "\(dir)/g", path], environment: env).status, 0)
        try text.replacingOccurrences(of: "magnitude: 1", with: "magnitude: 2").write(
            toFile: path, atomically: true, encoding: .utf8)
        env["GITHUB_ACTIONS"] = "true"
        let r = try runSpringy(["check", "--golden", "\(dir)/g", "--failures", "\(dir)/f", path], environment: env)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains(": item a\\n::add-mask::secret"), "the id is shown, escaped: \(r.stderr)")
        // Springy's annotations point at the scene's golden key (line 8 here).
        let ours = "::error file=\(WorkflowText.property(path)),line=8::"
        var annotations = 0
        for line in (r.stdout + "\n" + r.stderr).split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" }) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.hasPrefix("::") else { continue }
            XCTAssertTrue(line.hasPrefix(ours), "only Springy's own annotations are workflow commands: \(line)")
            annotations += 1
        }
        XCTAssertEqual(annotations, 2, "the frame and the trace are annotated")
        XCTAssertEqual(WorkflowText.neutralized("ok\n  ::add-mask::x"), "ok\n»   ::add-mask::x")
    }
}
