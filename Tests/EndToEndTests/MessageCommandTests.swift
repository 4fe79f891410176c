import Foundation
import SpringyTestSupport
import XCTest

/// The parts of SceneTests's MessageTests that run the `springy` binary (issue 44: subprocess tests
/// live in the end-to-end target; MessageTests keeps what runs in process).
final class MessageCommandTests: XCTestCase {
    func testPlotNamesWhatIsOnScreen() throws {
        let r = try runSpringy(["plot", "scenes/falling-box.yaml", "--item", "bxo", "--out", temporaryDirectory() + "/p.svg"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("no item \"bxo\" is ever on screen (did you mean \"box\"?); on screen: box"), r.stderr)
    }

    func testTwoScenesOfOneNameNameTheFlagOfTheirCommand() throws {
        let dir = temporaryDirectory()
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: "\(dir)/\(sub)", withIntermediateDirectories: true)
            try String(contentsOfFile: packageRoot + "/scenes/falling-box.yaml", encoding: .utf8)
                .write(toFile: "\(dir)/\(sub)/card.yaml", atomically: true, encoding: .utf8)
        }
        let check = try runSpringy(["check", "\(dir)/a/card.yaml", "\(dir)/b/card.yaml"])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.stderr.contains("run them separately with different --golden"), check.stderr)
        XCTAssertFalse(check.stderr.contains("--out"), "check has no --out: \(check.stderr)")
    }
}
