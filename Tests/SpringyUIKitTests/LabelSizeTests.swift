import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// UILabel.sizeThatFits(_:) and sizeToFit(): the text measured as it is drawn, in the scene's
/// pinned face, in whole pixels; UIImageView's is its picture's; a plain view keeps its own.
final class LabelSizeTests: XCTestCase {
    /// Runs `body` inside a scene's run (where the face is) and returns what it reports.
    func measured(scale: Int = 2, _ body: @escaping @Sendable (UIView) -> [String]) throws -> [String] {
        let box = Reports()
        let scene = try Scene(
            named: "sizes", scale: scale, duration: 0.05, script: [.at(0) { root in for l in body(root) { box.add(l) } }]
        ) {
            UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        }
        _ = try scene.simulate()
        return box.all
    }

    static func label(_ text: String?, lines: Int = 1, size: CGFloat = 17) -> UILabel {
        let l = UILabel(frame: CGRect(x: 20, y: 30, width: 100, height: 10))
        l.text = text
        l.numberOfLines = lines
        l.font = .systemFont(ofSize: size)
        return l
    }

    func testALabelFitsItsTextOnOneLineOrBrokenWithinTheWidth() throws {
        let lines = try measured { _ in
            let long = "the quick brown fox jumps over the lazy dog"
            let short = Self.label("Hello").sizeThatFits(CGSize(width: 100, height: 100))
            let longer = Self.label("Hello, world").sizeThatFits(CGSize(width: 100, height: 100))
            let one = Self.label(long).sizeThatFits(CGSize(width: 100, height: 100))
            let wrapped = Self.label(long, lines: 0).sizeThatFits(CGSize(width: 100, height: 1000))
            let two = Self.label(long, lines: 2).sizeThatFits(CGSize(width: 100, height: 1000))
            let empty = Self.label("").sizeThatFits(CGSize(width: 100, height: 100))
            let bigger = Self.label("Hello", size: 34).sizeThatFits(CGSize(width: 100, height: 100))
            return [
                "\(short.width < longer.width) \(short.height == longer.height)",
                "\(one.width > 100) \(one.height == short.height)",
                "\(wrapped.width <= 100) \(wrapped.height / short.height)",
                "\(abs(two.height - 2 * short.height) <= 0.5)",
                "\(empty)",
                "\(bigger.width > 1.9 * short.width) \(bigger.height > 1.9 * short.height)",
                "\((short.width * 2).rounded() == short.width * 2) \((short.height * 2).rounded() == short.height * 2)",
            ]
        }
        XCTAssertEqual(lines[0], "true true", "a longer text is wider, as tall")
        XCTAssertEqual(lines[1], "true true", "one line is never broken: it takes its whole width")
        XCTAssertTrue(lines[2].hasPrefix("true "), lines[2])
        XCTAssertGreaterThanOrEqual(Double(lines[2].split(separator: " ")[1])!, 2.9, "broken into several lines")
        XCTAssertEqual(lines[3], "true", "at most numberOfLines: two lines' height (each size rounded up to a pixel)")
        XCTAssertEqual(lines[4], "CGSize(width: 0.0, height: 0.0)")
        XCTAssertEqual(lines[5], "true true")
        XCTAssertEqual(lines[6], "true true", "whole pixels at scale 2")
    }

    /// A label sized to its text draws it whole: the same pixels as the same text with room to
    /// spare; a pixel narrower, the drawing cuts it (an ellipsis).
    func testASizedLabelDrawsItsTextWhole() throws {
        func picture(_ fit: @escaping @Sendable (UILabel) -> Void) throws -> [UInt8] {
            try Scene(named: "label", size: CGSize(width: 300, height: 60), scale: 2, duration: 0.05) { () -> UIView in
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 60))
                root.backgroundColor = .white
                let label = UILabel(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
                label.text = "Springy sizes labels"
                label.textColor = .black
                label.textAlignment = .left
                root.addSubview(label)
                fit(label)
                return root
            }.image(ofFrame: 0).pixels
        }
        let fitted = try picture { $0.sizeToFit() }
        let roomy = try picture { l in
            l.sizeToFit()
            l.frame.size.width += 100
        }
        let tight = try picture { l in
            l.sizeToFit()
            l.frame.size.width -= 1
        }
        XCTAssertTrue(fitted == roomy, "the fitted label shows all its text")
        XCTAssertFalse(fitted == tight, "a point less (its size is rounded up by less than half a point) and the text is cut")
    }

    func testSizeToFitKeepsTheOriginAndOtherViewsAnswerTheirOwnSizes() throws {
        let lines = try measured { _ in
            let l = Self.label("Hello")
            l.sizeToFit()
            let plain = UIView(frame: CGRect(x: 5, y: 6, width: 7, height: 8))
            plain.sizeToFit()
            let picture = UIImageView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            return [
                "\(l.frame.origin)", "\(plain.frame)", "\(plain.intrinsicContentSize)", "\(picture.sizeThatFits(.zero))",
                "\(picture.intrinsicContentSize)", "\(l.intrinsicContentSize == l.sizeThatFits(.zero))",
            ]
        }
        XCTAssertEqual(
            lines,
            [
                "CGPoint(x: 20.0, y: 30.0)",
                "CGRect(origin: Foundation.CGPoint(x: 5.0, y: 6.0), size: Foundation.CGSize(width: 7.0, height: 8.0))",
                "CGSize(width: -1.0, height: -1.0)", "CGSize(width: 0.0, height: 0.0)", "CGSize(width: -1.0, height: -1.0)",
                "true",
            ])
    }
}
