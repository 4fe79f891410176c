import Foundation
import SpringyCore

/// A two-finger gesture (UIPinchGestureRecognizer and UIRotationGestureRecognizer at once):
/// the fingers sit symmetrically about `center`, `distance` apart along a line at `angle`,
/// and over `duration` s their distance grows to `distance × scale` and the line turns by
/// `rotation`, both linearly; then they hold for `hold` s and lift. On a free view (named, or
/// the one under the centre) it sets the view's transform as the recognisers' usual handler
/// does: scaled by the distance's ratio, rotated by the turn, from the view's own at the start.
package struct PinchGesture: Sendable {
    package var center: Vec2
    package var distance: Double
    /// Radians.
    package var angle: Double
    package var scale: Double
    /// Radians.
    package var rotation: Double
    package var duration: Double
    package var hold: Double
    package var item: String?
    package init(
        center: Vec2, distance: Double, angle: Double, scale: Double, rotation: Double, duration: Double, hold: Double,
        item: String?
    ) {
        self.center = center; self.distance = distance; self.angle = angle; self.scale = scale; self.rotation = rotation
        self.duration = duration; self.hold = hold; self.item = item
    }

    /// The two fingers `t` s after they landed.
    package func fingers(at t: Double) -> [Vec2] {
        let s = duration > 0 ? min(max(t / duration, 0), 1) : 1
        let d = distance * (1 + (scale - 1) * s) / 2, a = angle + rotation * s
        let u = Vec2(cos(a), sin(a)) * d
        return [center - u, center + u]
    }

    /// The recognisers' scale and rotation `t` s after the fingers landed.
    package func transform(at t: Double) -> (scale: Double, rotation: Double) {
        let s = duration > 0 ? min(max(t / duration, 0), 1) : 1
        return (1 + (scale - 1) * s, rotation * s)
    }
}

/// A screen-edge pan (UIScreenEdgePanGestureRecognizer): the finger starts on an edge of the
/// screen and moves inward.
package enum ScreenEdge: String, Sendable, CaseIterable {
    case left, right, top, bottom

    /// Where a finger `along` pt along this edge of a `size` screen starts, and the way inward.
    fileprivate func start(along: Double, of size: Size2) -> (point: Vec2, inward: Vec2) {
        switch self {
        case .left: (Vec2(0, along), Vec2(1, 0))
        case .right: (Vec2(size.width, along), Vec2(-1, 0))
        case .top: (Vec2(along, 0), Vec2(0, 1))
        case .bottom: (Vec2(along, size.height), Vec2(0, -1))
        }
    }
}

extension PanGesture {
    /// UISwipeGestureRecognizer's motion: a stroke of `distance` pt along `unit` at `speed` pt/s
    /// that lifts moving (a scene file's `swipe`, a Swift scene's `.swipe`).
    package static func swipe(from: Vec2, unit: Vec2, distance: Double, speed: Double, item: String?) -> PanGesture {
        PanGesture(
            item: item, path: [from, from + unit * distance], duration: distance / speed, release: .fling, hold: 0,
            velocity: unit * speed)
    }

    /// A screen-edge pan: from `along` pt along `edge` of a `size` screen, `distance` pt inward.
    package static func edgePan(
        _ edge: ScreenEdge, along: Double, of size: Size2, distance: Double, duration: Double, release: PanRelease,
        hold: Double, item: String?
    ) -> PanGesture {
        let (start, inward) = edge.start(along: along, of: size)
        return PanGesture(
            item: item, path: [start, start + inward * distance], duration: duration, release: release, hold: hold,
            followsTranslation: true)
    }
}

/// UICollectionLayoutSectionOrthogonalScrollingBehavior: how a compositional layout's
/// section scrolls across the main axis (each item is one group).
package enum OrthogonalScrolling: String, Sendable, CaseIterable {
    /// The section wraps its items into rows (no orthogonal scrolling).
    case none
    /// Free scrolling with the normal deceleration.
    case continuous
    /// Free scrolling that comes to rest at a group's leading edge.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (the scene file's spelling, UICollectionLayoutSectionOrthogonalScrollingBehavior's)
    case continuous_group_leading
    /// Pages of the view's width.
    case paging
    /// One group at a time, resting at its leading edge.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case group_paging
    /// One group at a time, resting centred.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case group_paging_centered
}
