import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringyTestSupport

/// docs/CONFORMANCE.md's scroll-view rows: UIScrollView's deceleration, rubber band, paging,
/// insets and animated scrolls, a layout's snapping, and performBatchUpdates' curve and rules.
enum ScrollConformance {
    static func n(_ v: Double) -> String { ConformanceRow.n(v) }
    static func e(_ v: Double) -> String { ConformanceRow.e(v) }

    static func scrollScene(rate: String, velocity: Double, fps: Int = 30, duration: Double = 6) -> String {
        scene(
            375, 667, time: "fps: \(fps), duration: \(duration)",
            """
            collection:
              layout: { kind: flow, item_size: [80, 80] }
              sections:
                - items: 1200
              scroll: { deceleration_rate: \(rate) }
            script:
              - at: 0.1
                pan: { from: [187, 600], to: [187, 500], duration: 0.1, velocity: [0, \(-velocity)] }
            """)
    }

    /// Twenty coasts at `rate`: the largest distance from the closed form over every frame of each
    /// coast until it is within 0.5 pt of its end, the largest distance of each rest point from
    /// x₀ − v₀/(1000 ln d), and the largest jump onto the rest (from the closed form's position at
    /// the frame the coast stops) with the closed form's speed there.
    static func coasts(_ rate: String, _ d: Double) throws -> (path: Double, rest: Double, jump: Double, speed: Double) {
        var path = 0.0, rest = 0.0, jump = 0.0, speed = 0.0
        for k in 1...20 {
            let v = 250.0 * Double(k)  // 250 … 5000 pt/s
            let f = try frames(scrollScene(rate: rate, velocity: v))
            let release = 6  // 0.2 s at 30 fps: offset 100
            for i in release..<f.count {
                let t = f[i].time - f[release].time
                let closed = ScrollClosedForm.decelerated(start: 100, velocity: v, time: t, rate: d)
                let end = 100 - v / (1000 * log(d))
                // Until it stops (within 0.5 pt of its end) it follows the closed form.
                if abs(closed - end) > 0.5 {
                    path = max(path, abs(f[i].contentOffset.y - closed))
                } else if i > release, abs(f[i - 1].contentOffset.y - end) > 0 {
                    // The frame it stops: onto the rest, from where the closed form is.
                    jump = max(jump, abs(f[i].contentOffset.y - closed))
                    speed = max(speed, abs(v * pow(d, 1000 * t)))
                }
            }
            rest = max(rest, abs(f.last!.contentOffset.y - (100 - v / (1000 * log(d)))))
        }
        return (path, rest, jump, speed)
    }

