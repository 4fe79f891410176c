/// Numbers as Springy writes them in messages, traces and docs: a whole number without ".0".
package enum NumberText {
    /// `v` as written: whole numbers (below 1e15) without a fraction, others as Swift prints them.
    package static func plain(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v) }

    /// `v` rounded to `steps` per unit (a trace's 1/1000 or 1/10000), then written plainly;
    /// `nonFinite` for NaN and infinities. Never "-0".
    package static func rounded(_ v: Double, steps: Double, nonFinite: String) -> String {
        guard v.isFinite else { return nonFinite }
        var r = (v * steps).rounded() / steps
        if r == 0 { r = 0 }
        return plain(r)
    }
}
