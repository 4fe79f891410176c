import Foundation
import XCTest

// What a test needs from the machine: a reference tool on PATH, root, a browser. Missing, it is
// a skip that says what was not checked — or, under SPRINGY_REQUIRE_TOOLS=1 (scripts/test sets
// it in CI), a failure: a CI run may not pass by not checking.

/// The executable `name` on PATH, if any.
package func onPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":") where !dir.isEmpty {
        let p = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: p) { return p }
    }
    return nil
}

/// Whether this run must not skip for want of a tool or privilege.
package var toolsRequired: Bool { ProcessInfo.processInfo.environment["SPRINGY_REQUIRE_TOOLS"] == "1" }

/// A requirement the machine does not meet: a failure when tools are required, else a skip.
package struct MissingRequirement: Error, CustomStringConvertible {
    package let description: String
}

/// The error to throw when `why` cannot be checked here. A skip is also written to the file
/// SPRINGY_SKIP_LOG names, if any (scripts/test counts them there: `swift test --parallel`
/// reports a skipped test as passed).
package func unavailable(_ why: String) -> Error {
    if toolsRequired {
        return MissingRequirement(
            description: "\(why) — SPRINGY_REQUIRE_TOOLS=1: this run must check it (scripts/install-deps --tests)")
    }
    if let log = ProcessInfo.processInfo.environment["SPRINGY_SKIP_LOG"], !log.isEmpty {
        let fd = open(log, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        if fd >= 0 {
            let line = Array((why.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
            _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
    }
    return XCTSkip(why)
}

/// The tool `name` from PATH; missing, `unavailable(why)`.
package func requireTool(_ name: String, _ why: String) throws -> String {
    if let p = onPath(name) { return p }
    throw unavailable("\(name) is not on PATH: \(why)")
}

/// Drives a page in `chromium` with real input events (scripts/browser-drive.py, through the
/// DevTools protocol): the values its `eval` steps print, in order. Fails the test when the
/// driver does.
package func browserDrive(_ chromium: String, _ steps: [[String: Any]], file: StaticString = #filePath, line: UInt = #line)
    throws -> [Any?]
{
    let python = try requireTool("python3", "scripts/browser-drive.py drives the browser")
    let json = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
    let r = try runProgram(python, [packageRoot + "/scripts/browser-drive.py", chromium, json])
    XCTAssertEqual(r.status, 0, r.stderr.suffix(800).description, file: file, line: line)
    return r.stdout.split(separator: "\n").map {
        try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)
    }
}
