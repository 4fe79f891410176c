import SpringyCore
import SpringyFrame
import SpringyScene

/// Sections stacked top to bottom, each a span of the content's height (list and grid
/// layouts): the first section a rect reaches is found by binary search, and headers span
/// the view.
struct StackedSections {
    var starts: [Double] = []
    var ends: [Double] = []

    mutating func append(start: Double, end: Double) { starts.append(start); ends.append(end) }

    /// The first section that ends below `y`.
    func first(endingBelow y: Double) -> Int {
        var lo = 0, hi = ends.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ends[mid] <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func header(_ s: Int, height: Double, width: Double) -> LayoutAttributes? {
        guard height > 0, s < starts.count else { return nil }
        return LayoutAttributes(kind: .header, indexPath: ItemPath(s, 0), frame: Rect(x: 0, y: starts[s], width: width, height: height), z: 1)
    }

    func span(_ s: Int) -> (start: Double, end: Double) { (starts[s], ends[s]) }
}
