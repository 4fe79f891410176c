import Foundation

// What UIKit and Core Graphics add to Foundation's CGFloat, CGPoint, CGSize and CGRect (which
// swift-corelibs-foundation has): vectors, affine transforms, edge insets, index paths' item
// and section.

/// A two-dimensional vector (Core Graphics' CGVector): a push's or gravity's direction.
public struct CGVector: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat
    public init() { dx = 0; dy = 0 }
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    public static var zero: CGVector { CGVector() }
    public var description: String { "(\(dx), \(dy))" }
}

/// Core Graphics' affine transform: a point (x, y) becomes (a·x + c·y + tx, b·x + d·y + ty).
public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }
    public init(rotationAngle angle: CGFloat) {
        let s = sin(Double(angle)), k = cos(Double(angle))
        self.init(a: CGFloat(k), b: CGFloat(s), c: CGFloat(-s), d: CGFloat(k), tx: 0, ty: 0)
    }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    public static var identity: CGAffineTransform { CGAffineTransform() }
    public var isIdentity: Bool { self == .identity }

    /// This transform, then `t`.
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d, c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    /// A rotation by `angle`, then this transform (CGAffineTransformRotate).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }
    /// The inverse; a transform that cannot be inverted is returned unchanged (as Core Graphics does).
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        return CGAffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

extension CGPoint {
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle holding this one's four corners transformed.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let corners = [
            CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY),
        ].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return CGRect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
    /// This rectangle less `insets` (UIEdgeInsetsInsetRect).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top, width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom)
    }
}

/// Insets of a rectangle's edges.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init() { top = 0; left = 0; bottom = 0; right = 0 }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static var zero: UIEdgeInsets { UIEdgeInsets() }
}

/// A horizontal and vertical offset.
public struct UIOffset: Equatable, Hashable, Sendable {
    public var horizontal: CGFloat, vertical: CGFloat
    public init() { horizontal = 0; vertical = 0 }
    public init(horizontal: CGFloat, vertical: CGFloat) { self.horizontal = horizontal; self.vertical = vertical }
    public static var zero: UIOffset { UIOffset() }
}

/// A range of floats (UIAttachmentBehavior.attachmentRange).
public struct UIFloatRange: Equatable, Hashable, Sendable {
    public var minimum: CGFloat, maximum: CGFloat
    public init() { minimum = 0; maximum = 0 }
    public init(minimum: CGFloat, maximum: CGFloat) { self.minimum = minimum; self.maximum = maximum }
    public static var zero: UIFloatRange { UIFloatRange() }
    /// Minus infinity to infinity: no limit.
    public static var infinite: UIFloatRange { UIFloatRange(minimum: -.infinity, maximum: .infinity) }
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

extension IndexPath {
    /// An index path of a collection view's item.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// An index path of a table view's row.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
