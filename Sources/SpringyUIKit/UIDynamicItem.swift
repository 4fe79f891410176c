import Foundation

/// How an item's collision bounds are made.
public enum UIDynamicItemCollisionBoundsType: UInt, Sendable {
    case rectangle, ellipse, path
}

/// What UIKit Dynamics moves: anything with a centre, bounds and a transform (views, layout
/// attributes, your own objects).
public protocol UIDynamicItem: AnyObject {
    var center: CGPoint { get set }
    var bounds: CGRect { get }
    var transform: CGAffineTransform { get set }
    /// `.rectangle` unless the item says otherwise.
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    /// With `.path`: a convex or concave outline around the item's centre (0, 0).
    var collisionBoundingPath: UIBezierPath { get }
}

extension UIDynamicItem {
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: UIBezierPath { UIBezierPath() }
}

extension UIView: UIDynamicItem {}
