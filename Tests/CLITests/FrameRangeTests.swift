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

/// `--shard K/N` and `--shard auto[/N]`, parsed in process on their boundaries (scripts/mutate
/// found the `auto` branch and the part count untested here).
final class ShardArgumentTests: XCTestCase {
    override func tearDown() {
        for name in ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX"] { unsetenv(name) }
    }

    func testKOfNOnItsBoundaries() throws {
        let two = try ShardArgument.parse("2/4")
        XCTAssertEqual(two.shard.index, 2)
        XCTAssertEqual(two.shard.count, 4)
        XCTAssertNil(two.source)
        XCTAssertEqual(try ShardArgument.parse("4/4").shard.index, 4)
        XCTAssertEqual(try ShardArgument.parse("1/1").shard.count, 1)
        XCTAssertEqual(try ShardArgument.parse("1/\(ShardArgument.maxShards)").shard.count, ShardArgument.maxShards)
        for (text, fragment) in [
            ("0/4", "must be between 1 and 4"), ("5/4", "must be between 1 and 4"), ("1/0", "between 1 and"),
            ("1/\(ShardArgument.maxShards + 1)", "between 1 and \(ShardArgument.maxShards)"), ("2/4/1", "is not a shard"),
            ("2", "is not a shard"), ("autox", "is not a shard"), ("", "is not a shard"),
        ] {
            XCTAssertThrowsError(try ShardArgument.parse(text), text) {
                XCTAssertTrue("\($0)".contains(fragment), "\(text): \($0)")
            }
        }
    }

    func testAutoReadsTheSchedulersIndexAndChecksACountGiven() throws {
        setenv("SLURM_ARRAY_TASK_ID", "3", 1)
        setenv("SLURM_ARRAY_TASK_MIN", "1", 1)
        setenv("SLURM_ARRAY_TASK_MAX", "4", 1)
        let auto = try ShardArgument.parse("auto")
        XCTAssertEqual(auto.shard.index, 3)
        XCTAssertEqual(auto.shard.count, 4)
        XCTAssertNotNil(auto.source)
        XCTAssertEqual(try ShardArgument.parse("auto/4").shard.index, 3)
        XCTAssertThrowsError(try ShardArgument.parse("auto/5")) { XCTAssertTrue("\($0)".contains("not 5"), "\($0)") }
        for bad in ["auto/0", "auto/\(ShardArgument.maxShards + 1)", "auto/x"] {
            XCTAssertThrowsError(try ShardArgument.parse(bad), bad) {
                XCTAssertTrue("\($0)".contains("write auto/N with N between 1 and"), "\(bad): \($0)")
            }
        }
    }
}
