import Foundation
import SpringyTestSupport
import XCTest

/// Every output makes the folders its path names, and a bad destination is refused before any
/// work is done (nothing computed, nothing printed).
final class OutputDestinationTests: XCTestCase {
    func testEverySingleFileOutputMakesItsParentFolders() throws {
        let dir = temporaryDirectory()
        let plot = try runSpringy(["plot", "scenes/falling-box.yaml", "--item", "box", "--out", "\(dir)/a/b/plot.svg"])
        XCTAssertEqual(plot.status, 0, plot.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/a/b/plot.svg"))
        let spring = try runSpringy(["spring", "swiftui", "duration=0.5", "bounce=0.2", "--plot", "\(dir)/c/d/spring.svg"])
        XCTAssertEqual(spring.status, 0, spring.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/c/d/spring.svg"))
        let still = try runSpringy(["still", "scenes/falling-box.yaml", "--out", "\(dir)/e/f/still.png"])
        XCTAssertEqual(still.status, 0, still.stderr)
        let record = try runSpringy(
            ["check", "--record", "--golden", "\(dir)/g", "scenes/falling-box.yaml"],
            environment: ProcessInfo.processInfo.environment.filter { $0.key != "CI" })
        XCTAssertEqual(record.status, 0, record.stderr)
        let check = try runSpringy([
            "check", "--golden", "\(dir)/g", "scenes/falling-box.yaml", "--junit", "\(dir)/h/i/junit.xml", "--json",
            "\(dir)/j/k/check.json",
        ])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/h/i/junit.xml"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/j/k/check.json"))
    }

    func testABadDestinationIsRefusedBeforeTheWork() throws {
        let dir = temporaryDirectory()
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(dir)/taken.svg", contents: Data("mine".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(dir)/file", contents: Data()))
        for (path, says) in [
            ("\(dir)/taken.svg", "exists; pass --overwrite"), ("\(dir)/file/spring.svg", "a file of that name is in the way"),
        ] {
            let r = try runSpringy(["spring", "swiftui", "duration=0.5", "bounce=0.2", "--plot", path])
            XCTAssertEqual(r.status, 2, path)
            XCTAssertTrue(r.stderr.contains(says), r.stderr)
            XCTAssertEqual(r.stdout, "", "nothing computed or printed before the refusal")
        }
        XCTAssertEqual(try String(contentsOfFile: "\(dir)/taken.svg", encoding: .utf8), "mine", "not overwritten")
        let plot = try runSpringy(["plot", "scenes/falling-box.yaml", "--item", "box", "--out", "\(dir)/taken.svg"])
        XCTAssertEqual(plot.status, 2)
        XCTAssertTrue(plot.stderr.contains("exists; pass --overwrite"), plot.stderr)
    }
}
