import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringyTestSupport
import XCTest

/// Issue 34: the files of Springy's own PNG encoder open in a browser as the pixels drawn.
/// Debian's headless Chromium decodes each one (its own PNG decoder, not libpng) into a 2D
/// canvas; the canvas's pixels are hashed in the page. An opaque picture must hash as Springy's
/// pixels do; one with alpha (which a canvas premultiplies) as the same pixels written by libpng.
final class PNGInChromiumTests: XCTestCase {
    /// FNV-1a, 32 bits, over bytes: what the page computes over a canvas's RGBA.
    func fnv(_ bytes: [UInt8]) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        return h
    }

    func testSpringysPNGsOpenInChromiumAsThePixelsDrawn() throws {
        let chromium = try requireTool(
            "chromium", "Debian's chromium is not installed (.ci/run installs it): PNGs were not opened")
        let dir = temporaryDirectory()
        // Pictures: seeded noise, flat colour, stripes and sparse dots, rows repeating, odd widths,
        // with and without alpha; then real frames of two scenes.
        var pictures: [(name: String, image: RGBAImage, opaque: Bool)] = []
        var rng = SplitMix64(state: 3_400)
        for k in 0..<12 {
            let w = [1, 3, 17, 64, 101, 333][k % 6], h = [1, 2, 40, 7, 90, 61][(k + 1) % 6]
            let opaque = k % 2 == 0
            var pixels: [UInt8] = []
            var row: [UInt8] = []
            for y in 0..<h {
                if y == 0 || rng.next() % 3 != 0 {
                    row = []
                    for x in 0..<w {
                        let r = rng.next()
                        let v: [UInt8]
                        switch k % 4 {
                        case 0: v = (0..<4).map { UInt8(truncatingIfNeeded: r >> (8 * $0)) }
                        case 1: v = [196, 50, 45, UInt8(truncatingIfNeeded: r % 7 == 0 ? r >> 8 : 200)]
                        case 2: v = (x / 3) % 2 == 0 ? [18, 52, 86, 255] : [254, 220, 186, 128]
                        default:
                            v = r % 40 == 0 ? (0..<4).map { UInt8(truncatingIfNeeded: r >> (8 + 8 * $0)) } : [128, 128, 128, 255]
                        }
                        row += opaque ? [v[0], v[1], v[2], 255] : v
                    }
                }
                pixels += row
            }
            pictures.append(("seeded-\(k)", RGBAImage(width: w, height: h, pixels: pixels), opaque))
        }
        for (scene, frame) in [("springy-carousel", 40), ("newtons-cradle", 90)] {
            let model = try SceneLoader.load(path: packageRoot + "/scenes/\(scene).yaml")
            let image = try RGBAImage.decodeWithLibpng(bytes: try StillJob.render(model, at: .frame(frame), scale: 1).png)
            pictures.append((scene, image, true))
        }
        // The files go in the page as data: URLs (a canvas drawn from file:// images is tainted).
        var names: [String] = [], urls: [String: String] = [:]
        for p in pictures {
            let own = try PNGCodec.encode(rgba: p.image.pixels, width: p.image.width, height: p.image.height, opaque: p.opaque)
            let libpng = try PNGCodec.encode(
                rgba: p.image.pixels, width: p.image.width, height: p.image.height, opaque: p.opaque, settings: .former)
            XCTAssertNotEqual(own, libpng, "\(p.name): two encoders, two files")
            urls[p.name] = "data:image/png;base64," + Data(own).base64EncodedString()
            urls[p.name + "-libpng"] = "data:image/png;base64," + Data(libpng).base64EncodedString()
            names.append(p.name)
        }
        let page = """
            <!doctype html><meta charset="utf-8"><body><script>
            async function pixels(src) {
              const img = new Image(); img.src = src; await img.decode();
              const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
              const g = c.getContext('2d', { willReadFrequently: true }); g.drawImage(img, 0, 0);
              const d = g.getImageData(0, 0, c.width, c.height).data;
              let h = 0x811c9dc5;
              for (let i = 0; i < d.length; i++) { h ^= d[i]; h = Math.imul(h, 0x01000193) >>> 0; }
              return [c.width, c.height, h];
            }
            const urls = \(String(decoding: try JSONSerialization.data(withJSONObject: urls, options: .sortedKeys), as: UTF8.self));
            (async () => {
              const out = [];
              for (const n of \(String(decoding: try JSONSerialization.data(withJSONObject: names), as: UTF8.self))) {
                try { out.push([n, await pixels(urls[n]), await pixels(urls[n + '-libpng'])]); }
                catch (e) { out.push([n, String(e), null]); }
              }
              window.results = out;
            })();
            </script>
            """
        try page.write(toFile: "\(dir)/index.html", atomically: true, encoding: .utf8)
        let values = try browserDrive(
            chromium,
            [
                ["open": "file://\(dir)/index.html"], ["until": "window.results !== undefined", "timeout": 60000],
                ["eval": "window.results"],
            ])
        let results = try XCTUnwrap(values.last as? [[Any]], "\(values)")
        XCTAssertEqual(results.count, pictures.count)
        for (p, r) in zip(pictures, results) {
            let own = r[1] as? [Int], theirs = r[2] as? [Int]
            XCTAssertEqual(own?.prefix(2).map { $0 }, [p.image.width, p.image.height], "\(p.name): \(r)")
            XCTAssertEqual(own, theirs, "\(p.name): Chromium decodes Springy's file as it decodes libpng's")
            if p.opaque {
                XCTAssertEqual(own?.last.map { UInt32($0) }, fnv(p.image.pixels), "\(p.name): Chromium's pixels are Springy's")
            }
        }
    }
}

