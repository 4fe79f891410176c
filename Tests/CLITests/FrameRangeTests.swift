import ArgumentParser
import XCTest

@testable import SpringyCLI

/// Issue 44, items 8 and 9: the command line's parsing tested in process, on its boundaries
/// (`--frames A-B` accepted an end one past the last frame under a mutation no test killed).
final class FrameRangeTests: XCTestCase {
    func testTheLastFrameIsInAndOnePastItIsOut() throws {
        XCTAssertEqual(try FrameRange.parse("0-119").range(count: 120, file: "s.yaml"), 0...119)
        XCTAssertEqual(try FrameRange.parse("119").range(count: 120, file: "s.yaml"), 119...119)
        XCTAssertEqual(try FrameRange.parse("30-last").range(count: 120, file: "s.yaml"), 30...119)
        XCTAssertEqual(try FrameRange.parse("last").range(count: 120, file: "s.yaml"), 119...119)
        for past in ["0-120", "120", "120-last", "119-120"] {
            XCTAssertThrowsError(try FrameRange.parse(past).range(count: 120, file: "s.yaml"), past) { e in
                XCTAssertEqual("\(e)", "--frames \(past == "120-last" ? "120-last" : past): s.yaml has 120 frames (0-119)")
            }
        }
    }

    func testMalformedRangesSayWhy() {
        for (text, fragment) in [
            ("5-3", "ends before it starts (3 < 5)"), ("last-5", "starts at the last frame"),
            ("a-3", "is neither a frame number"),
            ("1-2-3", "is not a frame range"), ("-1", "is neither a frame number"),
        ] {
            XCTAssertThrowsError(try FrameRange.parse(text), text) { XCTAssertTrue("\($0)".contains(fragment), "\(text): \($0)") }
        }
        XCTAssertNoThrow(try FrameRange.parse("3-3"))
    }

    /// The root command parses a render's flags in process: the same value types the run uses.
    func testARenderParsesInProcess() throws {
        let command = try Springy.parseAsRoot(["render", "scenes/x.yaml", "--frames", "0-119", "--threads", "2"])
        let render = try XCTUnwrap(command as? Springy.Render)
        XCTAssertEqual(render.threads, 2)
        XCTAssertEqual(render.frames?.lower, 0)
        XCTAssertEqual(render.frames?.upper, 119)
        XCTAssertThrowsError(try Springy.parseAsRoot(["render", "scenes/x.yaml", "--frames", "9-3"]))
    }
}
