import Foundation
import SpringyCore
import SpringyScene

/// A colour: fixed, or one of iOS's system colours, which are one colour in the light
/// appearance and another in the dark (resolved when a frame is drawn, by the scene's
/// appearance).
public final class UIColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    let light: Color
    let dark: Color
    let name: String?

    init(light: Color, dark: Color, name: String? = nil) { self.light = light; self.dark = dark; self.name = name }
    convenience init(_ c: Color) { self.init(light: c, dark: c) }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(Color(r: Self.unit(red), g: Self.unit(green), b: Self.unit(blue), a: Self.unit(alpha)))
    }
    public convenience init(white: CGFloat, alpha: CGFloat) {
        let w = Self.unit(white)
        self.init(Color(r: w, g: w, b: w, a: Self.unit(alpha)))
    }
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        // A hue that is not finite is 0, as a NaN component is (`unit`).
        let turn = Double(hue).isFinite ? Double(hue) : 0
        let h = (turn - floor(turn)) * 6, s = Self.unit(saturation), v = Self.unit(brightness)
        let i = Int(h) % 6, f = h - floor(h)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) =
            [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        self.init(Color(r: r, g: g, b: b, a: Self.unit(alpha)))
    }
    public convenience init(cgColor: CGColor) { self.init(cgColor.color) }

    /// Components are clamped to 0…1 (extended sRGB is not drawn); NaN is 0.
    static func unit(_ v: CGFloat) -> Double { v.isNaN ? 0 : min(max(Double(v), 0), 1) }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(light: light.withAlpha(Self.unit(alpha)), dark: dark.withAlpha(Self.unit(alpha)))
    }
    public var cgColor: CGColor { CGColor(light) }

    /// The colour as drawn in `appearance`.
    func resolved(_ appearance: Appearance) -> Color { appearance == .dark ? dark : light }

    public static func == (a: UIColor, b: UIColor) -> Bool { a.light == b.light && a.dark == b.dark }
    public func hash(into h: inout Hasher) {
        h.combine(light)
        h.combine(dark)
    }
    public var description: String {
        if let name { return "UIColor.\(name)" }
        return "UIColor(red: \(light.r), green: \(light.g), blue: \(light.b), alpha: \(light.a))"
    }

    // Fixed colours.
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // iOS's system colours, light and dark (Apple's Human Interface Guidelines, "Color").
    static func system(_ name: String) -> UIColor {
        let (l, d) = SystemColors.table[name]!
        return UIColor(light: l, dark: d, name: name)
    }
    public static var systemRed: UIColor { system("systemRed") }
    public static var systemOrange: UIColor { system("systemOrange") }
    public static var systemYellow: UIColor { system("systemYellow") }
    public static var systemGreen: UIColor { system("systemGreen") }
    public static var systemMint: UIColor { system("systemMint") }
    public static var systemTeal: UIColor { system("systemTeal") }
    public static var systemCyan: UIColor { system("systemCyan") }
    public static var systemBlue: UIColor { system("systemBlue") }
    public static var systemIndigo: UIColor { system("systemIndigo") }
    public static var systemPurple: UIColor { system("systemPurple") }
    public static var systemPink: UIColor { system("systemPink") }
    public static var systemBrown: UIColor { system("systemBrown") }
    public static var systemGray: UIColor { system("systemGray") }
    public static var systemGray2: UIColor { system("systemGray2") }
    public static var systemGray3: UIColor { system("systemGray3") }
    public static var systemGray4: UIColor { system("systemGray4") }
    public static var systemGray5: UIColor { system("systemGray5") }
    public static var systemGray6: UIColor { system("systemGray6") }
    public static var systemBackground: UIColor { system("systemBackground") }
    public static var secondarySystemBackground: UIColor { system("secondarySystemBackground") }
    public static var tertiarySystemBackground: UIColor { system("tertiarySystemBackground") }
    public static var systemGroupedBackground: UIColor { system("systemGroupedBackground") }
    public static var secondarySystemGroupedBackground: UIColor { system("secondarySystemGroupedBackground") }
    public static var tertiarySystemGroupedBackground: UIColor { system("tertiarySystemGroupedBackground") }
    public static var label: UIColor { system("label") }
    public static var secondaryLabel: UIColor { system("secondaryLabel") }
    public static var tertiaryLabel: UIColor { system("tertiaryLabel") }
    public static var quaternaryLabel: UIColor { system("quaternaryLabel") }
    public static var separator: UIColor { system("separator") }
    public static var opaqueSeparator: UIColor { system("opaqueSeparator") }
    public static var link: UIColor { system("link") }
    public static var systemFill: UIColor { system("systemFill") }
    public static var tintColor: UIColor { system("systemBlue") }
}