/// Issue 34: which encoder writes the frames, from the command line. Springy's by default;
/// libpng only when asked, and then its level trades size for time (libpng's own defaults
/// otherwise). libpng's knobs without libpng are refused, not ignored.
final class PNGEncoderChoiceTests: XCTestCase {
    func frames(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.sorted()
    }

    func testTheEncoderIsSpringysUnlessLibpngIsAskedFor() throws {
        let root = temporaryDirectory()
        let scene = packageRoot + "/scenes/springy-carousel.yaml"
        for flag in [["--png-level", "9"], ["--png-filter", "sub"], ["--png-strategy", "rle"]] {
            let r = try runSpringy(["render", scene, "--frames", "0-2", "--out", "\(root)/refused"] + flag)
            XCTAssertEqual(r.status, 2, flag.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains("\(flag[0]) tunes libpng") && r.stderr.contains("--png-encoder libpng"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(root)/refused"), "a refused render writes nothing")
        let runs: [(String, [String])] = [
            ("springy", []), ("level1", ["--png-encoder", "libpng", "--png-level", "1"]),
            ("level9", ["--png-encoder", "libpng", "--png-level", "9"]),
            ("former", ["--png-encoder", "libpng", "--png-level", "3", "--png-filter", "up", "--png-strategy", "rle"]),
        ]
        var sizes: [String: Int] = [:]
        for (name, flags) in runs {
            let r = try runSpringy(["render", scene, "--frames", "0-59", "--quiet", "--out", "\(root)/\(name)"] + flags)
            XCTAssertEqual(r.status, 0, r.stderr)
            let dir = "\(root)/\(name)/springy-carousel"
            sizes[name] = try frames(dir).reduce(0) { $0 + (try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\($1)")).count) }
            // Every encoder, the same pixels.
            for f in try frames(dir) where f.hasSuffix("0.png") {
                let pixels = try RGBAImage.decodeWithLibpng(
                    bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(f)"))))
                let reference = try RGBAImage.decodeWithLibpng(
                    bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/springy/springy-carousel/\(f)"))))
                XCTAssertEqual(pixels, reference, "\(name) \(f)")
            }
        }
        XCTAssertLessThan(sizes["level9"]!, sizes["level1"]!, "libpng's level trades size: \(sizes)")
        XCTAssertLessThan(sizes["springy"]!, sizes["former"]!, "Springy's frames are smaller than before: \(sizes)")
    }
}
