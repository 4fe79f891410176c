import Foundation
import SpringyBehaviors
import SpringyCore

extension BehaviorDecoder {
    /// One named boundary (UICollisionBehavior.addBoundary): a segment `{ from, to }`, or a
    /// path (addBoundary(withIdentifier:for: UIBezierPath)) as straight segments: `{ path:
    /// [[x, y], ...], closed }`, `{ circle: { center, radius } }` (48 segments) or
    /// `{ rounded_rect: { rect: [x, y, w, h], radius } }` (corners of 12 segments each).
    /// Every segment carries the boundary's name, so contacts name the boundary.
    func decodeBoundary(_ v: YAMLValue, name: String) throws -> [NamedSegment] {
        let m = try v.mapping(CollisionSpec.boundaryKeys)
        let forms = ["from", "path", "circle", "rounded_rect"].filter { m[$0] != nil }
        guard forms.count == 1 else {
            throw v.error("a boundary is one of { from, to }, { path }, { circle } or { rounded_rect }")
        }
        var points: [Vec2]
        var closed = true
        switch forms[0] {
        case "from":
            let from = try m.require("from").point(), to = try m.require("to").point()
            if from == to { throw try m.require("to").error("a boundary needs two different points") }
            return [NamedSegment(name: name, from: from, to: to)]
        case "path":
            let pv = try m.require("path")
            let list = try pv.list()
            if list.count > limits.maxBoundaryEdges + 1 {
                throw pv.error(
                    "a boundary path of \(list.count) points is over the limit of \(limits.maxBoundaryEdges) edges (--max-boundary-edges)"
                )
            }
            points = try list.map { try $0.point() }
            guard points.count >= 2 else { throw pv.error("a boundary path needs at least two points") }
            closed = try m["closed"]?.bool() ?? false
        case "circle":
            let ct = CollisionSpec.circleKeys
            let cm = try m.require("circle").mapping(ct)
            let c = try cm.require("center").point(), r = try cm.require("radius").double(ct["radius"])
            points = (0..<48).map { k in c + Vec2(cos(Double(k) / 48 * 2 * .pi), sin(Double(k) / 48 * 2 * .pi)) * r }
        default:  // open set: keys in the file
            let rt = CollisionSpec.roundedRectKeys
            let rm = try m.require("rounded_rect").mapping(rt)
            let rv = try rm.require("rect")
            let r4 = try rv.list().map { try $0.double(min: -1e6, max: 1e6) }
            guard r4.count == 4, r4[2] > 0, r4[3] > 0 else {
                throw rv.error("expected [x, y, width, height] with a positive size")
            }
            let radius = min(try rm["radius"]?.double(rt["radius"]) ?? 0, r4[2] / 2, r4[3] / 2)
            let (x, y, w, h) = (r4[0], r4[1], r4[2], r4[3])
            let corners = [
                (Vec2(x + w - radius, y + radius), -Double.pi / 2), (Vec2(x + w - radius, y + h - radius), 0),
                (Vec2(x + radius, y + h - radius), Double.pi / 2), (Vec2(x + radius, y + radius), Double.pi),
            ]
            points = []
            for (c, start) in corners {
                for k in 0...12 where radius > 0 || k == 0 {
                    let a = start + Double(k) / 12 * (.pi / 2)
                    points.append(c + Vec2(cos(a), sin(a)) * radius)
                }
            }
        }
        var out: [NamedSegment] = []
        let count = closed ? points.count : points.count - 1
        for k in 0..<count {
            let a = points[k], b = points[(k + 1) % points.count]
            if a != b { out.append(NamedSegment(name: name, from: a, to: b)) }
        }
        if out.isEmpty { throw v.error("a boundary needs two different points") }
        return out
    }
}
