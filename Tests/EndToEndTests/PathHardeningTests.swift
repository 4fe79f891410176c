import Foundation
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import XCTest

/// Issue 26, items 2 and 3: an empty path is refused before anything is written, and a folder
/// of any spelling (one character, trailing slashes, absolute) is made without a crash.
final class PathHardeningTests: XCTestCase {
    let sceneText = scene(
        80, 100, time: "fps: 10, duration: 0.3",
        """
        items:
          box: { center: [40, 30], size: [20, 20] }
        behaviors:
          - gravity: { items: [box] }
        """)

    func writeScene(_ dir: String, _ name: String = "s") throws -> String {
        let path = "\(dir)/\(name).yaml"
        try sceneText.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testParentOfEverySpelling() {
        let cases: [(String, String)] = [
            ("q", "."), ("q/", "."), ("./q", "."), ("a/b/c", "a/b"), ("a/b/c/", "a/b"),
            ("/q", "/"), ("/", "/"), ("", "."), ("/a/b", "/a"), ("a//b", "a"),
        ]
        for (path, parent) in cases { XCTAssertEqual(PathText.parent(path), parent, path) }
        XCTAssertEqual(PathText.prefixes("a/b/c"), ["a", "a/b", "a/b/c"])
        XCTAssertEqual(PathText.prefixes("/x//y/"), ["/x", "/x/y"])
        XCTAssertEqual(PathText.prefixes("./q"), ["q"])
        XCTAssertEqual(PathText.lastComponent("a/b.png"), "b.png")
        XCTAssertEqual(PathText.deletingExtension("frame-00001.png"), "frame-00001")
        XCTAssertEqual(PathText.deletingExtension(".hidden"), ".hidden")
        XCTAssertEqual(PathText.pathExtension("a/b.mp4"), "mp4")
        XCTAssertEqual(PathText.pathExtension("a.b/c"), "")
        // Issue 31: paths seen from another folder (a JSON file's).
        XCTAssertEqual(PathText.normalized("a/./b/../c"), "a/c")
        XCTAssertEqual(PathText.normalized("../x/../../y"), "../../y")
        XCTAssertEqual(PathText.normalized("/../a"), "/a")
        XCTAssertEqual(PathText.relative("a/b/c.png", from: "a/x", cwd: "/w"), "../b/c.png")
        XCTAssertEqual(PathText.relative("g/f.png", from: ".", cwd: "/w"), "g/f.png")
        XCTAssertEqual(PathText.relative("/w/g/f.png", from: "out/deep", cwd: "/w"), "../../g/f.png")
        XCTAssertEqual(PathText.relative("x", from: "/elsewhere", cwd: "/w"), "../w/x")
        XCTAssertEqual(PathText.rebased("images/a.png", from: "rep", to: "out", cwd: "/w"), "../rep/images/a.png")
        XCTAssertEqual(PathText.rebased("/abs/a.png", from: "rep", to: "out", cwd: "/w"), "/abs/a.png", "absolute stays")
    }

    func testFoldersOfEverySpellingAreMade() throws {
        let dir = temporaryDirectory()
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(dir))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        for path in ["q", "r/", "./s", "a/b/c", "t//u/", "\(dir)/abs/x", "\(dir)/abs2/y/"] {
            XCTAssertNoThrow(try AtomicFile.makeDirectory(path), path)
            var isDir: ObjCBool = false
            XCTAssertTrue(FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue, path)
        }
        try Data().write(to: URL(fileURLWithPath: "\(dir)/file"))
        XCTAssertThrowsError(try AtomicFile.makeDirectory("file/sub")) { XCTAssertTrue("\($0)".contains("in the way"), "\($0)") }
        XCTAssertThrowsError(try AtomicFile.makeDirectory(""))
    }

    /// The crash was in the binary: `--out q` in a folder where q does not exist yet.
    func testOneCharacterOutputFoldersWork() throws {
        let dir = temporaryDirectory()
        let s = try writeScene(dir)
        let runs: [([String], String)] = [
            (["render", s, "--out", "q", "--frames", "0-1"], "q/s/frame-00001.png"),
            (["still", s, "--out", "z/x.png", "--frame", "1"], "z/x.png"),
            (["docs", s, "--out", "d"], "d/README.md"),
            (["check", s, "--golden", "g", "--record", "all"], "g/s"),
        ]
        for (args, made) in runs {
            var env = ProcessInfo.processInfo.environment
            env["CI"] = nil
            let r = try runSpringy(args, cwd: dir, environment: env)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/\(made)"), "\(args) made \(made)")
        }
    }

    func testEmptyPathsAreRefusedBeforeAnythingIsWritten() throws {
        let dir = temporaryDirectory()
        let s = try writeScene(dir)
        let commands: [[String]] = [
            ["render", s, "--out", ""], ["render", s, "--format", "gif", "--out", ""],
            ["check", s, "--golden", ""], ["check", s, "--failures", ""], ["check", s, "--report", ""],
            ["check", s, "--junit", ""], ["check", s, "--json", ""], ["docs", s, "--out", ""], ["docs", s, "--docc", ""],
            ["still", s, "--out", ""], ["plot", s, "--item", "box", "--quantity", "y", "--out", ""],
            ["spring", "uikit", "frequency=1", "damping=0.5", "--lottie", ""], ["render", ""], ["bench", s, "--golden", ""],
        ]
        for args in commands {
            let r = try runSpringy(args, cwd: dir)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("empty"), "\(args) says why: \(r.stderr)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        XCTAssertEqual(left, ["s.yaml"], "nothing written")
    }
}
