import Foundation
import SpringyCore

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
