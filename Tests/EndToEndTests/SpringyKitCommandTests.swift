import Foundation
import SpringyKit
import SpringyTestSupport
import XCTest

/// The library gives what the command line gives: the parts of SpringyKitTests that run the
/// `springy` binary (issue 44: subprocess tests live in the end-to-end target).
final class SpringyKitCommandTests: XCTestCase {
    /// A box falling under gravity for a second (SpringyTestSupport).
    let fall = fallingBoxScene

    func testAFrameIsDrawnAndWrittenExactlyAsTheCommandLineDoes() throws {
        let dir = temporaryDirectory()
        try fall.write(toFile: "\(dir)/fall.yaml", atomically: true, encoding: .utf8)
        let scene = try Scene(contentsOfFile: "\(dir)/fall.yaml")
        let image = try scene.image(ofFrame: 30)
        XCTAssertEqual(image.width, 400)
        XCTAssertEqual(image.height, 600)
        XCTAssertEqual(image.pixels.count, 400 * 600 * 4)
        let r = try runSpringy(["render", "\(dir)/fall.yaml", "--out", "\(dir)/cli", "--frames", "30-30"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let cli = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/cli/fall/frame-00030.png"))
        XCTAssertEqual(try image.png(), Array(cli), "the library's PNG is the command line's, byte for byte")
        XCTAssertThrowsError(try scene.image(ofFrame: 60)) { XCTAssertTrue("\($0)".contains("no frame 60"), "\($0)") }

        let written = try scene.write([.png, .apng], to: "\(dir)/lib")
        XCTAssertEqual(written.filter { $0.hasSuffix(".png") && $0.contains("/frame-") }.count, 60)
        XCTAssertTrue(written.contains("\(dir)/lib/fall/fall.apng"), "\(written.suffix(3))")
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: "\(dir)/lib/fall/frame-00030.png")), cli, "write gives the same frames")
        XCTAssertThrowsError(try scene.write([.apng], to: "\(dir)/lib")) { XCTAssertTrue("\($0)".contains("exists"), "\($0)") }
        XCTAssertNoThrow(try scene.write([.apng], to: "\(dir)/lib", overwrite: true))
    }
}
