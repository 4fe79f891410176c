import Foundation

/// A point or a vector, in points (UIKit's coordinate space: origin top-left, y down).
package struct Vec2: Equatable, Hashable, Sendable, CustomStringConvertible {
    package var x: Double
    package var y: Double
    package init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    package static let zero = Vec2(0, 0)
    package static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    package static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    package static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    package static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    package static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    package var length: Double { (x * x + y * y).squareRoot() }
    package func distance(to other: Vec2) -> Double { (self - other).length }
    package var isFinite: Bool { x.isFinite && y.isFinite }
    /// Rotates by `angle` radians (clockwise on screen, as UIKit's y-down transforms do).
    package func rotated(by angle: Double) -> Vec2 {
        let c = cos(angle), s = sin(angle)
        return Vec2(x * c - y * s, x * s + y * c)
    }
    package var description: String { "(\(x), \(y))" }
}

package struct Size2: Equatable, Hashable, Sendable {
    package var width: Double
    package var height: Double
    package init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
}

package struct Rect: Equatable, Hashable, Sendable {
    package var origin: Vec2
    package var size: Size2
    package init(x: Double, y: Double, width: Double, height: Double) {
        origin = Vec2(x, y); size = Size2(width, height)
    }
    package init(center: Vec2, size: Size2) {
        origin = Vec2(center.x - size.width / 2, center.y - size.height / 2); self.size = size
    }
    package var minX: Double { origin.x }
    package var minY: Double { origin.y }
    package var maxX: Double { origin.x + size.width }
    package var maxY: Double { origin.y + size.height }
    package var width: Double { size.width }
    package var height: Double { size.height }
    package var center: Vec2 { Vec2(origin.x + size.width / 2, origin.y + size.height / 2) }
    package func intersects(_ r: Rect) -> Bool {
        minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY
    }
    package func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    package func offsetBy(_ d: Vec2) -> Rect { Rect(x: minX + d.x, y: minY + d.y, width: width, height: height) }
}

/// An sRGB colour with straight (not premultiplied) alpha, components 0...1.
package struct Color: Equatable, Hashable, Sendable {
    package var r: Double, g: Double, b: Double, a: Double
    package init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// Parses `#RRGGBB` or `#RRGGBBAA`.
    package init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, let v = UInt32(digits, radix: 16),
            digits.allSatisfy({ $0.isHexDigit })
        else { return nil }
        if digits.count == 6 {
            self.init(r: Double((v >> 16) & 0xff) / 255, g: Double((v >> 8) & 0xff) / 255, b: Double(v & 0xff) / 255)
        } else {
            self.init(
                r: Double((v >> 24) & 0xff) / 255, g: Double((v >> 16) & 0xff) / 255,
                b: Double((v >> 8) & 0xff) / 255, a: Double(v & 0xff) / 255)
        }
    }
    package func withAlpha(_ a: Double) -> Color { Color(r: r, g: g, b: b, a: a) }
    package static let white = Color(r: 1, g: 1, b: 1)
    package static let black = Color(r: 0, g: 0, b: 0)

    /// This colour painted over an opaque `background`.
    package func over(_ background: Color) -> Color {
        Color(r: r * a + background.r * (1 - a), g: g * a + background.g * (1 - a), b: b * a + background.b * (1 - a))
    }

    /// WCAG 2 relative luminance (sRGB, ignoring alpha).
    package var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2 contrast ratio of two opaque colours, 1 … 21.
    package func contrast(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// White or black, whichever reads better on this (opaque) colour: white on iOS's system
    /// tint colours (as iOS draws a filled button's or a tinted cell's text, though systemBlue
    /// and its kin miss 4.5:1 against white), else white while it meets WCAG AA (4.5:1), else
    /// the one with the higher contrast.
    /// iOS's system tint colours, light and dark (systemBlue, Green, Indigo, Orange, Pink,
    /// Purple, Red, Teal, Mint, Cyan, Brown), as 8-bit sRGB. Not systemYellow: iOS's own apps set
    /// dark text on it, which the contrast rule gives.
    package static let systemTints: [(UInt8, UInt8, UInt8)] = [
        (0x00, 0x7A, 0xFF), (0x0A, 0x84, 0xFF), (0x34, 0xC7, 0x59), (0x30, 0xD1, 0x58), (0x58, 0x56, 0xD6), (0x5E, 0x5C, 0xE6),
        (0xFF, 0x95, 0x00), (0xFF, 0x9F, 0x0A), (0xFF, 0x2D, 0x55), (0xFF, 0x37, 0x5F), (0xAF, 0x52, 0xDE), (0xBF, 0x5A, 0xF2),
        (0xFF, 0x3B, 0x30), (0xFF, 0x45, 0x3A), (0x30, 0xB0, 0xC7), (0x40, 0xC8, 0xE0),
        (0x00, 0xC7, 0xBE), (0x63, 0xE6, 0xE2), (0x32, 0xAD, 0xE6), (0x64, 0xD2, 0xFF), (0xA2, 0x84, 0x5E), (0xAC, 0x8E, 0x68),
    ]

    /// Whether this colour is one of iOS's system tints (to the 8-bit value).
    package var isSystemTint: Bool {
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        let rgb = (byte(r), byte(g), byte(b))
        return Self.systemTints.contains { $0 == rgb }
    }

    package var readableText: Color {
        if isSystemTint { return .white }
        let w = contrast(with: .white)
        return w >= 4.5 || w >= contrast(with: .black) ? .white : .black
    }
}

extension Double {
    package var degreesToRadians: Double { self * .pi / 180 }
    package var radiansToDegrees: Double { self * 180 / .pi }
}

/// Insets of a rectangle, as UIKit's UIEdgeInsets: top, left, bottom, right, in points
/// (scenes write them `[top, left, bottom, right]`).
package struct EdgeInsets: Sendable, Equatable {
    package var top: Double, left: Double, bottom: Double, right: Double
    package init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// From `[top, left, bottom, right]` (four values; the decoder checks the count).
    package init(_ list: [Double]) {
        precondition(list.count == 4, "insets are [top, left, bottom, right]")
        self.init(top: list[0], left: list[1], bottom: list[2], right: list[3])
    }
    package static let zero = EdgeInsets()
    /// Along a scroll axis: the leading (top or left) and trailing (bottom or right) inset.
    package func leading(vertical: Bool) -> Double { vertical ? top : left }
    package func trailing(vertical: Bool) -> Double { vertical ? bottom : right }
}

/// The collision bounds of a dynamic item.
/// UIDynamicItemCollisionBoundsType: rectangle, ellipse, or path (an outline of its own).
package enum ItemShape: String, Sendable { case rectangle, ellipse, path }
