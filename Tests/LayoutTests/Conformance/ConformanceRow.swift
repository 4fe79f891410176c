import Foundation
import SpringyCore

/// One claim of docs/CONFORMANCE.md: the platform's behaviour, where it is said, the number the
/// source gives (or the closed form written in the test from it, never taken from Springy's
/// code), Springy's measured value, the largest error found and its tolerance. A row without
/// an error is "Springy's choice": the platform publishes no number, and the row gives Springy's.
struct ConformanceRow {
    var area: String
    var claim: String
    var source: String
    /// The platform's number (or closed form's), as text.
    var expected: String
    var measured: String
    /// The largest error found; nil for "Springy's choice".
    var error: Double?
    var tolerance: Double?
    var unit: String
    /// What the tolerance column says instead of a number (a range check: "within 1–1.1 s").
    var toleranceText: String? = nil

    /// A claim where the platform publishes no number: Springy's value, said as such.
    static func choice(_ area: String, _ claim: String, _ value: String, source: String = "not published by Apple")
        -> ConformanceRow
    {
        ConformanceRow(
            area: area, claim: claim, source: source, expected: "Springy's choice", measured: value, error: nil,
            tolerance: nil, unit: "")
    }

    /// A number as the table prints it (four decimals at most).
    static func n(_ v: Double) -> String { NumberText.plain((v * 10000).rounded() / 10000) }

    /// An error as the table prints it: bucketed below 1e-6 so a library's last bits do not move it.
    static func e(_ v: Double) -> String { v < 1e-6 ? "< 1e-6" : String(format: "%.2g", v) }
}
