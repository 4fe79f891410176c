import Foundation
import SpringyOutput
import SpringyTestSupport
import XCTest

/// Issue 44, item 8: ContainedFile's guards on their own (its callers masked a mutation of the
/// `..` check): a path that climbs out, or starts at the root, is refused before anything is
/// read; a name that only contains two dots is a name.
final class ContainedFileTests: XCTestCase {
    func testAPathThatClimbsOutIsRefusedANameWithDotsIsNot() throws {
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: "\(dir)/inside/a", withIntermediateDirectories: true)
        try "secret".write(toFile: "\(dir)/secret.txt", atomically: true, encoding: .utf8)
        try "mine".write(toFile: "\(dir)/inside/a/..b", atomically: true, encoding: .utf8)
        try "mine".write(toFile: "\(dir)/inside/a/ok.txt", atomically: true, encoding: .utf8)
        let folder = "\(dir)/inside"
        for climbing in ["../secret.txt", "a/../../secret.txt", "a/..", "..", "/etc/passwd", ""] {
            XCTAssertEqual(
                ContainedFile.problem(climbing, in: folder, limit: 100), "\(climbing) is not inside \(folder)", climbing)
            XCTAssertThrowsError(try ContainedFile.read(climbing, in: folder, limit: 100), climbing)
        }
        XCTAssertNil(ContainedFile.problem("a/..b", in: folder, limit: 100), "a name with two dots in it")
        XCTAssertEqual(try ContainedFile.read("a/..b", in: folder, limit: 100), Array("mine".utf8))
        XCTAssertEqual(try ContainedFile.read("a/ok.txt", in: folder, limit: 100), Array("mine".utf8))
        // The size limit on its boundary: 4 bytes at a limit of 4, refused at 3.
        XCTAssertNil(ContainedFile.problem("a/ok.txt", in: folder, limit: 4))
        XCTAssertNotNil(ContainedFile.problem("a/ok.txt", in: folder, limit: 3))
    }
}
