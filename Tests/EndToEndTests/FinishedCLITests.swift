import Foundation
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import XCTest

/// `springy still`, quality presets and overrides, video codecs, and the terminal progress line.
final class FinishedCLITests: XCTestCase {
    let springs = packageRoot + "/scenes/springs.yaml"

    func testStillWritesTheFrameRenderWouldAtATimeAFrameOrTheEnd() throws {
        let dir = temporaryDirectory()
        XCTAssertEqual(try runSpringy(["render", springs, "--frames", "20", "--out", "\(dir)/r", "--quiet"]).status, 0)
        let rendered = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/r/springs/frame-00020.png"))
        let byFrame = try runSpringy(["still", springs, "--frame", "20", "--out", "\(dir)/a.png"])
        XCTAssertEqual(byFrame.status, 0, byFrame.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/a.png")), rendered)
        // 0.34 s at 60 fps shows frame 20 (20.4 rounded down).
        XCTAssertEqual(try runSpringy(["still", springs, "--time", "0.34", "--out", "\(dir)/b.png"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/b.png")), rendered)
        let last = try runSpringy(["still", springs], cwd: dir)
        XCTAssertEqual(last.status, 0, last.stderr)
        XCTAssertTrue(last.stdout.contains("frame 239 → out/springs-00239.png"), last.stdout)
        let again = try runSpringy(["still", springs], cwd: dir)
        XCTAssertEqual(again.status, 2, "an existing still is not replaced")
        XCTAssertTrue(again.stderr.contains("--overwrite"), again.stderr)
        let past = try runSpringy(["still", springs, "--time", "9", "--out", "\(dir)/c.png"])
        XCTAssertEqual(past.status, 2)
        XCTAssertTrue(past.stderr.contains("past the scene's end"), past.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/c.png"))
        XCTAssertEqual(try runSpringy(["still", springs, "--time", "1", "--frame", "2"]).status, 2)
    }

    func testQualityPresetsAndFrameRateAndDurationOverrides() throws {
        let dir = temporaryDirectory()
        let low = try runSpringy(["render", springs, "-q", "low", "--out", "\(dir)/low", "--quiet"])
        XCTAssertEqual(low.status, 0, low.stderr)
        let frames = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/low/springs").filter { $0.hasPrefix("frame-") }
        XCTAssertEqual(frames.count, 120, "4 s at 30 fps")
        XCTAssertEqual(try RGBAImage.decode(file: "\(dir)/low/springs/frame-00000.png").width, 375, "1x")
        let custom = try runSpringy([
            "render", springs, "-q", "low", "--scale", "2", "--fps", "24", "--duration", "0.5", "--out", "\(dir)/c", "--quiet",
        ])
        XCTAssertEqual(custom.status, 0, custom.stderr)
        let c = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/c/springs").filter { $0.hasPrefix("frame-") }
        XCTAssertEqual(c.count, 12)
        XCTAssertEqual(try RGBAImage.decode(file: "\(dir)/c/springs/frame-00000.png").width, 750, "--scale overrides the preset")
        let bad = try runSpringy(["render", springs, "--fps", "500"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--fps must be 1-240"), bad.stderr)
        XCTAssertEqual(try runSpringy(["render", springs, "-q", "8k"]).status, 2)
        // 3x is what the preset is (3 pixels a point), not the "4k" it was once called.
        let three = try runSpringy(["render", springs, "-q", "3x", "--frames", "0", "--out", "\(dir)/3x", "--quiet"])
        XCTAssertEqual(three.status, 0, three.stderr)
        XCTAssertEqual(try RGBAImage.decode(file: "\(dir)/3x/springs/frame-00000.png").width, 1125, "375 pt at 3x")
        XCTAssertEqual(try runSpringy(["render", springs, "-q", "4k"]).status, 2, "4k is not a 3x preset's name")
        XCTAssertTrue(try runSpringy(["render", "--help"]).stdout.contains("1125 × 2001 px"), "--help says what 3x is")
    }

    func testVideoCodecsAndProResWithAlpha() throws {
        let ffprobe = try requireTool("ffprobe", "Debian's ffmpeg (scripts/install-deps installs it)")
        let dir = temporaryDirectory()
        try """
        springy: 1
        viewport: { size: [64, 48], scale: 1, background: "#00000000" }
        time: { fps: 10, duration: 0.5 }
        items:
          box: { center: [32, 10], size: [16, 16], fill: "#FF9500" }
        behaviors:
          - gravity: { items: [box] }
        """.write(toFile: "\(dir)/clear.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", "\(dir)/clear.yaml", "--format", "mov", "--out", dir, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let mov = try runProgram(
            ffprobe,
            [
                "-v", "error", "-show_entries", "stream=codec_name,pix_fmt,width,height", "-of", "csv=p=0",
                "\(dir)/clear/clear.mov",
            ])
        XCTAssertTrue(mov.stdout.hasPrefix("prores,64,48,yuva444p"), "ProRes 4444 keeps the alpha: \(mov.stdout)")
        // BT.709, tagged as the mp4 and webm are (the ProRes encoder writes only what its frames carry).
        let tags = try runProgram(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=color_space,color_primaries,color_transfer",
                "-of", "csv=p=0", "\(dir)/clear/clear.mov",
            ])
        XCTAssertEqual(tags.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "bt709,bt709,bt709", "the .mov's colour tags")
        let hevc = try runSpringy([
            "render", springs, "--format", "mp4", "--codec", "hevc", "--crf", "30", "--duration", "0.3", "--out", dir, "--quiet",
        ])
        XCTAssertEqual(hevc.status, 0, hevc.stderr)
        let mp4 = try runProgram(
            ffprobe,
            [
                "-v", "error", "-show_entries", "stream=codec_name,codec_tag_string", "-of", "csv=p=0",
                "\(dir)/springs/springs.mp4",
            ])
        XCTAssertEqual(mp4.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "hevc,hvc1", "tagged for QuickTime")
        let wrong = try runSpringy(["render", springs, "--format", "mp4", "--codec", "prores"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("--codec prores does not go in a mp4; use --format mov"), wrong.stderr)
        XCTAssertEqual(try runSpringy(["render", springs, "--crf", "20"]).status, 2, "--crf without a video format")
    }

    /// On a terminal: percent, frames/s, elapsed and ETA, and what a resumed run kept.
    func testTheProgressLineOnATerminalAndResuming() throws {
        let script = try requireTool("script", "util-linux's script(1): no terminal to show progress on")
        let dir = temporaryDirectory()
        let scene = packageRoot + "/scenes/springy-carousel.yaml"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: springyBinary)
        p.arguments = ["render", scene, "--out", dir, "--threads", "2", "--quiet"]
        p.standardError = FileHandle.nullDevice
        try p.run()
        let folder = "\(dir)/springy-carousel"
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline,
            ((try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix("frame-") }.count ?? 0) < 20
        {
            Thread.sleep(forTimeInterval: 0.01)
        }
        p.terminate()
        p.waitUntilExit()
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame-") }.count
        let command = ([springyBinary, "render", scene, "--out", dir, "--threads", "2"]).map(shellWord).joined(separator: " ")
        let r = try runProgram(script, ["-qec", command, "/dev/null"])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertTrue(r.stdout.contains("springy-carousel: resuming: \(kept) frames kept"), r.stdout.suffix(600).description)
        XCTAssertTrue(r.stdout.contains("100% 360/360"), r.stdout.suffix(600).description)
        XCTAssertTrue(r.stdout.contains("frames/s") && r.stdout.contains("elapsed, ETA 0:00"), r.stdout.suffix(600).description)
    }

    func shellWord(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
