import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

@testable import SpringyRender

/// A view under alpha 1 is faded as one picture, as Core Animation composites a layer with its
/// sublayers (`allowsGroupOpacity`, true since iOS 7): in the PNG frames, and as opacity keys
/// in the Lottie file.
final class GroupOpacityTests: XCTestCase {
    /// A red view with a large white label at `alpha`, on white: the brightest green inside it.
    func brightestGreen(alpha: Double) throws -> Int {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        springy: 1
        viewport: { size: [200, 120], scale: 1, background: "#FFFFFF" }
        time: { fps: 10, duration: 0.1 }
        style: { font_size: 60 }
        items:
          box: { center: [100, 60], size: [160, 100], fill: "#FF0000", text_color: "#FFFFFF", label: "HH", alpha: \(alpha) }
        """.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let model = try SceneLoader.load(path: "\(dir)/s.yaml")
        let canvas = try Renderer(scene: model).render(try Simulation.frames(of: model)[0])
        let image = try RGBAImage.decode(bytes: try PNGCodec.encode(canvas, settings: .runs))
        var most = 0
        for y in 20..<100 { for x in 30..<170 { most = max(most, Int(image.pixels[4 * (y * image.width + x) + 1])) } }
        return most
    }

    /// At alpha 0.5 the label's ink is white over the faded body (group: white at half over
    /// white), not white at half over red at half (each paint faded: green ≈ 191).
    func testAFadedViewsLabelCoversItsBodyAsIOSDrawsIt() throws {
        XCTAssertGreaterThanOrEqual(try brightestGreen(alpha: 0.5), 254)
        XCTAssertGreaterThanOrEqual(try brightestGreen(alpha: 1), 254)
        XCTAssertGreaterThanOrEqual(try brightestGreen(alpha: 0.999), 254, "just under 1: faded as a group too")
        XCTAssertEqual(try brightestGreen(alpha: 0), 255, "at 0 nothing is drawn: the white screen")
    }

    /// batch-updates' cells fade in and out: every drawn cell's Lottie layer, evaluated as a
    /// player does, has the cell's alpha within half a level of 8 bits (its key's rounding in).
    func testEveryFadingCellsLottieOpacityIsItsAlpha() throws {
        let (document, states, _) = try AnimatedLottieTests.export("batch-updates")
        let layers = document["layers"] as! [[String: Any]]
        var faded = 0
        for (k, state) in states.enumerated() {
            for item in state.items where item.alpha > 0 {
                let layer = try XCTUnwrap(
                    layers.first {
                        ($0["nm"] as? String) == "item:\(item.id)" && ($0["ip"] as! Int) <= k && k < ($0["op"] as! Int)
                    }, "item \(item.id) at frame \(k)")
                let ks = layer["ks"] as! [String: Any]
                let o = AnimatedLottieTests.value(ks["o"] as? [String: Any] ?? ["a": 0, "k": 100], at: Double(k))[0] / 100
                XCTAssertEqual(o, item.alpha, accuracy: 0.5 / 255 + 1e-9, "item \(item.id) at frame \(k)")
                if item.alpha < 1 {
                    faded += 1
                    XCTAssertEqual(layer["ty"] as? Int, 0, "a faded labelled cell is a precomposition")
                }
            }
        }
        XCTAssertGreaterThan(faded, 50)
        let assets = document["assets"] as! [[String: Any]]
        XCTAssertFalse(assets.isEmpty)
        for asset in assets { XCTAssertGreaterThan((asset["layers"] as! [Any]).count, 1, "a layer per paint") }
    }

    /// The screen's cover (the topmost view that paints every point of it, whose colour the
    /// background takes): a rectangle exactly the screen's covers it; a thousandth of a point
    /// in from any edge does not; nor does it under alpha 1 (scripts/mutate found the edges
    /// untested).
    func testAViewExactlyTheScreensSizeCoversItAndOneAHairInDoesNot() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        springy: 1
        viewport: { size: [200, 100], scale: 1 }
        time: { fps: 10, duration: 0.1 }
        style: { corner_radius: 0 }
        items:
          sheet: { center: [100, 50], size: [200, 100], fill: "#336699" }
        """.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let model = try SceneLoader.load(path: "\(dir)/s.yaml")
        let renderer = try Renderer(scene: model)
        let sheet = try XCTUnwrap(try Simulation.frames(of: model)[0].items.first)
        let screen = Size2(200, 100)
        XCTAssertTrue(renderer.items.coversScreen(sheet, screen))
        for (dx, dy, dw, dh) in [(0.001, 0.0, 0.0, 0.0), (0, 0.001, 0, 0), (-0.001, 0, 0, 0), (0, -0.001, 0, 0)] {
            var moved = sheet
            moved.center = sheet.center + Vec2(dx, dy)
            moved.size = Size2(sheet.size.width + dw, sheet.size.height + dh)
            XCTAssertFalse(renderer.items.coversScreen(moved, screen), "moved by (\(dx), \(dy))")
        }
        var faded = sheet
        faded.alpha = 0.999
        XCTAssertFalse(renderer.items.coversScreen(faded, screen))
        faded.alpha = 1
        XCTAssertTrue(renderer.items.coversScreen(faded, screen))
    }
}