/// iOS's system colours as 8-bit sRGB and alpha, light then dark.
enum SystemColors {
    static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) -> Color {
        Color(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: a)
    }
    static let table: [String: (Color, Color)] = [
        "systemRed": (rgb(255, 59, 48), rgb(255, 69, 58)),
        "systemOrange": (rgb(255, 149, 0), rgb(255, 159, 10)),
        "systemYellow": (rgb(255, 204, 0), rgb(255, 214, 10)),
        "systemGreen": (rgb(52, 199, 89), rgb(48, 209, 88)),
        "systemMint": (rgb(0, 199, 190), rgb(99, 230, 226)),
        "systemTeal": (rgb(48, 176, 199), rgb(64, 200, 224)),
        "systemCyan": (rgb(50, 173, 230), rgb(100, 210, 255)),
        "systemBlue": (rgb(0, 122, 255), rgb(10, 132, 255)),
        "systemIndigo": (rgb(88, 86, 214), rgb(94, 92, 230)),
        "systemPurple": (rgb(175, 82, 222), rgb(191, 90, 242)),
        "systemPink": (rgb(255, 45, 85), rgb(255, 55, 95)),
        "systemBrown": (rgb(162, 132, 94), rgb(172, 142, 104)),
        "systemGray": (rgb(142, 142, 147), rgb(142, 142, 147)),
        "systemGray2": (rgb(174, 174, 178), rgb(99, 99, 102)),
        "systemGray3": (rgb(199, 199, 204), rgb(72, 72, 74)),
        "systemGray4": (rgb(209, 209, 214), rgb(58, 58, 60)),
        "systemGray5": (rgb(229, 229, 234), rgb(44, 44, 46)),
        "systemGray6": (rgb(242, 242, 247), rgb(28, 28, 30)),
        "systemBackground": (rgb(255, 255, 255), rgb(0, 0, 0)),
        "secondarySystemBackground": (rgb(242, 242, 247), rgb(28, 28, 30)),
        "tertiarySystemBackground": (rgb(255, 255, 255), rgb(44, 44, 46)),
        "systemGroupedBackground": (rgb(242, 242, 247), rgb(0, 0, 0)),
        "secondarySystemGroupedBackground": (rgb(255, 255, 255), rgb(28, 28, 30)),
        "tertiarySystemGroupedBackground": (rgb(242, 242, 247), rgb(44, 44, 46)),
        "label": (rgb(0, 0, 0), rgb(255, 255, 255)),
        "secondaryLabel": (rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6)),
        "tertiaryLabel": (rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        "quaternaryLabel": (rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16)),
        "separator": (rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6)),
        "opaqueSeparator": (rgb(198, 198, 200), rgb(56, 56, 58)),
        "link": (rgb(0, 122, 255), rgb(9, 132, 255)),
        "systemFill": (rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36)),
    ]
}

/// A Core Graphics colour (what CALayer's borderColor and shadowColor hold).
public final class CGColor: Equatable, Sendable {
    let color: Color
    init(_ color: Color) { self.color = color }
    public var alpha: CGFloat { CGFloat(color.a) }
    public var components: [CGFloat]? { [color.r, color.g, color.b, color.a].map { CGFloat($0) } }
    public static func == (a: CGColor, b: CGColor) -> Bool { a.color == b.color }
}

/// A font: its size is drawn; every weight is drawn in the scene's pinned face (Inter, or
/// DejaVu Sans), regular.
public final class UIFont: Equatable, Sendable {
    public let pointSize: CGFloat
    public let weight: Weight
    init(size: CGFloat, weight: Weight) { pointSize = max(size, 0); self.weight = weight }

    public struct Weight: Equatable, Hashable, Sendable, RawRepresentable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8), thin = Weight(-0.6), light = Weight(-0.4), regular = Weight(0)
        public static let medium = Weight(0.23), semibold = Weight(0.3), bold = Weight(0.4), heavy = Weight(0.56)
        public static let black = Weight(0.62)
    }

    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(size: size, weight: .regular) }
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont(size: size, weight: weight) }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(size: size, weight: .bold) }
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(size: size, weight: weight)
    }
    public static var systemFontSize: CGFloat { 14 }
    public static var labelFontSize: CGFloat { 17 }
    public func withSize(_ size: CGFloat) -> UIFont { UIFont(size: size, weight: weight) }
    public static func == (a: UIFont, b: UIFont) -> Bool { a.pointSize == b.pointSize && a.weight == b.weight }
}
