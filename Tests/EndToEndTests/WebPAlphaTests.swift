import Foundation
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import XCTest

/// Issue 29, item 20: an opaque scene's WebP sets the alpha flag only because its frames are
/// blended with their unchanged pixels transparent (as libwebp's img2webp does; README gives the
/// sizes that buys); the picture it shows is opaque and every frame of the run: webpmux takes
/// the frames out, dwebp decodes them, and laid on the canvas at their offsets — blended where
/// the frame says so — they are the PNG frames, pixel for pixel, every pixel opaque.
final class WebPAlphaTests: XCTestCase {
    func scene(background: String) -> String {
        """
        springy: 1
        viewport: { size: [120, 160], scale: 1\(background) }
        time: { fps: 10, duration: 1 }
        items:
          box: { center: [30, 30], size: [30, 30], fill: "#FF3B30", label: "A" }
          far: { center: [95, 40], size: [20, 20], fill: "#34C759" }
        behaviors:
          - gravity: { items: [box, far] }
          - collision: { items: [box, far], bounds: true }
        """
    }

    func render(_ background: String) throws -> String {
        let dir = temporaryDirectory()
        try scene(background: background).write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", "\(dir)/s.yaml", "--format", "webp,png", "--out", dir, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return "\(dir)/s"
    }

    func testAnOpaqueScenesWebPShowsEveryFrameOpaque() throws {
        let webpmux = try requireTool("webpmux", "takes the WebP's frames out")
        let dwebp = try requireTool("dwebp", "decodes them")
        let dir = try render(", background: \"#FFFFFF\"")
        let info = try runProgram(webpmux, ["-info", "\(dir)/s.webp"])
        XCTAssertEqual(info.status, 0, info.stderr)
        // No.: width height alpha x_offset y_offset duration dispose blend image_size compression
        let rows = info.stdout.split(separator: "\n").filter { $0.first == " " && $0.contains(":") }
            .map { $0.split(separator: " ").map(String.init) }
        XCTAssertGreaterThan(rows.count, 2, info.stdout)
        XCTAssertTrue(rows.contains { $0[8] == "yes" }, "blended frames: \(info.stdout)")
        var canvas = RGBAImage(width: 120, height: 160, pixels: [UInt8](repeating: 0, count: 120 * 160 * 4))
        var shown = 0
        let work = temporaryDirectory("frames")
        for (n, row) in rows.enumerated() {
            let blend = row[8] == "yes"
            let (w, h, x, y, ms) = (Int(row[1])!, Int(row[2])!, Int(row[4])!, Int(row[5])!, Int(row[6])!)
            let still = "\(work)/\(n).webp", png = "\(work)/\(n).png"
            XCTAssertEqual(try runProgram(webpmux, ["-get", "frame", "\(n + 1)", "\(dir)/s.webp", "-o", still]).status, 0)
            XCTAssertEqual(try runProgram(dwebp, [still, "-o", png]).status, 0)
            let rect = try RGBAImage.decode(file: png)
            XCTAssertEqual([rect.width, rect.height], [w, h])
            for j in 0..<h {
                for i in 0..<w {
                    let src = (j * w + i) * 4, dst = ((y + j) * 120 + x + i) * 4
                    // Blended frames leave the canvas where they are transparent (their alpha is
                    // 0 or 255: unchanged pixels, or the scene's own opaque ones).
                    if blend && rect.pixels[src + 3] == 0 { continue }
                    for c in 0..<4 { canvas.pixels[dst + c] = rect.pixels[src + c] }
                }
            }
            // The canvas now shows frames `shown` ..< shown + ms/100 of the run: each is its PNG.
            for k in shown..<(shown + ms / 100) {
                let expected = try RGBAImage.decode(file: "\(dir)/frame-\(String(format: "%05d", k)).png")
                XCTAssertEqual(canvas.pixels, expected.pixels, "frame \(k) as the WebP shows it")
            }
            shown += ms / 100
        }
        XCTAssertEqual(shown, 10, "every frame of the run")
        XCTAssertTrue(stride(from: 3, to: canvas.pixels.count, by: 4).allSatisfy { canvas.pixels[$0] == 255 }, "opaque")
    }

    func testATransparentBackgroundKeepsItsAlpha() throws {
        let webpmux = try requireTool("webpmux", "reads the WebP's features")
        let dir = try render(", background: \"#00000000\"")
        let info = try runProgram(webpmux, ["-info", "\(dir)/s.webp"])
        XCTAssertTrue(info.stdout.contains("Features present: animation transparency"), info.stdout)
    }
}
