import Foundation
import SpringyTestSupport
import XCTest

/// README's gallery and the iOS-look sheets are what the binary makes now: scripts/gallery (the
/// commands the README and the gallery's README.md give) run into a scratch folder writes exactly
/// the committed files.
final class GalleryTests: XCTestCase {
    func files(_ root: String) throws -> [String] {
        var out: [String] = []
        let e = FileManager.default.enumerator(atPath: root)
        while let f = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(root)/\(f)", isDirectory: &isDir), !isDir.boolValue { out.append(f) }
        }
        return out.sorted()
    }

    func testTheCommittedGalleryIsWhatTheBinaryMakes() throws {
        let root = temporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["SPRINGY"] = springyBinary
        let r = try runProgram(packageRoot + "/scripts/gallery", [root], environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        for folder in ["docs/gallery", "docs/ios-look"] {
            let committed = packageRoot + "/" + folder, made = "\(root)/" + folder
            XCTAssertEqual(try files(made), try files(committed), "the same files in \(folder)")
            for f in try files(committed) {
                XCTAssertEqual(
                    try Data(contentsOf: URL(fileURLWithPath: "\(made)/\(f)")),
                    try Data(contentsOf: URL(fileURLWithPath: "\(committed)/\(f)")),
                    "\(folder)/\(f) is stale: remake it with scripts/gallery")
            }
        }
    }
}
