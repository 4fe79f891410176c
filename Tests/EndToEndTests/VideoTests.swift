import Foundation
import SpringyTestSupport
import XCTest

/// mp4 and webm read back by ffprobe (Debian's ffmpeg; scripts/install-deps installs it).
final class VideoTests: XCTestCase {
    func tool(_ name: String) throws -> String {
        try requireTool(name, "Debian's ffmpeg (scripts/install-deps installs it): video outputs not checked")
    }

    /// ffprobe's `key=value` lines for the first video stream.
    func probe(_ file: String) throws -> [String: String] {
        let r = try runProgram(
            try tool("ffprobe"), ["-v", "error", "-select_streams", "v:0", "-show_streams", "-show_format", file])
        XCTAssertEqual(r.status, 0, "ffprobe reads \(file): \(r.stderr)")
        let text = r.stdout
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2, fields[kv[0]] == nil { fields[kv[0]] = kv[1] }
        }
        return fields
    }

    func render(_ background: String, format: String) throws -> String {
        _ = try tool("ffmpeg")
        let dir = temporaryDirectory(format + background.filter(\.isLetter))
        try scene(
            121, 81, time: "fps: 10, duration: 0.5",
            """
            items:
              box: { center: [60, 30], size: [30, 30], fill: "#FF3B30" }
            behaviors:
              - gravity: { items: [box] }
            """
        ).replacingOccurrences(of: "scale: 1 }", with: "scale: 1, background: \"\(background)\" }")
            .write(toFile: "\(dir)/v.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", "\(dir)/v.yaml", "--out", dir, "--format", format, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return "\(dir)/v/v.\(format)"
    }

    /// Issue 43's attack: `render --format mp4` under `ulimit -n 16` trapped (SIGILL) while
    /// starting ffmpeg: Foundation's Process cannot make its run loop's port without a free file
    /// descriptor. Every limit gives a video or a message and exit 2, never a signal.
    func testStartingFFmpegWithFewFileDescriptorsIsAMessageNotATrap() throws {
        _ = try requireTool("ffmpeg", "the video is encoded by ffmpeg")
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var made = 0, refused = 0
        for limit in [8, 10, 12, 14, 16, 20, 32] {
            let out = "\(dir)/\(limit)"
            let r = try runProgram(
                "/bin/sh",
                [
                    "-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", springyBinary, "render", "scenes/falling-box.yaml",
                    "--format", "mp4", "--frames", "0-3", "--out", out, "--quiet",
                ])
            XCTAssertFalse(r.signalled, "ulimit -n \(limit): \(r.stderr)")
            XCTAssertTrue([0, 2].contains(r.status), "ulimit -n \(limit): exit \(r.status): \(r.stderr)")
            if r.status == 0 {
                made += 1
                XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/falling-box/falling-box.mp4"), "\(limit)")
            } else {
                refused += 1
                XCTAssertTrue(r.stderr.contains("springy: "), r.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: "\(out)/falling-box/falling-box.mp4"), "\(limit)")
            }
        }
        XCTAssertGreaterThan(made, 0)
        XCTAssertGreaterThan(refused, 0, "a limit low enough to refuse is tried")
    }

    func testAnOddSizedMP4IsScaledToEvenYUV420WithBT709TagsAndFaststart() throws {
        let file = try render("#FFFFFF", format: "mp4")
        let s = try probe(file)
        XCTAssertEqual(s["codec_name"], "h264")
        XCTAssertEqual(s["width"], "122")
        XCTAssertEqual(s["height"], "82")
        XCTAssertEqual(s["pix_fmt"], "yuv420p")
        XCTAssertEqual(s["color_space"], "bt709")
        XCTAssertEqual(s["color_primaries"], "bt709")
        XCTAssertEqual(s["color_transfer"], "bt709")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let moov = try XCTUnwrap(bytes.range(of: Data("moov".utf8))).lowerBound
        let mdat = try XCTUnwrap(bytes.range(of: Data("mdat".utf8))).lowerBound
        XCTAssertLessThan(moov, mdat, "faststart: the index comes before the media")
    }

    func testAWebMOfATransparentBackgroundKeepsItsAlpha() throws {
        let file = try render("#00000000", format: "webm")
        let s = try probe(file)
        XCTAssertEqual(s["codec_name"], "vp9")
        XCTAssertEqual(s["TAG:alpha_mode"] ?? s["TAG:ALPHA_MODE"], "1", "VP9 with an alpha channel: \(s)")
    }

    func testAnMP4OfATransparentBackgroundWarns() throws {
        _ = try tool("ffmpeg")
        let dir = temporaryDirectory()
        try scene(40, 40, time: "fps: 10, duration: 0.2", "items:\n  a: { center: [20, 20], size: [10, 10] }")
            .replacingOccurrences(of: "scale: 1 }", with: "scale: 1, background: \"#00000000\" }")
            .write(toFile: "\(dir)/t.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", "\(dir)/t.yaml", "--out", dir, "--format", "mp4", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning") && r.stderr.contains("alpha"), r.stderr)
    }

    func testTheReadmesPipeExampleMakesAPlayableMP4() throws {
        _ = try tool("ffmpeg")
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "`springy render s.yaml --format y4m - \\| ffmpeg")).lowerBound
        let end = try XCTUnwrap(readme[readme.index(after: start)...].firstIndex(of: "`"))
        let command = String(readme[readme.index(after: start)..<end]).replacingOccurrences(of: "\\|", with: "|")
        let dir = temporaryDirectory()
        try scene(121, 81, time: "fps: 10, duration: 0.3", "items:\n  a: { center: [20, 20], size: [10, 10] }")
            .write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let script =
            "set -o pipefail; "
            + command.replacingOccurrences(of: "springy ", with: "'\(springyBinary)' ")
            .replacingOccurrences(of: "ffmpeg -i", with: "ffmpeg -loglevel error -y -i")
        let r = try runProgram("/bin/bash", ["-c", script], cwd: dir)
        XCTAssertEqual(r.status, 0, "\(command): \(r.stderr)")
        let s = try probe("\(dir)/out.mp4")
        XCTAssertEqual(s["pix_fmt"], "yuv420p", "QuickTime and Safari play yuv420p, not yuv444p")
        XCTAssertEqual(s["width"], "122")
    }
}
