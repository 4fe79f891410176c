import SpringyCore
import SpringyFrame

/// A finger moving along a polyline at constant speed.
package struct GesturePath: Sendable {
    package let points: [Vec2]
    package let duration: Double
    private let cumulative: [Double]
    package var length: Double { cumulative.last ?? 0 }

    package init(points: [Vec2], duration: Double) {
        self.points = points.isEmpty ? [.zero] : points
        self.duration = duration
        var c = [0.0]
        for i in 1..<max(1, self.points.count) { c.append(c[i - 1] + self.points[i].distance(to: self.points[i - 1])) }
        cumulative = c
    }

    /// Where the finger is `t` seconds after it started moving (clamped to the path).
    package func position(at t: Double) -> Vec2 {
        guard duration > 0, length > 0 else { return t < duration ? points[0] : points[points.count - 1] }
        let s = min(max(t / duration, 0), 1) * length
        var i = 1
        while i < cumulative.count - 1 && cumulative[i] < s { i += 1 }
        let segment = cumulative[i] - cumulative[i - 1]
        let f = segment > 0 ? (s - cumulative[i - 1]) / segment : 0
        return points[i - 1] + (points[i] - points[i - 1]) * f
    }

    /// The finger's velocity at the end of the path (pt/s): the speed along the last segment.
    package var finalVelocity: Vec2 {
        guard duration > 0, length > 0 else { return .zero }
        var i = points.count - 1
        while i > 0 && points[i] == points[i - 1] { i -= 1 }
        guard i > 0 else { return .zero }
        let d = points[i] - points[i - 1]
        return d / d.length * (length / duration)
    }
}
