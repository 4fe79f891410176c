import Foundation
import SpringyTestSupport
import XCTest

/// Issue 29, item 20: `render --fps 29.97` renders frames at i × 1001/30000 s and every format
/// says so exactly, read back by its reference tool.
final class VideoFrameRateTests: XCTestCase {
    /// A pendulum that never stops (no damping), small enough for 1000 frames.
    let pendulum = scene(
        60, 60, time: "fps: 30, duration: 8.4",
        """
        items:
          bob: { center: [45, 30], size: [8, 8], fill: "#FF2D55" }
        behaviors:
          - attachment: { item: bob, to: [30, 30] }
          - gravity: { items: [bob] }
        """)

    func testAFrameShowsTheLastStepBeforeItsNTSCTime() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/p.yaml"
        try pendulum.write(toFile: path, atomically: true, encoding: .utf8)
        for (fps, frames, out) in [("29.97", "249-250", "ntsc"), ("120", "996-1001", "fast"), ("30", "250", "whole")] {
            let r = try runSpringy(["render", path, "--fps", fps, "--frames", frames, "--out", "\(dir)/\(out)", "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        func png(_ out: String, _ i: Int) -> Data? {
            FileManager.default.contents(atPath: "\(dir)/\(out)/p/frame-\(String(format: "%05d", i)).png")
        }
        // Steps at 120 per second: 29.97's frame 249 is at 8.308 s (step 996), frame 250 at
        // 8.342 s (step 1001); 30 fps's frame 250 is at 8.333 s (step 1000).
        XCTAssertNotNil(png("ntsc", 250))
        XCTAssertEqual(png("ntsc", 249), png("fast", 996))
        XCTAssertEqual(png("ntsc", 250), png("fast", 1001))
        XCTAssertEqual(png("whole", 250), png("fast", 1000))
        XCTAssertNotEqual(png("fast", 1000), png("fast", 1001), "the pendulum moves between the two steps")
    }

    func testEveryFormatCarriesTheExactRate() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/p.yaml"
        try pendulum.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runSpringy([
            "render", path, "--fps", "29.97", "--duration", "1.5", "--format", "y4m,apng,gif,webp,avif,mp4", "--out", dir,
            "--quiet",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let folder = "\(dir)/p"
        // 1.5 s × 29.97 = 44.955: 45 frames, lasting 45 × 1001/30000 = 1.5015 s.
        let y4m = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/p.y4m"))
        XCTAssertTrue(String(decoding: y4m.prefix(40), as: UTF8.self).hasPrefix("YUV4MPEG2 W60 H60 F30000:1001 "))
        XCTAssertEqual(String(decoding: y4m, as: UTF8.self).components(separatedBy: "FRAME\n").count - 1, 45)

        let apng = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/p.apng"))
        let delays = fcTLDelays(Array(apng))
        XCTAssertFalse(delays.isEmpty)
        for d in delays { XCTAssertEqual(d.den, 30000, "\(delays)"); XCTAssertEqual(d.num % 1001, 0, "\(delays)") }
        XCTAssertEqual(delays.map(\.num).reduce(0, +), 45 * 1001, "the APNG lasts 45 frames of 1001/30000 s")

        let ffprobe = try requireTool("ffprobe", "reads the mp4's rate")
        let mp4 = try runProgram(
            ffprobe,
            ["-v", "error", "-show_entries", "stream=r_frame_rate,nb_frames", "-of", "default=nw=1", "\(folder)/p.mp4"])
        XCTAssertTrue(mp4.stdout.contains("r_frame_rate=30000/1001"), mp4.stdout)
        XCTAssertTrue(mp4.stdout.contains("nb_frames=45"), mp4.stdout)

        let avifdec = try requireTool("avifdec", "reads the AVIF's timing")
        let avif = try runProgram(avifdec, ["--info", "\(folder)/p.avif"])
        XCTAssertTrue(avif.stdout.contains("30000 timescales per second"), avif.stdout)
        XCTAssertTrue(avif.stdout.contains("(45045 timescales)"), "45 × 1001 ticks: \(avif.stdout)")

        let webpinfo = try requireTool("webpinfo", "reads the WebP's durations")
        let webp = try runProgram(webpinfo, ["\(folder)/p.webp"])
        let ms = webp.stdout.split(separator: "\n").filter { $0.contains("Duration:") }
            .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
        XCTAssertEqual(ms.reduce(0, +), 1502, "1.5015 s in whole milliseconds")

        let gifsicle = try requireTool("gifsicle", "reads the GIF's delays")
        let gif = try runProgram(gifsicle, ["--info", "\(folder)/p.gif"])
        let hundredths = gif.stdout.components(separatedBy: "delay ").dropFirst()
            .compactMap { Double($0.prefix { $0 != "s" }) }.map { Int(($0 * 100).rounded()) }
        XCTAssertEqual(hundredths.reduce(0, +), 150, "1.5015 s in whole hundredths")
    }

    /// Every fcTL's delay_num/delay_den.
    func fcTLDelays(_ bytes: [UInt8]) -> [(num: Int, den: Int)] {
        var out: [(Int, Int)] = []
        var i = 8
        while i + 8 <= bytes.count {
            let length = bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            if type == "fcTL" {
                let d = i + 8 + 20
                out.append((Int(bytes[d]) << 8 | Int(bytes[d + 1]), Int(bytes[d + 2]) << 8 | Int(bytes[d + 3])))
            }
            i += 12 + length
        }
        return out
    }
}
