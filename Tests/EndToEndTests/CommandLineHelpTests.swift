import Foundation
import SpringyTestSupport
import XCTest

/// What `--help` shows a person: everyday options first, the `--max-*` limits after them,
/// and typed options list their values.
final class CommandLineHelpTests: XCTestCase {
    func testEverydayOptionsComeBeforeTheLimits() throws {
        for command in ["render", "trace", "validate", "check", "bench", "plot", "docs"] {
            let r = try runSpringy([command, "--help"])
            XCTAssertEqual(r.status, 0, command)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            guard let firstLimit = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--max-") }) else {
                XCTFail("\(command) --help lists no limits"); continue
            }
            let everyday = lines.indices.filter { i in
                let t = lines[i].trimmingCharacters(in: .whitespaces)
                return t.hasPrefix("--") && !t.hasPrefix("--max-") && !t.hasPrefix("--help") && !t.hasPrefix("--version")
            }
            XCTAssertTrue(command == "validate" || !everyday.isEmpty, command)
            XCTAssertTrue(everyday.allSatisfy { $0 < firstLimit }, "\(command): an everyday option is listed after the limits")
        }
    }

    func testTypedOptionsListTheirValuesAndRejectOthers() throws {
        let help = try runSpringy(["render", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(help.contains("values: none, sub, up, avg, paeth, all"), help)
        let bad = try runSpringy(["render", "scenes/falling-box.yaml", "--png-filter", "wavy"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("wavy"), bad.stderr)
        let shard = try runSpringy(["render", "scenes/falling-box.yaml", "--shard", "3/2"])
        XCTAssertEqual(shard.status, 2)
        XCTAssertTrue(shard.stderr.contains("--shard"), shard.stderr)
    }
}