    static func rows() throws -> [ConformanceRow] {
        var rows: [ConformanceRow] = []
        for (name, key, d) in [("normal", "normal", 0.998), ("fast", "fast", 0.99), ("custom 0.995", "0.995", 0.995)] {
            let c = try coasts(key, d)
            let source = "Apple, UIScrollView.decelerationRate; x(t) = x₀ + v₀(d^(1000t) − 1)/(1000 ln d)"
            rows.append(
                ConformanceRow(
                    area: "Scroll view",
                    claim:
                        "deceleration \(name) (d = \(n(d))): position over 20 releases, 250–5000 pt/s, until within 0.5 pt of the rest",
                    source: source, expected: "the closed form", measured: "max distance \(e(c.path)) pt", error: c.path,
                    tolerance: 1e-6, unit: "pt"))
            rows.append(
                ConformanceRow(
                    area: "Scroll view", claim: "deceleration \(name): rest point over the same 20 releases",
                    source: source, expected: "x₀ − v₀/(1000 ln d)", measured: "max distance \(e(c.rest)) pt", error: c.rest,
                    tolerance: 0.5, unit: "pt"))
            // The stop rule (Apple publishes none): within 0.5 pt of its rest — where the closed
            // form's speed is 500·|ln d|·1000 pt/s… at most 1000·|ln d|·0.5 pt/s — the coast lands
            // on the rest in that frame: a jump of at most 0.5 pt, never more.
            rows.append(
                ConformanceRow(
                    area: "Scroll view",
                    claim:
                        "deceleration \(name): the stop — within 0.5 pt of its rest it lands there in one frame (Springy's rule; closed-form speed then at most \(n(1000 * abs(log(d)) * 0.5)) pt/s, measured \(n(c.speed)))",
                    source: "Springy's choice, stated and tested (Apple publishes no stop; the closed form never stops)",
                    expected: "a jump of at most 0.5 pt (the error: any excess)",
                    measured: "largest jump \(n(c.jump)) pt", error: max(0, c.jump - 0.5), tolerance: 1e-9, unit: "pt"))
        }
        // The rubber band, mid-drag: frame 29 of a 200 pt pull over 0.4 s from 0.1 s.
        let pull = try frames(
            scene(
                375, 667, time: "fps: 60, duration: 3",
                """
                collection:
                  layout: { kind: flow, item_size: [80, 80] }
                  sections: [{ items: 20 }]
                  scroll: { always_bounce_vertical: true }
                script:
                  - at: 0.1
                    pan: { from: [187, 200], to: [187, 400], duration: 0.4, release: hold }
                """))
        var band = 0.0
        for i in 7...29 {
            let finger = 200 * (pull[i].time - 0.1) / 0.4
            band = max(band, abs(pull[i].contentOffset.y + ScrollClosedForm.rubberBand(finger, dimension: 667)))
        }
        rows.append(
            ConformanceRow(
                area: "Scroll view", claim: "rubber band while pulled past the top (every frame of a 200 pt pull)",
                source: "(1 − 1/(x·0.55/D + 1))·D, the 0.55 constant widely quoted since iOS 5",
                expected: "the closed form", measured: "max distance \(e(band)) pt", error: band, tolerance: 1e-6, unit: "pt"))
        rows.append(
            ConformanceRow(
                area: "Scroll view", claim: "return from an overscroll", source: "not published by Apple",
                expected: "Springy's choice", measured: "critically damped spring, mass 1, stiffness 100",
                error: nil, tolerance: nil, unit: ""))
        // Paging: every rest at a multiple of the page.
        let pages = try frames(
            scene(
                375, 667, time: "fps: 30, duration: 5",
                """
                collection:
                  layout: { kind: flow, direction: horizontal, item_size: [335, 560], line_spacing: 40, section_inset: [53, 20, 54, 20] }
                  sections: [{ items: 6 }]
                  scroll: { paging: true }
                script:
                  - { at: 0.2, pan: { from: [300, 330], to: [180, 330], duration: 0.5, release: hold } }
                  - { at: 1.4, pan: { from: [320, 330], to: [240, 330], duration: 0.1, velocity: [-900, 0] } }
                  - { at: 2.6, pan: { from: [320, 330], to: [200, 330], duration: 0.15, velocity: [-1500, 0] } }
                """))
        let rests = pages.filter(\.atRest).map(\.contentOffset.x)
        let off = rests.map { abs($0 - ($0 / 375).rounded() * 375) }.max() ?? 0
        rows.append(
            ConformanceRow(
                area: "Scroll view", claim: "paging rests on multiples of the view's width (a slow drag back, two flings)",
                source: "Apple, isPagingEnabled: \"stops on multiples of the scroll view's bounds\"",
                expected: "k × 375 pt", measured: "ends at \(n(pages.last!.contentOffset.x)) pt; max distance \(e(off)) pt",
                error: off, tolerance: 1e-9, unit: "pt"))
        rows.append(
            ConformanceRow(
                area: "Scroll view", claim: "paging: the glide to a page and the flick threshold",
                source: "not published by Apple",
                expected: "Springy's choice", measured: "d = 0.99 onto the page; faster than 250 pt/s goes one page on",
                error: nil, tolerance: nil, unit: ""))
        // Animated scroll_to: UIKit's ease-in-out Bézier over 0.3 s.
        let to = try frames(
            scene(
                375, 667, time: "fps: 60, duration: 1.2",
                """
                collection:
                  layout: { kind: flow, item_size: [80, 80] }
                  sections: [{ items: 400 }]
                script:
                  - { at: 0.5, scroll_to: { offset: [0, 600] } }
                """))
        var curve = 0.0
        for f in to where f.time >= 0.5 && f.time <= 0.8 {
            curve = max(curve, abs(f.contentOffset.y - 600 * CubicBezier(0.42, 0, 0.58, 1).y(atX: (f.time - 0.5) / 0.3)))
        }
        rows.append(
            ConformanceRow(
                area: "Scroll view", claim: "animated setContentOffset follows ease-in-out (0.42, 0, 0.58, 1)",
                source:
                    "an inference, not an Apple statement: the animated scroll taken as Core Animation's ease-in-out (kCAMediaTimingFunctionEaseInEaseOut control points)",
                expected: "the Bézier", measured: "max distance \(e(curve)) pt", error: curve, tolerance: 1e-6, unit: "pt"))
        rows.append(
            ConformanceRow(
                area: "Scroll view", claim: "animated setContentOffset's duration", source: "not published by Apple",
                expected: "Springy's choice", measured: "0.3 s (the commonly measured duration)", error: nil, tolerance: nil,
                unit: ""))
        return rows
    }

