import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringyTestSupport

/// docs/CONFORMANCE.md's attachment and snap rows: each of UIAttachmentBehavior's kinds holds
/// the constraint Apple describes, and UISnapBehavior ends on its point, upright.
enum AttachmentConformance {
    static func n(_ v: Double) -> String { ConformanceRow.n(v) }
    static func e(_ v: Double) -> String { ConformanceRow.e(v) }
    static let area = "UIKit Dynamics"

    static func run(_ duration: Double, _ body: String) throws -> [FrameState] {
        try frames(scene(600, 800, time: "fps: 120, duration: \(duration)", body))
    }

    static func rows() throws -> [ConformanceRow] {
        var rows: [ConformanceRow] = []
        // A rigid attachment (frequency 0) to a point: the distance stays the length while it swings.
        let rigid = try run(
            3,
            """
            items:
              bob: { center: [300, 100], size: [40, 40] }
            behaviors:
              - attachment: { item: bob, to: [150, 100] }
              - gravity: { items: [bob] }
            """)
        let rod = rigid.map { abs(item($0, "bob")!.center.distance(to: Vec2(150, 100)) - 150) }.max()!
        rows.append(
            ConformanceRow(
                area: area, claim: "rigid UIAttachmentBehavior (frequency 0): the length while it swings under gravity",
                source: "Apple, UIAttachmentBehavior.length and frequency (0: no spring)", expected: "150 pt",
                measured: "max distance \(e(rod)) pt", error: rod, tolerance: 1, unit: "pt"))
        // Sliding along an axis 30° below the horizontal: a = 1000 · sin 30° along it, nothing across.
        let axis = Vec2(cos(Double.pi / 6), sin(Double.pi / 6))
        let slide = try run(
            0.6,
            """
            items:
              box: { center: [100, 100], size: [20, 20] }
            behaviors:
              - gravity: { items: [box] }
              - item: { items: [box], resistance: 0 }
              - attachment: { kind: sliding, item: box, to: [100, 100], axis: [\(axis.x), \(axis.y)] }
            """)
        var across = 0.0, along = 0.0
        for (k, f) in slide.enumerated() where k > 0 {
            let d = item(f, "box")!.center - Vec2(100, 100)
            across = max(across, abs(d.x * axis.y - d.y * axis.x))
            let steps = Double(k)
            along = max(along, abs(d.x * axis.x + d.y * axis.y - 500 * (1.0 / 14400) * steps * (steps + 1) / 2))
        }
        rows.append(
            ConformanceRow(
                area: area, claim: "slidingAttachment: off its axis (30°, under gravity)",
                source: "Apple, slidingAttachment(with:attachmentAnchor:axisOfTranslation:)", expected: "0 pt",
                measured: "max distance \(e(across)) pt", error: across, tolerance: 0.05, unit: "pt"))
        rows.append(
            ConformanceRow(
                area: area, claim: "slidingAttachment: along its axis, gravity's share g·sin 30°",
                source: "the discrete closed form of 500 pt/s²", expected: "500·h²·n(n+1)/2",
                measured: "max distance \(e(along)) pt over 0.6 s", error: along, tolerance: 0.5, unit: "pt"))
        // A limit attachment is a rope: thrown up it goes slack, and it never stretches past its length.
        let rope = try run(
            1.5,
            """
            items:
              ball: { center: [300, 300], size: [20, 20] }
            behaviors:
              - gravity: { items: [ball] }
              - attachment: { kind: limit, item: ball, to: [300, 200] }
            script:
              - { at: 0, add_velocity: { item: ball, linear: [0, -300] } }
            """
        ).map { item($0, "ball")!.center.distance(to: Vec2(300, 200)) }
        let stretch = max(0, rope.max()! - 100)
        rows.append(
            ConformanceRow(
                area: area, claim: "limitAttachment: never past its length (slack down to \(n(rope.min()!)) pt)",
                source: "Apple, limitAttachment(with:offsetFromCenter:attachedTo:offsetFromCenter:)", expected: "≤ 100 pt",
                measured: "at most \(n(rope.max()!)) pt", error: stretch, tolerance: 0.5, unit: "pt"))
        // A fixed attachment: two items keep their distance and turn together.
        let fixed = try run(
            1,
            """
            items:
              a: { center: [200, 200], size: [40, 40] }
              b: { center: [260, 200], size: [40, 40] }
            behaviors:
              - gravity: { items: [a, b] }
              - attachment: { kind: fixed, item: b, to: a, anchor: [230, 200] }
            script:
              - { at: 0, add_velocity: { item: a, linear: [0, 0], angular: 90 } }
            """)
        var weld = 0.0
        for f in fixed {
            let a = item(f, "a")!, b = item(f, "b")!
            weld = max(weld, abs(a.center.distance(to: b.center) - 60), abs(a.angle - b.angle) * 30)
        }
        rows.append(
            ConformanceRow(
                area: area, claim: "fixedAttachment: the pair's distance and relative angle (as arc at 30 pt)",
                source: "Apple, fixedAttachment(with:attachedTo:attachmentAnchor:)", expected: "60 pt, the same angle",
                measured: "max distance \(e(weld)) pt", error: weld, tolerance: 0.3, unit: "pt"))
        // A pin attachment: the pinned point stays on the post while the bob swings round it.
        let pin = try run(
            2,
            """
            items:
              bob: { center: [400, 200], size: [40, 20] }
              post: { center: [300, 200], size: [10, 10] }
            behaviors:
              - gravity: { items: [bob] }
              - item: { items: [post], anchored: true }
              - item: { items: [bob], resistance: 0, angular_resistance: 0 }
              - attachment: { kind: pin, item: bob, to: post, anchor: [300, 200] }
            """)
        let held = pin.map { f -> Double in
            let b = item(f, "bob")!
            return (b.center + Vec2(-100, 0).rotated(by: b.angle)).distance(to: Vec2(300, 200))
        }.max()!
        rows.append(
            ConformanceRow(
                area: area, claim: "pinAttachment: the pinned point while the bob swings",
                source: "Apple, pinAttachment(with:attachedTo:attachmentAnchor:)", expected: "on the anchor",
                measured: "max distance \(e(held)) pt", error: held, tolerance: 0.5, unit: "pt"))
        // UISnapBehavior: it ends on its point, upright.
        let snap = try frames(
            scene(
                400, 700, time: "fps: 60, until: rest, max_duration: 10",
                """
                items:
                  card: { center: [80, 100], size: [90, 90], angle: 35 }
                behaviors:
                  - snap: { item: card, to: [260, 480], damping: 0.5 }
                """))
        let card = item(snap.last!, "card")!
        let off = max(card.center.distance(to: Vec2(260, 480)), abs(card.angle.radiansToDegrees))
        rows.append(
            ConformanceRow(
                area: area, claim: "UISnapBehavior: where it rests (from 35° and 400 pt away), in pt and degrees",
                source: "Apple, UISnapBehavior: the item \"settles at a specific point\"; UIKit turns it upright",
                expected: "the snap point, 0°",
                measured: "\(n(card.center.distance(to: Vec2(260, 480)))) pt, \(n(card.angle.radiansToDegrees))°", error: off,
                tolerance: 1, unit: ""))
        // An item that may not turn, held on a line by a sliding attachment (a swipe row, a
        // bottom sheet): it arrives, however far it goes.
        let slid = try [80.0, 100, 300].map { move -> Double in
            let f = try SnapScenes.slidingRow(move: move, damping: 0.3)
            return abs(item(f.last!, "row")!.center.x - (400 - move))
        }.max()!
        rows.append(
            ConformanceRow(
                area: area,
                claim:
                    "UISnapBehavior on an item that may not turn, along a sliding attachment (80, 100, 300 pt): where it rests",
                source: "Apple, UISnapBehavior: the item \"settles at a specific point\"", expected: "the snap point",
                measured: "max distance \(e(slid)) pt", error: slid, tolerance: 1, unit: "pt"))
        // Damping: 1.0 is "minimum oscillation" (Apple); Springy's ratio = damping gives none from rest.
        let still = try SnapScenes.overshoot(damping: 1)
        rows.append(
            ConformanceRow(
                area: area, claim: "UISnapBehavior damping 1.0: overshoot of a 400-pt snap from rest",
                source: "Apple, UISnapBehavior.damping: 1.0 \"for minimum oscillation\"", expected: "0 pt",
                measured: "\(n(still)) pt", error: max(still, 0), tolerance: 0.5, unit: "pt"))
        let half = try SnapScenes.overshoot(damping: 0.5), zeta = 0.5
        let closed = 400 * exp(-.pi * zeta / (1 - zeta * zeta).squareRoot())
        rows.append(
            ConformanceRow(
                area: area, claim: "UISnapBehavior damping 0.5: overshoot of a 400-pt snap from rest",
                source: "**Springy's choice** (damping ratio = damping): the damped oscillator's 400 e^(−πζ/√(1−ζ²))",
                expected: "\(n(closed)) pt", measured: "\(n(half)) pt", error: abs(half - closed), tolerance: 2, unit: "pt"))
        rows.append(
            .choice(
                area, "UISnapBehavior's spring",
                "4 Hz at damping ratio = damping (0.5 by default) on the item's mass: zero-length springs from two opposite corners to where they rest"
            ))
        return rows
    }
}
