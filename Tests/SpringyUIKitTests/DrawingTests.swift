import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// A view tree drawn as UIKit draws it: per-view corners, borders, shadows, labels' alignment
/// and lines.
final class DrawingTests: XCTestCase {
    static func card() throws -> Scene {
        try Scene(named: "card", size: CGSize(width: 200, height: 200), scale: 1, duration: 0.1) { () -> UIView in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            root.backgroundColor = .white
            let card = UIView(frame: CGRect(x: 40, y: 40, width: 120, height: 80))
            card.backgroundColor = .white
            card.layer.cornerRadius = 12
            card.layer.borderWidth = 4
            card.layer.borderColor = UIColor.red.cgColor
            card.layer.shadowOpacity = 0.5
            card.layer.shadowRadius = 0
            card.layer.shadowOffset = CGSize(width: 0, height: 20)
            card.layer.shadowColor = UIColor.black.cgColor
            root.addSubview(card)
            let label = UILabel(frame: CGRect(x: 10, y: 150, width: 180, height: 44))
            label.text = "one two three four five six seven"
            label.numberOfLines = 0
            label.textAlignment = .left
            label.textColor = .black
            label.font = .systemFont(ofSize: 14)
            root.addSubview(label)
            return root
        }
    }

    func pixel(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 4])
    }

    func testBordersShadowsAndLabelsAreDrawn() throws {
        let image = try Self.card().image(ofFrame: 0)
        // The border: red, 4 pt inside the card's left edge (x 40…44), white inside it.
        XCTAssertEqual(pixel(image, 42, 80)[0], 255)
        XCTAssertLessThan(pixel(image, 42, 80)[1], 40, "red")
        XCTAssertGreaterThan(pixel(image, 50, 80)[1], 240, "white inside the border")
        // The shadow: 20 pt below, half-opaque black under the card's bottom edge (y 120…140).
        let shade = pixel(image, 100, 130)
        XCTAssertEqual(Double(shade[0]), 128, accuracy: 3, "half of white")
        XCTAssertGreaterThan(pixel(image, 100, 145)[0], 250, "no shadow past it")
        // The label's two lines, from its leading edge: ink in its top and bottom halves, at its left.
        func ink(_ y0: Int, _ y1: Int, _ x0: Int, _ x1: Int) -> Bool {
            (y0..<y1).contains { y in (x0..<x1).contains { x in pixel(image, x, y)[0] < 100 } }
        }
        XCTAssertTrue(ink(150, 172, 10, 30), "first line")
        XCTAssertTrue(ink(172, 194, 10, 30), "second line")
    }

    /// A scene file's item with the same look keys draws the same pixels: one drawing code.
    func testASceneFileItemWithTheSameLookDrawsTheSamePixels() throws {
        let yaml = try Scene(
            yaml: """
                springy: 1
                viewport: { size: [200, 200], scale: 1, background: "#FFFFFF" }
                time: { fps: 10, duration: 0.1 }
                style: { appearance: light }
                items:
                  card:
                    center: [100, 80]
                    size: [120, 80]
                    fill: "#FFFFFF"
                    corner_radius: 12
                    corners: circular
                    border: { width: 4, color: "#FF0000" }
                    shadow: { opacity: 0.5, radius: 0, offset: [0, 20] }
                """, file: "card.yaml")
        let swift = try Scene(named: "card", size: CGSize(width: 200, height: 200), scale: 1, duration: 0.1) { () -> UIView in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            root.backgroundColor = .white
            let card = UIView(frame: CGRect(x: 40, y: 40, width: 120, height: 80))
            card.backgroundColor = .white
            card.layer.cornerRadius = 12
            card.layer.borderWidth = 4
            card.layer.borderColor = UIColor.red.cgColor
            card.layer.shadowOpacity = 0.5
            card.layer.shadowRadius = 0
            card.layer.shadowOffset = CGSize(width: 0, height: 20)
            root.addSubview(card)
            return root
        }
        let a = try yaml.image(ofFrame: 0), b = try swift.image(ofFrame: 0)
        XCTAssertEqual(a.pixels.count, b.pixels.count)
        XCTAssertTrue(a.pixels == b.pixels, "the two pictures differ")
        // And the look is really drawn (not two plain white pictures).
        XCTAssertLessThan(pixel(a, 42, 80)[1], 40)
    }

    /// lineBreakMode is drawn: a one-line label too long for its width, cut at its head, middle
    /// or tail (three different pictures), and no differently from a label that fits when it fits.
    func testALabelsLineBreakModeIsDrawn() throws {
        func picture(_ mode: NSLineBreakMode, _ text: String = "the quick brown fox jumps over the lazy dog") throws -> [UInt8] {
            try Scene(named: "label", size: CGSize(width: 200, height: 40), scale: 1, duration: 0.1) { () -> UIView in
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
                root.backgroundColor = .white
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
                label.text = text
                label.textColor = .black
                label.lineBreakMode = mode
                root.addSubview(label)
                return root
            }.image(ofFrame: 0).pixels
        }
        let head = try picture(.byTruncatingHead), middle = try picture(.byTruncatingMiddle)
        let tail = try picture(.byTruncatingTail), clip = try picture(.byClipping)
        XCTAssertNotEqual(head, tail)
        XCTAssertNotEqual(middle, tail)
        XCTAssertNotEqual(head, middle)
        XCTAssertNotEqual(clip, tail, "clipped: no ellipsis")
        XCTAssertEqual(try picture(.byTruncatingHead, "fits"), try picture(.byTruncatingTail, "fits"))
    }

    func testTheLookKeysAreCheckedAtTheirEdges() throws {
        func refusal(_ keys: String) -> String? {
            do {
                _ = try Scene(
                    yaml: """
                        springy: 1
                        viewport: { size: [100, 100] }
                        time: { fps: 10, duration: 0.1 }
                        items:
                          a: { center: [50, 50], size: [20, 20], \(keys) }
                        """, file: "look.yaml")
                return nil
            } catch { return "\(error)" }
        }
        XCTAssertNil(refusal("lines: 0"))
        XCTAssertNil(refusal("lines: 1000"))
        XCTAssertTrue(refusal("lines: 1001")?.contains("lines") ?? false)
        XCTAssertTrue(refusal("lines: -1")?.contains("lines") ?? false)
        XCTAssertNil(refusal("line_break: truncate_middle"))
        XCTAssertTrue(refusal("line_break: truncating_middle")?.contains("line_break") ?? false)
        XCTAssertNil(refusal("shadow: { opacity: 1 }"))
        XCTAssertNil(refusal("shadow: { opacity: 0 }"))
        XCTAssertTrue(refusal("shadow: { opacity: 1.01 }")?.contains("opacity") ?? false)
        XCTAssertTrue(refusal("shadow: { radius: 3 }")?.contains("opacity") ?? false, "opacity is required")
        XCTAssertNil(refusal("border: { width: 0 }"))
        XCTAssertTrue(refusal("border: { width: -0.01 }")?.contains("width") ?? false)
        XCTAssertTrue(refusal("corner_radius: -1")?.contains("corner_radius") ?? false)
        XCTAssertTrue(refusal("text_align: middle")?.contains("text_align") ?? false)
        XCTAssertTrue(refusal("font_size: 0")?.contains("font_size") ?? false)
        XCTAssertNil(refusal("font_size: 500"))
        XCTAssertTrue(refusal("border: { width: 1, colour: red }")?.contains("colour") ?? false)
    }

    func testAViewThatClipsToItsBoundsHidesWhatOverflowsIt() throws {
        func image(clips: Bool) throws -> Image {
            try Scene(named: "clip", size: CGSize(width: 100, height: 100), scale: 1, duration: 0.1) { () -> UIView in
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                root.backgroundColor = .white
                let frame = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
                frame.clipsToBounds = clips
                let big = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 60))
                big.backgroundColor = .blue
                frame.addSubview(big)
                root.addSubview(frame)
                return root
            }.image(ofFrame: 0)
        }
        let open = try image(clips: false), closed = try image(clips: true)
        // The child spans 30…90; its parent 20…60. Past the parent's edge only the open one is blue.
        XCTAssertEqual(pixel(open, 75, 75)[2], 255)
        XCTAssertLessThan(pixel(open, 75, 75)[0], 10)
        XCTAssertEqual(pixel(closed, 75, 75), [255, 255, 255, 255])
        XCTAssertLessThan(pixel(closed, 50, 50)[0], 10, "inside the parent it shows")
        XCTAssertEqual(pixel(closed, 61, 50), [255, 255, 255, 255], "one point past the edge it does not")
    }

    /// An opaque view over the whole screen hides what is under it, and only such a view: one
    /// half a point short of an edge, slightly transparent, rounded or turned lets it show.
    func testOnlyAWholeScreenOpaqueViewHidesWhatIsUnderIt() throws {
        func under(_ cover: @escaping @Sendable (UIView) -> Void) throws -> (corner: [UInt8], middle: [UInt8]) {
            let scene = try Scene(named: "cover", size: CGSize(width: 100, height: 100), scale: 1, duration: 0.1) {
                () -> UIView in
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                let red = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                red.backgroundColor = .red
                root.addSubview(red)
                let top = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                top.backgroundColor = .white
                cover(top)
                root.addSubview(top)
                return root
            }
            let image = try scene.image(ofFrame: 0)
            return (pixel(image, 99, 99), pixel(image, 50, 50))
        }
        let whole = try under { _ in }
        XCTAssertEqual(whole.corner, [255, 255, 255, 255])
        XCTAssertEqual(whole.middle, [255, 255, 255, 255])
        // Half a point short of the right and bottom edges: the red shows in the last pixels.
        let short = try under { $0.frame = CGRect(x: 0, y: 0, width: 99.5, height: 99.5) }
        XCTAssertLessThan(short.corner[1], 200, "red under the uncovered half point: \(short.corner)")
        XCTAssertEqual(short.middle, [255, 255, 255, 255])
        for frame in [CGRect(x: 0, y: 0, width: 100, height: 99.5), CGRect(x: 0, y: 0, width: 99.5, height: 100)] {
            let edge = try under { $0.frame = frame }
            XCTAssertLessThan(edge.corner[1], 200, "red beside \(frame): \(edge.corner)")
        }
        let clear = try under { $0.alpha = 0.99 }
        XCTAssertLessThan(clear.middle[1], 255, "a view at 0.99 lets the red through: \(clear.middle)")
        let rounded = try under { $0.layer.cornerRadius = 20 }
        XCTAssertLessThan(rounded.corner[1], 200, "red in a rounded corner: \(rounded.corner)")
        let turned = try under { $0.transform = CGAffineTransform(rotationAngle: 0.1) }
        XCTAssertLessThan(turned.corner[1], 200, "red where the turned view leaves the corner: \(turned.corner)")
    }

    /// A Swift scene's views drawn from a state stream (`writeStates`, then a render from it, as
    /// shards draw) are the pixels of the run itself: their corners, borders, shadows, label
    /// alignment and lines, and a clipping superview travel in the stream.
    func testFramesDrawnFromAStateStreamAreTheRunsOwn() throws {
        let dir = temporaryDirectory()
        let scene = try Scene(named: "looks", size: CGSize(width: 160, height: 160), scale: 1, duration: 0.2) { () -> UIView in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 160))
            root.backgroundColor = .white
            let clip = UIView(frame: CGRect(x: 10, y: 10, width: 140, height: 100))
            clip.clipsToBounds = true
            clip.layer.cornerRadius = 20
            clip.backgroundColor = .systemGray5
            let card = UIView(frame: CGRect(x: -10, y: 20, width: 100, height: 100))
            card.backgroundColor = .systemBlue
            card.layer.cornerRadius = 12
            card.layer.cornerCurve = .circular
            card.layer.borderWidth = 3
            card.layer.borderColor = UIColor.red.cgColor
            card.layer.shadowOpacity = 0.4
            card.layer.shadowOffset = CGSize(width: 0, height: 6)
            let label = UILabel(frame: CGRect(x: 0, y: 115, width: 160, height: 40))
            label.text = "a label on two lines, at its end"
            label.numberOfLines = 2
            label.textAlignment = .right
            label.font = .systemFont(ofSize: 11)
            label.textColor = .systemRed
            clip.addSubview(card)
            root.addSubview(clip)
            root.addSubview(label)
            UIView.animate(withDuration: 0.2) { card.center.x += 40 }
            return root
        }
        try scene.writeStates(to: dir + "/looks.states")
        func frames(_ folder: String, states: String?) throws -> [Data] {
            var options = RenderOptions()
            options.folder = folder
            options.states = states
            _ = try scene.render(options).run()
            let out = folder + "/looks"
            return try FileManager.default.contentsOfDirectory(atPath: out).sorted().map {
                try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0))
            }
        }
        let run = try frames(dir + "/run", states: nil)
        let streamed = try frames(dir + "/streamed", states: dir + "/looks.states")
        XCTAssertEqual(run.count, 12)
        XCTAssertTrue(run == streamed, "a frame drawn from the stream differs from the run's")
    }

    /// With a status bar (and, on a tall screen, a home indicator), a view's safe area is what they
    /// cover of it; the bar is drawn over the views, as a scene file's chrome.
    func testTheChromesSafeAreaIsWhatItCoversOfEachView() throws {
        func insets(_ chrome: ScreenChrome, height: CGFloat) throws -> [String] {
            let box = Reports()
            let scene = try Scene(
                named: "safe", size: CGSize(width: 375, height: height), chrome: chrome, duration: 0.05,
                script: [
                    .at(0) { root in
                        let low = root.subviews[0]
                        func text(_ e: UIEdgeInsets) -> String { "\(Int(e.top)) \(Int(e.bottom))" }
                        box.add(text(root.safeAreaInsets))
                        box.add(text(low.safeAreaInsets))
                        box.add(text(UIView(frame: root.bounds).safeAreaInsets))
                    }
                ]
            ) { () -> UIView in
                let root = UIView()
                root.backgroundColor = .white
                root.addSubview(UIView(frame: CGRect(x: 0, y: 10, width: 100, height: height - 20)))
                return root
            }
            _ = try scene.simulate()
            return box.all
        }
        XCTAssertEqual(try insets(.none, height: 667), ["0 0", "0 0", "0 0"])
        XCTAssertEqual(try insets(.statusBar, height: 667), ["20 0", "10 0", "0 0"], "a view off the window has none")
        XCTAssertEqual(try insets(.statusBar, height: 812), ["47 34", "37 24", "0 0"])
        // The status bar is drawn over the views.
        func top(_ chrome: ScreenChrome) throws -> [UInt8] {
            let image = try Scene(named: "bar", size: CGSize(width: 375, height: 667), scale: 1, chrome: chrome, duration: 0.05) {
                () -> UIView in
                let root = UIView()
                root.backgroundColor = .white
                return root
            }.image(ofFrame: 0)
            return Array(image.pixels[0..<(4 * image.width * 20)])
        }
        XCTAssertNotEqual(try top(.statusBar), try top(.none))
    }
}