    /// A content inset, a layout's snapping and the batch-update rows.
    static func layoutRows() throws -> [ConformanceRow] {
        var rows: [ConformanceRow] = []
        // A flow section whose lines each hold one item (200 pt items, 320 pt view, 16 pt insets):
        // every line centred, the last too — centre x 160.
        let lone = try frames(
            scene(
                320, 600, time: "fps: 10, duration: 0.1",
                """
                collection:
                  layout: { kind: flow, item_size: [200, 80], interitem_spacing: 10, section_inset: [0, 16, 0, 16] }
                  sections: [{ items: 3 }]
                """))
        let centred = lone[0].items.map { abs($0.center.x - 160) }.max() ?? .infinity
        rows.append(
            ConformanceRow(
                area: "Collection view",
                claim: "flow layout: in a section whose lines each hold one item, every line is centred, the last too",
                source:
                    "PSTCollectionView's PSTGridLayoutRow (a UICollectionViewFlowLayout re-implementation): only an incomplete row takes the last-row alignment; a row of one item is complete when one fits a line",
                expected: "centre x 160 pt (16 + (288 − 200)/2 + 100)", measured: "max distance \(e(centred)) pt",
                error: centred, tolerance: 1e-9, unit: "pt"))
        // A content inset of 100 top and 50 bottom: the content rests at −100 (after a pull past
        // it, rubber-banding from that edge) and at content − view + 50 (after a fling to the end).
        let inset = "content_inset: [100, 0, 50, 0]"
        let pulled = try frames(
            scrollGridScene(
                scroll: "{ \(inset), always_bounce_vertical: true }",
                script: "  - { at: 0.1, pan: { from: [187, 200], to: [187, 400], duration: 0.4, release: hold } }"))
        let flung = try frames(
            scrollGridScene(
                scroll: "{ \(inset), content_offset: [0, 8000] }",
                script: "  - { at: 0.1, pan: { from: [187, 600], to: [187, 200], duration: 0.2, velocity: [0, -3000] } }"))
        var edges = max(abs(pulled[0].contentOffset.y + 100), abs(pulled.last!.contentOffset.y + 100))
        edges = max(edges, abs(flung.last!.contentOffset.y - (8990 - 667 + 50)))
        for i in 7...29 {
            let finger = 200 * (pulled[i].time - 0.1) / 0.4
            edges = max(edges, abs(pulled[i].contentOffset.y + 100 + ScrollClosedForm.rubberBand(finger, dimension: 667)))
        }
        rows.append(
            ConformanceRow(
                area: "Scroll view",
                claim: "a content inset (100 top, 50 bottom) moves the resting edges and where the rubber band starts",
                source: "Apple, UIScrollView.contentInset: the inset extends the scrollable area",
                expected: "−100 and 8990 − 667 + 50 pt", measured: "max distance \(e(edges)) pt", error: edges,
                tolerance: 1e-6, unit: "pt"))
        // Snapping: the layout is asked for the deceleration's own rest (UIKit's proposed offset)
        // and the cell nearest it is centred. Rows are 90 pt apart with centres at 40 + 90k.
        var snap = 0.0
        for v in [600.0, 1000, 1700, 2500, 4000] {
            let f = try frames(
                scrollGridScene(
                    layout: ", snap: center", duration: 6,
                    script: "  - { at: 0.1, pan: { from: [187, 600], to: [187, 500], duration: 0.1, velocity: [0, \(-v)] } }"))
            let proposed = 100 - v / (1000 * log(0.998))
            let centre = ((proposed + 333.5 - 40) / 90).rounded() * 90 + 40
            snap = max(snap, abs(f.last!.contentOffset.y - min(max(centre - 333.5, 0), 8990 - 667)))
        }
        rows.append(
            ConformanceRow(
                area: "Scroll view",
                claim: "snapping: the cell nearest the proposed rest is centred (5 flings, 600–4000 pt/s)",
                source:
                    "Apple, targetContentOffset(forProposedContentOffset:withScrollingVelocity:): the proposed offset is where scrolling would naturally stop",
                expected: "nearest centre to x₀ − v₀/(1000 ln d)", measured: "max distance \(e(snap)) pt", error: snap,
                tolerance: 1e-6, unit: "pt"))
        // performBatchUpdates: three columns of 100 × 80 cells in 330 pt (centres at 50, 165, 280).
        let update = try frames(
            scene(
                330, 600, time: "fps: 60, duration: 1.5",
                """
                collection:
                  layout: { kind: flow, item_size: [100, 80] }
                  sections: [{ items: 9 }]
                script:
                  - { at: 0.5, update: { insert: ["0.0"] } }
                """))
        var curve = 0.0
        let bezier = CubicBezier(0.42, 0, 0.58, 1)
        // The update is read at 0.5 s (frame 30); its first step shows from frame 31.
        for k in 1...18 {
            let p = bezier.y(atX: Double(k) / 18)
            curve = max(curve, abs(item(update[30 + k], "0.1")!.center.x - (50 + 115 * p)))
            curve = max(curve, abs(item(update[30 + k], "0.0")!.alpha - p) * 100)
        }
        rows.append(
            ConformanceRow(
                area: "Collection view",
                claim: "performBatchUpdates: a moved cell and an inserted cell's alpha follow ease-in-out (alpha in % of 1)",
                source:
                    "an inference, not an Apple statement: batch updates taken to run on UIKit's default curve (UIView.AnimationOptions' curveEaseInOut), Core Animation's ease-in-out control points",
                expected: "the Bézier", measured: "max distance \(e(curve)) pt", error: curve, tolerance: 1e-6, unit: "pt"))
        rows.append(
            .choice("Collection view", "performBatchUpdates' animation duration", "0.3 s (`collection.updates.duration`)"))
        // UIKit's index rules, written here: deletions (old index paths, highest first) before
        // insertions (new index paths, lowest first); a move is a deletion and an insertion.
        let rules = try frames(
            scene(
                330, 600, time: "fps: 60, duration: 1",
                """
                collection:
                  layout: { kind: flow, item_size: [100, 80] }
                  sections: [{ items: 9 }]
                script:
                  - at: 0.1
                    update: { delete: ["0.1", "0.4"], insert: ["0.0", "0.5"], move: [["0.8", "0.2"]] }
                """))
        var order = (0..<9).map(String.init)
        for old in [8, 4, 1] { order.remove(at: old) }
        for (at, label) in [(0, "9"), (2, "8"), (5, "10")] { order.insert(label, at: at) }
        let shown = rules.last!.items.filter { !$0.id.hasPrefix("deleted.") }
            .sorted { ($0.center.y, $0.center.x) < ($1.center.y, $1.center.x) }.map { $0.label ?? "" }
        let same = shown == order
        rows.append(
            ConformanceRow(
                area: "Collection view",
                claim: "performBatchUpdates' index rules (delete 1, 4; insert 0, 5; move 8 → 2)",
                source:
                    "Apple, \"Batch Insertion, Deletion, and Reloading of Rows and Sections\": deletions by old index paths first, insertions by new ones in ascending order",
                expected: order.joined(separator: " "), measured: shown.joined(separator: " "), error: same ? 0 : 1,
                tolerance: 0, unit: ""))
        return rows
    }
}
