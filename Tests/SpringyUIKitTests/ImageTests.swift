import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// UIImage and UIImageView: PNGs decoded with libpng, laid out by the content mode, clipped when
/// the view clips; a scene file's `image:` draws with the same code; a state stream carries them.
final class ImageTests: XCTestCase {
    /// A 40 × 20 pixel PNG, red on its left half and blue on its right, written into `dir`.
    static func swatch(_ dir: String, name: String = "swatch.png") throws -> String {
        let scene = try Scene(
            yaml: """
                springy: 1
                viewport: { size: [40, 20], scale: 1, background: "#FF0000" }
                time: { fps: 10, duration: 0.1 }
                items:
                  right: { center: [30, 10], size: [20, 20], fill: "#0000FF", corner_radius: 0 }
                """, file: "swatch.yaml")
        let path = dir + "/" + name
        try Data(try scene.image(ofFrame: 0).png()).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func rgb(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
        let i = 4 * (y * image.width + x)
        return Array(image.pixels[i..<(i + 3)])
    }
    static let red: [UInt8] = [255, 0, 0], blue: [UInt8] = [0, 0, 255], white: [UInt8] = [255, 255, 255]

    func testAnImageHasItsPixelsOverItsScaleAndWhatIsNotAPictureIsNil() throws {
        let dir = temporaryDirectory()
        let plain = try XCTUnwrap(UIImage(contentsOfFile: try Self.swatch(dir)))
        XCTAssertEqual(plain.size, CGSize(width: 40, height: 20))
        XCTAssertEqual(plain.scale, 1)
        let double = try XCTUnwrap(UIImage(contentsOfFile: try Self.swatch(dir, name: "s@2x.png")))
        XCTAssertEqual(double.size, CGSize(width: 20, height: 10))
        XCTAssertEqual(double.scale, 2)
        XCTAssertNil(UIImage(contentsOfFile: dir + "/none.png"))
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: dir + "/text.png"))
        XCTAssertNil(UIImage(contentsOfFile: dir + "/text.png"))
        XCTAssertNil(UIImage(contentsOfFile: dir), "a folder")
        XCTAssertNil(UIImage(systemName: "star.fill"), "SF Symbols cannot ship")
        XCTAssertNotNil(UIImage(data: try Data(contentsOf: URL(fileURLWithPath: dir + "/swatch.png"))))
    }

    /// 4096 pixels a side are taken, 4097 are not (read from the header, before anything is decoded).
    func testAPictureIsAtMost4096PixelsASide() throws {
        let dir = temporaryDirectory()
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try Self.swatch(dir))))
        func withWidth(_ w: UInt32) -> Data {
            var b = bytes
            b.replaceSubrange(16..<20, with: [UInt8(w >> 24), UInt8(w >> 16 & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w & 0xFF)])
            return Data(b)
        }
        // (A changed header fails libpng's checksum: the size check comes first, and says so.)
        XCTAssertNil(UIImage(data: withWidth(4097)))
        let big = try Scene(
            yaml: """
                springy: 1
                viewport: { size: [4096, 1], scale: 1, background: "#00FF00" }
                time: { fps: 10, duration: 0.1 }
                items: { dot: { center: [1, 0.5], size: [1, 1] } }
                """, file: "wide.yaml")
        bytes = try big.image(ofFrame: 0).png()
        let wide = try XCTUnwrap(UIImage(data: Data(bytes)))
        XCTAssertEqual(wide.size.width, 4096)
        _ = withWidth(0)
    }

    func testUIImageNamedFindsThePackagesResources() throws {
        let image = try XCTUnwrap(UIImage(named: "swatch"), "swatch@2x.png in the test target's resources")
        XCTAssertEqual(image.size, CGSize(width: 20, height: 10))
        XCTAssertEqual(image.scale, 2, "@2x before @3x without a display's scale")
        XCTAssertNil(UIImage(named: "no-such-picture"))
        // In a bundle (a package's Bundle.module), for a display's scale: its own first.
        let module = try XCTUnwrap(UIImage(named: "swatch", in: Bundle.module, compatibleWith: nil))
        XCTAssertEqual(module.scale, 2)
        let three = try XCTUnwrap(UIImage(named: "swatch", in: .module, compatibleWith: UITraitCollection(displayScale: 3)))
        XCTAssertEqual(three.scale, 3)
        XCTAssertEqual(three.size, CGSize(width: 20, height: 10))
        let one = try XCTUnwrap(UIImage(named: "swatch", in: .module, compatibleWith: UITraitCollection(displayScale: 1)))
        XCTAssertEqual(one.scale, 2, "no 1x picture: the others, as without traits")
        XCTAssertNil(UIImage(named: "no-such-picture", in: .module, compatibleWith: nil))
    }

    /// In a run, a named picture is decoded once, as UIKit caches named images: asked again after
    /// its file is gone, it is still there; a new run reads the folder afresh.
    func testANamedPictureIsDecodedOncePerRun() throws {
        let dir = temporaryDirectory()
        _ = try Self.swatch(dir, name: "tile.png")
        let bundle = try XCTUnwrap(Bundle(path: dir))
        let reports = Reports()
        func scene() throws -> Scene {
            try Scene(
                named: "cache", duration: 0.1,
                script: [
                    .at(0.02) { (_: UIView) in
                        reports.add("first \(UIImage(named: "tile", in: bundle, compatibleWith: nil) != nil)")
                        try? FileManager.default.removeItem(atPath: dir + "/tile.png")
                        reports.add("again \(UIImage(named: "tile", in: bundle, compatibleWith: nil) != nil)")
                    }
                ]
            ) { UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        }
        _ = try scene().simulate()
        _ = try scene().simulate()
        XCTAssertEqual(reports.all, ["first true", "again true", "first false", "again false"])
    }

    /// The content modes place the 2:1 picture in a 100 × 100 view at (50, 50) on a white screen.
    func testTheContentModePlacesThePicture() throws {
        let dir = temporaryDirectory()
        let path = try Self.swatch(dir)
        func frame(_ mode: UIView.ContentMode, clips: Bool = false) throws -> Image {
            try Scene(named: "image", size: CGSize(width: 200, height: 200), scale: 1, duration: 0.1) { () -> UIView in
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
                root.backgroundColor = .white
                let view = UIImageView(image: UIImage(contentsOfFile: path))
                view.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
                view.contentMode = mode
                view.clipsToBounds = clips
                root.addSubview(view)
                return root
            }.image(ofFrame: 0)
        }
        let fill = try frame(.scaleToFill)
        XCTAssertEqual(Self.rgb(fill, 60, 60), Self.red)
        XCTAssertEqual(Self.rgb(fill, 140, 140), Self.blue)
        let fit = try frame(.scaleAspectFit)  // 100 × 50, from y 75 to 125
        XCTAssertEqual(Self.rgb(fit, 60, 100), Self.red)
        XCTAssertEqual(Self.rgb(fit, 140, 100), Self.blue)
        XCTAssertEqual(Self.rgb(fit, 100, 70), Self.white)
        XCTAssertEqual(Self.rgb(fit, 100, 130), Self.white)
        let spill = try frame(.scaleAspectFill)  // 200 × 100, from x 0 to 200: past the view's sides
        XCTAssertEqual(Self.rgb(spill, 20, 100), Self.red)
        XCTAssertEqual(Self.rgb(spill, 180, 100), Self.blue)
        XCTAssertEqual(Self.rgb(spill, 20, 45), Self.white, "above the picture")
        let cut = try frame(.scaleAspectFill, clips: true)
        XCTAssertEqual(Self.rgb(cut, 20, 100), Self.white, "clipped to the bounds")
        XCTAssertEqual(Self.rgb(cut, 60, 100), Self.red)
        let corner = try frame(.topLeft)  // 40 × 20 at the view's top left
        XCTAssertEqual(Self.rgb(corner, 55, 55), Self.red)
        XCTAssertEqual(Self.rgb(corner, 85, 55), Self.blue)
        XCTAssertEqual(Self.rgb(corner, 95, 55), Self.white)
        XCTAssertEqual(Self.rgb(corner, 55, 75), Self.white)
        let bottomRight = try frame(.bottomRight)
        XCTAssertEqual(Self.rgb(bottomRight, 145, 145), Self.blue)
        XCTAssertEqual(Self.rgb(bottomRight, 115, 145), Self.red)
        XCTAssertEqual(Self.rgb(bottomRight, 105, 145), Self.white)
    }

    /// A scene file's item with the same image keys draws the same pixels; and a state stream
    /// carries the picture, so frames drawn from it are the run's.
    func testASceneFileImageDrawsAsAnImageViewAndTravelsInAStateStream() throws {
        let dir = temporaryDirectory()
        _ = try Self.swatch(dir)
        let yaml = """
            springy: 1
            viewport: { size: [200, 200], scale: 2, background: "#FFFFFF" }
            time: { fps: 10, duration: 0.3 }
            items:
              photo:
                center: [100, 100]
                size: [100, 100]
                fill: "#00000000"
                corner_radius: 20
                image: swatch.png
                content_mode: scale_aspect_fill
                clips: true
            """
        try yaml.write(toFile: dir + "/photo.yaml", atomically: true, encoding: .utf8)
        let file = try Scene(contentsOfFile: dir + "/photo.yaml")
        let swift = try Scene(named: "photo", size: CGSize(width: 200, height: 200), scale: 2, duration: 0.3) { () -> UIView in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            root.backgroundColor = .white
            let view = UIImageView(image: UIImage(contentsOfFile: dir + "/swatch.png"))
            view.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            view.contentMode = .scaleAspectFill
            view.layer.cornerRadius = 20
            view.clipsToBounds = true
            root.addSubview(view)
            return root
        }
        let a = try file.image(ofFrame: 0), b = try swift.image(ofFrame: 0)
        XCTAssertTrue(a.pixels == b.pixels, "the scene file's picture differs from the image view's")
        // (Pixels at scale 2.) The picture covers the view, cut to its rounded corners.
        XCTAssertEqual(Self.rgb(a, 120, 200), Self.red)
        XCTAssertEqual(Self.rgb(a, 280, 200), Self.blue)
        XCTAssertEqual(Self.rgb(a, 102, 102), Self.white, "outside the rounded corner (clipped)")
        XCTAssertEqual(Self.rgb(a, 112, 112), Self.red, "inside the rounded corner")
        try file.writeStates(to: dir + "/photo.states")
        var options = RenderOptions()
        options.folder = dir + "/streamed"
        options.states = dir + "/photo.states"
        _ = try file.render(options).run()
        options.folder = dir + "/run"
        options.states = nil
        _ = try file.render(options).run()
        for n in 0..<3 {
            let name = Scene.frameFileName(n)
            XCTAssertEqual(
                FileManager.default.contents(atPath: dir + "/streamed/photo/" + name),
                FileManager.default.contents(atPath: dir + "/run/photo/" + name), name)
        }
    }

    func testASceneFilesImageIsAPNGInItsFolderOrBelow() throws {
        let dir = temporaryDirectory()
        _ = try Self.swatch(dir)
        try FileManager.default.createDirectory(atPath: dir + "/scenes/pictures", withIntermediateDirectories: true)
        _ = try Self.swatch(dir + "/scenes/pictures")
        try Data("text".utf8).write(to: URL(fileURLWithPath: dir + "/scenes/notes.png"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/scenes/link.png", withDestinationPath: dir + "/swatch.png")
        func problem(_ keys: String) -> String? {
            let yaml = """
                springy: 1
                viewport: { size: [100, 100], scale: 1 }
                time: { fps: 10, duration: 0.1 }
                items:
                  photo:
                    center: [50, 50]
                    size: [40, 40]
                    \(keys)
                """
            do {
                try yaml.write(toFile: dir + "/scenes/s.yaml", atomically: true, encoding: .utf8)
                _ = try Scene(contentsOfFile: dir + "/scenes/s.yaml")
                return nil
            } catch { return "\(error)" }
        }
        XCTAssertNil(problem("image: pictures/swatch.png"))
        XCTAssertNil(problem("image: ./pictures/../pictures/swatch.png"))
        let outside = try XCTUnwrap(problem("image: ../swatch.png"))
        XCTAssertTrue(outside.contains("s.yaml:8"), outside)
        XCTAssertTrue(outside.contains("outside the scene file's folder"), outside)
        XCTAssertTrue(try XCTUnwrap(problem("image: link.png")).contains("outside the scene file's folder"), "a link out")
        XCTAssertTrue(try XCTUnwrap(problem("image: \(dir)/swatch.png")).contains("relative to the scene file's folder"))
        XCTAssertTrue(try XCTUnwrap(problem("image: notes.png")).contains("notes.png is not a PNG file"))
        XCTAssertTrue(try XCTUnwrap(problem("image: gone.png")).contains("no file gone.png"))
        XCTAssertTrue(try XCTUnwrap(problem("image: pictures")).contains("not a regular file"))
        let none = try XCTUnwrap(problem("content_mode: center"))
        XCTAssertTrue(none.contains("has none"), none)
        let middle = try XCTUnwrap(problem("image: pictures/swatch.png\n    content_mode: middle"))
        XCTAssertTrue(middle.contains("middle"), middle)
    }
}
