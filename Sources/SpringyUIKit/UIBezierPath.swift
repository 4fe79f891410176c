import Foundation

/// A path of straight lines and curves, kept as points (curves flattened into short lines): what
/// UIKit Dynamics reads as an item's collision bounds or a collision boundary.
open class UIBezierPath: NSObject {
    /// Subpaths: their points, and whether each is closed.
    var subpaths: [(points: [CGPoint], closed: Bool)] = []

    public override init() { super.init() }
    public convenience init(rect: CGRect) {
        self.init()
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }
    /// An ellipse in `rect`, as 48 straight pieces.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        for k in 0..<48 {
            let t = Double(k) / 48 * 2 * .pi
            let p = CGPoint(x: rect.midX + rect.width / 2 * CGFloat(cos(t)), y: rect.midY + rect.height / 2 * CGFloat(sin(t)))
            if k == 0 { move(to: p) } else { addLine(to: p) }
        }
        close()
    }
    /// A rounded rectangle, each corner 12 straight pieces.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
        let corners = [
            (CGPoint(x: rect.maxX - r, y: rect.minY + r), -Double.pi / 2), (CGPoint(x: rect.maxX - r, y: rect.maxY - r), 0),
            (CGPoint(x: rect.minX + r, y: rect.maxY - r), Double.pi / 2),
            (CGPoint(x: rect.minX + r, y: rect.minY + r), Double.pi),
        ]
        for (c, start) in corners {
            for k in 0...12 {
                let t = start + Double(k) / 12 * .pi / 2
                let p = CGPoint(x: c.x + r * CGFloat(cos(t)), y: c.y + r * CGFloat(sin(t)))
                if subpaths.isEmpty { move(to: p) } else { addLine(to: p) }
            }
        }
        close()
    }
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    open var currentPoint: CGPoint { subpaths.last?.points.last ?? .zero }
    open var isEmpty: Bool { subpaths.allSatisfy { $0.points.isEmpty } }
    open var bounds: CGRect {
        let all = subpaths.flatMap(\.points)
        guard let first = all.first else { return .null }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for p in all {
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    open func move(to point: CGPoint) { subpaths.append(([point], false)) }
    open func addLine(to point: CGPoint) {
        if subpaths.isEmpty || subpaths[subpaths.count - 1].closed { subpaths.append(([currentPoint], false)) }
        subpaths[subpaths.count - 1].points.append(point)
    }
    /// A cubic curve, as 16 straight pieces.
    open func addCurve(to end: CGPoint, controlPoint1 c1: CGPoint, controlPoint2 c2: CGPoint) {
        let p0 = currentPoint
        for k in 1...16 {
            let t = CGFloat(k) / 16, u = 1 - t
            addLine(
                to: CGPoint(
                    x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * end.x,
                    y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * end.y))
        }
    }
    /// A quadratic curve, as 16 straight pieces.
    open func addQuadCurve(to end: CGPoint, controlPoint c: CGPoint) {
        let p0 = currentPoint
        for k in 1...16 {
            let t = CGFloat(k) / 16, u = 1 - t
            addLine(
                to: CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * end.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * end.y))
        }
    }
    /// An arc, in pieces of at most 7.5°. Angles that are not finite make a point that is not
    /// (refused, located, where the path is used); a sweep of over 10 000 radians is taken
    /// modulo a turn (it only goes round again).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        var sweep = Double(endAngle - startAngle)
        if !sweep.isFinite {
            let nowhere = CGPoint(x: CGFloat.nan, y: CGFloat.nan)
            if subpaths.isEmpty || subpaths[subpaths.count - 1].closed { move(to: nowhere) } else { addLine(to: nowhere) }
            return
        }
        if abs(sweep) > 10_000 { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) }
        if clockwise { while sweep < 0 { sweep += 2 * .pi } } else { while sweep > 0 { sweep -= 2 * .pi } }
        let n = max(1, Int((abs(sweep) / (.pi / 24)).rounded(.up)))
        for k in 0...n {
            let t = Double(startAngle) + sweep * Double(k) / Double(n)
            let p = CGPoint(x: center.x + radius * CGFloat(cos(t)), y: center.y + radius * CGFloat(sin(t)))
            if k == 0 && (subpaths.isEmpty || subpaths[subpaths.count - 1].closed) { move(to: p) } else { addLine(to: p) }
        }
    }
    open func close() {
        guard !subpaths.isEmpty else { return }
        subpaths[subpaths.count - 1].closed = true
    }
    open func removeAllPoints() { subpaths = [] }
    open func append(_ path: UIBezierPath) { subpaths += path.subpaths }
    open func apply(_ t: CGAffineTransform) {
        subpaths = subpaths.map { ($0.points.map { $0.applying(t) }, $0.closed) }
    }
}
