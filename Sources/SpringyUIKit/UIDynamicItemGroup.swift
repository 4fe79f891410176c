import Foundation

/// Several items moved by UIKit Dynamics as one body (iOS 9): add the group, not its items, to
/// behaviors. Its centre is its items' area-weighted centre; setting it, or its transform, moves
/// its items with it.
open class UIDynamicItemGroup: NSObject, UIDynamicItem {
    public let items: [any UIDynamicItem]
    /// The turn the group has (from the animator once it moves it).
    var turn: CGAffineTransform = .identity

    public init(items: [any UIDynamicItem]) {
        self.items = items
        super.init()
    }

    public var center: CGPoint {
        get {
            var area = 0.0, x = 0.0, y = 0.0
            for item in items {
                let a = max(Double(item.bounds.width * item.bounds.height), 1e-9)
                area += a
                x += Double(item.center.x) * a
                y += Double(item.center.y) * a
            }
            return area > 0 ? CGPoint(x: x / area, y: y / area) : .zero
        }
        set {
            let c = center
            for item in items { item.center = CGPoint(x: item.center.x + newValue.x - c.x, y: item.center.y + newValue.y - c.y) }
        }
    }
    /// The box around its items, about its centre.
    public var bounds: CGRect {
        guard !items.isEmpty else { return .zero }
        let c = center
        var w: CGFloat = 0, h: CGFloat = 0
        for item in items {
            w = max(w, 2 * (abs(item.center.x - c.x) + item.bounds.width / 2))
            h = max(h, 2 * (abs(item.center.y - c.y) + item.bounds.height / 2))
        }
        return CGRect(x: 0, y: 0, width: w, height: h)
    }
    /// Setting it turns the items about the group's centre by the change of turn.
    public var transform: CGAffineTransform {
        get { turn }
        set {
            let c = center
            let change = turn.inverted().concatenating(newValue)
            let spin = CGAffineTransform(a: change.a, b: change.b, c: change.c, d: change.d, tx: 0, ty: 0)
            for item in items {
                let offset = CGPoint(x: item.center.x - c.x, y: item.center.y - c.y).applying(spin)
                item.center = CGPoint(x: c.x + offset.x, y: c.y + offset.y)
                item.transform = item.transform.concatenating(spin)
            }
            turn = newValue
        }
    }
}
