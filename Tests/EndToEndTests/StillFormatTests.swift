import Foundation
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import XCTest

/// `--format still`: the picked frames as PNG images (the golden frames unless `--pick`), each
/// the very bytes `--format png` writes for that frame. The format is one file,
/// `Outputs/StillPNGSink.swift`: springy-generate made it a case of OutputFormat and of the
/// engine's switch, and the help, `--pick`'s warning and the overwrite check follow from it.
final class StillFormatTests: XCTestCase {
    func files(_ folder: String, _ prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(prefix) }.sorted()
    }

    func testTheGoldenFramesAsTheFramesOwnPNGs() throws {
        let dir = temporaryDirectory()
        let r = try runSpringy(["render", "scenes/gravity.yaml", "--format", "png,still", "--out", dir, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let folder = dir + "/gravity"
        // gravity.yaml's golden frames: [0, 15, 30, 60, last] of 199.
        let stills = try files(folder, "still-")
        XCTAssertEqual(stills, ["still-00000.png", "still-00015.png", "still-00030.png", "still-00060.png", "still-00198.png"])
        for still in stills {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(still)"))
            let frame = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/frame-\(still.dropFirst(6))"))
            XCTAssertEqual(bytes, frame, "\(still) is the png frame's bytes")
            let image = try RGBAImage.decode(file: "\(folder)/\(still)")
            XCTAssertEqual([image.width, image.height], [750, 1334], "libpng reads it at the scene's size (375 × 667 at 2x)")
        }
    }

    func testAPickIsWhatIsWrittenAndAFolderOfStillsIsNotReplacedUnasked() throws {
        let dir = temporaryDirectory()
        var r = try runSpringy([
            "render", "scenes/gravity.yaml", "--format", "still", "--pick", "1,last", "--out", dir, "--quiet",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try files(dir + "/gravity", ""), ["still-00001.png", "still-00198.png"], "nothing but the stills")
        r = try runSpringy(["render", "scenes/gravity.yaml", "--format", "still", "--pick-count", "3", "--out", dir])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("already holds 2 output files (e.g. still-00001.png)"), r.stderr)
        r = try runSpringy([
            "render", "scenes/gravity.yaml", "--format", "still", "--pick-count", "1", "--out", dir, "--overwrite",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try files(dir + "/gravity", "").contains("still-00198.png"))
        // A pick with no still format is the same warning as for the other stills.
        r = try runSpringy([
            "render", "scenes/gravity.yaml", "--format", "png", "--pick", "3", "--frames", "0-3", "--out", dir + "/p",
        ])
        XCTAssertTrue(r.stderr.contains("--pick"), r.stderr)
        XCTAssertTrue(try runSpringy(["render", "--help"]).stdout.contains("still"), "--format's help lists it")
    }
}
