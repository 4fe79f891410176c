import Foundation

/// A point or a vector, in points (UIKit's coordinate space: origin top-left, y down).
public struct Vec2: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Vec2(0, 0)
    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    public static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    public var length: Double { (x * x + y * y).squareRoot() }
    public func distance(to other: Vec2) -> Double { (self - other).length }
    public var isFinite: Bool { x.isFinite && y.isFinite }
    /// Rotates by `angle` radians (clockwise on screen, as UIKit's y-down transforms do).
    public func rotated(by angle: Double) -> Vec2 {
        let c = cos(angle), s = sin(angle)
        return Vec2(x * c - y * s, x * s + y * c)
    }
    public var description: String { "(\(x), \(y))" }
}

public struct Size2: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
}

public struct Rect: Equatable, Hashable, Sendable {
    public var origin: Vec2
    public var size: Size2
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Vec2(x, y); size = Size2(width, height)
    }
    public init(center: Vec2, size: Size2) {
        origin = Vec2(center.x - size.width / 2, center.y - size.height / 2); self.size = size
    }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Vec2 { Vec2(origin.x + size.width / 2, origin.y + size.height / 2) }
    public func intersects(_ r: Rect) -> Bool {
        minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY
    }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    public func offsetBy(_ d: Vec2) -> Rect { Rect(x: minX + d.x, y: minY + d.y, width: width, height: height) }
}

/// An sRGB colour with straight (not premultiplied) alpha, components 0...1.
public struct Color: Equatable, Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// Parses `#RRGGBB` or `#RRGGBBAA`.
    public init?(hex: String) {
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
    public func withAlpha(_ a: Double) -> Color { Color(r: r, g: g, b: b, a: a) }
    public static let white = Color(r: 1, g: 1, b: 1)
    public static let black = Color(r: 0, g: 0, b: 0)

    /// This colour painted over an opaque `background`.
    public func over(_ background: Color) -> Color {
        Color(r: r * a + background.r * (1 - a), g: g * a + background.g * (1 - a), b: b * a + background.b * (1 - a))
    }

    /// WCAG 2 relative luminance (sRGB, ignoring alpha).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2 contrast ratio of two opaque colours, 1 … 21.
    public func contrast(with other: Color) -> Double {
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
    public static let systemTints: [(UInt8, UInt8, UInt8)] = [
        (0x00, 0x7A, 0xFF), (0x0A, 0x84, 0xFF), (0x34, 0xC7, 0x59), (0x30, 0xD1, 0x58), (0x58, 0x56, 0xD6), (0x5E, 0x5C, 0xE6),
        (0xFF, 0x95, 0x00), (0xFF, 0x9F, 0x0A), (0xFF, 0x2D, 0x55), (0xFF, 0x37, 0x5F), (0xAF, 0x52, 0xDE), (0xBF, 0x5A, 0xF2),
        (0xFF, 0x3B, 0x30), (0xFF, 0x45, 0x3A), (0x30, 0xB0, 0xC7), (0x40, 0xC8, 0xE0),
        (0x00, 0xC7, 0xBE), (0x63, 0xE6, 0xE2), (0x32, 0xAD, 0xE6), (0x64, 0xD2, 0xFF), (0xA2, 0x84, 0x5E), (0xAC, 0x8E, 0x68),
    ]

    /// Whether this colour is one of iOS's system tints (to the 8-bit value).
    public var isSystemTint: Bool {
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        let rgb = (byte(r), byte(g), byte(b))
        return Self.systemTints.contains { $0 == rgb }
    }

    public var readableText: Color {
        if isSystemTint { return .white }
        let w = contrast(with: .white)
        return w >= 4.5 || w >= contrast(with: .black) ? .white : .black
    }
}

extension Double {
    public var degreesToRadians: Double { self * .pi / 180 }
    public var radiansToDegrees: Double { self * 180 / .pi }
}

/// Insets of a rectangle, as UIKit's UIEdgeInsets: top, left, bottom, right, in points
/// (scenes write them `[top, left, bottom, right]`).
public struct EdgeInsets: Sendable, Equatable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// From `[top, left, bottom, right]` (four values; the decoder checks the count).
    public init(_ list: [Double]) {
        precondition(list.count == 4, "insets are [top, left, bottom, right]")
        self.init(top: list[0], left: list[1], bottom: list[2], right: list[3])
    }
    public static let zero = EdgeInsets()
    /// Along a scroll axis: the leading (top or left) and trailing (bottom or right) inset.
    public func leading(vertical: Bool) -> Double { vertical ? top : left }
    public func trailing(vertical: Bool) -> Double { vertical ? bottom : right }
}
