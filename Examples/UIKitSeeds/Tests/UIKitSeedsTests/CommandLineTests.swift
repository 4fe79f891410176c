import Foundation
import XCTest

/// seed-motion: Springy's command line with the seed scenes in it by name, as a package's own
/// executable runs it (`swift run seed-motion render expand-collapse`).
final class CommandLineTests: XCTestCase {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func motion(_ args: [String], in dir: String) throws -> Result {
        let p = Process()
        p.executableURL = Bundle.main.bundleURL.appendingPathComponent("seed-motion")
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        // Recording goldens is refused with CI set (a person records them); these are the test's own.
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        p.environment = environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(
            status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("seed-motion-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    func testASwiftSceneIsRenderedAndGoldenCheckedByName() throws {
        let dir = try folder()
        let render = try motion(["render", "expand-collapse", "--frames", "0-2", "--out", "out", "--quiet"], in: dir)
        XCTAssertEqual(render.status, 0, render.stderr)
        let frames = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/out/expand-collapse").sorted()
        XCTAssertEqual(frames, ["frame-00000.png", "frame-00001.png", "frame-00002.png"])

        // No golden yet: the check refuses, saying how to record; recorded, it passes.
        let missing = try motion(["check", "expand-sticky"], in: dir)
        XCTAssertEqual(missing.status, 2, missing.stdout + missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--record missing expand-sticky"), missing.stderr)
        let record = try motion(["check", "--record", "missing", "expand-sticky"], in: dir)
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/golden/expand-sticky"))
        let check = try motion(["check", "expand-sticky"], in: dir)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    func testWithNoSceneNamedEverySwiftSceneRunsAndAnUnknownNameIsRefused() throws {
        let dir = try folder()
        let record = try motion(["check", "--record", "missing"], in: dir)
        XCTAssertEqual(record.status, 0, record.stderr)
        let names = ["drag-many", "expand-collapse", "expand-sticky", "gravity", "shuffled-tiles", "springy-carousel-insert"]
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/golden").sorted(), names)
        XCTAssertTrue(record.stdout.contains("check: 18 passed, 0 failed, 0 missing, 18 recorded"), record.stdout)
        let unknown = try motion(["render", "expand", "--out", "out"], in: dir)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(
            unknown.stderr.contains("expand: no such file, and no Swift scene of that name (gravity, springy-carousel-insert"),
            unknown.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out"), "nothing written")
    }
}
