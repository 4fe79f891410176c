/// A position over a pitch as the line, row or column it falls in: rounded down to a whole
/// number an Int holds, NaN as 0. A query rect's far ends (CGRect.infinite's reach ±9e307) and
/// a Swift program's spacings then never trap the conversion; every caller clamps the result
/// to its own lines.
func wholeDown(_ x: Double) -> Int {
    x.isNaN ? 0 : Int(min(max(x.rounded(.down), -1e15), 1e15))
}
