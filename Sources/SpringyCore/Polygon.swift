import Foundation

/// Simple polygons for collision bounds of type path: convex pieces Box2D can hold.
package enum Polygon {
    /// Twice the signed area (positive counter-clockwise in y-up terms).
    package static func signedArea(_ p: [Vec2]) -> Double {
        var a = 0.0
        for i in p.indices { let j = (i + 1) % p.count; a += p[i].x * p[j].y - p[j].x * p[i].y }
        return a / 2
    }

    package static func isConvex(_ p: [Vec2]) -> Bool {
        var sign = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count], c = p[(i + 2) % p.count]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if abs(cross) < 1e-12 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }

    /// Whether two edges that do not share a vertex cross.
    static func segmentsCross(_ a: Vec2, _ b: Vec2, _ c: Vec2, _ d: Vec2) -> Bool {
        func orient(_ p: Vec2, _ q: Vec2, _ r: Vec2) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        let d1 = orient(c, d, a), d2 = orient(c, d, b), d3 = orient(a, b, c), d4 = orient(a, b, d)
        return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0
    }

    /// The most points a collision path may have (its convex pieces are each a Box2D polygon).
    package static let maxPoints = 256
    /// Box2D's b2_linearSlop at 100 pt per metre: it welds polygon vertices closer than half of
    /// it, and a path's points must be at least this far apart (twice that, for a margin).
    package static let minPointSpacing = 0.5

    /// Why `p` cannot be a collision path, or nil: 3 to 256 points at least 0.5 pt apart, an
    /// area, no edge crossing another, and convex pieces Box2D can hold (`box2DProblem`).
    package static func problem(_ p: [Vec2]) -> String? {
        if p.count < 3 { return "a path needs at least 3 points" }
        if p.count > maxPoints {
            return "a path has at most \(maxPoints) points, not \(p.count) (Box2D holds it as convex pieces of at most 8)"
        }
        if !p.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) { return "the path's points must be finite numbers" }
        for i in p.indices {
            let j = (i + 1) % p.count
            if (p[j] - p[i]).length < minPointSpacing {
                return
                    "points \(i) and \(j) are \(String(format: "%.3g", (p[j] - p[i]).length)) pt apart; Box2D merges points closer than \(minPointSpacing / 2) pt, so keep them at least \(minPointSpacing) pt apart"
            }
        }
        if abs(signedArea(p)) < 1 { return "the path encloses no area" }
        let n = p.count
        for i in 0..<n {
            let end = i == 0 ? n - 1 : n  // edge n−1 touches edge 0
            guard i + 2 < end else { continue }
            for j in (i + 2)..<end {
                if segmentsCross(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n]) {
                    return "the path crosses itself (edges \(i) and \(j))"
                }
            }
        }
        let pieces = convexPieces(p)
        if pieces.isEmpty { return "the path cannot be split into convex pieces" }
        for piece in pieces {
            if let why = box2DProblem(piece) {
                let c = piece.reduce(Vec2(0, 0), +) * (1 / Double(piece.count))
                return
                    "the path splits into a piece near (\(String(format: "%.1f", c.x)), \(String(format: "%.1f", c.y))) that Box2D cannot hold (\(why)); widen the narrow part or use fewer points there"
            }
        }
        return nil
    }

    /// What `b2PolygonShape::Set` (Box2D 2.4.1, built with its assertions) asks of one convex
    /// piece, checked on the same float numbers in metres (100 pt per metre) before it gets
    /// there, with a margin: 3 to 8 vertices, at least 3 left after welding those closer than
    /// half the linear slop, a hull of at least 3, and the hull's area (its centroid's, as
    /// `ComputeCentroid` sums it) well above `b2_epsilon`. Nil when Box2D can hold it.
    package static func box2DProblem(_ piece: [Vec2]) -> String? {
        guard (3...8).contains(piece.count) else { return "\(piece.count) vertices; Box2D takes 3 to 8" }
        let ps = piece.map { (x: Float($0.x / 100), y: Float($0.y / 100)) }
        let slop: Float = 0.005
        var unique: [(x: Float, y: Float)] = []
        for v in ps
        where !unique.contains(where: {
            let dx = v.x - $0.x, dy = v.y - $0.y; return dx * dx + dy * dy < slop * slop
        }) {
            unique.append(v)  // twice Box2D's weld distance (half the slop): a margin for rounding
        }
        guard unique.count >= 3 else { return "its points weld together" }
        // The gift-wrapping hull, as Box2D builds it.
        var i0 = 0
        for i in 1..<unique.count where unique[i].x > unique[i0].x || (unique[i].x == unique[i0].x && unique[i].y < unique[i0].y)
        { i0 = i }
        var hull: [Int] = []
        var ih = i0
        repeat {
            hull.append(ih)
            var ie = 0
            for j in 1..<unique.count {
                if ie == ih { ie = j; continue }
                let h = unique[hull[hull.count - 1]]
                let r = (x: unique[ie].x - h.x, y: unique[ie].y - h.y), v = (x: unique[j].x - h.x, y: unique[j].y - h.y)
                let c = r.x * v.y - r.y * v.x
                if c < 0 { ie = j }
                if c == 0 && v.x * v.x + v.y * v.y > r.x * r.x + r.y * r.y { ie = j }
            }
            ih = ie
        } while ih != i0 && hull.count <= unique.count
        guard hull.count >= 3, hull.count <= 8 else { return "its hull has \(hull.count) vertices" }
        var area: Float = 0
        let s = unique[hull[0]]
        for k in 0..<hull.count {
            let p2 = unique[hull[k]], p3 = unique[hull[(k + 1) % hull.count]]
            area += 0.5 * ((p2.x - s.x) * (p3.y - s.y) - (p2.y - s.y) * (p3.x - s.x))
        }
        // b2_epsilon is FLT_EPSILON (m²); 1e-5 m² is 0.1 pt², far above it.
        guard area > 1e-5 else { return "an area of \(String(format: "%.3g", Double(area) * 10_000)) pt²" }
        return nil
    }

    /// `piece` when Box2D can hold it, else a square of 0.3 pt around its centre: what a tiny
    /// ellipse or group member (sizes down to 0.01 pt are allowed, and the 1 pt skin is taken
    /// off) collides as, instead of a polygon whose points Box2D would weld into an abort.
    package static func holdable(_ piece: [Vec2]) -> [Vec2] {
        guard box2DProblem(piece) != nil else { return piece }
        let c = piece.reduce(Vec2(0, 0), +) * (1 / Double(max(piece.count, 1)))
        let h = 0.3
        return [c + Vec2(-h, -h), c + Vec2(h, -h), c + Vec2(h, h), c + Vec2(-h, h)]
    }

    /// Convex pieces of at most 8 vertices covering `p` (a simple polygon): `p` itself when it
    /// is convex and small enough, else the triangles of an ear-clipping triangulation.
    package static func convexPieces(_ p: [Vec2]) -> [[Vec2]] {
        let ccw = signedArea(p) > 0 ? p : Array(p.reversed())
        if isConvex(ccw) && ccw.count <= 8 { return [ccw] }
        var remaining = ccw
        var triangles: [[Vec2]] = []
        func cross(_ a: Vec2, _ b: Vec2, _ c: Vec2) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
        // Inside the ear or on its edges: a reflex vertex lying on the diagonal an ear would cut
        // along (a chevron's notch) blocks that ear, or the ear would cover the notch.
        func inside(_ q: Vec2, _ a: Vec2, _ b: Vec2, _ c: Vec2) -> Bool {
            cross(a, b, q) >= 0 && cross(b, c, q) >= 0 && cross(c, a, q) >= 0
        }
        var guardCount = 0
        while remaining.count > 3 && guardCount < 10_000 {
            guardCount += 1
            var clipped = false
            for i in remaining.indices {
                let a = remaining[(i + remaining.count - 1) % remaining.count], b = remaining[i],
                    c = remaining[(i + 1) % remaining.count]
                guard cross(a, b, c) > 1e-9 else { continue }
                if remaining.contains(where: { $0 != a && $0 != b && $0 != c && inside($0, a, b, c) }) { continue }
                triangles.append([a, b, c])
                remaining.remove(at: i)
                clipped = true
                break
            }
            if !clipped { break }
        }
        if remaining.count == 3, abs(signedArea(remaining)) > 1e-9 { triangles.append(remaining) }
        return triangles
    }
}
