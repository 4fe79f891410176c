import Foundation
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import XCTest

/// `--format pam`: each frame as a Netpbm PAM image, the frame's exact pixels (straight RGBA)
/// behind a plain header. The format is one file, `Outputs/PAMSink.swift`: springy-generate made
/// it a case of OutputFormat and of the engine's switch; the help, the overwrite check and the
/// library's list of formats follow from it.
final class PAMFormatTests: XCTestCase {
    /// The pixels ffmpeg (the reference reader here) decodes from `file`, as RGBA rows.
    func decoded(_ ffmpeg: String, _ file: String) throws -> [UInt8] {
        let out = file + ".rgba"
        let r = try runProgram(ffmpeg, ["-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgba", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        defer { try? FileManager.default.removeItem(atPath: out) }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    func testEachFrameIsThePNGFramesPixelsAsFFmpegReadsThem() throws {
        let ffmpeg = try requireTool("ffmpeg", "Debian's ffmpeg reads the PAM frames back")
        let dir = temporaryDirectory()
        let r = try runSpringy([
            "render", "scenes/gravity.yaml", "--format", "png,pam", "--frames", "0-2", "--out", dir, "--quiet",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let folder = dir + "/gravity"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".pam") }.sorted()
        XCTAssertEqual(names, ["frame-00000.pam", "frame-00001.pam", "frame-00002.pam"])
        let header = "P7\nWIDTH 750\nHEIGHT 1334\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)")))
            XCTAssertEqual(bytes.count, header.utf8.count + 4 * 750 * 1334)
            XCTAssertEqual(String(decoding: bytes.prefix(header.utf8.count), as: UTF8.self), header)
            let png = try RGBAImage.decode(file: "\(folder)/\(name.dropLast(4)).png")
            XCTAssertTrue(Bytes.equal(Array(bytes.dropFirst(header.utf8.count)), png.pixels), "\(name) holds the PNG's pixels")
            XCTAssertTrue(Bytes.equal(try decoded(ffmpeg, "\(folder)/\(name)"), png.pixels), "ffmpeg reads \(name) as drawn")
        }
    }

    func testATranslucentPixelKeepsItsStraightAlpha() throws {
        let ffmpeg = try requireTool("ffmpeg", "Debian's ffmpeg reads the PAM frame back")
        let dir = temporaryDirectory()
        let scene = dir + "/clear.yaml"
        let text = SpringyTestSupport.scene(
            20, 10, background: "#00000000", time: "fps: 10, duration: 0.1",
            """
            items:
              a: { center: [10, 5], size: [20, 10], fill: "#FF000080", corner_radius: 0 }
            """)
        try Data(text.utf8).write(to: URL(fileURLWithPath: scene))
        let r = try runSpringy(["render", scene, "--format", "pam", "--out", dir + "/out", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let file = dir + "/out/clear/frame-00000.pam"
        let pixels = try decoded(ffmpeg, file)
        XCTAssertEqual(pixels.count, 4 * 20 * 10)
        XCTAssertEqual(Array(pixels[(4 * (5 * 20 + 10))...].prefix(4)), [255, 0, 0, 128], "red at half alpha, not premultiplied")
    }

    func testAFolderOfFramesIsNotReplacedUnaskedAndTheHelpListsIt() throws {
        let dir = temporaryDirectory()
        var r = try runSpringy(["render", "scenes/gravity.yaml", "--format", "pam", "--frames", "0-1", "--out", dir, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        r = try runSpringy(["render", "scenes/gravity.yaml", "--format", "pam", "--frames", "0-1", "--out", dir])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("already holds 2 output files (e.g. frame-00000.pam)"), r.stderr)
        // Frames outside the range asked for are not this run's: they do not stop it.
        r = try runSpringy(["render", "scenes/gravity.yaml", "--format", "pam", "--frames", "2-2", "--out", dir, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try runSpringy(["render", "--help"]).stdout.contains("pam"), "--format's help lists it")
    }
}
