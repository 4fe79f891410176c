import Foundation

/// Simple polygons for collision bounds of type path: convex pieces Box2D can hold.
public enum Polygon {
    /// Twice the signed area (positive counter-clockwise in y-up terms).
    public static func signedArea(_ p: [Vec2]) -> Double {
        var a = 0.0
        for i in p.indices { let j = (i + 1) % p.count; a += p[i].x * p[j].y - p[j].x * p[i].y }
        return a / 2
    }

    public static func isConvex(_ p: [Vec2]) -> Bool {
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

    /// Why `p` cannot be a collision path, or nil: at least 3 points, an area, no edge crossing another.
    public static func problem(_ p: [Vec2]) -> String? {
        if p.count < 3 { return "a path needs at least 3 points" }
        if abs(signedArea(p)) < 1 { return "the path encloses no area" }
        let n = p.count
        for i in 0..<n {
            let end = i == 0 ? n - 1 : n   // edge n−1 touches edge 0
            guard i + 2 < end else { continue }
            for j in (i + 2)..<end {
                if segmentsCross(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n]) { return "the path crosses itself (edges \(i) and \(j))" }
            }
        }
        return nil
    }

    /// Convex pieces of at most 8 vertices covering `p` (a simple polygon): `p` itself when it
    /// is convex and small enough, else the triangles of an ear-clipping triangulation.
    public static func convexPieces(_ p: [Vec2]) -> [[Vec2]] {
        let ccw = signedArea(p) > 0 ? p : Array(p.reversed())
        if isConvex(ccw) && ccw.count <= 8 { return [ccw] }
        var remaining = ccw
        var triangles: [[Vec2]] = []
        func cross(_ a: Vec2, _ b: Vec2, _ c: Vec2) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
        func inside(_ q: Vec2, _ a: Vec2, _ b: Vec2, _ c: Vec2) -> Bool { cross(a, b, q) > 0 && cross(b, c, q) > 0 && cross(c, a, q) > 0 }
        var guardCount = 0
        while remaining.count > 3 && guardCount < 10_000 {
            guardCount += 1
            var clipped = false
            for i in remaining.indices {
                let a = remaining[(i + remaining.count - 1) % remaining.count], b = remaining[i], c = remaining[(i + 1) % remaining.count]
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
